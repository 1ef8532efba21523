#include "Options.h"

#include <charconv>
#include <sstream>

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
    bool ok = true;
    if (k == "arch")
      o.arch = v;
    else if (k == "warp_size")
      ok = number(v, o.warp_size) && (o.warp_size == 0 || o.warp_size == 32 || o.warp_size == 64);
    else if (k == "schedule") {
      if (v == "lockstep")
        o.schedule = Schedule::Lockstep;
      else if (v == "fast")
        o.schedule = Schedule::Fast;
      else if (v == "random")
        o.schedule = Schedule::Random;
      else
        ok = false;
    } else if (k == "engine") {
      if (v == "auto")
        o.engine = Engine::Auto;
      else if (v == "fibers")
        o.engine = Engine::Fibers;
      else if (v == "compiled")
        o.engine = Engine::Compiled;
      else
        ok = false;
    } else if (k == "engine_notes") {
      ok = v == "0" || v == "1";
      o.engine_notes = v == "1";
    } else if (k == "thread_model") {
      if (v == "its")
        o.thread_model = ThreadModel::Independent;
      else if (v == "warp-synchronous")
        o.thread_model = ThreadModel::WarpSynchronous;
      else
        ok = false;
    } else if (k == "checks")
      o.checks = v == "none" ? "" : v;
    else if (k == "memory_error") {
      ok = v == "abort" || v == "continue";
      o.memory_error_continue = v == "continue";
    } else if (k == "async_completion") {
      ok = v == "eager" || v == "late" || v == "random";
      o.async_eager = v == "eager";
      o.async_random = v == "random";
    } else if (k == "strict_fences") {
      ok = v == "0" || v == "1";
      o.strict_fences = v == "1";
    } else if (k == "same_value_races") {
      ok = v == "0" || v == "1";
      o.same_value_races = v == "1";
    } else if (k == "memory_model") {
      ok = v == "sc" || v == "ptx";
      o.memory_model_ptx = v == "ptx";
    } else if (k == "profile") {
      ok = v == "0" || v == "1";
      o.profile = v == "1";
    } else if (k == "seed")
      ok = number(v, o.seed);
    else if (k == "stack_size")
      ok = number(v, o.stack_size) && o.stack_size >= 16 * 1024;
    else if (k == "jobs")
      ok = number(v, o.jobs) && o.jobs <= 256;
    else if (k == "resident_blocks")
      ok = number(v, o.resident_blocks) && o.resident_blocks >= 1 && o.resident_blocks <= 256;
    else if (k == "spin_limit")
      ok = number(v, o.spin_limit) && o.spin_limit > 0;
    else if (k == "fast_quantum")
      ok = number(v, o.fast_quantum) && o.fast_quantum > 0;
    else if (k == "warp_quantum")
      ok = number(v, o.warp_quantum) && o.warp_quantum > 0;
    else if (k == "shared_fill")
      ok = number(v, o.shared_fill) && o.shared_fill >= 0 && o.shared_fill <= 255;
    else if (k == "timeout")
      ok = number(v, o.timeout_s);
    else if (k == "report")
      o.report_path = v;
    else {
      error = "unknown runtime option '" + k + "'";
      return false;
    }
    if (!ok) {
      error = "bad value '" + v + "' for runtime option '" + k + "'";
      return false;
    }
  }
  return true;
}

} // namespace warpsim::sim
