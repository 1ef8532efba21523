// The program's streams and events in CUDA's order between streams
// (model/StreamOrder.h): the host API tells it what is issued and what the
// host waits for; checkers ask whether an earlier operation has finished
// before the one running now (ObserverContext::streamOrdered).
#pragma once

#include <cstdint>

#include "warpsim/cuda_types.h"

namespace warpsim::sim {

void streamCreated(cudaStream_t s, bool nonBlocking);
void streamDestroyed(cudaStream_t s);
// A kernel launch, copy or library call on `s`: its operation id.
std::uint64_t streamIssue(cudaStream_t s);
void eventRecorded(cudaEvent_t e, cudaStream_t s);
void eventDestroyed(cudaEvent_t e);
void streamWaitsEvent(cudaStream_t s, cudaEvent_t e);
void hostWaitsStream(cudaStream_t s);
void hostWaitsEvent(cudaEvent_t e);
void hostWaitsDevice();
// While a graph runs, its nodes are work on the stream it was launched on
// (nullptr: none runs).
void graphLaunchStream(cudaStream_t s, bool running);
// Whether operation `op` has finished before the latest issued one starts.
bool streamOrderedBeforeLatest(std::uint64_t op);
// Whether the program has issued work to, or created, a stream other than
// the legacy default stream.
bool streamsInUse();

} // namespace warpsim::sim
