// BUG VARIANT of kernels/h03_warp_specialized_ring.cu (the correct twin): the
// producer arrives on full[s] with a plain mbarrier.arrive instead of
// mbarrier.arrive.expect_tx. The phase then completes at the arrival, before
// the bulk copy's bytes land, so the consumers read a slot still in flight;
// the copy's complete_tx, when it lands, counts against the next phase.
// The producer's refill then overwrites a slot whose copy is still pending.
// EXPECT: async-copy shared error at=@read at=@copy
// EXPECT: race shared error hazard=RAW at=@read at=@copy
// h03 - warp-specialised producer/consumer ring (Hopper: TMA bulk copies and
// mbarriers, written as inline PTX the way CUTLASS's sm90 pipelines are).
// Block = 1 producer warp + 2 consumer warps (96 threads). The ring has
// STAGES shared slots of TILE floats, each with two mbarriers:
//   full[s]  (1 arrival + tx bytes): the elected producer lane announces the
//            tile's bytes with mbarrier.arrive.expect_tx and issues
//            cp.async.bulk global -> shared, whose landing completes them;
//   empty[s] (64 arrivals): every consumer thread arrives once it has read
//            the slot, so the producer may refill it.
// Tile i uses slot i mod STAGES in round i / STAGES: consumers wait on
// full[s] for parity round & 1; the producer waits on empty[s] for parity
// (round & 1) ^ 1, which the fresh barrier passes at once in round 0 (it is
// the parity of the phase before the current one). Consumers write
// res[i][j] = 3 x[j] + x[TILE-1-j] (all of the slot's bytes come from one
// bulk copy) with ordinary stores; at the end each consumer makes its writes
// visible to the async proxy (fence.proxy.async), the consumers meet at
// named barrier 1, and one of them stores all results with one bulk copy
// shared -> global and waits for it.
// Grid BLOCKS x 96 = 2 x 96; TILE = 128, STAGES = 2, NTILES = 6 per block;
// in[i] = (i mod 53) - 20; exact CPU reference.
#include "../puzzle.h"
#include <cstdint>

constexpr int TILE = 128;
constexpr int STAGES = 2;
constexpr int NTILES = 6;
constexpr int BLOCKS = 2;
constexpr int CONSUMERS = 64; // two consumer warps
constexpr int THREADS = 32 + CONSUMERS;
constexpr int SIZE = BLOCKS * NTILES * TILE;
constexpr unsigned TILE_BYTES = TILE * sizeof(float);

__device__ unsigned smem_addr(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ void mbar_init(std::uint64_t *bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count));
}
__device__ void mbar_arrive(std::uint64_t *bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}
// Arrive and announce `bytes` of copies that will complete on this phase.
__device__ void mbar_arrive_expect_tx(std::uint64_t *bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(bar)),
               "r"(bytes)
               : "memory");
}
// Spins until the phase with the given parity has completed.
__device__ void mbar_wait(std::uint64_t *bar, unsigned parity) {
  asm volatile("{\n"
               " .reg .pred done;\n"
               "WAIT:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
               " @!done bra WAIT;\n"
               "}" ::"r"(smem_addr(bar)),
               "r"(parity)
               : "memory");
}
// TMA without a tensor map: `bytes` global -> shared, completing on `bar`.
__device__ void bulk_load(void *dst, const void *src, unsigned bytes, std::uint64_t *bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(smem_addr(dst)), "l"(src), "r"(bytes), "r"(smem_addr(bar)) : "memory"); // @copy
}
// `bytes` shared -> global in the thread's bulk group; then wait for it.
__device__ void bulk_store_and_wait(void *dst, const void *src, unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst), "r"(smem_addr(src)), "r"(bytes) : "memory");
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}
// One lane of the (converged) warp returns true.
__device__ bool elect_one() {
  unsigned pred = 0;
  asm volatile("{\n"
               " .reg .b32 leader;\n"
               " .reg .pred p;\n"
               " elect.sync leader|p, 0xffffffff;\n"
               " selp.u32 %0, 1, 0, p;\n"
               "}"
               : "=r"(pred));
  return pred != 0;
}

__global__ void ring(float *out, const float *in) {
  __shared__ __align__(128) float slots[STAGES][TILE];
  __shared__ __align__(128) float res[NTILES][TILE];
  __shared__ std::uint64_t full[STAGES], empty[STAGES];
  const int warp = threadIdx.x / 32;
  const float *src = in + blockIdx.x * NTILES * TILE;

  if (threadIdx.x == 0)
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], CONSUMERS);
    }
  __syncthreads(); // the mbarriers are initialised before anyone uses them

  if (warp == 0) { // producer
    if (elect_one())
      for (int i = 0; i < NTILES; ++i) {
        const int s = i % STAGES;
        const unsigned round = i / STAGES;
        mbar_wait(&empty[s], (round & 1) ^ 1); // the consumers freed slot s
        mbar_arrive(&full[s]); // BUG: a plain arrive, the tile's bytes are never announced
        bulk_load(slots[s], src + i * TILE, TILE_BYTES, &full[s]);
      }
    return;
  }

  const int c = threadIdx.x - 32; // consumer index 0..63
  for (int i = 0; i < NTILES; ++i) {
    const int s = i % STAGES;
    const unsigned round = i / STAGES;
    mbar_wait(&full[s], round & 1); // tile i has landed in slot s
    for (int j = c; j < TILE; j += CONSUMERS)
      res[i][j] = 3.0f * slots[s][j] + slots[s][TILE - 1 - j]; // @read
    mbar_arrive(&empty[s]);
  }
  // The bulk store reads res through the async proxy: make the generic
  // writes visible to it, then wait for every consumer's writes.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("bar.sync 1, %0;" ::"n"(CONSUMERS) : "memory");
  if (c == 0)
    bulk_store_and_wait(out + blockIdx.x * NTILES * TILE, res, NTILES * TILE_BYTES);
}

int main() {
  static float h_in[SIZE], h_out[SIZE], expected[SIZE];
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = float(i % 53 - 20);
  for (int t = 0; t < BLOCKS * NTILES; ++t)
    for (int j = 0; j < TILE; ++j)
      expected[t * TILE + j] = 3.0f * h_in[t * TILE + j] + h_in[t * TILE + TILE - 1 - j];

  DeviceBuffer<float> d_in(h_in, SIZE);
  DeviceBuffer<float> d_out(SIZE);
  ring<<<BLOCKS, THREADS>>>(d_out.data(), d_in.data());
  CUDA_CHECK_LAUNCH();
  d_out.download(h_out);

  print_array("out[0:8]", h_out, 8);
  print_array("expected[0:8]", expected, 8);
  puzzle_output("out", h_out, SIZE);
  return finish(check_equal(h_out, expected, SIZE));
}
