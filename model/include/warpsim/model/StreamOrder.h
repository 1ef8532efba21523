// CUDA's order between the work of different streams, as vector clocks:
// what a GPU guarantees has finished before an operation starts. Work on one
// stream runs in issue order; the legacy default stream waits for, and is
// waited for by, every blocking stream (cudaStreamNonBlocking streams stand
// apart); cudaStreamWaitEvent orders a stream after what an event recorded;
// and work issued after the host synchronised with a stream, an event or the
// device follows what that synchronisation waited for. Operations are
// numbered 1, 2, ... in issue order.
#pragma once

#include <cstdint>
#include <vector>

namespace warpsim::model {

class StreamOrder {
public:
  using Clock = std::vector<std::uint64_t>; // per stream: the last operation seen, by sequence
  static constexpr std::uint32_t kLegacy = 0;

  // A new stream; `blocking`: it synchronises with the legacy stream.
  std::uint32_t addStream(bool blocking);
  std::uint32_t streams() const { return static_cast<std::uint32_t>(streams_.size()); }
  // A kernel, copy or library call issued on `stream`: its operation id.
  std::uint64_t issue(std::uint32_t stream);
  // Whether operation `earlier` has finished before the latest issued one
  // starts (ids of later operations: false).
  bool beforeLatest(std::uint64_t earlier) const;
  // What an event recorded on `stream` now stands for.
  Clock record(std::uint32_t stream) const;
  // cudaStreamWaitEvent: `stream`'s later work follows `event`.
  void wait(std::uint32_t stream, const Clock &event);
  // The host waited for an event / for a stream's work / for the device.
  void hostWaits(const Clock &event);
  void hostWaitsStream(std::uint32_t stream);
  void hostWaitsAll();

private:
  struct Stream {
    bool blocking = true;
    std::uint64_t seq = 0;
    Clock clock; // what its next operation follows (its own last op included)
  };
  struct Op {
    std::uint32_t stream;
    std::uint64_t seq;
  };
  static void join(Clock &into, const Clock &from);
  Clock before(std::uint32_t stream) const; // what an operation issued now follows

  std::vector<Stream> streams_ = std::vector<Stream>(1); // the legacy stream
  std::vector<Op> ops_;
  Clock host_;
  Clock latest_; // the latest operation's clock
};

} // namespace warpsim::model
