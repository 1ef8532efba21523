// Races between work of two streams: a CUDA library call (cuBLAS, cuSPARSE,
// cuRAND: sim/libs) or a kernel, and a kernel or library call of another
// stream touching the same device bytes with neither ordered before the other by stream
// order, an event (cudaStreamWaitEvent) or host synchronisation
// (model/StreamOrder.h). Kernels run when launched, so the order the GPU
// would leave undefined is recovered from the stream clocks, not from when
// things ran. Per 4-byte word of device memory: the last operation that
// wrote it and the last that read it (with the kernel's access site), kept
// only while the program uses a stream other than the legacy one.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "Findings.h"
#include "Observer.h"

namespace warpsim::sim {
class ObserverContext;

class StreamRaceChecker final : public Observer {
public:
  explicit StreamRaceChecker(ObserverContext &cx) : cx_(cx) {}
  unsigned interests() const override { return kAccesses; }
  // Blocks of one launch store the same operation; a word's site is the
  // smallest that touched it (compare-and-swap), so any order leaves one
  // result.
  bool blockParallel() const override { return true; }
  // It keeps a launch's words only while streams other than the legacy
  // one are in use.
  bool silentOnDirect() const override;
  void onLaunchBegin(const LaunchInfo &) override;
  void onLaunchEnd(const LaunchInfo &) override;
  void onWarpAccess(const WarpAccess &) override;
  void onLibraryAccess(const LibraryAccess &) override;

private:
  static constexpr unsigned kWordShift = 2, kPageShift = 16;
  static constexpr std::size_t kWords = std::size_t{1} << (kPageShift - kWordShift);
  // (operation << 32) | static site of the kernel's access (kNoSite: none).
  struct Cell {
    std::atomic<std::uint64_t> write{0}, read{0};
  };
  struct Page {
    Cell cells[kWords];
  };
  enum class Op : std::uint8_t { None, Kernel, Library };
  struct OpInfo {
    Op kind = Op::None;
    std::string name; // the kernel or the library routine
    std::uintptr_t pc = 0;
    std::string file; // a kernel's launch site
    unsigned line = 0, col = 0;
    std::uint64_t launch = 0; // LaunchInfo::id
  };
  // A kernel's accesses racing with one earlier operation: the lowest address.
  struct Hit {
    std::uintptr_t addr = ~std::uintptr_t{0};
    std::uint32_t size = 0, site = kNoSite;
    std::uintptr_t pc = 0;
    std::uint64_t count = 0;
    std::uint32_t otherSite = kNoSite; // the earlier kernel's access, if a kernel
  };

  Cell &cell(std::uintptr_t addr);
  bool unordered(std::uint64_t other, std::uint64_t self) const;
  static void store(std::atomic<std::uint64_t> &c, std::uint64_t op, std::uint32_t site);
  void reportKernels(const char *hazard, std::uint64_t earlierOp, const Hit &h);
  void report(const char *hazard, std::uint64_t otherOp, std::uint32_t otherSite,
              std::uintptr_t otherPc, std::uint64_t libOp, bool libraryFirst, std::uintptr_t addr,
              std::uint32_t size, std::uint64_t count);

  ObserverContext &cx_;
  bool active_ = false;
  std::mutex mutex_; // pages_ and hits_
  std::unordered_map<std::uintptr_t, std::unique_ptr<Page>> pages_;
  std::vector<OpInfo> ops_; // by operation id
  const LaunchInfo *launch_ = nullptr;
  // This launch's hazards, by (hazard, library operation).
  std::map<std::pair<int, std::uint64_t>, Hit> hits_;
  // Library-side reports already made: (hazard, other operation's place, call pc).
  std::set<std::tuple<int, std::string, std::uintptr_t>> reported_;
};

} // namespace warpsim::sim
