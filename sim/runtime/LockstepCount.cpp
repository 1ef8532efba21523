#include "LockstepCount.h"

#include <algorithm>

namespace warpsim::sim {

namespace {
// The starvation rule's trigger (WarpSchedule.cpp, kStarvationLimit): a
// group repeated this often while others wait may be interrupted there.
constexpr std::uint32_t kStarvationLimit = 256;
} // namespace

void LockstepCount::beginWarp(std::uint32_t lanes) {
  count_ = lanes;
  if (lanes_.size() < lanes + 1)
    lanes_.resize(lanes + 1); // the last one: an empty reference until a lane stops
  for (std::uint32_t i = 0; i <= lanes; ++i) {
    lanes_[i].stops.clear();
    lanes_[i].matched = 0;
    lanes_[i].own = false;
  }
  refLane_ = lanes;
  haveRef_ = false;
  kept_ = 0;
}

void LockstepCount::diverge(std::uint32_t lane, const model::LaneStop &s) {
  LaneStops &l = lanes_[lane];
  if (!haveRef_) {
    // The first lane to stop is the reference (lanes before it made none).
    haveRef_ = true;
    refLane_ = lane;
    l.own = true;
  } else if (!l.own) {
    l.own = true;
    l.stops.assign(ref().begin(), ref().begin() + static_cast<std::ptrdiff_t>(l.matched));
    kept_ += l.matched;
  }
  l.stops.push_back(s);
  ++kept_;
}

bool LockstepCount::stopsPrefixOf(std::uint32_t lane, std::uint32_t other) const {
  const LaneStops &a = lanes_[lane], &b = lanes_[other];
  const std::size_t na = a.own ? a.stops.size() : a.matched;
  const std::size_t nb = b.own ? b.stops.size() : b.matched;
  if (na > nb)
    return false;
  const std::vector<model::LaneStop> &sa = a.own ? a.stops : ref(), &sb = b.own ? b.stops : ref();
  for (std::size_t i = 0; i < na; ++i)
    if (!same(sa[i], sb[i]))
      return false;
  return true;
}

void LockstepCount::endLane(std::uint32_t lane) {
  LaneStops &l = lanes_[lane];
  if (!l.own && l.matched != 0 && l.matched < ref().size()) { // a prefix of the reference
    l.own = true;
    l.stops.assign(ref().begin(), ref().begin() + static_cast<std::ptrdiff_t>(l.matched));
    kept_ += l.matched;
  }
}

std::optional<std::uint64_t> LockstepCount::finishWarp(bool independent, std::uint64_t &last,
                                                       std::uint32_t &streak, std::uint8_t kind,
                                                       std::vector<std::uint64_t> *groups) {
  if (!haveRef_)
    return 0;
  // A lane is the reference's twin (made all its stops), empty, or its own.
  auto stopsOf = [&](std::uint32_t i) -> const std::vector<model::LaneStop> & {
    return lanes_[i].own ? lanes_[i].stops : ref();
  };
  std::uint64_t candidates = 0;
  bool uniform = true;
  for (std::uint32_t i = 0; i < count_; ++i) {
    const LaneStops &l = lanes_[i];
    if (l.own ? l.stops.empty() : l.matched == 0)
      continue; // made no stop
    candidates |= std::uint64_t{1} << i;
    uniform &= !l.own || i == refLane_;
  }
  if (uniform) {
    last = candidates; // every issue: the whole group, nobody waits
    streak = 0;
    if (groups != nullptr)
      for (const model::LaneStop &s : ref())
        if (s.kind == kind)
          groups->push_back(candidates);
    return ref().size();
  }

  // Lanes that made the same stops move as one (a group that takes one of
  // them takes all): the schedule is run over these classes, ordered by
  // their lowest lane as the leader rule's last tie-break orders lanes.
  classes_.clear();
  for (std::uint64_t m = candidates; m != 0; m &= m - 1) {
    const auto i = static_cast<std::uint32_t>(__builtin_ctzll(m));
    const std::vector<model::LaneStop> &own = stopsOf(i);
    Class *c = nullptr;
    for (Class &k : classes_)
      if (k.stops == &own || (k.stops->size() == own.size() &&
                              std::equal(own.begin(), own.end(), k.stops->begin(), same))) {
        c = &k;
        break;
      }
    if (c == nullptr)
      c = &classes_.emplace_back(Class{&own, 0, 0});
    c->lanes |= std::uint64_t{1} << i;
  }
  auto stop = [&](int c) -> const model::LaneStop & {
    const Class &k = classes_[static_cast<std::size_t>(c)];
    return (*k.stops)[k.at];
  };
  std::uint64_t live =
      classes_.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << classes_.size()) - 1;
  std::uint64_t count = 0;
  while (live != 0) {
    const std::uint64_t cgroup =
        model::reconvergenceGroup(live, model::reconvergenceLeader(live, stop), stop);
    std::uint64_t group = 0;
    for (std::uint64_t m = cgroup; m != 0; m &= m - 1)
      group |= classes_[static_cast<std::size_t>(__builtin_ctzll(m))].lanes;
    if (independent && group == last && (candidates & ~group) != 0) {
      if (++streak >= kStarvationLimit)
        return std::nullopt;
    } else {
      streak = 0;
    }
    last = group;
    ++count;
    if (groups != nullptr && stop(__builtin_ctzll(cgroup)).kind == kind)
      groups->push_back(group);
    for (std::uint64_t m = cgroup; m != 0; m &= m - 1) {
      const auto c = static_cast<std::size_t>(__builtin_ctzll(m));
      if (++classes_[c].at == classes_[c].stops->size()) {
        live &= ~(std::uint64_t{1} << c);
        candidates &= ~classes_[c].lanes;
      }
    }
  }
  return count;
}

} // namespace warpsim::sim
