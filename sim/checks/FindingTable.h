// The findings of one launch, deduplicated: one entry per key (the kind of
// problem, a variant, and the two sites involved), counting occurrences,
// written to the sink in first-seen order when the launch ends. Every
// checker keeps its findings here; a lookup happens only when a check has
// found something, never on the clean path.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "Findings.h"
#include "Observer.h"

namespace warpsim::sim {

struct NoExtra {};

template <class Extra = NoExtra> class FindingTable {
public:
  struct Entry {
    Finding finding;
    std::uint64_t count = 0;
    Extra extra{};
    bool written = false; // already written when first seen (see firstTime)
  };
  using Key = std::tuple<std::string, int, std::uintptr_t, std::uintptr_t>;

  // The entry for `key`, and whether it is new (the caller then fills its
  // finding). Counts one occurrence.
  std::pair<std::size_t, bool> find(Key key) {
    auto [it, fresh] = index_.try_emplace(std::move(key), entries_.size());
    if (fresh)
      entries_.emplace_back();
    ++entries_[it->second].count;
    return {it->second, fresh};
  }
  Entry &at(std::size_t i) { return entries_[i]; }

  // For findings a checker writes at once: true only the first time `key`
  // is seen in this launch.
  bool firstTime(Key key) {
    auto [i, fresh] = find(std::move(key));
    entries_[i].written = true;
    return fresh;
  }

  // Writes every entry not yet written, with the launch and its count;
  // `finish(Entry &)` may adjust an entry and return false to drop it.
  template <class Finish> void flush(FindingSink &sink, const LaunchInfo &l, Finish finish) {
    for (Entry &e : entries_) {
      if (e.written)
        continue;
      e.finding.kernel = l.site->kernel_name;
      e.finding.launch = l.id;
      e.finding.count = e.count;
      if (finish(e))
        sink.add(e.finding);
    }
    entries_.clear();
    index_.clear();
  }
  void flush(FindingSink &sink, const LaunchInfo &l) {
    flush(sink, l, [](Entry &) { return true; });
  }

private:
  std::map<Key, std::size_t> index_;
  std::vector<Entry> entries_;
};

} // namespace warpsim::sim
