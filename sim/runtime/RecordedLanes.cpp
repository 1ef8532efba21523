#include "RecordedLanes.h"

#include <algorithm>

#include <pthread.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

#include "BlockExecutor.h"
#include "DirectAccess.h"
#include "GridRunner.h"
#include "Runtime.h"
#include "SiteTable.h"

namespace {
struct TraitTable {
  struct Row {
    const char *reason; // null: eligible
    unsigned flags;
  };
  std::map<const void *, Row> rows; // by kernel
  bool any = false;
};
// Never destroyed: module constructors fill it, and the runtime reads it
// until the process ends.
TraitTable &traits() {
  static auto *t = new TraitTable;
  return *t;
}
} // namespace

extern "C" void __warpsim_register_kernel_traits(const WarpsimKernelTrait *rows,
                                                 std::uint32_t count) {
  TraitTable &t = traits();
  t.any = true;
  for (std::uint32_t i = 0; i < count; ++i)
    t.rows.emplace(rows[i].kernel, TraitTable::Row{rows[i].reason, rows[i].flags});
}

namespace warpsim::sim {

namespace {
// A lane's log may grow to this many bytes per block before the launch
// ends with a message (docs/architecture.md, "Two engines").
constexpr std::size_t kMaxLogBytes = std::size_t{1} << 30;
struct Note {
  std::string kernel, text;
};
std::vector<Note> &notes() {
  static auto *n = new std::vector<Note>; // printed at exit (Runtime::finish)
  return *n;
}

// The stack this host thread runs on: a recorded lane's locals live there.
void hostStack(std::uintptr_t &lo, std::uintptr_t &hi) {
  thread_local std::uintptr_t tlo = 0, thi = 0;
  if (thi == 0) {
    pthread_attr_t a;
    void *addr = nullptr;
    std::size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
      pthread_attr_getstack(&a, &addr, &size);
      pthread_attr_destroy(&a);
    }
    tlo = reinterpret_cast<std::uintptr_t>(addr);
    thi = tlo + size;
  }
  lo = tlo;
  hi = thi;
}
} // namespace

EngineDecision chooseEngine(Runtime &rt, const LaunchInfo &launch, bool observed, bool silent) {
  const Options &o = rt.options;
  auto fibers = [](std::string why) {
    return EngineDecision{LaunchEngine::Fibers, std::move(why)};
  };
  if (o.engine == Engine::Fibers)
    return fibers("--engine fibers");
  if (o.schedule != Schedule::Lockstep)
    return fibers(std::string("--schedule ") + scheduleName(o.schedule) +
                  " (the compiled engine runs the lockstep schedule)");
  if (rt.ptx != nullptr)
    return fibers("--memory-model ptx (a load's value depends on the interleaving)");
  if (launch.cooperative)
    return fibers("a cooperative launch");
  if (launch.cluster.volume() > 1)
    return fibers("thread block clusters");
  const TraitTable &t = traits();
  if (!t.any)
    return fibers("no kernel table: the program was not built with the value-carrying "
                  "instrumentation");
  const void *k = launch.site->kernel_addr;
  auto it = k != nullptr ? t.rows.find(k) : t.rows.end();
  if (it == t.rows.end())
    return fibers("the kernel is not in the instrumented code's table");
  if (it->second.reason != nullptr)
    return fibers(it->second.reason);
  const bool barriers = (it->second.flags & 1) != 0;
  // Under auto only the direct path: it watches for threads that meet on a
  // word (LaneConflictWatch) and then runs the launch again on fibers, so
  // the output is the same. Under checkers that may be silent on it, it is
  // checked: what any of them could report sends it back to fibers too. A
  // recorded launch cannot go back (its observers have seen its events):
  // --engine compiled asks for it.
  if (o.engine == Engine::Auto && observed && silent)
    return {LaunchEngine::Direct,
            std::string("compiled, direct, checked") +
                (barriers ? ", from barrier to barrier" : "") +
                ": the checkers hear nothing of it (threads that meet on a word, an access the "
                "memory or initialisation checker rejects, a texture fetch, or threads that exit "
                "while others wait at a barrier send the launch back to fibers)",
            barriers};
  if (o.engine == Engine::Auto && observed)
    return fibers("the kernel could run compiled, but a profiler or checker watches its events "
                  "(a recorded launch cannot go back to fibers once they saw it): --engine "
                  "compiled records it");
  if (observed && barriers)
    return fibers("CTA barriers or warp operations: the recorded path runs each thread to its "
                  "end (only the direct path, under run, runs threads from one to the next)");
  if (observed)
    return {LaunchEngine::Recorded, "compiled, recorded: observers watch its events"};
  if (barriers)
    return {LaunchEngine::Direct,
            "compiled, direct, from barrier to barrier: nothing watches its accesses (threads "
            "that meet on a word between two barriers or warp operations send the launch back "
            "to fibers)",
            true};
  return {LaunchEngine::Direct, "compiled, direct: nothing watches its accesses (threads that "
                                "meet on a word send the launch back to fibers)"};
}

void noteEngine(Runtime &rt, const LaunchInfo &launch, const EngineDecision &d) {
  const bool compiled = d.engine != LaunchEngine::Fibers;
  if (rt.options.engine == Engine::Compiled && !compiled) {
    // Asked for, not possible: said once per kernel, and the launch runs on
    // fibers (the same answers, only slower).
    static std::map<std::string, bool> warned;
    if (!warned[launch.site->kernel_name]) {
      warned[launch.site->kernel_name] = true;
      std::fflush(stdout);
      std::fprintf(stderr, "warpsim: warning: --engine compiled: kernel '%s' runs on fibers: %s\n",
                   launch.site->kernel_name, d.reason.c_str());
    }
  }
  if (!rt.options.engine_notes)
    return;
  const std::string text = compiled ? d.reason : "fibers: " + d.reason;
  for (const Note &n : notes())
    if (n.kernel == launch.site->kernel_name && n.text == text)
      return;
  notes().push_back({launch.site->kernel_name, text});
}

void printEngineNotes() {
  for (const Note &n : notes())
    std::fprintf(stderr, "warpsim: engine: %s: %s\n", n.kernel.c_str(), n.text.c_str());
}

// ------------------------------------------------------- running to the end

// Each lane in turn runs the kernel to its end on this host thread's stack.
// An error that ends the launch unwinds the lane (kernel code owns no host
// resources) back here.
void BlockExecutor::runLanesToEnd() {
  if (grid_.checkedDirect()) {
    for (DirectScreen *s : grid_.screens())
      s->beginDirectBlock(info);
    std::fill(screenedShared_.begin(), screenedShared_.end(), 0); // a new block's window
  }
  if (grid_.directSegments()) {
    runSegments();
    return;
  }
  const bool log = grid_.engine() == LaunchEngine::Recorded;
  std::uintptr_t lo, hi;
  hostStack(lo, hi);
  (void)hi;
  if (log) {
    logs_.resize(lanes.size());
    replay_.assign(lanes.size(), Replay{});
    recordedFindings_.clear();
    logBytes_ = 0;
  }
  recording_ = true;
  // The direct path, watched: threads are numbered for the watch, and each
  // warp's stops are counted as the lockstep schedule would issue them.
  watch_ = log ? nullptr : grid_.conflictWatch();
  direct_ = watch_ != nullptr;
  const std::uint32_t first = watch_ != nullptr ? watch_->beginBlock(cursor_, info.linear) : 0;
  const StaticSite *outer = __warpsim_event_site;
  for (Lane &l : lanes) {
    l.stack_lo = lo;
    l.depth = 0;
    l.stack_hash = 0;
    l.started = true;
    if (log)
      logs_[l.tid].clear();
    sinceStore_ = 0;
    serial_ = first + l.tid;
    if (watch_ != nullptr && l.lane == 0)
      lockstep_.beginWarp(l.warp->count);
    const bool ended = runOne(l);
    __warpsim_event_site = outer;
    tl_lane = nullptr;
    restoreSuppressed(l);
    if (watch_ != nullptr && ended) {
      lockstep_.endLane(l.lane);
      if (l.lane + 1 == l.warp->count && !finishDirectWarp(*l.warp))
        break;
    }
    if (log) {
      if (ended) {
        capturePost(l);
        RecordedEvent e;
        e.special = RecordedEvent::Exit;
        logs_[l.tid].push_back(e);
      }
      continue;
    }
    if (!ended) // direct: the launch ended at this lane
      break;
    l.state = LaneState::Exited;
    laneExited(&l);
  }
  recording_ = false;
  watch_ = nullptr;
  direct_ = false;
  if (!log)
    return;
  for (Lane &l : lanes) {
    l.state = LaneState::Ready;
    l.started = false;
    l.depth = 0;
    l.stack_hash = 0;
    l.stack_lo = l.stack_hi = 0;
  }
}

// Returns false if the lane ended the launch (abortLaunch unwound it).
bool BlockExecutor::runOne(Lane &l) {
  // The lane's stack: what lies below this frame (host code's frames above
  // are not the lane's: a kernel reading them is reported, as under fibers).
  l.stack_hi = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  tl_lane = &l;
  if (__builtin_setjmp(unwind_) != 0)
    return false;
  grid_.runKernel();
  return true;
}

void BlockExecutor::capturePost(Lane &l) {
  std::vector<RecordedEvent> &log = logs_[l.tid];
  if (log.empty())
    return;
  RecordedEvent &last = log.back();
  if (last.special != RecordedEvent::Event || last.kind != EventKind::Access ||
      last.access == AccessKind::Load || last.size > sizeof last.post || last.post_size != 0)
    return;
  std::memcpy(last.post, reinterpret_cast<const void *>(last.addr), last.size);
  last.post_size = static_cast<std::uint8_t>(last.size);
}

// On the lane, while recording: the event it would stop at under fibers.
void BlockExecutor::record(Lane *l) {
  const PendingEvent &ev = l->ev;
  const bool write = ev.kind == EventKind::Access && ev.access != AccessKind::Load;
  if (direct_) { // a spin may wait for another thread: fibers tell
    countDirect(l, ev.kind, write, ev.pc, ev.position, ev.addr);
    return;
  }
  if (write)
    wroteCompiled();
  else if (++sinceStore_ >= readFrom_ && compiledSpins(*l, ev.kind, ev.pc, ev.addr))
    recordedSpin(l);
  capturePost(*l);
  std::vector<RecordedEvent> &log = logs_[l->tid];
  if ((logBytes_ += sizeof(RecordedEvent)) > kMaxLogBytes)
    recordedTooLong(l);
  RecordedEvent &e = log.emplace_back();
  e.addr = ev.addr;
  e.pc = ev.pc;
  e.position = ev.position;
  e.stack_hash = l->stack_hash;
  e.site = ev.site;
  e.size = ev.size;
  e.depth = l->depth;
  e.kind = ev.kind;
  e.access = ev.access;
  e.space = ev.space;
  e.order = ev.order;
  e.scope = ev.scope;
  e.proxy = ev.proxy;
  e.fence = ev.fence;
  e.fenceOrder = ev.fenceOrder;
  e.proxyFence = ev.proxyFence;
  e.atomicLoad = ev.atomicLoad;
  e.copyWrite = ev.copyWrite;
  if (e.kind == EventKind::Access && e.access != AccessKind::Load && e.size <= sizeof e.pre)
    std::memcpy(e.pre, reinterpret_cast<const void *>(e.addr), e.size);
  if (frames_.find(l->stack_hash) == frames_.end())
    frames_.emplace(
        l->stack_hash,
        std::vector<std::uintptr_t>(l->frames, l->frames + std::min(l->depth, Lane::kMaxFrames)));
}

std::uint64_t BlockExecutor::recordStop(Lane *l) {
  if (l->ev.kind == EventKind::Fence) {
    record(l);
    return 0;
  }
  if ((l->ev.kind == EventKind::Barrier || l->ev.kind == EventKind::WarpOp) &&
      grid_.directSegments())
    return segmentStop(l);
  // The kernel table said this kernel never waits: a call the analysis
  // missed. Nothing sound can follow.
  std::fflush(stdout);
  std::fprintf(stderr,
               "warpsim: error: the compiled engine met a synchronising call in kernel '%s' that "
               "the kernel table did not list; rerun with --engine fibers (and report it)\n",
               info.launch->site->kernel_name);
  std::_Exit(2);
}

bool BlockExecutor::compiledSpins(Lane &l, EventKind kind, std::uintptr_t pc, std::uintptr_t addr) {
  // The lane runs alone from one write to the next: its reads are its own
  // window's. A read it did not make in its first pass walks: progress.
  if (kind == EventKind::Access &&
      readWalks(readTraces_[l.tid], compiledWindow_, sinceStore_, pc, addr)) {
    sinceStore_ = 0;
    return false;
  }
  return sinceStore_ > rt_.options.spin_limit;
}

void BlockExecutor::recordedSpin(Lane *l) {
  Finding f;
  f.kind = "livelock";
  f.kernel = info.launch->site->kernel_name;
  f.launch = info.launch->id;
  f.fatal = true;
  f.message = "a thread made " + std::to_string(rt_.options.spin_limit) +
              " accesses without writing memory under the compiled engine, which runs each "
              "thread to its end before the next: if it waits for another thread's write, rerun "
              "with --engine fibers (--spin-limit)";
  f.sites.push_back(siteOf(l, l->ev.pc, l->ev.site, "spins"));
  rt_.fatal(f);
}

void BlockExecutor::restartOnFibers(const char *why) {
  grid_.restartOnFibers(why);
  __builtin_longjmp(unwind_, 1);
}

// The warp's warp instructions under lockstep; false (the launch goes back
// to fibers) where the count is not known here.
bool BlockExecutor::finishDirectWarp(Warp &w, std::vector<std::uint64_t> *warpOpGroups) {
  const std::optional<std::uint64_t> n = lockstep_.finishWarp(
      rt_.options.thread_model == ThreadModel::Independent, w.lastGroup, w.streak,
      static_cast<std::uint8_t>(EventKind::WarpOp), warpOpGroups);
  if (!n) {
    grid_.restartOnFibers("the lockstep schedule's starvation rule could step in");
    return false;
  }
  stats_.warp_instructions += *n;
  return true;
}

void BlockExecutor::recordedTooLong(Lane *l) {
  Finding f;
  f.kind = "engine-limit";
  f.kernel = info.launch->site->kernel_name;
  f.launch = info.launch->id;
  f.fatal = true;
  f.message = "the compiled engine's event log of this block passed " +
              std::to_string(kMaxLogBytes >> 20) +
              " MiB (every event of its threads is kept until the block is replayed); rerun "
              "with --engine fibers";
  f.sites.push_back(siteOf(l, l->ev.pc, l->ev.site, "access"));
  rt_.fatal(f);
}

void BlockExecutor::recordFinding(Lane *l, RecordedEvent::Special what, cudaError_t error,
                                  Finding finding) {
  capturePost(*l);
  RecordedEvent &e = logs_[l->tid].emplace_back();
  e.special = what;
  e.pc = finding.sites.empty() ? 0 : finding.sites.front().pc;
  e.position = e.pc;
  if (const StaticSite *s = __warpsim_event_site)
    e.position = reinterpret_cast<std::uintptr_t>(s);
  e.site = e.pc != 0 ? currentSiteId() : kNoSite;
  e.depth = l->depth;
  e.stack_hash = l->stack_hash;
  e.finding = static_cast<std::uint32_t>(recordedFindings_.size());
  recordedFindings_.emplace_back(error, std::move(finding));
}

void BlockExecutor::recordAbort(Lane *l, cudaError_t error, Finding finding) {
  restoreSuppressed(*l);
  // The direct path runs threads in another order than the lockstep
  // schedule, so where a launch-ending error stops them (the counts, which
  // threads wrote) is not where fibers stop: the launch is undone and fibers
  // report it as it happens there.
  if (grid_.engine() == LaunchEngine::Direct)
    restartOnFibers("an error ended the launch");
  recordFinding(l, RecordedEvent::Abort, error, std::move(finding));
  __builtin_longjmp(unwind_, 1);
}

// ------------------------------------------------------------------ replay

// run() of a recorded launch: as BlockExecutor::run, with each lane's next
// logged event in place of a switch to its fiber.
Lane *BlockExecutor::replay(Lane *l) {
  for (Lane *n = l;;) {
    n->started = true;
    if (!popEvent(*n))
      return nullptr;
    // Each lane's log is finite (a lane that spun alone ended the program
    // while recording: compiledSpins), so a replayed event moves its lane
    // toward its end: no spin, whatever it wrote (issue 27 item 6: a
    // same-value store in a counted loop, and no fiber state is left here
    // to tell it by). The starvation rule counts as under fibers.
    notSpinning();
    if (!afterStop(n))
      return nullptr;
    if (n->state == LaneState::Exited) {
      laneExited(n);
      return n;
    }
    if (!chain_)
      return n;
    Lane *next = nullptr;
    Lane *ls = lanesOf(*n->warp);
    for (std::uint32_t i = n->lane + 1; i < n->warp->count && next == nullptr; ++i)
      if (ls[i].state == LaneState::Ready)
        next = &ls[i];
    if (next == nullptr)
      return n;
    n = next;
  }
}

// The lane makes what it was issued with (a store leaves its bytes), then
// stops at its next logged event. Returns false if that ended the launch.
bool BlockExecutor::popEvent(Lane &l) {
  std::vector<RecordedEvent> &log = logs_[l.tid];
  Replay &r = replay_[l.tid];
  if (r.post >= 0) {
    const RecordedEvent &done = log[static_cast<std::size_t>(r.post)];
    if (done.access == AccessKind::Store)
      std::memcpy(reinterpret_cast<void *>(done.addr), done.post, done.post_size);
    // Progress is what the lane's write changed when it ran.
    if (l.watch_size == done.post_size && l.watch_addr == done.addr) {
      const bool changed = std::memcmp(done.pre, done.post, done.post_size) != 0;
      if (done.access == AccessKind::Store || changed)
        std::memcpy(l.watch_old, changed ? done.pre : done.post, done.post_size);
      else
        l.watch_size = 0; // an atomic that left the bytes as they were
      if (done.access == AccessKind::Atomic && changed) {
        std::memcpy(l.atomic_old, done.pre, done.post_size); // what it found, for StoreDone
        l.atomic_found = true;
      }
    }
    r.post = -1;
  }
  while (true) {
    const RecordedEvent &e = log[r.cursor];
    if (e.depth != l.depth || e.stack_hash != l.stack_hash) {
      l.depth = e.depth;
      l.stack_hash = e.stack_hash;
      if (auto it = frames_.find(e.stack_hash); it != frames_.end())
        std::copy(it->second.begin(), it->second.end(), l.frames);
    }
    if (e.special == RecordedEvent::Exit) {
      ++r.cursor;
      l.depth = 0;
      l.state = LaneState::Exited;
      return true;
    }
    if (e.special != RecordedEvent::Event) {
      // What the lane found is reported in round order: under fibers it
      // stops at a serial point first (BlockExecutor::serialPoint).
      if (round_.inParallelPhase() && !r.serialPassed) {
        r.serialPassed = true;
        PendingEvent &p = l.ev;
        p.kind = EventKind::Serial;
        p.pc = e.pc;
        p.position = e.position;
        p.site = e.site;
        p.addr = 0;
        p.size = 0;
        l.state = LaneState::AtEvent;
        return true;
      }
      r.serialPassed = false;
      ++r.cursor;
      auto &[error, finding] = recordedFindings_[e.finding];
      if (e.special == RecordedEvent::Suppressed) {
        grid_.accessGuard()->suppressed(std::move(finding));
        continue;
      }
      grid_.abort(error, std::move(finding));
      l.state = LaneState::Exited;
      return false;
    }
    PendingEvent &p = l.ev;
    p.kind = e.kind;
    p.access = e.access;
    p.space = e.space;
    p.order = e.order;
    p.scope = e.scope;
    p.proxy = e.proxy;
    p.copyWrite = e.copyWrite;
    p.atomicLoad = e.atomicLoad;
    p.fence = e.fence;
    p.fenceOrder = e.fenceOrder;
    p.proxyFence = e.proxyFence;
    p.size = e.size;
    p.addr = e.addr;
    p.pc = e.pc;
    p.position = e.position;
    p.site = e.site;
    if (e.post_size != 0)
      r.post = static_cast<std::int64_t>(r.cursor);
    ++r.cursor;
    l.state = LaneState::AtEvent;
    return true;
  }
}

} // namespace warpsim::sim
