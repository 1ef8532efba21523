#include "ExploreReport.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <tuple>

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace warpsim::driver {
namespace {

const char *kBar = "========= ";

std::string plural(std::uint64_t n, const char *one, const char *many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Quoted for a POSIX shell when it needs to be.
std::string shellWord(const std::string &w) {
  bool plain = !w.empty();
  for (char c : w)
    if (!(std::isalnum(static_cast<unsigned char>(c)) ||
          std::string("_./=:,+-@%").find(c) != std::string::npos))
      plain = false;
  if (plain)
    return w;
  std::string q = "'";
  for (char c : w)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

auto outcomeOrder(const ExploreOutcome &o) {
  return std::tuple(o.seeds.smallest(), o.exit_status, o.stdout_digest);
}
auto findingOrder(const ExploreFinding &f) { return std::tie(f.kind, f.severity, f.sites); }

void sortReport(ExploreReport &r) {
  std::sort(r.outcomes.begin(), r.outcomes.end(),
            [](const auto &a, const auto &b) { return outcomeOrder(a) < outcomeOrder(b); });
  std::sort(r.findings.begin(), r.findings.end(), [](const auto &a, const auto &b) {
    if (a.seeds.smallest() != b.seeds.smallest())
      return a.seeds.smallest() < b.seeds.smallest();
    return findingOrder(a) < findingOrder(b);
  });
}

llvm::json::Array seedsJson(const SeedSet &s) {
  llvm::json::Array a;
  for (const auto &r : s.ranges())
    a.push_back(llvm::json::Array{r.first, r.last});
  return a;
}

llvm::json::Array strings(const std::vector<std::string> &v) {
  llvm::json::Array a;
  for (const auto &s : v)
    a.push_back(s);
  return a;
}

// Reading: each missing or mistyped member is named in the error.
struct Reader {
  std::string &error;
  bool fail(const std::string &why) {
    if (error.empty())
      error = why;
    return false;
  }
  bool str(const llvm::json::Object &o, const char *k, std::string &out, const char *where) {
    auto v = o.getString(k);
    if (!v)
      return fail(std::string(where) + ": '" + k + "' is missing or not a string");
    out = v->str();
    return true;
  }
  bool u64(const llvm::json::Object &o, const char *k, std::uint64_t &out, const char *where) {
    const llvm::json::Value *v = o.get(k);
    std::optional<std::uint64_t> n = v ? v->getAsUINT64() : std::nullopt;
    if (!n)
      return fail(std::string(where) + ": '" + k + "' is missing or not a non-negative integer");
    out = *n;
    return true;
  }
  bool strs(const llvm::json::Object &o, const char *k, std::vector<std::string> &out,
            const char *where) {
    const llvm::json::Array *a = o.getArray(k);
    if (a == nullptr)
      return fail(std::string(where) + ": '" + k + "' is missing or not an array");
    for (const auto &v : *a) {
      auto s = v.getAsString();
      if (!s)
        return fail(std::string(where) + ": '" + k + "' holds a non-string");
      out.push_back(s->str());
    }
    return true;
  }
  bool seeds(const llvm::json::Object &o, SeedSet &out, const char *where) {
    const llvm::json::Array *a = o.getArray("seeds");
    if (a == nullptr || a->empty())
      return fail(std::string(where) + ": 'seeds' is missing or empty");
    for (const auto &v : *a) {
      const llvm::json::Array *p = v.getAsArray();
      std::optional<std::uint64_t> f, l;
      if (p != nullptr && p->size() == 2) {
        f = (*p)[0].getAsUINT64();
        l = (*p)[1].getAsUINT64();
      }
      if (!f || !l || *f > *l)
        return fail(std::string(where) + ": 'seeds' holds something other than [first, last]");
      out.add(*f, *l);
    }
    return true;
  }
};

} // namespace

std::string fnv1a64Hex(const std::string &bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return llvm::formatv("{0:x-16}", h).str();
}

namespace {
std::string commandWithSeed(const ExploreReport &r, const std::string &seed) {
  std::string s = "warpsim run";
  for (const auto &a : r.command)
    s += " " + shellWord(a);
  s += " --schedule random --seed " + seed;
  if (!r.program_args.empty()) {
    s += " --";
    for (const auto &a : r.program_args)
      s += " " + shellWord(a);
  }
  return s;
}
} // namespace

std::string replayCommand(const ExploreReport &r, std::uint64_t seed) {
  return commandWithSeed(r, std::to_string(seed));
}

std::string mergeInto(ExploreReport &into, const ExploreReport &other) {
  if (into.file != other.file)
    return "explores another file ('" + other.file + "', not '" + into.file + "')";
  if (into.warpsim_version != other.warpsim_version)
    return "was made by warpsim " + other.warpsim_version + ", not " + into.warpsim_version;
  if (into.source_digest != other.source_digest)
    return "explores another version of " + into.file + " (its text differs)";
  if (into.command != other.command || into.program_args != other.program_args)
    return "runs another command ('" + commandWithSeed(other, "S") + "', not '" +
           commandWithSeed(into, "S") + "')";
  into.seeds.add(other.seeds);
  for (const ExploreOutcome &o : other.outcomes) {
    auto it = std::find_if(into.outcomes.begin(), into.outcomes.end(), [&](const auto &x) {
      return x.exit_status == o.exit_status && x.stdout_digest == o.stdout_digest;
    });
    if (it == into.outcomes.end())
      into.outcomes.push_back(o);
    else
      it->seeds.add(o.seeds);
  }
  for (const ExploreFinding &f : other.findings) {
    auto it = std::find_if(into.findings.begin(), into.findings.end(),
                           [&](const auto &x) { return findingOrder(x) == findingOrder(f); });
    if (it == into.findings.end()) {
      into.findings.push_back(f);
      continue;
    }
    // The words of the smallest seed, whichever report brought it.
    if (f.seeds.smallest() < it->seeds.smallest()) {
      it->kernel = f.kernel;
      it->message = f.message;
    }
    it->seeds.add(f.seeds);
  }
  sortReport(into);
  return {};
}

std::string checkConsistent(const ExploreReport &r) {
  std::uint64_t counted = 0;
  for (const ExploreOutcome &o : r.outcomes)
    counted += o.seeds.size();
  if (counted != r.seeds.size())
    return "the reports disagree about the outcome of some seeds (" + std::to_string(counted) +
           " outcomes counted for " + std::to_string(r.seeds.size()) +
           " seeds): made by different warpsim versions?";
  return {};
}

bool somethingFound(const ExploreReport &r) {
  if (r.outcomes.size() > 1)
    return true;
  for (const ExploreOutcome &o : r.outcomes)
    if (o.exit_status != 0)
      return true;
  for (const ExploreFinding &f : r.findings)
    if (f.severity == "error")
      return true;
  return false;
}

std::string renderExploreText(const ExploreReport &r) {
  std::string s;
  s += std::string(kBar) + "EXPLORE " + r.file + ": " + plural(r.seeds.size(), "seed", "seeds") +
       " (" + r.seeds.text() + ") of " + commandWithSeed(r, "S") + "\n";
  s += std::string(kBar) + plural(r.outcomes.size(), "outcome", "outcomes") + "\n";
  std::size_t n = 0;
  for (const ExploreOutcome &o : r.outcomes) {
    std::uint64_t lines =
        static_cast<std::uint64_t>(std::count(o.stdout_head.begin(), o.stdout_head.end(), '\n'));
    s += std::string(kBar) + "  outcome " + std::to_string(++n) + ": " +
         plural(o.seeds.size(), "seed", "seeds") + ", smallest " +
         std::to_string(o.seeds.smallest()) + "; exit status " + std::to_string(o.exit_status) +
         ", " + plural(o.stdout_bytes, "byte", "bytes") + " of stdout (fnv1a64 " + o.stdout_digest +
         ")\n";
    // The first lines of what it printed, so outcomes can be told apart.
    std::size_t pos = 0;
    for (int shown = 0; pos < o.stdout_head.size() && shown < 4; ++shown) {
      std::size_t eol = o.stdout_head.find('\n', pos);
      std::string line = o.stdout_head.substr(pos, eol == std::string::npos ? eol : eol - pos);
      if (line.size() > 100)
        line = line.substr(0, 100) + "…";
      s += std::string(kBar) + "    | " + line + "\n";
      pos = eol == std::string::npos ? o.stdout_head.size() : eol + 1;
    }
    if (pos < o.stdout_bytes)
      s += std::string(kBar) + "    | …" +
           (o.stdout_bytes == o.stdout_head.size() && lines > 4
                ? " (" + plural(lines - 4, "more line", "more lines") + ")"
                : std::string()) +
           "\n";
    s += std::string(kBar) + "    replay: " + replayCommand(r, o.seeds.smallest()) + "\n";
  }
  s += std::string(kBar) + plural(r.findings.size(), "finding", "findings") + "\n";
  std::uint64_t errors = 0;
  for (const ExploreFinding &f : r.findings) {
    errors += f.severity == "error";
    std::string sites;
    for (const auto &x : f.sites)
      sites += (sites.empty() ? "" : ", ") + x;
    s += std::string(kBar) + "  " + f.severity + " [" + f.kind + "] at " +
         (sites.empty() ? "(no site)" : sites) +
         (f.kernel.empty() ? "" : " in kernel '" + f.kernel + "'") + ": " +
         plural(f.seeds.size(), "seed", "seeds") + ", smallest " +
         std::to_string(f.seeds.smallest()) + "\n";
    s += std::string(kBar) + "    " + f.message + "\n";
    s += std::string(kBar) + "    replay: " + replayCommand(r, f.seeds.smallest()) + "\n";
  }
  s += std::string(kBar) + "explore: " + plural(r.seeds.size(), "seed", "seeds") + ", " +
       plural(r.outcomes.size(), "outcome", "outcomes") + ", " +
       plural(r.findings.size(), "finding", "findings") + " (" + plural(errors, "error", "errors") +
       ")\n";
  return s;
}

std::string renderExploreJson(const ExploreReport &r) {
  llvm::json::Array outcomes, findings;
  for (const ExploreOutcome &o : r.outcomes)
    outcomes.push_back(llvm::json::Object{{"exit_status", o.exit_status},
                                          {"stdout_fnv1a64", o.stdout_digest},
                                          {"stdout_bytes", o.stdout_bytes},
                                          {"stdout", o.stdout_head},
                                          {"runs", o.seeds.size()},
                                          {"smallest_seed", o.seeds.smallest()},
                                          {"seeds", seedsJson(o.seeds)},
                                          {"replay", replayCommand(r, o.seeds.smallest())}});
  for (const ExploreFinding &f : r.findings)
    findings.push_back(llvm::json::Object{{"kind", f.kind},
                                          {"severity", f.severity},
                                          {"sites", strings(f.sites)},
                                          {"kernel", f.kernel},
                                          {"message", f.message},
                                          {"runs", f.seeds.size()},
                                          {"smallest_seed", f.seeds.smallest()},
                                          {"seeds", seedsJson(f.seeds)},
                                          {"replay", replayCommand(r, f.seeds.smallest())}});
  llvm::json::Object root{{"version", kExploreReportVersion},
                          {"tool", "warpsim"},
                          {"report", "explore"},
                          {"file", r.file},
                          {"source_fnv1a64", r.source_digest},
                          {"warpsim_version", r.warpsim_version},
                          {"command", strings(r.command)},
                          {"program_args", strings(r.program_args)},
                          {"seeds", seedsJson(r.seeds)},
                          {"runs", r.seeds.size()},
                          {"outcomes", std::move(outcomes)},
                          {"findings", std::move(findings)}};
  return llvm::formatv("{0:2}", llvm::json::Value(std::move(root))).str() + "\n";
}

std::optional<ExploreReport> parseExploreJson(const std::string &text, std::string &error) {
  auto parsed = llvm::json::parse(text);
  if (!parsed) {
    error = "not JSON: " + llvm::toString(parsed.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *root = parsed->getAsObject();
  if (root == nullptr || root->getString("tool") != "warpsim") {
    error = "not a warpsim report";
    return std::nullopt;
  }
  if (root->getString("report") != "explore") {
    error = root->get("kernels") ? "a warpsim run/check report, not an explore report"
                                 : "not a warpsim explore report ('report' is not \"explore\")";
    return std::nullopt;
  }
  if (root->getInteger("version") != kExploreReportVersion) {
    error = "explore report version " +
            (root->get("version") ? llvm::formatv("{0}", *root->get("version")).str()
                                  : std::string("(none)")) +
            ", this warpsim reads version " + std::to_string(kExploreReportVersion);
    return std::nullopt;
  }
  ExploreReport r;
  Reader rd{error};
  bool ok = rd.str(*root, "file", r.file, "report") &&
            rd.str(*root, "source_fnv1a64", r.source_digest, "report") &&
            rd.str(*root, "warpsim_version", r.warpsim_version, "report") &&
            rd.strs(*root, "command", r.command, "report") &&
            rd.strs(*root, "program_args", r.program_args, "report") &&
            rd.seeds(*root, r.seeds, "report");
  const llvm::json::Array *outcomes = root->getArray("outcomes");
  const llvm::json::Array *findings = root->getArray("findings");
  if (ok && (outcomes == nullptr || findings == nullptr))
    ok = rd.fail("report: 'outcomes' or 'findings' is missing");
  for (std::size_t i = 0; ok && i < outcomes->size(); ++i) {
    const llvm::json::Object *o = (*outcomes)[i].getAsObject();
    std::string where = "outcome " + std::to_string(i + 1);
    ExploreOutcome x;
    std::uint64_t exit = 0;
    ok = o != nullptr ? rd.u64(*o, "exit_status", exit, where.c_str()) &&
                            rd.str(*o, "stdout_fnv1a64", x.stdout_digest, where.c_str()) &&
                            rd.u64(*o, "stdout_bytes", x.stdout_bytes, where.c_str()) &&
                            rd.str(*o, "stdout", x.stdout_head, where.c_str()) &&
                            rd.seeds(*o, x.seeds, where.c_str())
                      : rd.fail(where + " is not an object");
    x.exit_status = static_cast<int>(exit);
    r.outcomes.push_back(std::move(x));
  }
  for (std::size_t i = 0; ok && i < findings->size(); ++i) {
    const llvm::json::Object *o = (*findings)[i].getAsObject();
    std::string where = "finding " + std::to_string(i + 1);
    ExploreFinding x;
    ok = o != nullptr ? rd.str(*o, "kind", x.kind, where.c_str()) &&
                            rd.str(*o, "severity", x.severity, where.c_str()) &&
                            rd.strs(*o, "sites", x.sites, where.c_str()) &&
                            rd.str(*o, "kernel", x.kernel, where.c_str()) &&
                            rd.str(*o, "message", x.message, where.c_str()) &&
                            rd.seeds(*o, x.seeds, where.c_str())
                      : rd.fail(where + " is not an object");
    r.findings.push_back(std::move(x));
  }
  if (!ok)
    return std::nullopt;
  sortReport(r);
  return r;
}

} // namespace warpsim::driver
