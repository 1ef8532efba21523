#include "HtmlReport.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <vector>

#include "MarkupEscape.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace warpsim::driver {
namespace {

// Lines of source shown above and below a site's line.
constexpr unsigned kContext = 3;
// Findings shown expanded; the rest start collapsed (a long report stays
// navigable).
constexpr std::size_t kOpenFindings = 20;

std::string dim(const unsigned d[3]) {
  return "(" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]) + ")";
}

// The user's source files, whole lines, read once each.
class SourceFiles {
public:
  const std::vector<std::string> *lines(const SourceLoc &loc) {
    for (const std::string &p : {loc.path, loc.file}) {
      if (p.empty())
        continue;
      auto it = files_.find(p);
      if (it == files_.end()) {
        std::vector<std::string> v;
        std::ifstream in(p);
        std::string l;
        while (in && std::getline(in, l)) {
          if (!l.empty() && l.back() == '\r')
            l.pop_back();
          v.push_back(std::move(l));
        }
        it = files_.emplace(p, std::move(v)).first;
      }
      if (loc.line != 0 && loc.line <= it->second.size())
        return &it->second;
    }
    return nullptr;
  }

private:
  std::map<std::string, std::vector<std::string>> files_;
};

const char *severityWord(const std::string &s) {
  return s == "error" ? "ERROR" : s == "warning" ? "WARNING" : "NOTE";
}

std::string severityClass(const std::string &s) {
  return s == "error" ? "error" : s == "warning" ? "warning" : "note";
}

std::string where(const SourceLoc &l) {
  // Not the raw pc of an unknown location: it moves from run to run.
  return l.known() ? l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column)
                   : "(unknown location)";
}

// The line escaped, the character at 1-based byte column `col` (a whole
// UTF-8 sequence) marked: two sites on one line differ by their column.
std::string markColumn(const std::string &line, unsigned col) {
  if (col == 0 || col > line.size())
    return escapeMarkup(line);
  std::size_t b = col - 1, e = b + 1;
  while (e < line.size() && (static_cast<unsigned char>(line[e]) & 0xC0) == 0x80)
    ++e;
  return escapeMarkup(line.substr(0, b)) + "<span class=\"col\">" +
         escapeMarkup(line.substr(b, e - b)) + "</span>" + escapeMarkup(line.substr(e));
}

// A site's source line with kContext lines around it, the line itself marked.
std::string sourceContext(SourceFiles &files, const SourceLoc &loc) {
  if (!loc.known())
    return "";
  const std::vector<std::string> *lines = files.lines(loc);
  if (lines == nullptr)
    return "<p class=\"nosrc\">source of " + escapeMarkup(loc.file) + " not readable</p>\n";
  const unsigned first = loc.line > kContext ? loc.line - kContext : 1;
  const unsigned last =
      std::min<unsigned>(static_cast<unsigned>(lines->size()), loc.line + kContext);
  std::string h = "<div class=\"src\" data-file=\"" + escapeMarkup(loc.file) + "\" data-line=\"" +
                  std::to_string(loc.line) + "\">";
  for (unsigned n = first; n <= last; ++n) {
    const bool hl = n == loc.line;
    h += hl ? "<div class=\"ln hl\">" : "<div class=\"ln\">";
    h += "<span class=\"no\">" + std::to_string(n) + "</span><code>" +
         (hl ? markColumn((*lines)[n - 1], loc.column) : escapeMarkup((*lines)[n - 1])) +
         "</code></div>";
  }
  return h + "</div>\n";
}

std::string siteHtml(SourceFiles &files, const ReportSite &s) {
  std::string who;
  if (s.thread_count > 1)
    who = std::to_string(s.thread_count) + " threads (" + s.threads + ") of block " + dim(s.block);
  else if (s.has_thread)
    who = "thread " + dim(s.thread) + " of block " + dim(s.block);
  std::string h = "<div class=\"site\">\n<p class=\"site-head\">";
  if (!who.empty())
    h += "<span class=\"who\">" + escapeMarkup(who) + "</span>: ";
  h += "<span class=\"role\">" + escapeMarkup(s.detail.empty() ? s.role : s.detail) + "</span>";
  if (s.loc.pc != 0 || s.loc.known()) {
    h += " at <span class=\"loc\">" + escapeMarkup(where(s.loc)) + "</span>";
    if (!s.loc.function.empty())
      h += " in <span class=\"fn\">" + escapeMarkup(s.loc.function) + "</span>";
  }
  h += "</p>\n" + sourceContext(files, s.loc);
  if (!s.stack.empty()) {
    h += "<details class=\"stack\" open><summary>call stack (" + std::to_string(s.stack.size()) +
         (s.stack.size() == 1 ? " caller" : " callers") + ")</summary><ol>";
    for (const SourceLoc &fr : s.stack) {
      h += "<li><span class=\"loc\">" + escapeMarkup(where(fr)) + "</span>";
      if (!fr.function.empty())
        h += " in <span class=\"fn\">" + escapeMarkup(fr.function) + "</span>";
      h += "</li>";
    }
    h += "</ol></details>\n";
  }
  return h + "</div>\n";
}

std::string findingHtml(SourceFiles &files, const ReportFinding &f, std::size_t index) {
  const std::string id = "finding-" + std::to_string(index + 1);
  const SourceLoc *first = nullptr;
  for (const ReportSite &s : f.sites)
    if (s.loc.known()) {
      first = &s.loc;
      break;
    }
  std::string h = "<details class=\"finding " + severityClass(f.severity) + "\" id=\"" + id +
                  "\" data-kind=\"" + escapeMarkup(f.kind) + "\"" +
                  (index < kOpenFindings ? " open" : "") + ">\n<summary><span class=\"sev\">" +
                  severityWord(f.severity) + "</span> <span class=\"kind\">[" +
                  escapeMarkup(f.kind) + "]</span>";
  if (!f.kernel.empty())
    h += " in kernel '<span class=\"kernel\">" + escapeMarkup(f.kernel) + "</span>' (launch " +
         std::to_string(f.launch) + ")";
  if (first != nullptr)
    h += " at <span class=\"loc\">" +
         escapeMarkup(first->file + ":" + std::to_string(first->line)) + "</span>";
  h += "</summary>\n<p class=\"msg\">" + escapeMarkup(f.message) + "</p>\n<dl class=\"facts\">";
  auto fact = [&](const char *name, const std::string &value) {
    if (!value.empty())
      h += "<dt>" + std::string(name) + "</dt><dd class=\"" + name + "\">" + escapeMarkup(value) +
           "</dd>";
  };
  fact("space", f.space.empty() ? "" : f.space + " memory");
  fact("object", f.object.empty()
                     ? ""
                     : f.object + (f.size != 0 ? " (" + std::to_string(f.size) + " bytes)" : ""));
  // No raw address (the text report prints one where no object names the
  // place): an address outside every allocation moves from run to run.
  fact("hazard", f.hazard);
  fact("count", f.count > 1 ? "seen " + std::to_string(f.count) + " times" : "");
  h += "</dl>\n";
  for (const ReportSite &s : f.sites)
    h += siteHtml(files, s);
  return h + "</details>\n";
}

std::string summaryHtml(const ReportSummary &sum) {
  struct KindCount {
    std::uint64_t errors = 0, warnings = 0, notes = 0, occurrences = 0;
  };
  std::map<std::string, KindCount> kinds;
  for (const ReportFinding &f : sum.findings) {
    KindCount &k = kinds[f.kind];
    (f.severity == "error" ? k.errors : f.severity == "warning" ? k.warnings : k.notes)++;
    k.occurrences += f.count;
  }
  auto stat = [&](const char *key) {
    auto it = sum.stats.find(key);
    return std::to_string(it == sum.stats.end() ? 0 : it->second);
  };
  std::string h = "<section id=\"summary\">\n<h2>Summary</h2>\n<p class=\"totals\"><span "
                  "id=\"error-count\">" +
                  std::to_string(sum.errors) + "</span> error" + (sum.errors == 1 ? "" : "s") +
                  ", <span id=\"warning-count\">" + std::to_string(sum.warnings) +
                  "</span> warning" + (sum.warnings == 1 ? "" : "s") +
                  " in <span id=\"finding-count\">" + std::to_string(sum.findings.size()) +
                  "</span> finding" + (sum.findings.size() == 1 ? "" : "s") +
                  (sum.fatal ? "; <strong>the run was ended by warpsim</strong>" : "") +
                  " | launches " + stat("launches") + ", events " + stat("events") +
                  ", warp instructions " + stat("warp_instructions") + "</p>\n";
  if (kinds.empty())
    return h + "<p id=\"no-findings\" class=\"ok\">No findings: the enabled checks saw nothing "
               "wrong in this run.</p>\n</section>\n";
  h += "<table id=\"kinds\"><thead><tr><th>kind</th><th>errors</th><th>warnings</th><th>notes</"
       "th><th>occurrences</th></tr></thead><tbody>\n";
  for (const auto &[kind, k] : kinds)
    h += "<tr data-kind=\"" + escapeMarkup(kind) + "\"><td class=\"kind\">" + escapeMarkup(kind) +
         "</td><td class=\"num errors\">" + std::to_string(k.errors) +
         "</td><td class=\"num warnings\">" + std::to_string(k.warnings) +
         "</td><td class=\"num notes\">" + std::to_string(k.notes) +
         "</td><td class=\"num occurrences\">" + std::to_string(k.occurrences) + "</td></tr>\n";
  return h + "</tbody></table>\n<p class=\"tools\"><button type=\"button\" "
             "id=\"expand-all\">expand all</button> <button type=\"button\" "
             "id=\"collapse-all\">collapse all</button></p>\n</section>\n";
}

std::string profileHtml(const ProfileData &p) {
  std::string h = "<section id=\"profile\">\n<h2>Profile</h2>\n";
  if (p.empty())
    return h + "<p id=\"no-profile\">No kernel was launched: nothing to profile.</p>\n</section>\n";
  const char *opNames[3] = {"ld", "st", "atom"};
  for (const ProfileKernel &k : p.kernels) {
    const ProfileCounters &c = k.totals;
    h += "<div class=\"kernel-profile\" data-kernel=\"" + escapeMarkup(k.name) +
         "\">\n<h3>kernel '" + escapeMarkup(k.name) + "'</h3>\n<p>" + std::to_string(k.launches) +
         (k.launches == 1 ? " launch" : " launches") + ", grid " + escapeMarkup(k.grid) +
         ", block " + escapeMarkup(k.block) + ", " + escapeMarkup(k.arch) + ", warp size " +
         std::to_string(k.warp_size) + ", " + std::to_string(k.bank_count) + " banks, schedule " +
         escapeMarkup(k.schedule) + "</p>\n";
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "warp instructions %" PRIu64 ", with a partial mask (divergent) %" PRIu64
                  ", SIMT efficiency %s (avg. active threads per warp %s of %u)",
                  c.instructions, c.partial,
                  percent(c.active_lanes, c.instructions * k.warp_size).c_str(),
                  ratio(c.active_lanes, c.instructions).c_str(), k.warp_size);
    h += "<p class=\"simt\">" + std::string(buf) + "</p>\n";
    // The summary metrics, with Nsight Compute's names (as the text report).
    h += "<table class=\"metrics\"><thead><tr><th>metric</th><th>value</th></tr></thead><tbody>";
    auto metric = [&](const std::string &name, std::uint64_t v) {
      h += "<tr><td><code>" + name + "</code></td><td class=\"num\">" + std::to_string(v) +
           "</td></tr>";
    };
    for (int op = 0; op < 3; ++op) {
      if (op == 2 && c.shared_instructions[2] == 0 && c.requests[2] == 0)
        continue;
      const std::string n = opNames[op];
      metric("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_" + n + ".sum", c.conflicts(op));
      metric("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + n + ".sum", c.wavefronts[op]);
      metric("smsp__inst_executed_op_shared_" + n + ".sum", c.shared_instructions[op]);
      metric("l1tex__t_requests_pipe_lsu_mem_global_op_" + n + ".sum", c.requests[op]);
      metric("l1tex__t_sectors_pipe_lsu_mem_global_op_" + n + ".sum", c.sectors[op]);
    }
    h += "</tbody></table>\n";
    h += "<table class=\"lines\"><thead><tr><th>line</th><th>ops</th><th>exec</th><th>active</"
         "th><th>diverged</th><th>bank wf</th><th>conflicts</th><th>sect/req</th><th>source</"
         "th></tr></thead><tbody>\n";
    for (const ProfileLine &l : k.lines) {
      const ProfileCounters &lc = l.counters;
      const std::uint64_t wf = lc.wavefronts[0] + lc.wavefronts[1] + lc.wavefronts[2];
      const std::uint64_t cf = lc.conflicts(0) + lc.conflicts(1) + lc.conflicts(2);
      const std::uint64_t shared =
          lc.shared_instructions[0] + lc.shared_instructions[1] + lc.shared_instructions[2];
      const std::uint64_t req = lc.requests[0] + lc.requests[1] + lc.requests[2];
      const std::uint64_t sec = lc.sectors[0] + lc.sectors[1] + lc.sectors[2];
      std::string ops;
      for (const std::string &x : l.ops)
        ops += (ops.empty() ? "" : " ") + x;
      h += std::string("<tr") + (shared && cf ? " class=\"conflict\"" : "") +
           "><td class=\"loc\">" + escapeMarkup(l.file + ":" + std::to_string(l.line)) +
           "</td><td>" + escapeMarkup(ops) + "</td><td class=\"num\">" +
           std::to_string(lc.instructions) + "</td><td class=\"num\">" +
           percent(lc.active_lanes, lc.instructions * k.warp_size) + "</td><td class=\"num\">" +
           std::to_string(lc.partial) + "</td><td class=\"num\">" +
           (shared ? std::to_string(wf) : "-") + "</td><td class=\"num\">" +
           (shared ? std::to_string(cf) : "-") + "</td><td class=\"num\">" + ratio(sec, req) +
           "</td><td><code>" + escapeMarkup(l.source) + "</code></td></tr>\n";
    }
    h += "</tbody></table>\n";
    if (k.schedule == "fast")
      h += "<p class=\"note\">--schedule fast issues one lane at a time; active lanes and "
           "bank/sector counts need --schedule lockstep.</p>\n";
    h += "</div>\n";
  }
  // The same picture --profile-svg writes, inline: lane activity and the bank
  // heat map.
  h += "<figure id=\"profile-picture\">\n" + renderProfileSvg(p) +
       "<figcaption>Lane activity of the first warps of the first launch, and the "
       "shared-memory bank heat map (hover for details).</figcaption>\n</figure>\n";
  return h + "</section>\n";
}

const char *kStyle =
    R"(body{font-family:system-ui,sans-serif;margin:1.5em;color:#1a202c;background:#fff}
h1{font-size:1.4em;margin:0 0 .3em}h2{font-size:1.2em;border-bottom:1px solid #cbd5e0;padding-bottom:.2em}
h3{font-size:1.05em}code,.src,.loc,.fn{font-family:ui-monospace,monospace}
dl.run,dl.facts{display:grid;grid-template-columns:max-content auto;gap:.1em 1em;margin:.4em 0}
dt{font-weight:600;color:#4a5568}dd{margin:0}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #cbd5e0;padding:.15em .5em;text-align:left}
th{background:#edf2f7}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.conflict td{background:#fff5f5}table.lines code{white-space:pre}
#no-findings{background:#f0fff4;border:1px solid #9ae6b4;padding:.6em;font-weight:600}
details.finding{border:1px solid #cbd5e0;border-left:6px solid #a0aec0;margin:.8em 0;padding:.3em .8em}
details.finding.error{border-left-color:#c53030}details.finding.warning{border-left-color:#d69e2e}
details.finding>summary{cursor:pointer;font-weight:600}
.sev{padding:0 .3em;border-radius:3px;color:#fff;background:#718096}
.error .sev{background:#c53030}.warning .sev{background:#b7791f}
.msg{margin:.4em 0}.site{margin:.6em 0 .6em 1em}.site-head{margin:.2em 0}.who{color:#2c5282}
.src{background:#f7fafc;border:1px solid #e2e8f0;padding:.2em 0;overflow-x:auto;tab-size:4}
.ln{white-space:pre;padding:0 .5em}.ln .no{display:inline-block;width:4em;color:#a0aec0;user-select:none}
.ln.hl{background:#fefcbf;font-weight:600;border-left:3px solid #d69e2e}
.ln.hl .col{background:#fbd38d;text-decoration:underline 2px #c53030}
details.stack ol{margin:.2em 0}figure{margin:1em 0;overflow-x:auto}figcaption{color:#4a5568}
)";

// Records uncaught errors on the page itself (data-js-errors), so a test
// reading the DOM sees them; the last script marks the page as run.
const char *kHeadScript =
    R"(window.onerror=function(){var d=document.documentElement;d.setAttribute('data-js-errors',String(Number(d.getAttribute('data-js-errors')||0)+1));return false;};)";
const char *kBodyScript =
    R"((function(){function all(open){var f=document.querySelectorAll('details.finding');for(var i=0;i<f.length;++i)f[i].open=open;}
var e=document.getElementById('expand-all'),c=document.getElementById('collapse-all');
if(e)e.addEventListener('click',function(){all(true);});if(c)c.addEventListener('click',function(){all(false);});
document.documentElement.setAttribute('data-js-ready','1');})();)";

} // namespace

std::string renderHtmlReport(const ReportSummary &sum, const ProfileData *profile,
                             const HtmlRunInfo &info) {
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\" data-js-errors=\"0\" "
                  "data-js-ready=\"0\">\n<head>\n<meta charset=\"utf-8\">\n<title>warpsim " +
                  escapeMarkup(info.command) + " " + escapeMarkup(info.input) +
                  "</title>\n<style>\n" + kStyle + "</style>\n<script>" + kHeadScript +
                  "</script>\n</head>\n<body>\n";
  h += "<header>\n<h1>warpsim " + escapeMarkup(info.command) + " <code id=\"input\">" +
       escapeMarkup(info.input) + "</code></h1>\n<dl class=\"run\">";
  auto item = [&](const char *name, const std::string &value) {
    h += "<dt>" + std::string(name) + "</dt><dd>" + escapeMarkup(value) + "</dd>";
  };
  item("architecture", info.arch);
  item("warp size", info.warp_size == 0 ? "the architecture's" : std::to_string(info.warp_size));
  item("schedule",
       info.schedule + (info.schedule == "random" ? ", seed " + std::to_string(info.seed) : ""));
  item("thread model", info.thread_model);
  item("checks", info.checks.empty() ? "none" : info.checks);
  h += "</dl>\n</header>\n";
  h += summaryHtml(sum);
  if (!sum.findings.empty()) {
    h += "<section id=\"findings\">\n<h2>Findings</h2>\n";
    SourceFiles files;
    for (std::size_t i = 0; i < sum.findings.size(); ++i)
      h += findingHtml(files, sum.findings[i], i);
    h += "</section>\n";
  }
  if (profile != nullptr)
    h += profileHtml(*profile);
  h += "<footer><p>warpsim " WARPSIM_VERSION "</p></footer>\n<script>";
  h += kBodyScript;
  h += "</script>\n</body>\n</html>\n";
  return h;
}

bool writeHtmlReport(const std::string &path, const std::string &html) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec)
    return false;
  out << html;
  out.close();
  if (out.has_error()) {
    out.clear_error();
    return false;
  }
  return true;
}

std::string htmlPathProblem(const std::string &path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec))
    return "--html: '" + path + "' is a directory";
  fs::path parent = fs::path(path).parent_path();
  if (parent.empty())
    parent = ".";
  if (!fs::is_directory(parent, ec))
    return "--html: cannot write '" + path + "': no directory '" + parent.string() + "'";
  const bool exists = fs::exists(path, ec);
  if (::access(exists ? path.c_str() : parent.c_str(), W_OK) != 0)
    return "--html: cannot write '" + path + "': " + std::strerror(errno);
  return {};
}

} // namespace warpsim::driver
