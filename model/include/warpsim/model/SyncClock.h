// What one GPU thread knows has happened before it, across threads it cannot
// order by its own block's barriers: a sparse vector clock over epochs (a
// warp's instruction count; a block barrier moves all of the block's warps
// to one common epoch). An entry either covers a whole block up to a barrier
// ("every access of block B at an epoch < e", e the epoch its barrier
// started) or one thread up to a release ("every access of thread T at an
// epoch < e"). Knowledge comes from
// release/acquire synchronisation (atomics with fences, or with release and
// acquire orders); most threads never acquire, so the clock is usually empty.
#pragma once

#include <cstdint>
#include <vector>

namespace warpsim::model {

struct SyncEntry {
  std::uint64_t key;   // block linear index, or global thread id | kThreadKey
  std::uint32_t value; // covers epochs < value
  // kDeviceScope; the block a block-scope release is visible to; or
  // kClusterTag | the cluster a cluster-scope release is visible to.
  std::uint32_t scope;
};

class SyncClock {
public:
  static constexpr std::uint64_t kThreadKey = std::uint64_t{1} << 63;
  static constexpr std::uint32_t kDeviceScope = ~std::uint32_t{0};
  static constexpr std::uint32_t kClusterTag = std::uint32_t{1} << 31;

  // Is an entry released at `scope` visible to a thread of `block` in
  // `cluster` (its linear cluster index)?
  static constexpr bool visible(std::uint32_t scope, std::uint32_t block, std::uint32_t cluster) {
    return scope == kDeviceScope || scope == block || scope == (kClusterTag | cluster);
  }

  bool empty() const { return entries_.empty(); }
  void clear() { entries_.clear(); }
  const std::vector<SyncEntry> &entries() const { return entries_; }

  // Raises the entry for (key, scope) to at least `value`.
  void raise(std::uint64_t key, std::uint32_t value, std::uint32_t scope = kDeviceScope) {
    for (SyncEntry &e : entries_)
      if (e.key == key && e.scope == scope) {
        if (e.value < value)
          e.value = value;
        return;
      }
    entries_.push_back({key, value, scope});
  }

  // Joins `other` into this clock. Entries limited to another block's (or
  // another cluster's) scope are not visible to a thread of `block` in
  // `cluster`: they go to `excluded` when given, with their scope (what a
  // wider scope would have ordered: scoped races). Pass kDeviceScope to keep
  // every entry with its scope (a synchronisation object accumulating
  // releases). A `cluster` of kDeviceScope: the block's own cluster only.
  void join(const SyncClock &other, std::uint32_t block = kDeviceScope,
            std::uint32_t cluster = kDeviceScope, SyncClock *excluded = nullptr) {
    for (const SyncEntry &e : other.entries_) {
      if (block == kDeviceScope)
        raise(e.key, e.value, e.scope);
      else if (visible(e.scope, block, cluster))
        raise(e.key, e.value);
      else if (excluded != nullptr)
        excluded->raise(e.key, e.value, e.scope);
    }
  }

  // Does this clock order an access of `thread` (global id) in `block` made
  // at `epoch`?
  bool covers(std::uint32_t block, std::uint32_t thread, std::uint32_t epoch) const {
    return covering(block, thread, epoch) != nullptr;
  }
  // The entry that orders it (nullptr: none).
  const SyncEntry *covering(std::uint32_t block, std::uint32_t thread, std::uint32_t epoch) const {
    for (const SyncEntry &e : entries_)
      if ((e.key == block || e.key == (kThreadKey | thread)) && epoch < e.value)
        return &e;
    return nullptr;
  }

private:
  std::vector<SyncEntry> entries_;
};

} // namespace warpsim::model
