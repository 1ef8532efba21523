// The findings of one launch, deduplicated: one entry per key (the kind of
// problem, a variant, and the two sites involved), counting occurrences,
// written to the sink in first-seen order when the launch ends. Every
// checker keeps its findings here; a lookup happens only when a check has
// found something, never on the clean path.
//
// In a parallel phase (ParallelSlot.h) a block's findings go to its resident
// slot's part of the table; mergeShards moves the parts into the table in
// round order when the phase ends, so first-seen order and counts do not
// depend on which host thread ran which block.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "Findings.h"
#include "Observer.h"
#include "ParallelSlot.h"

namespace warpsim::sim {

struct NoExtra {};

// The usual key: the finding kind, a checker's own number, two pcs. A hot
// checker may key by integers alone (the race detector: no string per
// occurrence).
using FindingKey = std::tuple<std::string, int, std::uintptr_t, std::uintptr_t>;

template <class Extra = NoExtra, class KeyType = FindingKey> class FindingTable {
public:
  struct Entry {
    Finding finding;
    std::uint64_t count = 0;
    Extra extra{};
    bool written = false; // already written when first seen (see firstTime)
  };
  using Key = KeyType;

  // The entry for `key`, and whether it is new (the caller then fills its
  // finding). Counts one occurrence. In a parallel phase: the entry in the
  // running block's part (its index marked, for at()).
  std::pair<std::size_t, bool> find(Key key) {
    if (const int slot = parallelSlot(); slot >= 0) [[unlikely]] {
      if (shards_.size() <= static_cast<std::size_t>(slot))
        throw std::logic_error("FindingTable: no part for a resident slot (reserveShards)");
      auto [i, fresh] = shards_[static_cast<std::size_t>(slot)].find(std::move(key));
      return {i | kShardBit, fresh};
    }
    return main_.find(std::move(key));
  }
  Entry &at(std::size_t i) {
    if ((i & kShardBit) != 0) [[unlikely]]
      return shards_[static_cast<std::size_t>(parallelSlot())].entries[i & ~kShardBit];
    return main_.entries[i];
  }

  // The entry for `key`, counting no occurrence, for a check settled after
  // the occurrence (a later phase, possibly): in a parallel phase the
  // running block's part, created when only the table has it (the merge
  // combines the two); else the table's, nullptr when it has none.
  Entry *lookup(const Key &key) {
    if (const int slot = parallelSlot(); slot >= 0) [[unlikely]] {
      Part &p = shards_.at(static_cast<std::size_t>(slot));
      return &p.entries[p.find(key, false).first];
    }
    const auto it = main_.index.find(key);
    return it == main_.index.end() ? nullptr : &main_.entries[it->second];
  }

  // For findings a checker writes at once: true only the first time `key`
  // is seen in this launch. Not for parallel phases.
  bool firstTime(Key key) {
    auto [i, fresh] = find(std::move(key));
    at(i).written = true;
    return fresh;
  }

  // One part per resident slot (before a launch's parallel phases; the
  // parts' contents are per phase).
  void reserveShards(std::size_t slots) {
    if (shards_.size() < slots)
      shards_.resize(slots);
  }
  // Moves the parts of `slots`, in that order, into the table: a key seen
  // before adds its count (and `merge(Entry &into, Entry &from)` combines
  // the rest); a new one keeps its entry.
  template <class Merge> void mergeShards(const std::vector<std::uint32_t> &slots, Merge merge) {
    for (std::uint32_t slot : slots) {
      if (slot >= shards_.size())
        continue;
      Part &p = shards_[slot];
      for (std::size_t k = 0; k < p.entries.size(); ++k) {
        auto [it, fresh] = main_.index.try_emplace(std::move(p.keys[k]), main_.entries.size());
        if (fresh) {
          main_.entries.push_back(std::move(p.entries[k]));
        } else {
          Entry &into = main_.entries[it->second];
          into.count += p.entries[k].count;
          merge(into, p.entries[k]);
        }
      }
      p.clear();
    }
  }
  void mergeShards(const std::vector<std::uint32_t> &slots) {
    mergeShards(slots, [](Entry &, Entry &) {});
  }

  // Writes every entry not yet written, with the launch and its count;
  // `finish(Entry &)` may adjust an entry and return false to drop it.
  template <class Finish> void flush(FindingSink &sink, const LaunchInfo &l, Finish finish) {
    for (Entry &e : main_.entries) {
      if (e.written)
        continue;
      e.finding.kernel = l.site->kernel_name;
      e.finding.launch = l.id;
      e.finding.count = e.count;
      if (finish(e))
        sink.add(e.finding);
    }
    main_.clear();
  }
  void flush(FindingSink &sink, const LaunchInfo &l) {
    flush(sink, l, [](Entry &) { return true; });
  }

private:
  static constexpr std::size_t kShardBit = std::size_t{1} << (sizeof(std::size_t) * 8 - 1);
  struct Part {
    std::map<Key, std::size_t> index;
    std::vector<Entry> entries;
    std::vector<Key> keys; // shards: each entry's key, for the merge
    bool keepKeys = false;
    std::pair<std::size_t, bool> find(Key key, bool count = true) {
      auto [it, fresh] = index.try_emplace(keepKeys ? key : std::move(key), entries.size());
      if (fresh) {
        entries.emplace_back();
        if (keepKeys)
          keys.push_back(std::move(key));
      }
      if (count)
        ++entries[it->second].count;
      return {it->second, fresh};
    }
    void clear() {
      index.clear();
      entries.clear();
      keys.clear();
    }
  };
  struct ShardPart : Part {
    ShardPart() { this->keepKeys = true; }
  };
  Part main_;
  std::vector<ShardPart> shards_;
};

} // namespace warpsim::sim
