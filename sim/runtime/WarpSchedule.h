// Scheduling policies: which lanes of a warp run and issue next. The engine
// calls the policy; the policy decides (compare Boost.Fiber, whose
// scheduling algorithm is an object you swap). Three policies:
//  * lockstep: every event stops the lane; the reconvergence rule picks the
//    group of stopped lanes the warp issues as one warp instruction;
//  * random:   as lockstep, but the group is drawn by a seeded generator
//    among the distinct groups that are ready, and so are the order in
//    which blocks are admitted, the order in which the resident blocks take
//    their turns each round, and the order of a block's warps;
//  * fast:     lanes run alone, performing accesses and fences at once as
//    one-lane warp instructions, stopping at barriers, warp operations and
//    every `fast_quantum` events.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "Options.h"

namespace warpsim::sim {

class BlockExecutor;
struct FenceEvent;
struct Lane;
struct Warp;

class WarpSchedule {
public:
  virtual ~WarpSchedule() = default;
  virtual void beginLaunch(const Options &, std::uint64_t /*launchId*/) {}
  // A lane that stops resumes the next ready lane of its warp itself
  // (BlockExecutor::run), instead of switching back to the scheduler.
  virtual bool lanesChain() const = 0;
  // Launches may run in deterministic parallel rounds (--jobs): the policy
  // draws from no generator shared by the blocks.
  virtual bool parallelRounds() const { return false; }
  // On the lane's fiber, its access (PendingEvent filled) or fence: true if
  // the schedule issued it at once and the lane goes on; false: the lane
  // stops until its warp issues it (BlockExecutor::issue).
  virtual bool accessAlone(BlockExecutor &, Lane &) { return false; }
  virtual bool fenceAlone(BlockExecutor &, Lane &, const FenceEvent &) { return false; }
  // One turn of warp `w`; returns whether any lane ran or anything issued.
  virtual bool step(BlockExecutor &x, Warp &w) = 0;
  // Which of the `waiting` next blocks (in linear order) is admitted next.
  virtual std::size_t pickAdmission(std::size_t /*waiting*/) { return 0; }
  // The order of this round's turns: the resident blocks (given in
  // admission order) and, per block, its warps (given in index order).
  virtual void orderBlocks(std::vector<BlockExecutor *> & /*blocks*/) {}
  virtual void orderWarps(std::vector<std::uint32_t> & /*warps*/) {}

protected:
  enum class Ran : std::uint8_t { None, Some, Aborted };
  // Runs every ready lane of `w` to its next stop, calling `afterRun(lane)`
  // after each (unless the launch was aborted).
  template <class AfterRun> static Ran runReady(BlockExecutor &x, Warp &w, AfterRun afterRun);
};

class LockstepSchedule : public WarpSchedule {
public:
  bool lanesChain() const override { return true; }
  bool parallelRounds() const override { return true; }
  bool step(BlockExecutor &x, Warp &w) override;

protected:
  // The lane leading the next warp instruction among the stopped lanes
  // `candidates`; `rule` is the reconvergence rule's choice.
  virtual int leader(std::uint64_t /*candidates*/, int rule) { return rule; }

private:
  std::uint64_t selectGroup(BlockExecutor &x, Warp &w);
};

// Seeds come in mirror pairs: an even seed draws what the odd seed before it
// draws and admits the same blocks, but takes every round's block order and
// warp order reversed. So any two blocks resident together in the first
// round take their first turns in both orders within seeds 1 and 2 (and 3
// and 4, ...); two warps of one block likewise.
class RandomSchedule final : public LockstepSchedule {
public:
  void beginLaunch(const Options &o, std::uint64_t launchId) override;
  bool parallelRounds() const override { return false; }
  std::size_t pickAdmission(std::size_t waiting) override;
  void orderBlocks(std::vector<BlockExecutor *> &blocks) override;
  void orderWarps(std::vector<std::uint32_t> &warps) override;

protected:
  int leader(std::uint64_t candidates, int rule) override;

private:
  template <class T> void shuffle(std::vector<T> &v);
  std::mt19937_64 rng_;
  bool mirror_ = false;
};

// Lanes run alone: an access or fence is a one-lane warp instruction made on
// the lane's fiber, which goes on until `fast_quantum` events or a barrier.
class FastSchedule final : public WarpSchedule {
public:
  bool lanesChain() const override { return false; }
  bool step(BlockExecutor &x, Warp &w) override;
  bool accessAlone(BlockExecutor &x, Lane &l) override;
  bool fenceAlone(BlockExecutor &x, Lane &l, const FenceEvent &f) override;

private:
  // Acts on the stop of a lane: arrive at its barrier or warp operation, or
  // count a preemption against `preemptLimit` (livelock).
  static void issueStop(BlockExecutor &x, Lane *l, std::uint64_t preemptLimit);
};

std::unique_ptr<WarpSchedule> makeWarpSchedule(Schedule s);

} // namespace warpsim::sim
