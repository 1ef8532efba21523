#include "ProfileReport.h"

#include "MarkupEscape.h"
#include "Symbolizer.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace warpsim::driver {
namespace {

const char *kBar = "========= ";

class SourceCache {
public:
  std::string line(const std::string &path, unsigned n) {
    auto it = files_.find(path);
    if (it == files_.end()) {
      std::vector<std::string> lines;
      std::ifstream in(path);
      std::string l;
      while (std::getline(in, l))
        lines.push_back(l);
      it = files_.emplace(path, std::move(lines)).first;
    }
    if (n == 0 || n > it->second.size())
      return {};
    std::string s = it->second[n - 1];
    auto b = s.find_first_not_of(" \t");
    auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string{} : s.substr(b, e - b + 1);
  }

private:
  std::map<std::string, std::vector<std::string>> files_;
};

int opIndex(llvm::StringRef op) { return op == "ld" ? 0 : op == "st" ? 1 : op == "atom" ? 2 : -1; }

std::string dim(const llvm::json::Array *a) {
  if (a == nullptr || a->size() != 3)
    return "?";
  std::string s = "(";
  for (std::size_t i = 0; i < 3; ++i)
    s += (i ? "," : "") + std::to_string((*a)[i].getAsInteger().value_or(0));
  return s + ")";
}

std::uint64_t u64(const llvm::json::Object &o, llvm::StringRef key) {
  return static_cast<std::uint64_t>(o.getInteger(key).value_or(0));
}

std::string pad(std::string s, std::size_t w, bool left = false) {
  if (s.size() >= w)
    return s;
  return left ? s + std::string(w - s.size(), ' ') : std::string(w - s.size(), ' ') + s;
}

} // namespace

std::string percent(std::uint64_t num, std::uint64_t den) {
  if (den == 0)
    return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%",
                100.0 * static_cast<double>(num) / static_cast<double>(den));
  return buf;
}

std::string ratio(std::uint64_t num, std::uint64_t den) {
  if (den == 0)
    return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(num) / static_cast<double>(den));
  return buf;
}

void ProfileCounters::add(const ProfileCounters &o) {
  instructions += o.instructions;
  active_lanes += o.active_lanes;
  partial += o.partial;
  bulk_bytes += o.bulk_bytes;
  for (int i = 0; i < 3; ++i) {
    shared_instructions[i] += o.shared_instructions[i];
    wavefronts[i] += o.wavefronts[i];
    ideal_wavefronts[i] += o.ideal_wavefronts[i];
    requests[i] += o.requests[i];
    sectors[i] += o.sectors[i];
  }
}

ProfileData readProfile(const std::string &reportPath, const std::string &program) {
  ProfileData data;
  std::ifstream in(reportPath);
  Symbolizer sym(program);
  SourceCache sources;
  std::map<std::string, std::size_t> kernelIndex;
  // Per kernel: (path, line) -> index in lines.
  std::vector<std::map<std::pair<std::string, unsigned>, std::size_t>> lineIndex;
  std::string text;
  while (std::getline(in, text)) {
    if (text.find("\"type\":\"profile") == std::string::npos)
      continue;
    auto parsed = llvm::json::parse(text);
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      continue;
    }
    const llvm::json::Object *obj = parsed->getAsObject();
    if (obj == nullptr)
      continue;
    auto type = obj->getString("type").value_or("");
    if (type == "profile-trace") {
      data.trace_kernel = std::string(obj->getString("kernel").value_or(""));
      data.trace_warp_size = static_cast<unsigned>(u64(*obj, "warp_size"));
      if (const llvm::json::Array *warps = obj->getArray("warps"))
        for (const llvm::json::Value &wv : *warps) {
          const llvm::json::Object *w = wv.getAsObject();
          if (w == nullptr)
            continue;
          ProfileTraceWarp t;
          t.block = u64(*w, "block");
          t.warp = static_cast<unsigned>(u64(*w, "warp"));
          t.lanes = static_cast<unsigned>(u64(*w, "lanes"));
          t.truncated = w->getBoolean("truncated").value_or(false);
          if (const llvm::json::Array *steps = w->getArray("steps"))
            for (const llvm::json::Value &sv : *steps) {
              const llvm::json::Array *st = sv.getAsArray();
              if (st == nullptr || st->size() != 3)
                continue;
              std::uint64_t mask = 0;
              llvm::StringRef(*(*st)[0].getAsString()).getAsInteger(16, mask);
              t.masks.push_back(mask);
              t.ops.push_back(std::string((*st)[1].getAsString().value_or("")));
              t.lines.push_back(
                  sym.where(static_cast<std::uint64_t>((*st)[2].getAsInteger().value_or(0))).line);
            }
          data.trace.push_back(std::move(t));
        }
      continue;
    }
    if (type != "profile")
      continue;
    std::string name(obj->getString("kernel").value_or(""));
    auto [it, fresh] = kernelIndex.emplace(name, data.kernels.size());
    if (fresh) {
      ProfileKernel k;
      k.name = name;
      k.arch = std::string(obj->getString("arch").value_or(""));
      k.schedule = std::string(obj->getString("schedule").value_or(""));
      k.warp_size = static_cast<unsigned>(u64(*obj, "warp_size"));
      k.bank_count = static_cast<unsigned>(u64(*obj, "bank_count"));
      k.grid = dim(obj->getArray("grid"));
      k.block = dim(obj->getArray("block"));
      data.kernels.push_back(std::move(k));
      lineIndex.emplace_back();
    }
    ProfileKernel &k = data.kernels[it->second];
    auto &lines = lineIndex[it->second];
    ++k.launches;
    const llvm::json::Array *sites = obj->getArray("sites");
    if (sites == nullptr)
      continue;
    for (const llvm::json::Value &sv : *sites) {
      const llvm::json::Object *s = sv.getAsObject();
      if (s == nullptr)
        continue;
      const SourceLoc &w = sym.where(u64(*s, "pc"));
      const std::string path = w.known() ? w.path : w.text();
      auto [li, newLine] = lines.emplace(std::make_pair(path, w.line), k.lines.size());
      if (newLine) {
        ProfileLine pl;
        pl.file = w.known() ? w.file : path;
        pl.line = w.line;
        pl.function = w.function;
        pl.source = sources.line(path, w.line);
        k.lines.push_back(std::move(pl));
      }
      ProfileLine &pl = k.lines[li->second];
      std::string op(s->getString("op").value_or(""));
      std::string space(s->getString("space").value_or(""));
      std::string opText = space.empty() ? op : op + "." + space;
      if (std::find(pl.ops.begin(), pl.ops.end(), opText) == pl.ops.end())
        pl.ops.push_back(opText);
      ProfileCounters c;
      c.instructions = u64(*s, "instructions");
      c.active_lanes = u64(*s, "active_lanes");
      c.partial = u64(*s, "partial");
      c.bulk_bytes = u64(*s, "bulk_bytes");
      const int oi = opIndex(op);
      if (oi >= 0 && space == "shared") {
        c.shared_instructions[oi] = c.instructions;
        c.wavefronts[oi] = u64(*s, "wavefronts");
        c.ideal_wavefronts[oi] = u64(*s, "ideal_wavefronts");
        if (const llvm::json::Array *load = s->getArray("bank_load")) {
          if (pl.bank_load.size() < load->size())
            pl.bank_load.resize(load->size(), 0);
          for (std::size_t b = 0; b < load->size(); ++b)
            pl.bank_load[b] += static_cast<std::uint64_t>((*load)[b].getAsInteger().value_or(0));
        }
        if (const llvm::json::Array *worst = s->getArray("worst_bank_load")) {
          std::vector<std::uint64_t> w;
          for (const llvm::json::Value &v : *worst)
            w.push_back(static_cast<std::uint64_t>(v.getAsInteger().value_or(0)));
          auto peak = [](const std::vector<std::uint64_t> &v) {
            return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
          };
          if (peak(w) > peak(pl.worst_bank_load))
            pl.worst_bank_load = std::move(w);
        }
      }
      if (oi >= 0 && (space == "global" || space == "managed")) {
        c.requests[oi] = u64(*s, "requests");
        c.sectors[oi] = u64(*s, "sectors");
      }
      pl.counters.add(c);
      k.totals.add(c);
    }
  }
  for (ProfileKernel &k : data.kernels)
    std::sort(k.lines.begin(), k.lines.end(), [](const ProfileLine &a, const ProfileLine &b) {
      return a.file != b.file ? a.file < b.file : a.line < b.line;
    });
  return data;
}

std::string renderProfileText(const ProfileData &p) {
  std::string t;
  const char *opNames[3] = {"ld", "st", "atom"};
  for (const ProfileKernel &k : p.kernels) {
    const ProfileCounters &c = k.totals;
    t += kBar + std::string("PROFILE kernel '") + k.name + "' (" + std::to_string(k.launches) +
         (k.launches == 1 ? " launch" : " launches") + ", grid " + k.grid + ", block " + k.block +
         ", " + k.arch + ", warp size " + std::to_string(k.warp_size) + ", " +
         std::to_string(k.bank_count) + " banks, schedule " + k.schedule + ")\n";
    auto metric = [&](const std::string &name, std::uint64_t v) {
      t += kBar + std::string("    ") + pad(name, 62, true) + " " + pad(std::to_string(v), 12) +
           "\n";
    };
    for (int op = 0; op < 2; ++op)
      metric(std::string("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_") + opNames[op] +
                 ".sum",
             c.conflicts(op));
    for (int op = 0; op < 2; ++op)
      metric(std::string("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_") + opNames[op] + ".sum",
             c.wavefronts[op]);
    for (int op = 0; op < 2; ++op)
      metric(std::string("smsp__inst_executed_op_shared_") + opNames[op] + ".sum",
             c.shared_instructions[op]);
    if (c.shared_instructions[2] != 0) {
      metric("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum", c.conflicts(2));
      metric("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum", c.wavefronts[2]);
    }
    for (int op = 0; op < 2; ++op)
      metric(std::string("l1tex__t_requests_pipe_lsu_mem_global_op_") + opNames[op] + ".sum",
             c.requests[op]);
    for (int op = 0; op < 2; ++op)
      metric(std::string("l1tex__t_sectors_pipe_lsu_mem_global_op_") + opNames[op] + ".sum",
             c.sectors[op]);
    if (c.requests[2] != 0) {
      metric("l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum", c.requests[2]);
      metric("l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum", c.sectors[2]);
    }
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "    warp instructions %" PRIu64 ", with a partial mask (divergent) %" PRIu64
                  ", SIMT efficiency %s (avg. active threads per warp %s of %u)\n",
                  c.instructions, c.partial,
                  percent(c.active_lanes, c.instructions * k.warp_size).c_str(),
                  ratio(c.active_lanes, c.instructions).c_str(), k.warp_size);
    t += kBar + std::string(buf);
    if (k.schedule == "fast")
      t += kBar +
           std::string("    note: --schedule fast issues one lane at a time; active lanes and "
                       "bank/sector counts need --schedule lockstep\n");
    // Per-line table.
    std::size_t locW = 8, opsW = 3;
    std::vector<std::string> locs, ops;
    for (const ProfileLine &l : k.lines) {
      locs.push_back(l.file + ":" + std::to_string(l.line));
      std::string o;
      for (const std::string &x : l.ops)
        o += (o.empty() ? "" : " ") + x;
      ops.push_back(o);
      locW = std::max(locW, locs.back().size());
      opsW = std::max(opsW, o.size());
    }
    t += kBar + std::string("    ") + pad("line", locW, true) + "  " + pad("ops", opsW, true) +
         "  " + pad("exec", 10) + "  " + pad("active", 7) + "  " + pad("diverged", 8) + "  " +
         pad("bank wf", 9) + "  " + pad("conflicts", 9) + "  " + pad("sect/req", 8) + "  source\n";
    for (std::size_t i = 0; i < k.lines.size(); ++i) {
      const ProfileLine &l = k.lines[i];
      const ProfileCounters &lc = l.counters;
      const std::uint64_t wf = lc.wavefronts[0] + lc.wavefronts[1] + lc.wavefronts[2];
      const std::uint64_t cf = lc.conflicts(0) + lc.conflicts(1) + lc.conflicts(2);
      const std::uint64_t shared =
          lc.shared_instructions[0] + lc.shared_instructions[1] + lc.shared_instructions[2];
      const std::uint64_t req = lc.requests[0] + lc.requests[1] + lc.requests[2];
      const std::uint64_t sec = lc.sectors[0] + lc.sectors[1] + lc.sectors[2];
      std::string src = l.source;
      if (src.size() > 60)
        src = src.substr(0, 57) + "...";
      t += kBar + std::string("    ") + pad(locs[i], locW, true) + "  " + pad(ops[i], opsW, true) +
           "  " + pad(std::to_string(lc.instructions), 10) + "  " +
           pad(percent(lc.active_lanes, lc.instructions * k.warp_size), 7) + "  " +
           pad(std::to_string(lc.partial), 8) + "  " + pad(shared ? std::to_string(wf) : "-", 9) +
           "  " + pad(shared ? std::to_string(cf) : "-", 9) + "  " + pad(ratio(sec, req), 8) +
           "  " + src + "\n";
    }
    // Bulk copies (TMA) move their bytes outside the LSU counts above: the
    // bytes each line's copies wrote, when there are any.
    if (c.bulk_bytes != 0) {
      t += kBar + std::string("    bulk copies (TMA): ") + std::to_string(c.bulk_bytes) +
           " bytes written\n";
      for (std::size_t i = 0; i < k.lines.size(); ++i)
        if (const std::uint64_t b = k.lines[i].counters.bulk_bytes; b != 0)
          t += kBar + std::string("    ") + pad(locs[i], locW, true) + "  " +
               pad(std::to_string(b), 10) + " bytes\n";
    }
    t += kBar + std::string("\n");
  }
  return t;
}

std::string renderProfileJson(const ProfileData &p) {
  llvm::json::Array kernels;
  const char *opNames[3] = {"ld", "st", "atom"};
  auto counters = [&](const ProfileCounters &c, unsigned warpSize) {
    llvm::json::Object o;
    llvm::json::Object metrics;
    for (int op = 0; op < 3; ++op) {
      std::string n = opNames[op];
      if (op == 2 && c.shared_instructions[2] == 0 && c.requests[2] == 0)
        continue;
      metrics["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_" + n + ".sum"] = c.conflicts(op);
      metrics["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + n + ".sum"] = c.wavefronts[op];
      metrics["l1tex__t_requests_pipe_lsu_mem_global_op_" + n + ".sum"] = c.requests[op];
      metrics["l1tex__t_sectors_pipe_lsu_mem_global_op_" + n + ".sum"] = c.sectors[op];
      metrics["smsp__inst_executed_op_shared_" + n + ".sum"] = c.shared_instructions[op];
    }
    o["metrics"] = std::move(metrics);
    o["warp_instructions"] = c.instructions;
    o["active_lanes"] = c.active_lanes;
    o["divergent_instructions"] = c.partial;
    if (c.bulk_bytes != 0)
      o["bulk_bytes"] = c.bulk_bytes;
    o["simt_efficiency"] = c.instructions == 0
                               ? 0.0
                               : static_cast<double>(c.active_lanes) /
                                     (static_cast<double>(c.instructions) * warpSize);
    return o;
  };
  for (const ProfileKernel &k : p.kernels) {
    llvm::json::Object ko = counters(k.totals, k.warp_size);
    ko["kernel"] = k.name;
    ko["launches"] = k.launches;
    ko["arch"] = k.arch;
    ko["schedule"] = k.schedule;
    ko["warp_size"] = k.warp_size;
    ko["bank_count"] = k.bank_count;
    ko["grid"] = k.grid;
    ko["block"] = k.block;
    llvm::json::Array lines;
    for (const ProfileLine &l : k.lines) {
      llvm::json::Object lo = counters(l.counters, k.warp_size);
      lo["file"] = l.file;
      lo["line"] = l.line;
      lo["function"] = l.function;
      lo["source"] = l.source;
      llvm::json::Array ops;
      for (const std::string &o : l.ops)
        ops.push_back(o);
      lo["ops"] = std::move(ops);
      if (!l.bank_load.empty()) {
        llvm::json::Array load;
        for (std::uint64_t v : l.bank_load)
          load.push_back(v);
        lo["bank_load"] = std::move(load);
        llvm::json::Array worst;
        for (std::uint64_t v : l.worst_bank_load)
          worst.push_back(static_cast<std::int64_t>(v));
        lo["worst_bank_load"] = std::move(worst);
      }
      lines.push_back(std::move(lo));
    }
    ko["lines"] = std::move(lines);
    kernels.push_back(std::move(ko));
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::json::Value(std::move(kernels));
  os.flush();
  return out;
}

std::string renderProfileSvg(const ProfileData &p) {
  const int laneH = 3, warpGap = 10, left = 150, top = 60;
  const std::size_t maxSteps = 400;
  std::size_t steps = 0;
  for (const ProfileTraceWarp &w : p.trace)
    steps = std::max(steps, std::min(w.masks.size(), maxSteps));
  // Wide cells for short traces, at least 6 pixels for long ones.
  const int cellW = std::clamp(static_cast<int>(800 / std::max<std::size_t>(steps, 1)), 6, 40);
  const int ws = static_cast<int>(p.trace_warp_size ? p.trace_warp_size : 32);
  const int mapH = static_cast<int>(p.trace.size()) * (ws * laneH + warpGap);
  const int mapW = static_cast<int>(steps) * cellW;
  // Heat maps: one row per shared-memory line of every kernel.
  struct HeatRow {
    std::string label, tip;
    std::vector<std::uint64_t> load;
  };
  std::vector<HeatRow> heat;
  unsigned banks = 32;
  for (const ProfileKernel &k : p.kernels)
    for (const ProfileLine &l : k.lines)
      if (!l.bank_load.empty()) {
        banks = std::max<unsigned>(banks, static_cast<unsigned>(l.bank_load.size()));
        const ProfileCounters &c = l.counters;
        std::uint64_t wf = c.wavefronts[0] + c.wavefronts[1] + c.wavefronts[2];
        std::uint64_t cf = c.conflicts(0) + c.conflicts(1) + c.conflicts(2);
        heat.push_back(
            {k.name + " " + l.file + ":" + std::to_string(l.line),
             l.source + " | wavefronts " + std::to_string(wf) + ", conflicts " + std::to_string(cf),
             l.worst_bank_load.empty() ? l.bank_load : l.worst_bank_load});
      }
  const int bankW = 14, rowH = 16;
  const int heatTop = top + mapH + 70;
  const int heatW = static_cast<int>(banks) * bankW;
  const int width = std::max({left + mapW + 40, left + heatW + 420, 720});
  const int height = heatTop + static_cast<int>(heat.size()) * (rowH + 4) + 60;
  std::string s;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                "viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"11\">\n",
                width, height, width, height);
  s += buf;
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += "<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">warpsim lane activity: "
       "kernel '" +
       escapeMarkup(p.trace_kernel) + "' (first launch, first " + std::to_string(p.trace.size()) +
       " warps; x = warp instruction, y = lane)</text>\n";
  // Legend.
  const struct {
    const char *op, *color;
  } colors[] = {{"ld", "#2b6cb0"},    {"st", "#2f855a"},   {"atom", "#c05621"}, {"bar", "#6b46c1"},
                {"fence", "#718096"}, {"warp", "#b7791f"}, {"mma", "#c53030"}};
  auto colorOf = [&](const std::string &op) {
    for (const auto &c : colors)
      if (op == c.op)
        return c.color;
    return "#2b6cb0";
  };
  int lx = 10;
  for (const auto &c : colors) {
    std::snprintf(buf, sizeof buf,
                  "<rect x=\"%d\" y=\"32\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" "
                  "y=\"41\">%s</text>\n",
                  lx, c.color, lx + 14, c.op);
    s += buf;
    lx += 70;
  }
  std::snprintf(
      buf, sizeof buf,
      "<rect x=\"%d\" y=\"32\" width=\"10\" height=\"10\" fill=\"#e2e8f0\"/><text x=\"%d\" "
      "y=\"41\">inactive lane</text>\n",
      lx, lx + 14);
  s += buf;
  for (std::size_t wi = 0; wi < p.trace.size(); ++wi) {
    const ProfileTraceWarp &w = p.trace[wi];
    const int y0 = top + static_cast<int>(wi) * (ws * laneH + warpGap);
    std::snprintf(buf, sizeof buf, "<text x=\"10\" y=\"%d\">block %llu warp %u%s</text>\n",
                  y0 + ws * laneH / 2 + 4, static_cast<unsigned long long>(w.block), w.warp,
                  w.truncated || w.masks.size() > maxSteps ? " (cut)" : "");
    s += buf;
    const std::size_t n = std::min(w.masks.size(), maxSteps);
    std::snprintf(buf, sizeof buf,
                  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%u\" fill=\"#e2e8f0\"/>\n", left,
                  y0, static_cast<int>(n) * cellW, w.lanes * laneH);
    s += buf;
    for (std::size_t i = 0; i < n; ++i) {
      // Runs of active lanes in this instruction, as one rectangle each.
      const std::uint64_t m = w.masks[i];
      std::string tip = w.ops[i] + " line " + std::to_string(w.lines[i]) + ": " +
                        std::to_string(__builtin_popcountll(m)) + " of " + std::to_string(w.lanes) +
                        " lanes";
      s += "<g fill=\"" + std::string(colorOf(w.ops[i])) + "\"><title>" + escapeMarkup(tip) +
           "</title>";
      for (unsigned lane = 0; lane < w.lanes;) {
        if (((m >> lane) & 1) == 0) {
          ++lane;
          continue;
        }
        unsigned end = lane;
        while (end < w.lanes && ((m >> end) & 1))
          ++end;
        std::snprintf(buf, sizeof buf, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%u\"/>",
                      left + static_cast<int>(i) * cellW, y0 + static_cast<int>(lane) * laneH,
                      cellW - 1, (end - lane) * laneH);
        s += buf;
        lane = end;
      }
      s += "</g>\n";
    }
  }
  std::snprintf(buf, sizeof buf,
                "<text x=\"10\" y=\"%d\" font-size=\"14\" font-weight=\"bold\">shared-memory bank "
                "heat map: distinct words each bank serves in the line's worst warp instruction (x "
                "= bank)</text>\n",
                heatTop - 30);
  s += buf;
  for (unsigned b = 0; b < banks; b += 4) {
    std::snprintf(buf, sizeof buf, "<text x=\"%d\" y=\"%d\">%u</text>\n",
                  left + 320 + static_cast<int>(b) * bankW, heatTop - 6, b);
    s += buf;
  }
  // One colour scale for all rows: a bank serving one word is pale, the
  // worst conflict in the picture is full red.
  std::uint64_t mx = 1;
  for (const HeatRow &h : heat)
    for (std::uint64_t v : h.load)
      mx = std::max(mx, v);
  for (std::size_t r = 0; r < heat.size(); ++r) {
    const HeatRow &h = heat[r];
    const int y = heatTop + static_cast<int>(r) * (rowH + 4);
    std::snprintf(buf, sizeof buf, "<text x=\"10\" y=\"%d\">", y + 12);
    s += buf;
    s += escapeMarkup(h.label.size() > 70 ? h.label.substr(h.label.size() - 70) : h.label) +
         "<title>" + escapeMarkup(h.tip) + "</title></text>\n";
    for (std::size_t b = 0; b < h.load.size(); ++b) {
      const double f = static_cast<double>(h.load[b]) / static_cast<double>(mx);
      const int red = 255, green = static_cast<int>(255 - 200 * f),
                blue = static_cast<int>(255 - 230 * f);
      std::snprintf(buf, sizeof buf,
                    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" "
                    "stroke=\"#cbd5e0\"><title>bank %zu: %llu words</title></rect>",
                    left + 320 + static_cast<int>(b) * bankW, y, bankW, rowH, red, green, blue, b,
                    static_cast<unsigned long long>(h.load[b]));
      s += buf;
    }
    s += "\n";
  }
  if (heat.empty()) {
    std::snprintf(buf, sizeof buf, "<text x=\"10\" y=\"%d\">(no shared-memory accesses)</text>\n",
                  heatTop + 12);
    s += buf;
  }
  s += "</svg>\n";
  return s;
}

std::string profileOutputs(const ProfileData &p, const std::string &svgPath) {
  std::string text = renderProfileText(p);
  if (p.empty())
    text += kBar + std::string("PROFILE: no kernel was launched\n");
  if (!svgPath.empty()) {
    std::ofstream out(svgPath, std::ios::binary);
    out << renderProfileSvg(p);
    out.close();
    text += kBar + std::string(out ? "profile picture written to " : "warning: cannot write ") +
            svgPath + "\n";
  }
  return text;
}

} // namespace warpsim::driver
