#include "Runtime.h"

#include "HostStacks.h"
#include "ObserverInstallers.h"
#include "StreamClocks.h"

#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
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

// A fixed buffer for the host-crash record: the handler may not allocate.
struct RawLine {
  char buf[2048];
  std::size_t n = 0;
  void put(const char *s) {
    while (*s != '\0' && n + 1 < sizeof buf)
      buf[n++] = *s++;
    buf[n] = '\0';
  }
  void num(unsigned long v) {
    char tmp[24];
    int k = 0;
    do {
      tmp[k++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v != 0);
    while (k > 0 && n + 1 < sizeof buf)
      buf[n++] = tmp[--k];
    buf[n] = '\0';
  }
};

// The value-carrying hooks' code (Hooks.cpp), bounded by the linker (null
// where Hooks.cpp is not linked: unit tests).
extern "C" [[gnu::weak]] const char __start_warpsim_value_hooks[], __stop_warpsim_value_hooks[];

// A crash of the program's host code (a null pointer, a host stack
// overflow, a division by zero): one fatal finding located by its program
// counters, which the driver symbolizes like any other (issue 14: bad input
// ends in one located message). Only return addresses inside the program's
// image are kept: libc's move with ASLR and would make reports differ.
[[noreturn]] void reportHostCrash(int sig, siginfo_t *info, void *context) {
  Runtime &rt = Runtime::get();
  const auto *uc = static_cast<const ucontext_t *>(context);
  const auto pc = static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
  const auto sp = static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RSP]);
  auto fp = static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RBP]);
  const auto addr = reinterpret_cast<std::uintptr_t>(info->si_addr);
  const bool stackOverflow =
      (sig == SIGSEGV || sig == SIGBUS) && addr + 4096 > sp && addr < sp + 4096;
  // The frames: the faulting instruction (+1: the symbolizer looks at the
  // byte before a return address), else, in a library function without a
  // frame, the return address on top of the stack; then the frame-pointer
  // chain while it stays inside the stack (read-only, bounded). A stack
  // overflow faults at whichever instruction of the recursing function (or
  // of a hook it calls) meets the guard page, which moves with the stack's
  // random start: only the recursing call site is kept, the same every run.
  std::uintptr_t frames[16];
  int count = 0;
  // Inside a value-carrying hook (Hooks.cpp), which makes the user's access
  // for it: the frame-pointer chain starts at the user's call.
  const bool inValueHook =
      pc - reinterpret_cast<std::uintptr_t>(__start_warpsim_value_hooks) <
      static_cast<std::uintptr_t>(__stop_warpsim_value_hooks - __start_warpsim_value_hooks);
  if (!stackOverflow && inValueHook)
    ; // the chain below has the caller
  else if (!stackOverflow && rt.inImageReadOnly(pc))
    frames[count++] = pc + 1;
  else if (!stackOverflow && sp % 8 == 0 &&
           rt.inImageReadOnly(*reinterpret_cast<std::uintptr_t *>(sp)))
    frames[count++] = *reinterpret_cast<std::uintptr_t *>(sp);
  // The overflowing frame lies just below the stack's lower end (in its
  // guard); the frames it points to are above.
  const bool onMainStack = sp + (std::uintptr_t{1} << 20) >= rt.hostStackLo && sp < rt.hostStackHi;
  for (int guard = 0; onMainStack && guard < 64 && count < 16; ++guard) {
    if (fp < sp || fp % 8 != 0 || fp + 16 > rt.hostStackHi)
      break;
    const std::uintptr_t ret = reinterpret_cast<std::uintptr_t *>(fp)[1];
    const std::uintptr_t next = reinterpret_cast<std::uintptr_t *>(fp)[0];
    if (rt.inImageReadOnly(ret))
      frames[count++] = ret;
    if (next <= fp)
      break;
    fp = next;
  }
  if (stackOverflow && count > 0) {
    // The first return address that recurs: the recursion's call site (the
    // frames below it may be a hook's or a prologue's, which move).
    bool found = false;
    for (int i = 0; i < count && !found; ++i)
      for (int j = i + 1; j < count && !found; ++j)
        if (frames[j] == frames[i]) {
          frames[0] = frames[i];
          found = true;
        }
    count = 1;
  }
  static RawLine line;
  line.put("{\"type\":\"finding\",\"kind\":\"host-crash\",\"severity\":\"error\",\"kernel\":\"\","
           "\"launch\":0,\"space\":\"\",\"address\":0,\"size\":0,\"count\":1,\"fatal\":true,"
           "\"message\":\"the program crashed in host code: ");
  if (stackOverflow)
    line.put("stack overflow (SIGSEGV; unbounded recursion?)");
  else if (sig == SIGSEGV || sig == SIGBUS)
    line.put(addr < 4096      ? "invalid memory access through a null pointer (SIGSEGV)"
             : sig == SIGSEGV ? "invalid memory access (SIGSEGV)"
                              : "invalid memory access (SIGBUS)");
  else if (sig == SIGFPE)
    line.put("arithmetic error (SIGFPE: an integer division by zero or overflow)");
  else
    line.put("illegal instruction (SIGILL)");
  line.put("\",\"sites\":[{\"role\":\"crashed\",\"pc\":");
  line.num(count > 0 ? frames[0] : 0);
  line.put(",\"stack\":[");
  for (int i = 1; i < count; ++i) {
    if (i > 1)
      line.put(",");
    line.num(frames[i]);
  }
  line.put("],\"thread_count\":1,\"threads\":\"\",\"detail\":\"\"}]}\n");
  fflush(stdout);
  rt.findings.emitRaw(line.buf);
  rt.finishAfterCrash();
  _exit(kSimulationAbortedExit);
}

// A fault on a lane's fiber: a stack overflow (guard page) or an access the
// hooks could not see (e.g. through uninstrumented code). Either way warpsim
// names the thread instead of dying with a bare segfault.
void onFault(int sig, siginfo_t *info, void *context) {
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
    reportHostCrash(sig, info, context);
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
  struct sigaction sa {};
  sa.sa_sigaction = &onFault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, nullptr);
  sigaction(SIGBUS, &sa, nullptr);
  sigaction(SIGFPE, &sa, nullptr);
  sigaction(SIGILL, &sa, nullptr);
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

void installCrashStackForThread() {
  // A stack overflow in a fiber is handled on this stack (sigaltstack is
  // per thread); host worker threads live as long as the process.
  constexpr std::size_t kSize = 64 * 1024;
  stack_t ss{};
  ss.ss_sp = new char[kSize];
  ss.ss_size = kSize;
  sigaltstack(&ss, nullptr);
}

Runtime &Runtime::create() {
  static Runtime *rt = new Runtime(); // never destroyed: used until _exit
  instance_ = rt;
  return *rt;
}

namespace {
// The runtime as its observers see it (ObserverContext), and where the
// installers put them (ObserverSet).
class RuntimeObservers final : public ObserverContext, public ObserverSet {
public:
  explicit RuntimeObservers(Runtime &rt) : rt_(rt) {}
  const Options &options() const override { return rt_.options; }
  const model::ArchSpec &arch() const override { return rt_.arch; }
  FindingSink &findings() override { return rt_.findings; }
  const MemoryMap &memory() const override { return rt_.memory; }
  const BlockInfo *blockInSlot(std::uint32_t slot) const override {
    const BlockExecutor *b = rt_.grid.blockInSlot(slot);
    return b != nullptr ? &b->info : nullptr;
  }
  const HeapBlock *heapBlock(std::uintptr_t base) const override { return rt_.heap.at(base); }
  std::vector<const HeapBlock *> liveHeapBlocks() const override { return rt_.heap.live(); }
  bool checkersParallel() const override { return rt_.grid.checkersParallel(); }
  bool streamOrdered(std::uint64_t op) const override { return streamOrderedBeforeLatest(op); }
  bool streamsInUse() const override { return sim::streamsInUse(); }

  ObserverContext &context() override { return *this; }
  Observer &add(std::unique_ptr<Observer> o) override {
    Observer &r = *owned_.emplace_back(std::move(o));
    rt_.observers.push_back(&r);
    if ((r.interests() & Observer::kAccesses) != 0)
      rt_.accessObservers.push_back(&r);
    return r;
  }
  void addStoreObserver(Observer &o) override { rt_.storeObservers.push_back(&o); }
  void setAccessGuard(AccessGuard &g) override { rt_.grid.setAccessGuard(&g); }

private:
  Runtime &rt_;
  std::vector<std::unique_ptr<Observer>> owned_;
};
} // namespace

// A program built from HIP names the architecture it was compiled for
// ("WARPSIM_PROGRAM_ARCH=cdna3", hip/hip_runtime.h): its default when
// WARPSIM_OPTIONS names none (docs/hip.md). Weak: other programs lack it.
extern "C" __attribute__((weak)) const char warpsim_program_arch[];

Runtime::Runtime() {
  std::string error;
  if (const char *marker = warpsim_program_arch; marker != nullptr)
    if (const char *eq = std::strchr(marker, '='); eq != nullptr)
      options.arch = eq + 1;
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
  slotCapacity = std::max(options.resident_blocks,
                          arch.multiprocessor_count * std::max(1u, arch.max_blocks_per_sm));
  memory.init(slotCapacity);
  // Reserved, not committed: a stack is mapped when a thread first needs it.
  stacks.init(options.stack_size,
              std::max(std::size_t{options.resident_blocks} * arch.max_threads_per_block,
                       std::size_t{arch.multiprocessor_count} * arch.max_threads_per_sm));
  findings.open(options.report_path.c_str());
  if (options.memory_model_ptx)
    ptx = new PtxMemory(options.seed); // lives until _exit, as the runtime

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
  // The main thread's stack, for the host-crash report's frame walk.
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void *lo = nullptr;
    std::size_t size = 0;
    if (pthread_attr_getstack(&attr, &lo, &size) == 0) {
      hostStackLo = reinterpret_cast<std::uintptr_t>(lo);
      hostStackHi = hostStackLo + size;
    }
    pthread_attr_destroy(&attr);
  }
  installCrashHandler();
  if (const char *board = std::getenv("WARPSIM_PROGRESS"); board != nullptr && *board != '\0')
    progress = mapProgressBoard(board);
  if (options.timeout_s != 0)
    installHostStackDump();
  instance_ = this;
  // The observers the linked libraries registered (the checkers, the
  // profiler); they live until _exit, as the runtime.
  RuntimeObservers *set = new RuntimeObservers(*this);
  runObserverInstallers(*set);
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
  findings.addStat("parallel_rounds", s.parallel_rounds);
  findings.addStat("serial_turns", s.serial_turns);
  findings.flush();
  printEngineNotes();
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
