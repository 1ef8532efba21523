// A block's async copies in flight (cp.async, cp.async.bulk,
// cp.reduce.async.bulk) and the mbarrier arrive-ons they owe, in issue
// order; beside the SyncTable, whose async groups they complete. The
// lane-side calls run on the issuing lane's fiber; landing is the block's
// (AsyncCopies.cpp says when copies land).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "Observer.h"
#include "warpsim/model/BulkReduce.h"
#include "warpsim/model/TensorMap.h"

namespace warpsim::sim {

class BlockExecutor;
struct Lane;

class AsyncCopyQueue {
public:
  explicit AsyncCopyQueue(BlockExecutor &block) : x_(block) {}

  // A block was admitted: nothing in flight; `seed` starts the stream of
  // --async-completion random.
  void reset(std::uint64_t seed);
  bool empty() const { return copies_.empty(); }
  bool idle() const { return copies_.empty() && arrivals_.empty(); }
  // access() is a cp.async's destination write (the profile counts it with
  // the LDGSTS, not as a store).
  bool writingDestination() const { return destinationWrite_; }

  // ---- on the lane's fiber (the device API and inline PTX)
  // Issues a copy of `size` bytes from global `src` to shared `dst` (bytes
  // past `srcSize` are zero-filled) into the thread's open group.
  void asyncCopy(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                 std::uint32_t srcSize, std::uintptr_t pc);
  void asyncCommit(Lane *l);
  // cp.async.wait_group n: lands every copy of the thread's committed groups
  // but the n most recent.
  void asyncWait(Lane *l, std::uint32_t n, std::uintptr_t pc);
  // cp.async.mbarrier.arrive{.noinc}: an arrive-on the mbarrier once every
  // copy the thread issued so far has landed.
  void asyncMBarrierArrive(Lane *l, std::uintptr_t mbar, bool noinc, std::uintptr_t pc);
  // cp.async.bulk global -> shared: lands as one complete_tx of `size` bytes
  // on the mbarrier at `mbar`. `dst` and `mbar` may be in a cluster peer's
  // shared memory (shared::cluster; both in the same CTA). With
  // .multicast::cluster (ctaMask >= 0: bits 0..15) the bytes land at dst's
  // offset in the shared memory of each CTA of the cluster the mask names,
  // each completing the mbarrier at mbar's offset in that CTA.
  void bulkLoad(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                std::uintptr_t mbar, std::uintptr_t pc, std::int32_t ctaMask = -1);
  // cp.async.bulk shared -> global into the thread's open bulk group.
  void bulkStore(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                 std::uintptr_t pc);
  // cp.reduce.async.bulk shared -> global in the thread's open bulk group:
  // when it lands, each destination element becomes op(element, source).
  void bulkReduce(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                  model::ReduceOp op, model::ReduceType type, std::uintptr_t pc);
  // cp.async.bulk.tensor.Nd global -> shared (TensorCopies.cpp): the box at
  // `coords` of the tensor map at `map` to shared `dst`, landing as one
  // complete_tx of the whole box's bytes on the mbarrier at `mbar`.
  // As bulkLoad, `dst` and `mbar` may be a peer's and ctaMask multicasts.
  // With `im2col` (its offsets, rank - 2 of them) an im2col copy of an
  // im2col map (model::im2colCopySegments).
  void tensorLoad(Lane *l, std::uintptr_t dst, std::uintptr_t map, const std::int32_t *coords,
                  std::uint32_t rank, std::uintptr_t mbar, std::uintptr_t pc,
                  std::int32_t ctaMask = -1, const std::int16_t *im2col = nullptr);
  // cp.async.bulk.tensor.Nd shared -> global in the thread's open bulk group
  // (out-of-bounds elements are not written).
  void tensorStore(Lane *l, std::uintptr_t map, const std::int32_t *coords, std::uint32_t rank,
                   std::uintptr_t src, std::uintptr_t pc);
  // cp.reduce.async.bulk.tensor.Nd: a tensor store that combines each
  // in-bounds element with op (the element type is the map's).
  void tensorReduce(Lane *l, std::uintptr_t map, const std::int32_t *coords, std::uint32_t rank,
                    std::uintptr_t src, model::ReduceOp op, std::uintptr_t pc);
  // cp.async.bulk.prefetch.tensor.Nd.L2: only the map is checked (a prefetch
  // into L2 changes nothing a program can see).
  void tensorPrefetch(Lane *l, std::uintptr_t map, std::uint32_t rank, std::uintptr_t pc,
                      bool im2col = false);
  // tensormap.replace (TensorMapReplace.cpp): sets one field of the map at
  // `map` (global or the CTA's shared memory), a generic-proxy write of its
  // 128 bytes; a map that is not one, or a change the driver's rules refuse,
  // ends the launch with a located tensor-map error.
  void tensormapReplace(Lane *l, std::uintptr_t map, model::TensorMapField field, std::uint32_t ord,
                        std::uint64_t value, std::uintptr_t pc);
  // tensormap.cp_fenceproxy's copy (TensorMapReplace.cpp): the warp copies
  // the 128-byte map at shared `src` to global `dst` collectively, lane k
  // (k < 8) its 16-byte chunk k, through the generic proxy.
  void tensormapCopy(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uintptr_t pc);
  void bulkCommit(Lane *l);
  // cp.async.bulk.wait_group{.read} n.
  void bulkWait(Lane *l, std::uint32_t n);

  // ---- for the block
  // --async-completion random: lands each copy in flight with probability 1/8.
  void landSomeAtRandom();
  // A thread waits on the mbarrier at `mbar`: copies that only owe it their
  // arrive-ons or bytes land now (the latest they can).
  void landForMBarrier(std::uintptr_t mbar);
  // The block ends: every copy lands.
  void landAll();

private:
  // What a tensor copy moves: its segments (shared addresses in the
  // block's window, global ones in the tensor) and the out-of-bounds fill.
  struct TensorCopy {
    std::vector<model::TensorSegment> segments;
    std::uint64_t fill = 0; // one element's bit pattern
    std::uint32_t elemSize = 1;
  };
  struct InFlightCopy {
    std::uint32_t thread;
    std::uintptr_t dst, src;
    std::uint32_t size, srcSize;
    std::uint64_t group; // cp.async or bulk group (BulkStore)
    std::uintptr_t pc;
    AsyncCopyKind kind = AsyncCopyKind::CpAsync;
    std::uintptr_t mbar = 0; // BulkLoad: completes its tx-count
    std::uint64_t seq = 0;   // issue order in the block
    bool reduce = false;     // cp.reduce.async.bulk: combine, do not copy
    model::ReduceOp op = model::ReduceOp::Add;
    model::ReduceType type = model::ReduceType::U32;
    std::uint32_t site = kNoSite; // the static site id taken with `pc` (issue)
    std::shared_ptr<const TensorCopy> tensor = nullptr; // a tensor copy: its segments
  };
  struct AsyncArrival {
    std::uint32_t thread;
    std::uintptr_t mbar;
    std::uint32_t copies; // copies it still waits for
    std::uintptr_t pc;
    std::uint64_t upTo = 0;       // it waits for the thread's cp.async copies issued up to here
    std::uint32_t site = kNoSite; // the static site id taken with `pc`
  };
  // Ends the launch when a bulk copy's operands break PTX's alignment rules.
  void checkBulkOperands(Lane *l, std::uintptr_t dst, std::uintptr_t src, std::uint32_t size,
                         std::uintptr_t pc);
  void issue(const InFlightCopy &c);
  // The observers' events of a copy at its issue or landing: one per
  // segment for a tensor copy.
  void notify(const InFlightCopy &c, bool landed);
  // Where a load into shared::cluster memory lands: the CTA whose window
  // holds `dst` (with `mbar` in the same CTA), or with a ctaMask (>= 0) the
  // same offsets in each CTA the mask names. A located error ends the launch
  // when an address is in no CTA of the cluster or the mask names a rank
  // past the cluster's.
  struct Destination {
    std::uintptr_t dst, mbar;
  };
  std::vector<Destination> destinations(Lane *l, std::uintptr_t dst, std::uintptr_t mbar,
                                        std::int32_t ctaMask, std::uintptr_t pc, const char *what);
  // Calls f(queue) for the queue of each block of the cluster still running
  // (this one included).
  template <class F> void forEachClusterQueue(F f);
  // The tensor map at `map`, checked (a located error ends the launch).
  // (`im2col`: the instruction's mode; the map's must match.)
  model::TensorMapDesc tensorMapAt(Lane *l, std::uintptr_t map, std::uint32_t rank,
                                   std::uintptr_t pc, bool im2col = false);
  // A tensor copy's issue: its accesses and the copy in flight.
  // A load writes each destination's window at `shared`'s offset (`dests`;
  // empty for a store).
  void tensorIssue(Lane *l, InFlightCopy c, const model::TensorMapDesc &d,
                   const std::int32_t *coords, std::uintptr_t shared,
                   const std::vector<Destination> &dests, const std::int16_t *im2col = nullptr);
  void land(std::size_t copy);
  // An mbarrier.arrive of one by the thread, at the site of its
  // cp.async.mbarrier.arrive, made when its copies have landed.
  void arrive(const AsyncArrival &a);
  // Lands the thread's copies of `kind` that wait_group `n` covers.
  void landThread(std::uint32_t thread, std::uint32_t n, AsyncCopyKind kind);
  // Lands the copies owing the mbarrier at `mbar` if a thread waits on it.
  void landIfWaitedFor(std::uintptr_t mbar);

  BlockExecutor &x_;
  std::uint64_t rng_ = 0; // --async-completion random
  std::uint64_t seq_ = 0; // copies issued so far (InFlightCopy::seq)
  bool destinationWrite_ = false;
  std::vector<InFlightCopy> copies_;
  std::vector<AsyncArrival> arrivals_;
};

} // namespace warpsim::sim
