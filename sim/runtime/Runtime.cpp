#include "Runtime.h"

#include "../checks/Install.h"
#include "HostStacks.h"

#include <link.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace warpsim::sim {
namespace {

// Async-signal-safe output for the crash handler.
void say(const char *s) { (void)!write(STDERR_FILENO, s, std::strlen(s)); }

void sayNumber(unsigned long v) {
  char buf[24];
  int n = 0;
  do {
    buf[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  char out[24];
  for (int i = 0; i < n; ++i)
    out[i] = buf[n - 1 - i];
  out[n] = '\0';
  say(out);
}

void sayDim(const Dim3 &d) {
  say("(");
  sayNumber(d.x);
  say(",");
  sayNumber(d.y);
  say(",");
  sayNumber(d.z);
  say(")");
}

// A fault on a lane's fiber: a stack overflow (guard page) or an access the
// hooks could not see (e.g. through uninstrumented code). Either way warpsim
// names the thread instead of dying with a bare segfault.
void onFault(int sig, siginfo_t *info, void *) {
  Runtime &rt = Runtime::get();
  auto addr = reinterpret_cast<std::uintptr_t>(info->si_addr);
  Lane *l = tl_lane;
  fflush(stdout);
  if (rt.stacks.inGuard(addr)) {
    say("warpsim: error: stack overflow in GPU thread ");
  } else if (l != nullptr) {
    say(sig == SIGSEGV ? "warpsim: error: invalid memory access (segmentation fault) in GPU thread "
                       : "warpsim: error: fatal signal in GPU thread ");
  } else {
    say("warpsim: error: the program crashed in host code (signal ");
    sayNumber(static_cast<unsigned long>(sig));
    say(")\n");
    _exit(128 + sig);
  }
  if (l != nullptr) {
    sayDim(l->tidx);
    say(" of block ");
    sayDim(l->block->info.index);
    if (const LaunchInfo *li = rt.grid.launch()) {
      say(" in kernel ");
      say(li->site->kernel_name);
    }
  }
  if (rt.stacks.inGuard(addr)) {
    say(" (stack size ");
    sayNumber(rt.stacks.stackBytes() / 1024);
    say(" KiB; raise it with --stack-size)");
  }
  say("\n");
  rt.finishAfterCrash();
  _exit(kSimulationAbortedExit);
}

void installCrashHandler() {
  static char altStack[64 * 1024];
  stack_t ss{};
  ss.ss_sp = altStack;
  ss.ss_size = sizeof altStack;
  sigaltstack(&ss, nullptr);
  struct sigaction sa{};
  sa.sa_sigaction = &onFault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, nullptr);
  sigaction(SIGBUS, &sa, nullptr);
}

void atExit() {
  Runtime &rt = Runtime::get();
  // A poisoned context never frees anything: leaks then say nothing new.
  if (rt.stickyError == cudaSuccess)
    for (Observer *o : rt.observers)
      o->onDeviceReset();
  rt.finish();
}

} // namespace

Runtime *g_runtime = nullptr;

Runtime &Runtime::create() {
  static Runtime *rt = new Runtime(); // never destroyed: used until _exit
  g_runtime = rt;
  return *rt;
}

Runtime::Runtime() {
  std::string error;
  const char *env = std::getenv("WARPSIM_OPTIONS");
  if (env != nullptr && !parseOptions(env, options, error)) {
    std::fprintf(stderr, "warpsim: error: WARPSIM_OPTIONS: %s\n", error.c_str());
    std::_Exit(2);
  }
  if (const char *rep = std::getenv("WARPSIM_REPORT");
      rep != nullptr && options.report_path.empty())
    options.report_path = rep;
  auto spec = model::builtinArch(options.arch);
  if (!spec) {
    std::fprintf(stderr, "warpsim: error: unknown architecture '%s'\n", options.arch.c_str());
    std::_Exit(2);
  }
  arch = *spec;
  laneCount = options.warp_size != 0 ? options.warp_size : arch.warp_size;
  arch.warp_size = laneCount;
  memory.init(options.resident_blocks);
  stacks.init(options.stack_size,
              std::size_t{options.resident_blocks} * arch.max_threads_per_block);
  findings.open(options.report_path.c_str());

  dl_iterate_phdr(
      [](dl_phdr_info *info, std::size_t, void *self) {
        // Only the main program (the first object) holds kernel code's data.
        auto *rt = static_cast<Runtime *>(self);
        if (!rt->imageRO_.empty() || !rt->imageRW_.empty())
          return 1;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr) &ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD)
            continue;
          Range r{info->dlpi_addr + ph.p_vaddr, info->dlpi_addr + ph.p_vaddr + ph.p_memsz};
          ((ph.p_flags & PF_W) ? rt->imageRW_ : rt->imageRO_).push_back(r);
        }
        return 1;
      },
      this);
  installCrashHandler();
  if (const char *board = std::getenv("WARPSIM_PROGRESS"); board != nullptr && *board != '\0')
    progress = mapProgressBoard(board);
  if (options.timeout_s != 0)
    installHostStackDump();
  g_runtime = this;
  installObservers(*this);
  // After the observers (function-local statics): exit handlers run in
  // reverse order, so atExit still finds them alive.
  std::atexit(&atExit);
}

bool Runtime::inImageReadOnly(std::uintptr_t a) const {
  for (const Range &r : imageRO_)
    if (a >= r.lo && a < r.hi)
      return true;
  return false;
}

bool Runtime::inImageWritable(std::uintptr_t a) const {
  for (const Range &r : imageRW_)
    if (a >= r.lo && a < r.hi)
      return true;
  return false;
}

void Runtime::fatal(const Finding &f) {
  std::fflush(stdout);
  if (!devicePrintf.empty()) {
    std::fwrite(devicePrintf.data(), 1, devicePrintf.size(), stdout);
    std::fflush(stdout);
  }
  findings.add(f);
  finish();
  _exit(kSimulationAbortedExit);
}

void Runtime::finish() {
  static bool done = false;
  if (done)
    return;
  done = true;
  const EngineStats s = grid.stats();
  findings.addStat("launches", s.launches);
  findings.addStat("blocks", s.blocks);
  findings.addStat("threads", s.threads);
  findings.addStat("warp_instructions", s.warp_instructions);
  findings.addStat("accesses", s.accesses);
  findings.addStat("barrier_arrivals", s.barrier_arrivals);
  findings.addStat("events", s.accesses + s.barrier_arrivals);
  findings.addStat("kernel_ns", s.kernel_ns);
  findings.flush();
}

void Runtime::finishAfterCrash() {
  static bool done = false;
  if (done)
    return;
  done = true;
  const EngineStats s = grid.stats();
  const std::pair<const char *, std::uint64_t> stats[] = {
      {"launches", s.launches},
      {"blocks", s.blocks},
      {"threads", s.threads},
      {"warp_instructions", s.warp_instructions},
      {"accesses", s.accesses},
      {"barrier_arrivals", s.barrier_arrivals},
      {"events", s.accesses + s.barrier_arrivals},
      {"kernel_ns", s.kernel_ns}};
  for (const auto &[key, value] : stats) {
    char line[128];
    std::snprintf(line, sizeof line, "{\"type\":\"stat\",\"key\":\"%s\",\"value\":%llu}\n", key,
                  static_cast<unsigned long long>(value));
    findings.emitRaw(line);
  }
}

} // namespace warpsim::sim

namespace warpsim::sim {

cudaError_t Runtime::unsupported(const char *call, const char *why) {
  if (warnedUnsupported_.insert(call).second) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "warpsim: warning: %s is not supported by warpsim%s%s; it returns "
                 "cudaErrorNotSupported\n",
                 call, why != nullptr ? ": " : "", why != nullptr ? why : "");
  }
  return setError(cudaErrorNotSupported);
}

} // namespace warpsim::sim
