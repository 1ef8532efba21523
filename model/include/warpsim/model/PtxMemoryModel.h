// A relaxed, scoped memory model in the spirit of the PTX memory model
// (Lustig et al., ASPLOS'19), as an operational machine: the view-based
// model of release/acquire and fences (Kang et al., PLDI'17, without
// promises; Podkopaev/Lahav/Vafeiadis' operational RC11) with PTX scopes.
// Synchronisation happens only between "morally strong" operations: each
// one's scope includes the other thread. Pure: no engine types; the caller
// passes the bytes memory holds now (the latest value in modification
// order) and writes memory when a store becomes the latest.
//
// Decisions (docs/memory-model.md):
//  * A location is one naturally aligned access of 1, 2, 4 or 8 bytes. An
//    access that overlaps a location of another shape forgets the overlapped
//    histories first (sequentially consistent for those bytes, which is
//    always allowed).
//  * Weak (plain) loads may read older than the thread's earlier weak loads
//    of the location (CoRR is allowed and seen on hardware), never older
//    than its own stores, strong reads or what it acquired. Fences and
//    barriers do order weak accesses (MP+fence.gpu is forbidden).
//  * Stores take any free timestamp above the writer's view (2+2W);
//    read-modify-writes read the latest message and append after it.
//  * Over-synchronising is always sound (it only removes behaviours), so
//    where PTX is unclear the model synchronises: RMWs continue every
//    release they read, barrier objects accumulate every view that arrived.
// Bounds: `history` messages per location (older ones are dropped, which
// only removes choices), `locations` tracked locations and `viewEntries`
// per view; past either of the last two every history is forgotten.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "warpsim/model/Events.h"

namespace warpsim::model {

// Per location, the oldest timestamp a thread may still read: the thread's
// own entries over an optional shared, immutable base (a barrier phase's
// view, which every thread leaving the barrier shares instead of copying).
class PtxView {
public:
  using Entries = std::vector<std::pair<std::uint64_t, std::uint64_t>>; // sorted by address
  // A shared base: its entries, and the base it was flattened from (so a
  // superset of it), which lets a join keep the larger base instead of
  // copying either.
  struct Base {
    Entries e;
    std::weak_ptr<const Base> parent;
  };

  std::uint64_t get(std::uint64_t addr) const;
  void raise(std::uint64_t addr, std::uint64_t ts);
  void join(const PtxView &o);
  void clear() {
    e_.clear();
    base_.reset();
  }
  // Entries of its own (the base is counted where it is made).
  std::size_t size() const { return e_.size(); }
  bool empty() const { return e_.empty() && base_ == nullptr; }
  // Everything, as one shared base.
  std::shared_ptr<const Base> flatten() const;
  // This view becomes exactly `base` (a superset of what it held).
  void rebase(std::shared_ptr<const Base> base) {
    e_.clear();
    base_ = std::move(base);
  }

private:
  static void merge(Entries &into, const Entries &from);
  // `b` was flattened, directly or through a few steps, from `ancestor`.
  static bool derives(const std::shared_ptr<const Base> &b, const Base *ancestor);
  Entries e_;
  std::shared_ptr<const Base> base_;
};

// Where a thread is: the CTA and cluster that scopes name (global ids).
struct PtxPlace {
  std::uint64_t cta = 0;
  std::uint64_t cluster = 0;
};

struct PtxBounds {
  std::uint32_t history = 8;            // messages kept per location
  std::uint32_t locations = 1u << 16;   // locations tracked at once
  std::uint32_t viewEntries = 1u << 14; // entries of any one view
};

class PtxMemoryModel {
public:
  using Bounds = PtxBounds;
  // Returns a choice in [0, n); the model asks only when n > 1.
  using Chooser = std::function<std::uint64_t(std::uint64_t n)>;

  explicit PtxMemoryModel(Chooser pick, Bounds bounds = {});

  // Forgets everything (a kernel launch boundary).
  void reset();
  // Places thread `t` before its first operation.
  void place(std::uint64_t t, PtxPlace where);
  // Thread `t` exited: its state goes (what it published stays in messages).
  void retire(std::uint64_t t) { threads_.erase(t); }
  std::size_t threads() const { return threads_.size(); }

  // A load of `size` bytes at `addr`; memory holds `current` now. Returns
  // the value read. `order` NotAtomic is a weak access; a volatile access is
  // Relaxed at System scope.
  std::uint64_t load(std::uint64_t t, std::uint64_t addr, std::uint32_t size, MemoryOrder order,
                     Scope scope, std::uint64_t current);
  // A store; returns true when it is the latest in modification order (the
  // caller writes memory), false when it went below a later store.
  bool store(std::uint64_t t, std::uint64_t addr, std::uint32_t size, std::uint64_t value,
             MemoryOrder order, Scope scope, std::uint64_t current);
  // A read-modify-write: reads `current` (the latest) and appends `value`.
  void rmw(std::uint64_t t, std::uint64_t addr, std::uint32_t size, std::uint64_t value,
           MemoryOrder order, Scope scope, std::uint64_t current);
  // fence.sc (sc) or fence.acq_rel at `scope`.
  void fence(std::uint64_t t, bool sc, Scope scope);
  // A synchronisation object (barrier phase, mbarrier, warp sync) named by
  // `key`: arriving publishes the thread's view at `scope`, departing
  // acquires every view that arrived so far.
  void syncArrive(std::uint64_t t, std::uint64_t key, Scope scope);
  void syncDepart(std::uint64_t t, std::uint64_t key);
  // Bytes written outside the model (copies, host writes, odd sizes).
  void forget(std::uint64_t addr, std::uint64_t size);

  std::size_t locations() const { return locs_.size(); }
  // How many messages location `addr` holds (tests).
  std::size_t history(std::uint64_t addr) const;
  std::uint64_t collapses() const { return collapses_; }

private:
  static constexpr int kRelations = 3; // same CTA, same cluster, other
  struct Message {
    std::uint64_t ts = 0;
    std::uint64_t value = 0;
    PtxPlace writer;
    bool fromWriter = false; // false: the initial value (written by no thread)
    bool rmw = false;        // nothing may be placed right before it
    PtxView rel[kRelations]; // what an acquirer in that relation learns
  };
  struct Location {
    std::uint32_t size = 0;
    std::vector<Message> msgs; // increasing ts (modification order)
  };
  struct Thread {
    PtxPlace where;
    PtxView cur;                    // own stores, strong reads, acquired views
    PtxView weak;                   // own weak reads
    PtxView relFence[kRelations];   // published by release fences
    PtxView acqPending[kRelations]; // read, to be acquired by a fence
    std::uint64_t ops = 0;          // operations so far (thread())
    std::uint64_t arrivedKey = 0;   // the last sync object it arrived at
    std::uint64_t arrivedAt = 0;    // `ops` then
  };

  Thread &thread(std::uint64_t t);
  Location &locate(std::uint64_t addr, std::uint32_t size, std::uint64_t current);
  int relation(const Thread &th, const Message &m) const;
  static bool covers(Scope s, int relation);
  void acquireFence(Thread &th, Scope s);
  void releaseFence(Thread &th, Scope s);
  void publish(Thread &th, Message &m, MemoryOrder order, Scope scope);
  void check(const PtxView &v);
  void collapseAll();
  std::uint64_t nextTs() { return clock_ += kGap; }

  static constexpr std::uint64_t kGap = std::uint64_t{1} << 16;
  Chooser pick_;
  Bounds bounds_;
  std::map<std::uint64_t, Location> locs_;
  std::unordered_map<std::uint64_t, Thread> threads_;
  struct SyncObject {
    PtxView view;                              // every view that arrived
    std::shared_ptr<const PtxView::Base> snap; // `view` flattened, while unchanged
  };
  std::unordered_map<std::uint64_t, SyncObject> objects_; // sync objects by key
  std::map<std::pair<int, std::uint64_t>, PtxView> sc_;   // SC views per scope instance
  std::uint64_t clock_ = 0;
  std::uint64_t collapses_ = 0;
  bool overflow_ = false;
};

} // namespace warpsim::model
