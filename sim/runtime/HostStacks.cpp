#include "HostStacks.h"

#include <dirent.h>
#include <execinfo.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "BlockExecutor.h"
#include "Lane.h"
#include "Runtime.h"

// The value-carrying hooks' code (Hooks.cpp), bounded by the linker.
extern "C" [[gnu::weak]] const char __start_warpsim_value_hooks[], __stop_warpsim_value_hooks[];

namespace warpsim::sim {
namespace {

constexpr int kMaxThreads = 64;
constexpr int kMaxFrames = 64;

// What one thread recorded in its handler. Static: the handler allocates
// nothing (the interrupted thread may hold malloc's lock).
struct ThreadStack {
  std::atomic<bool> ready{false};
  long tid = 0;
  int frames = 0;
  std::uintptr_t pc[kMaxFrames] = {}; // innermost first, in the program image only
  const Lane *lane = nullptr;         // the GPU thread running on it, if any
};

ThreadStack g_stacks[kMaxThreads];
std::atomic<int> g_recorded{0};
std::atomic<bool> g_dumping{false};

void record(void *context) {
  const int i = g_recorded.fetch_add(1);
  if (i >= kMaxThreads)
    return;
  ThreadStack &t = g_stacks[i];
  t.tid = syscall(SYS_gettid);
  t.lane = tl_lane;
  const Runtime &rt = Runtime::get();
  void *raw[kMaxFrames + 8];
  const int n = backtrace(raw, kMaxFrames + 8);
  const auto interrupted =
      static_cast<std::uintptr_t>(static_cast<ucontext_t *>(context)->uc_mcontext.gregs[REG_RIP]);
  // The unwinder walks through the signal frame: skip the handler's own
  // frames, up to the interrupted instruction.
  int from = n;
  for (int k = 0; k < n; ++k)
    if (reinterpret_cast<std::uintptr_t>(raw[k]) == interrupted) {
      from = k + 1;
      break;
    }
  // Report addresses are return addresses (the symbolizer looks one byte
  // back): the interrupted instruction itself is one past. Inside a
  // value-carrying hook (Hooks.cpp) the user's call is the next frame, as
  // for a crash (Runtime.cpp): the hook's own address names no source line.
  const bool inValueHook =
      interrupted - reinterpret_cast<std::uintptr_t>(__start_warpsim_value_hooks) <
      static_cast<std::uintptr_t>(__stop_warpsim_value_hooks - __start_warpsim_value_hooks);
  if (rt.inImageCode(interrupted) && !inValueHook)
    t.pc[t.frames++] = interrupted + 1;
  for (int k = from; k < n && t.frames < kMaxFrames; ++k) {
    const auto pc = reinterpret_cast<std::uintptr_t>(raw[k]);
    if (rt.inImageCode(pc))
      t.pc[t.frames++] = pc;
  }
  t.ready.store(true, std::memory_order_release);
}

// The other threads of the process (by tid, from /proc/self/task); each gets
// the signal and records its own stack.
int signalOtherThreads(int sig) {
  int fd = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  const long self = syscall(SYS_gettid);
  const long pid = getpid();
  int sent = 0;
  alignas(8) char buf[4096];
  long n;
  while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
    for (long off = 0; off < n;) {
      auto *d = reinterpret_cast<struct dirent64 *>(buf + off);
      off += d->d_reclen;
      long tid = 0;
      bool numeric = d->d_name[0] != '\0';
      for (const char *c = d->d_name; *c != '\0'; ++c) {
        numeric &= *c >= '0' && *c <= '9';
        tid = tid * 10 + (*c - '0');
      }
      if (numeric && tid != self && syscall(SYS_tgkill, pid, tid, sig) == 0)
        ++sent;
    }
  }
  close(fd);
  return sent;
}

struct Out {
  char buf[1 << 18]; // 64 threads of 64 frames fit
  std::size_t used = 0;
  __attribute__((format(printf, 2, 3))) void add(const char *fmt, ...) {
    if (used >= sizeof buf)
      return;
    va_list ap;
    va_start(ap, fmt);
    int n = std::vsnprintf(buf + used, sizeof buf - used, fmt, ap);
    va_end(ap);
    if (n > 0)
      used = std::min(sizeof buf - 1, used + static_cast<std::size_t>(n));
  }
};
Out g_out;

// The fatal `timeout` finding, as FindingSink::add writes it (JSON line).
void writeFinding(int threads) {
  Runtime &rt = Runtime::get();
  Out &o = g_out;
  o.add("{\"type\":\"finding\",\"kind\":\"timeout\",\"severity\":\"error\",\"kernel\":\"\","
        "\"launch\":0,\"space\":\"\",\"address\":0,\"size\":0,\"count\":1,\"fatal\":true,"
        "\"message\":\"the program ran longer than --timeout %u s and was ended; where each "
        "host thread was:\",\"sites\":[",
        rt.options.timeout_s);
  // In thread-id order: the main thread first, then the others as created.
  int order[kMaxThreads];
  for (int i = 0; i < threads; ++i)
    order[i] = i;
  for (int i = 1; i < threads; ++i)
    for (int j = i; j > 0 && g_stacks[order[j]].tid < g_stacks[order[j - 1]].tid; --j)
      std::swap(order[j], order[j - 1]);
  int libraryThreads = 0, number = 0;
  bool first = true;
  for (int k = 0; k < threads; ++k) {
    const ThreadStack &t = g_stacks[order[k]];
    if (!t.ready.load(std::memory_order_acquire))
      continue;
    ++number;
    if (t.frames == 0) { // a library's thread (no frame in the program)
      ++libraryThreads;
      continue;
    }
    o.add("%s{\"role\":\"host thread\",\"pc\":%llu,\"stack\":[", first ? "" : ",",
          static_cast<unsigned long long>(t.pc[0]));
    first = false;
    for (int f = 1; f < t.frames; ++f)
      o.add("%s%llu", f == 1 ? "" : ",", static_cast<unsigned long long>(t.pc[f]));
    o.add("]");
    o.add(",\"thread_count\":1,\"threads\":\"\",\"detail\":\"host thread %d%s\"}", number,
          t.tid == getpid() ? " (main)" : "");
  }
  if (libraryThreads != 0)
    o.add("%s{\"role\":\"host thread\",\"pc\":0,\"stack\":[],\"thread_count\":%d,\"threads\":"
          "\"\",\"detail\":\"%d more host thread(s) with no frame in the program (a "
          "library's)\"}",
          first ? "" : ",", libraryThreads, libraryThreads);
  o.add("]}\n");
  rt.findings.emitRaw(o.buf);
}

void onDumpSignal(int, siginfo_t *, void *context) {
  bool expected = false;
  if (!g_dumping.compare_exchange_strong(expected, true)) {
    record(context); // another thread leads
    return;
  }
  record(context);
  const int others = signalOtherThreads(hostStackDumpSignal());
  // Wait for them (a second at most: a thread may have the signal blocked).
  for (int waited = 0; waited < 1000; ++waited) {
    const int n = std::min(g_recorded.load(), kMaxThreads);
    int ready = 0;
    for (int i = 0; i < n; ++i)
      ready += g_stacks[i].ready.load(std::memory_order_acquire) ? 1 : 0;
    if (ready >= std::min(others + 1, kMaxThreads))
      break;
    timespec ms{0, 1'000'000};
    nanosleep(&ms, nullptr);
  }
  Runtime &rt = Runtime::get();
  if (rt.grid.launch() != nullptr) {
    // A kernel is running: the grid runner reports at its next round, where
    // it can say what each GPU thread was doing (GridRunner::reportTimeout).
    g_timeoutPending.store(true, std::memory_order_release);
    return;
  }
  writeFinding(std::min(g_recorded.load(), kMaxThreads));
  rt.finishAfterCrash();
  // Last, and it may block (another thread may hold stdout's lock): the
  // driver ends the program if it does not exit soon; the report is written.
  std::fflush(stdout);
  _exit(kSimulationAbortedExit);
}

} // namespace

std::atomic<bool> g_timeoutPending{false};

void addHostThreadSites(Finding &f, const LaunchInfo &running) {
  const long self = syscall(SYS_gettid);
  const int threads = std::min(g_recorded.load(), kMaxThreads);
  std::vector<int> order;
  for (int i = 0; i < threads; ++i)
    if (g_stacks[i].ready.load(std::memory_order_acquire))
      order.push_back(i);
  std::sort(order.begin(), order.end(),
            [](int a, int b) { return g_stacks[a].tid < g_stacks[b].tid; });
  int libraryThreads = 0, number = 0;
  for (int i : order) {
    const ThreadStack &t = g_stacks[i];
    ++number;
    const std::string name =
        "host thread " + std::to_string(number) + (t.tid == getpid() ? " (main)" : "");
    if (t.frames == 0 && t.tid == self) {
      // The thread running the grid, caught on a GPU thread's stack (fibers)
      // or in the runtime: its program frame is the launch.
      FindingSite s;
      s.role = "host thread";
      s.file = running.site->file;
      s.line = running.site->line;
      s.col = running.site->col;
      s.detail = name + ", running this launch";
      f.sites.push_back(std::move(s));
      continue;
    }
    if (t.frames == 0) {
      ++libraryThreads;
      continue;
    }
    FindingSite s;
    s.role = "host thread";
    s.pc = t.pc[0];
    s.stack.assign(t.pc + 1, t.pc + t.frames);
    s.detail = name;
    if (t.lane != nullptr) { // it was running a GPU thread's code
      s.has_thread = true;
      s.block = t.lane->block->info.index;
      s.thread = t.lane->tidx;
      s.detail += ", running this GPU thread";
    }
    f.sites.push_back(std::move(s));
  }
  if (libraryThreads != 0) {
    FindingSite s;
    s.role = "host thread";
    s.thread_count = static_cast<std::uint32_t>(libraryThreads);
    s.detail = std::to_string(libraryThreads) +
               " more host thread(s) with no frame in the program (a library's)";
    f.sites.push_back(std::move(s));
  }
}

void installHostStackDump() {
  // backtrace() loads the unwinder on first use: not in the handler.
  void *warm[2];
  backtrace(warm, 2);
  struct sigaction sa{};
  sa.sa_sigaction = &onDumpSignal;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(hostStackDumpSignal(), &sa, nullptr);
}

} // namespace warpsim::sim
