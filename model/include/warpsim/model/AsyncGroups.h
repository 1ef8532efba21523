// The async-copy groups of one thread (PTX cp.async.commit_group /
// cp.async.wait_group, and cp.async.bulk.commit_group / wait_group): the
// copies a thread issues since its last commit form its open group; commit
// closes it (an empty group is allowed). wait_group N returns once every
// committed group but the N most recent is complete; copies may land in any
// order.
#pragma once

#include <cstdint>
#include <deque>

namespace warpsim::model {

class AsyncGroups {
public:
  // A copy joins the open group; returns the group's number (0, 1, ...).
  std::uint64_t issue() {
    ++open_;
    return base_ + committed_.size();
  }
  // commit_group: closes the open group; returns its number.
  std::uint64_t commit() {
    committed_.push_back(open_);
    open_ = 0;
    const std::uint64_t g = base_ + committed_.size() - 1;
    trim();
    return g;
  }
  // A copy of group `g` has landed (its bytes are in place).
  void landed(std::uint64_t g) {
    if (g >= base_ + committed_.size()) {
      --open_; // still open
      return;
    }
    --committed_[g - base_];
    trim();
  }
  // Committed groups not yet complete (a complete group behind an
  // incomplete older one still counts).
  std::uint32_t pending() const { return static_cast<std::uint32_t>(committed_.size()); }
  // Would wait_group N return now?
  bool satisfied(std::uint32_t n) const {
    for (std::size_t i = 0; i + n < committed_.size(); ++i)
      if (committed_[i] != 0)
        return false;
    return true;
  }
  // Must a copy of group `g` have landed once wait_group N returns? (Every
  // committed group but the N most recent; the open group never.)
  bool covered(std::uint64_t g, std::uint32_t n) const { return g + n < base_ + committed_.size(); }
  // Copies issued and not landed, in committed groups and the open one.
  std::uint32_t inFlight() const {
    std::uint32_t n = open_;
    for (std::uint32_t c : committed_)
      n += c;
    return n;
  }

private:
  // Complete groups at the front are forgotten.
  void trim() {
    while (!committed_.empty() && committed_.front() == 0) {
      committed_.pop_front();
      ++base_;
    }
  }

  std::uint64_t base_ = 0;              // number of the oldest group kept
  std::deque<std::uint32_t> committed_; // per committed group: copies still in flight
  std::uint32_t open_ = 0;
};

} // namespace warpsim::model
