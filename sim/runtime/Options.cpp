#include "Options.h"

#include <charconv>
#include <sstream>

#include "warpsim/option_table.h"

namespace warpsim::sim {
namespace {
template <class T> bool number(const std::string &v, T &out) {
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  return ec == std::errc() && p == v.data() + v.size();
}
} // namespace

const char *scheduleName(Schedule s) {
  switch (s) {
  case Schedule::Lockstep:
    return "lockstep";
  case Schedule::Fast:
    return "fast";
  case Schedule::Random:
    return "random";
  }
  return "lockstep";
}

namespace {

using options::Id;
using options::Kind;

// The table's checks, as the driver makes them; the runtime also takes the
// value it assumes when the key is absent (warp_size=0: the architecture's).
bool valid(const options::Option &row, const std::string &v) {
  std::uint64_t n = 0;
  std::string_view bad;
  if (v == row.runtime_default)
    return true;
  switch (row.kind) {
  case Kind::Flag:
    return v == "0" || v == "1";
  case Kind::Word:
    return options::isChoice(row.choices, v);
  case Kind::List:
    return options::isChoiceList(row.choices, v, bad);
  case Kind::Number:
    return number(v, n) && n >= row.min && n <= row.max;
  case Kind::Text:
    break;
  }
  return true;
}

void apply(Id id, const std::string &v, Options &o) {
  switch (id) {
  case Id::Arch:
    o.arch = v;
    break;
  case Id::WarpSize:
    number(v, o.warp_size);
    break;
  case Id::Schedule:
    o.schedule = v == "fast"     ? Schedule::Fast
                 : v == "random" ? Schedule::Random
                                 : Schedule::Lockstep;
    break;
  case Id::Engine:
    o.engine = v == "fibers" ? Engine::Fibers : v == "compiled" ? Engine::Compiled : Engine::Auto;
    break;
  case Id::Timing:
    o.engine_notes = v == "1";
    break;
  case Id::ThreadModel:
    o.thread_model =
        v == "warp-synchronous" ? ThreadModel::WarpSynchronous : ThreadModel::Independent;
    break;
  case Id::Check:
    o.checks = v == "none" ? "" : v;
    break;
  case Id::LeakCheck:
    o.leak_check_full = v == "full";
    break;
  case Id::MemoryError:
    o.memory_error_continue = v == "continue";
    break;
  case Id::AsyncCompletion:
    o.async_eager = v == "eager";
    o.async_random = v == "random";
    break;
  case Id::StrictFences:
    o.strict_fences = v == "1";
    break;
  case Id::HideSameValueRaces: // same_value_races=0 hides them
    o.same_value_races = v == "1";
    break;
  case Id::MemoryModel:
    o.memory_model_ptx = v == "ptx";
    break;
  case Id::Profile:
    o.profile = v == "1";
    break;
  case Id::Seed:
    number(v, o.seed);
    break;
  case Id::StackSize:
    number(v, o.stack_size);
    break;
  case Id::Jobs:
    number(v, o.jobs);
    break;
  case Id::ResidentBlocks:
    number(v, o.resident_blocks);
    break;
  case Id::SpinLimit:
    number(v, o.spin_limit);
    break;
  case Id::FastQuantum:
    number(v, o.fast_quantum);
    break;
  case Id::WarpQuantum:
    number(v, o.warp_quantum);
    break;
  case Id::SharedFill:
    number(v, o.shared_fill);
    break;
  case Id::Timeout:
    number(v, o.timeout_s);
    break;
  case Id::Report:
    o.report_path = v;
    break;
  default:
    break; // the driver's alone: no key
  }
}

} // namespace

bool parseOptions(const std::string &text, Options &o, std::string &error) {
  std::istringstream in(text);
  std::string item;
  while (in >> item) {
    auto eq = item.find('=');
    if (eq == std::string::npos) {
      error = "expected key=value, got '" + item + "'";
      return false;
    }
    std::string k = item.substr(0, eq), v = item.substr(eq + 1);
    const options::Option *row = nullptr;
    for (const options::Option &r : options::kOptions)
      if (!r.key.empty() && r.key == k)
        row = &r;
    if (row == nullptr) {
      error = "unknown runtime option '" + k + "'";
      return false;
    }
    if (!valid(*row, v)) {
      error = "bad value '" + v + "' for runtime option '" + k + "'";
      return false;
    }
    apply(row->id, v, o);
  }
  return true;
}

} // namespace warpsim::sim
