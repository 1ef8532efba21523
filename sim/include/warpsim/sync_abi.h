// The runtime's device-side entry points for CTA barriers with ids and
// counts and for mbarriers. warpsim's <cuda/barrier>, <cuda/ptx> and the
// inline-PTX rewrite call them; each passes the user's call site (`pc`), so
// reports point at the user's line, not at warpsim's header.
#pragma once

#include <cstdint>

extern "C" {
// bar.sync / bar.arrive / bar.red a{, b}. `flavor`: 0 sync, 1 arrive, 2 red;
// `red`: 0 none, 1 popc, 2 and, 3 or; `count` 0: every thread of the block.
// Returns the reduction's result.
unsigned warpsim_cta_barrier(unsigned flavor, unsigned red, unsigned id, unsigned count,
                             int predicate, const void *pc);
// One mbarrier instruction (model::MBarrierOp numbering) on the object at
// `addr` (a generic pointer into the block's shared memory). Returns the
// state token (phase) of an arrival, or 1/0 for a wait's completion.
unsigned long long warpsim_mbarrier(unsigned op, void *addr, unsigned count, unsigned tx,
                                    unsigned long long phase, const void *pc);
// cp.async: `size` bytes from global `src` to shared `dst`, bytes past
// `src_size` zero-filled, into the thread's open group; in flight until a
// wait covers it (docs/hopper.md).
void warpsim_cp_async(void *dst, const void *src, unsigned size, unsigned src_size, const void *pc);
void warpsim_cp_async_commit(const void *pc);
// cp.async.wait_group n: every committed group but the n most recent lands.
void warpsim_cp_async_wait(unsigned n, const void *pc);
// cp.async.mbarrier.arrive{.noinc}: an arrive-on once the copies land.
void warpsim_cp_async_mbarrier_arrive(void *mbar, int noinc, const void *pc);
}

namespace warpsim::sync {
// model::MBarrierOp, for headers that cannot include model/.
enum MBarrierOp : unsigned {
  kInit,
  kInval,
  kArrive,
  kArriveNoComplete,
  kArriveDrop,
  kArriveExpectTx,
  kExpectTx,
  kCompleteTx,
  kTestWait,
  kTestWaitParity,
  kTryWait,
  kTryWaitParity,
};
} // namespace warpsim::sync
