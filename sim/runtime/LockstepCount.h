// How many warp instructions the lockstep schedule issues for a warp whose
// lanes the compiled engine ran one after another (the direct path): each
// lane's stops (where it would wait for its warp under fibers) in order,
// grouped by the reconvergence rule (model/Reconvergence.h) as the schedule
// groups them. Valid because on the direct path no lane's stops depend on
// another's (LaneConflictWatch), so they are the stops it makes under fibers.
// Lanes that make the first lane's stops (most) are compared, not kept.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "warpsim/model/Reconvergence.h"

namespace warpsim::sim {

class LockstepCount {
public:
  // A warp of `lanes` lanes begins; its lanes then run one after another.
  void beginWarp(std::uint32_t lanes);
  void add(std::uint32_t lane, const model::LaneStop &s) {
    LaneStops &l = lanes_[lane];
    if (!l.own && l.matched < ref().size() && same(ref()[l.matched], s)) {
      ++l.matched;
      return;
    }
    diverge(lane, s);
  }
  void endLane(std::uint32_t lane);
  // The warp's warp instructions; nullopt where the schedule's answer is not
  // known here (the independent model's starvation rule could step in).
  // `last`, `streak`: the warp's last group and how often it repeated, kept
  // across a block's barrier segments as the schedule keeps them.
  // `kind`, `groups`: the groups issued at stops of that kind, in issue
  // order, are appended to `groups` (a direct warp's warp operations).
  std::optional<std::uint64_t> finishWarp(bool independent, std::uint64_t &last,
                                          std::uint32_t &streak, std::uint8_t kind = 0,
                                          std::vector<std::uint64_t> *groups = nullptr);
  // Stops kept for the current warp (the caller bounds memory with it).
  std::size_t kept() const { return kept_; }
  // Whether `lane` made a stop since beginWarp.
  bool stopped(std::uint32_t lane) const {
    const LaneStops &l = lanes_[lane];
    return l.own ? !l.stops.empty() : l.matched != 0;
  }
  // Whether `lane`'s stops are the first of `other`'s: under lockstep it
  // made each together with `other`.
  bool stopsPrefixOf(std::uint32_t lane, std::uint32_t other) const;

private:
  struct LaneStops {
    std::vector<model::LaneStop> stops; // own stops (own), else ref()'s first `matched`
    std::size_t matched = 0;
    bool own = false;
  };
  static bool same(const model::LaneStop &a, const model::LaneStop &b) {
    return a.pc == b.pc && a.position == b.position && a.stack == b.stack && a.depth == b.depth &&
           a.kind == b.kind;
  }
  const std::vector<model::LaneStop> &ref() const { return lanes_[refLane_].stops; }
  void diverge(std::uint32_t lane, const model::LaneStop &s);

  std::vector<LaneStops> lanes_;
  // finishWarp's lanes with equal stops (kept to reuse its storage).
  struct Class {
    const std::vector<model::LaneStop> *stops;
    std::uint64_t lanes;
    std::size_t at;
  };
  std::vector<Class> classes_;
  std::uint32_t count_ = 0;
  std::uint32_t refLane_ = 0; // the first lane that made a stop
  bool haveRef_ = false;
  std::size_t kept_ = 0;
};

} // namespace warpsim::sim
