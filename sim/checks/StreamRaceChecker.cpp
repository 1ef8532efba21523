#include "StreamRaceChecker.h"

#include "Describe.h"
#include "ObserverContext.h"

namespace warpsim::sim {
namespace {

// The page a host thread used last (a launch's blocks run on several).
struct PageCache {
  const void *owner = nullptr;
  std::uintptr_t key = ~std::uintptr_t{0};
  void *page = nullptr;
};
thread_local PageCache tl_cache;

std::uint64_t opOf(std::uint64_t v) { return v >> 32; }
std::uint32_t siteOf(std::uint64_t v) { return static_cast<std::uint32_t>(v); }

} // namespace

StreamRaceChecker::Cell &StreamRaceChecker::cell(std::uintptr_t addr) {
  const std::uintptr_t key = addr >> kPageShift;
  PageCache &c = tl_cache;
  if (c.owner != this || c.key != key) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::unique_ptr<Page> &p = pages_[key];
    if (p == nullptr)
      p = std::make_unique<Page>();
    c = PageCache{this, key, p.get()};
  }
  return static_cast<Page *>(c.page)->cells[(addr >> kWordShift) & (kWords - 1)];
}

bool StreamRaceChecker::unordered(std::uint64_t other, std::uint64_t self) const {
  return other != 0 && other != self && other < ops_.size() && ops_[other].kind != Op::None &&
         !cx_.streamOrdered(other);
}

void StreamRaceChecker::store(std::atomic<std::uint64_t> &c, std::uint64_t op, std::uint32_t site) {
  const std::uint64_t want = (op << 32) | site;
  std::uint64_t old = c.load(std::memory_order_relaxed);
  // The same operation keeps its smallest site: any order of blocks
  // leaves the same word.
  while ((opOf(old) != op || siteOf(old) > site) &&
         !c.compare_exchange_weak(old, want, std::memory_order_relaxed)) {
  }
}

bool StreamRaceChecker::silentOnDirect() const { return !cx_.streamsInUse(); }

void StreamRaceChecker::onLaunchBegin(const LaunchInfo &l) {
  active_ = cx_.streamsInUse() && l.stream_op != 0;
  launch_ = &l;
  if (!active_)
    return;
  if (ops_.size() <= l.stream_op)
    ops_.resize(l.stream_op + 1);
  OpInfo &o = ops_[l.stream_op];
  o.kind = Op::Kernel;
  o.name = l.site->kernel_name;
  o.file = l.site->file != nullptr ? l.site->file : "";
  o.line = l.site->line;
  o.col = l.site->col;
  o.launch = l.id;
}

void StreamRaceChecker::onWarpAccess(const WarpAccess &a) {
  if (!active_ || (a.space != MemorySpace::Global && a.space != MemorySpace::Managed))
    return;
  const std::uint64_t self = launch_->stream_op;
  const bool write = a.kind != AccessKind::Load && !a.atomic_load;
  const std::uint32_t site = a.site;
  for (std::uint32_t i = 0; i < a.count; ++i) {
    const LaneAccess &lane = a.lanes[i];
    const std::uintptr_t end = lane.addr + lane.size;
    for (std::uintptr_t w = lane.addr & ~std::uintptr_t{3}; w < end; w += 4) {
      Cell &c = cell(w);
      const std::uint64_t wr = c.write.load(std::memory_order_relaxed);
      const char *hazard = nullptr;
      std::uint64_t other = 0, otherCell = 0;
      // An earlier operation of another stream (a library call or a
      // kernel) that nothing orders before this launch.
      if (unordered(opOf(wr), self)) {
        hazard = write ? "WAW" : "RAW";
        other = opOf(wr);
        otherCell = wr;
      } else if (write) {
        const std::uint64_t rd = c.read.load(std::memory_order_relaxed);
        if (unordered(opOf(rd), self)) {
          hazard = "WAR";
          other = opOf(rd);
          otherCell = rd;
        }
      }
      if (hazard != nullptr) {
        std::lock_guard<std::mutex> lock(mutex_);
        Hit &h = hits_[{hazard[0] * 256 + hazard[2], other}];
        ++h.count;
        if (lane.addr < h.addr || (lane.addr == h.addr && site < h.site)) {
          h.addr = lane.addr;
          h.size = lane.size;
          h.site = site;
          h.pc = a.pc;
          h.otherSite = siteOf(otherCell);
        }
      }
      store(write ? c.write : c.read, self, site);
    }
  }
}

void StreamRaceChecker::onLaunchEnd(const LaunchInfo &l) {
  for (const auto &[key, h] : hits_) {
    const char hz[4] = {static_cast<char>(key.first / 256), 'A', static_cast<char>(key.first % 256),
                        0};
    if (ops_[key.second].kind == Op::Kernel)
      reportKernels(hz, key.second, h);
    else
      report(hz, l.stream_op, h.site, h.pc, key.second, true, h.addr, h.size, h.count);
  }
  hits_.clear();
  active_ = false;
  launch_ = nullptr;
}

void StreamRaceChecker::onLibraryAccess(const LibraryAccess &a) {
  if (!cx_.streamsInUse())
    return;
  if (ops_.size() <= a.op)
    ops_.resize(a.op + 1);
  OpInfo &self = ops_[a.op];
  if (self.kind == Op::None) {
    self.kind = Op::Library;
    self.name = a.what;
    self.pc = a.pc;
  }
  // One report per other operation and hazard for this access.
  std::set<std::pair<int, std::uint64_t>> seen;
  const std::uintptr_t end = a.addr + a.size;
  for (std::uintptr_t w = a.addr & ~std::uintptr_t{3}; w < end; w += 4) {
    Cell &c = cell(w);
    const std::uint64_t wr = c.write.load(std::memory_order_relaxed);
    auto check = [&](std::uint64_t v, const char *hazard) {
      const std::uint64_t other = opOf(v);
      if (!unordered(other, a.op) || !seen.insert({hazard[0] * 256 + hazard[2], other}).second)
        return;
      const std::uintptr_t at = w < a.addr ? a.addr : w;
      report(hazard, other, siteOf(v), 0, a.op, false, at, 4, 1);
    };
    check(wr, a.write ? "WAW" : "RAW");
    if (a.write)
      check(c.read.load(std::memory_order_relaxed), "WAR");
    store(a.write ? c.write : c.read, a.op, kNoSite);
  }
}

// `libraryFirst`: the library call `libOp` ran before `kernelOp` (a kernel
// or, for two library calls, the earlier call is `kernelOp`).
void StreamRaceChecker::report(const char *hazard, std::uint64_t otherOp, std::uint32_t otherSite,
                               std::uintptr_t otherPc, std::uint64_t libOp, bool libraryFirst,
                               std::uintptr_t addr, std::uint32_t size, std::uint64_t count) {
  const OpInfo &other = ops_[otherOp];
  const OpInfo &lib = ops_[libOp];
  const std::string otherPlace = other.kind == Op::Kernel
                                     ? other.file + ":" + std::to_string(other.line)
                                     : other.name + "@" + std::to_string(other.pc);
  if (!reported_.insert({hazard[0] * 256 + hazard[2], otherPlace, lib.pc}).second)
    return;
  Finding f;
  f.kind = "race";
  f.hazard = hazard;
  f.space = "global";
  f.address = addr;
  f.size = size;
  f.count = count;
  f.object = describeAddress(cx_, nullptr, addr, MemorySpace::Global);
  const std::string otherName =
      other.kind == Op::Kernel ? "kernel '" + other.name + "'" : other.name;
  // Which did what: the recorded operation ran first here.
  const bool otherWrites = libraryFirst ? hazard[0] == 'W' : hazard[2] == 'W';
  const bool libWrites = libraryFirst ? hazard[2] == 'W' : hazard[0] == 'W';
  if (other.kind == Op::Kernel) {
    f.kernel = other.name;
    f.launch = other.launch;
  }
  f.message = std::string(hazard) + " hazard on global memory at " + f.object + ": " + lib.name +
              (libWrites ? " writes" : " reads") + " bytes that " + otherName +
              (otherWrites ? " writes" : " reads") +
              " on another stream, and nothing orders the two (the GPU may run them at the "
              "same time): order them with cudaEventRecord + cudaStreamWaitEvent, one stream, "
              "or a synchronisation of the host between them";
  FindingSite libSite;
  libSite.role = "library call";
  libSite.detail = lib.name + (libWrites ? " writes" : " reads");
  libSite.pc = lib.pc;
  FindingSite prior;
  prior.role = other.kind == Op::Kernel ? (otherWrites ? "write" : "read") : "library call";
  prior.detail = otherName + (otherWrites ? " writes" : " reads");
  if (other.kind == Op::Kernel) {
    prior.site = otherSite;
    prior.pc = otherPc;
  } else {
    prior.pc = other.pc;
  }
  if (libraryFirst) {
    f.sites.push_back(prior);
    f.sites.push_back(libSite);
  } else {
    f.sites.push_back(libSite);
    f.sites.push_back(prior);
  }
  if (other.kind == Op::Kernel && other.line != 0) {
    FindingSite launch;
    launch.role = "launch";
    launch.detail = "launch of " + otherName;
    launch.file = other.file;
    launch.line = other.line;
    launch.col = other.col;
    f.sites.push_back(launch);
  }
  cx_.findings().add(f);
}

// Two kernels of two streams that nothing orders: `earlierOp` ran first
// here (its access is the word's recorded one), the launch ending now
// touched the same word.
void StreamRaceChecker::reportKernels(const char *hazard, std::uint64_t earlierOp, const Hit &h) {
  const OpInfo &earlier = ops_[earlierOp];
  const OpInfo &later = ops_[launch_->stream_op];
  const std::string earlierPlace = earlier.file + ":" + std::to_string(earlier.line) + ":" +
                                   std::to_string(earlier.col);
  const std::string laterPlace =
      later.file + ":" + std::to_string(later.line) + ":" + std::to_string(later.col);
  if (!reported_.insert({hazard[0] * 256 + hazard[2], earlierPlace + "|" + laterPlace, 0}).second)
    return;
  const bool earlierWrites = hazard[2] == 'W', laterWrites = hazard[0] == 'W';
  const std::string earlierName = "kernel '" + earlier.name + "'";
  const std::string laterName = "kernel '" + later.name + "'";
  Finding f;
  f.kind = "race";
  f.hazard = hazard;
  f.space = "global";
  f.address = h.addr;
  f.size = h.size;
  f.count = h.count;
  f.kernel = later.name;
  f.launch = later.launch;
  f.object = describeAddress(cx_, nullptr, h.addr, MemorySpace::Global);
  f.message = std::string(hazard) + " hazard on global memory at " + f.object + ": " +
              laterName + (laterWrites ? " writes" : " reads") + " bytes that " + earlierName +
              (earlierWrites ? " writes" : " reads") +
              " on another stream, and nothing orders the two kernels (the GPU may run them at "
              "the same time): order them with cudaEventRecord + cudaStreamWaitEvent, one "
              "stream, or a synchronisation of the host between them";
  FindingSite first;
  first.role = earlierWrites ? "write" : "read";
  first.detail = earlierName + (earlierWrites ? " writes" : " reads");
  first.site = h.otherSite;
  FindingSite second;
  second.role = laterWrites ? "write" : "read";
  second.detail = laterName + (laterWrites ? " writes" : " reads");
  second.site = h.site;
  second.pc = h.pc;
  f.sites.push_back(first);
  f.sites.push_back(second);
  for (const OpInfo *o : {&earlier, &later}) {
    if (o->line == 0)
      continue;
    FindingSite launch;
    launch.role = "launch";
    launch.detail = "launch of kernel '" + o->name + "'";
    launch.file = o->file;
    launch.line = o->line;
    launch.col = o->col;
    f.sites.push_back(launch);
  }
  cx_.findings().add(f);
}

} // namespace warpsim::sim
