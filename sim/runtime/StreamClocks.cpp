#include "StreamClocks.h"

#include <unordered_map>

#include "warpsim/model/StreamOrder.h"

namespace warpsim::sim {
namespace {

struct Clocks {
  model::StreamOrder order;
  std::unordered_map<cudaStream_t, std::uint32_t> streams;
  std::unordered_map<cudaEvent_t, model::StreamOrder::Clock> events;
  bool inGraph = false;
  cudaStream_t graphStream = nullptr;
};
Clocks &clocks() {
  static Clocks c;
  return c;
}

// cudaStreamLegacy (0x1) is the legacy stream; cudaStreamPerThread (0x2) a
// blocking stream of its own; a handle never created here (destroyed, or
// the library's own) counts as a blocking stream too.
std::uint32_t indexOf(cudaStream_t s) {
  if (s == nullptr || s == reinterpret_cast<cudaStream_t>(0x1))
    return model::StreamOrder::kLegacy;
  Clocks &c = clocks();
  auto it = c.streams.find(s);
  if (it != c.streams.end())
    return it->second;
  return c.streams[s] = c.order.addStream(true);
}

} // namespace

void streamCreated(cudaStream_t s, bool nonBlocking) {
  clocks().streams[s] = clocks().order.addStream(!nonBlocking);
}
void streamDestroyed(cudaStream_t s) { clocks().streams.erase(s); }
std::uint64_t streamIssue(cudaStream_t s) {
  return clocks().order.issue(indexOf(clocks().inGraph ? clocks().graphStream : s));
}
void graphLaunchStream(cudaStream_t s, bool running) {
  clocks().inGraph = running;
  clocks().graphStream = s;
}
void eventRecorded(cudaEvent_t e, cudaStream_t s) {
  clocks().events[e] = clocks().order.record(indexOf(s));
}
void eventDestroyed(cudaEvent_t e) { clocks().events.erase(e); }
void streamWaitsEvent(cudaStream_t s, cudaEvent_t e) {
  auto it = clocks().events.find(e);
  if (it != clocks().events.end()) // an event never recorded: nothing to wait for
    clocks().order.wait(indexOf(s), it->second);
}
void hostWaitsStream(cudaStream_t s) { clocks().order.hostWaitsStream(indexOf(s)); }
void hostWaitsEvent(cudaEvent_t e) {
  auto it = clocks().events.find(e);
  if (it != clocks().events.end())
    clocks().order.hostWaits(it->second);
}
void hostWaitsDevice() { clocks().order.hostWaitsAll(); }
bool streamOrderedBeforeLatest(std::uint64_t op) { return clocks().order.beforeLatest(op); }
bool streamsInUse() { return clocks().order.streams() > 1; }

} // namespace warpsim::sim
