// Every warp intrinsic with every type CUDA allows, self-checked against
// results computed on the host for the device's warp size (32 or 64).
// Builds with nvcc as well: prints PASS or the failed checks.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif
#define FULL WARPSIM_FULL_MASK

static int failures = 0;
static int checks = 0;
#define CHECK_EQ(got, want, what, i)                                                               \
  do {                                                                                             \
    ++checks;                                                                                      \
    if (!((got) == (want))) {                                                                      \
      if (++failures < 20)                                                                         \
        std::printf("FAILED: %s at thread %d: got %llx want %llx (line %d)\n", what, (int)(i),    \
                    (unsigned long long)(got), (unsigned long long)(want), __LINE__);             \
    }                                                                                              \
  } while (0)

constexpr int kBlock = 128;
constexpr int kGrid = 2;
constexpr int kThreads = kBlock * kGrid;
static int WS = 32; // the device's warp size

template <class T> __host__ __device__ T valueOf(int t) {
  if (sizeof(T) == 8)
    return (T)(((long long)(t * 7 - 300) << 33) ^ (long long)(t * 13 + 5)); // uses the high bits
  return (T)(t * 7 - 300);
}
template <> __host__ __device__ float valueOf<float>(int t) { return t * 0.5f - 33.25f; }
template <> __host__ __device__ double valueOf<double>(int t) { return t * 0.25 - 1e10; }

template <class T> unsigned long long bitsOf(T v) {
  unsigned long long b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

// ---------------------------------------------------------------- shuffles

constexpr int kShfl = 7; // results per thread
template <class T> __global__ void shuffles(T *out, int width) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  T v = valueOf<T>(t);
  T *o = out + t * kShfl;
  o[0] = __shfl_sync(FULL, v, (lane * 5 + 3) % warpSize); // any lane of the warp
  o[1] = __shfl_sync(FULL, v, lane * 3 + 1, width);        // srcLane beyond width: modulo
  o[2] = __shfl_up_sync(FULL, v, 3, width);
  o[3] = __shfl_down_sync(FULL, v, 5, width);
  o[4] = __shfl_xor_sync(FULL, v, 6, width);
  o[5] = __shfl_xor_sync(FULL, v, 1);
  o[6] = __shfl_sync(FULL, v, 0); // broadcast
}

// PTX shfl.sync semantics: sections of `width` lanes.
static int srcOf(int kind, int lane, int arg, int width) {
  int b = arg & (WS - 1);
  int start = lane & ~(width - 1), end = start + width - 1;
  switch (kind) {
  case 0: return start + (b & (width - 1));
  case 1: return lane - b >= start ? lane - b : lane;
  case 2: return lane + b <= end ? lane + b : lane;
  default: return (lane ^ b) <= end ? (lane ^ b) : lane;
  }
}

template <class T> void checkShuffles(const char *type, int width) {
  T *d;
  cudaMalloc(&d, sizeof(T) * kThreads * kShfl);
  shuffles<T><<<kGrid, kBlock>>>(d, width);
  T h[kThreads * kShfl];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  char what[64];
  for (int t = 0; t < kThreads; ++t) {
    int lane = (t % kBlock) % WS, base = t - lane;
    int src[kShfl] = {srcOf(0, lane, (lane * 5 + 3) % WS, WS), srcOf(0, lane, lane * 3 + 1, width),
                      srcOf(1, lane, 3, width),  srcOf(2, lane, 5, width),
                      srcOf(3, lane, 6, width),  srcOf(3, lane, 1, WS),
                      0};
    for (int k = 0; k < kShfl; ++k) {
      std::snprintf(what, sizeof what, "shuffle %d <%s> width %d", k, type, width);
      CHECK_EQ(bitsOf(h[t * kShfl + k]), bitsOf(valueOf<T>(base + src[k])), what, t);
    }
  }
}

// ------------------------------------------------------------------- votes

constexpr int kVote = 8;
__global__ void votes(unsigned long long *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  unsigned long long *o = out + t * kVote;
  o[0] = __ballot_sync(FULL, lane % 3 == 0);
  o[1] = __all_sync(FULL, lane >= 0);
  o[2] = __all_sync(FULL, lane != 7);
  o[3] = __any_sync(FULL, lane == 7);
  o[4] = __any_sync(FULL, lane < 0);
  o[5] = __activemask();
  if (lane % 2 == 1) {
    o[6] = __activemask(); // the odd lanes
    // Votes among the odd lanes only: their mask names exactly them.
    unsigned long long odd = __ballot_sync(o[6], 1);
    o[7] = odd == o[6] ? __popcll(odd) : -1;
  } else {
    o[6] = __activemask();
    o[7] = __ballot_sync((unsigned long long)o[6], lane % 4 == 0);
  }
}

static void checkVotes() {
  unsigned long long *d;
  cudaMalloc(&d, sizeof(unsigned long long) * kThreads * kVote);
  votes<<<kGrid, kBlock>>>(d);
  static unsigned long long h[kThreads * kVote];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  unsigned long long full = WS == 64 ? ~0ull : 0xffffffffull, every3 = 0, odd = 0, even = 0,
                     every4 = 0;
  for (int l = 0; l < WS; ++l) {
    if (l % 3 == 0)
      every3 |= 1ull << l;
    if (l % 4 == 0)
      every4 |= 1ull << l;
    (l % 2 ? odd : even) |= 1ull << l;
  }
  for (int t = 0; t < kThreads; ++t) {
    const unsigned long long *o = h + t * kVote;
    int lane = (t % kBlock) % WS;
    CHECK_EQ(o[0], every3, "__ballot_sync", t);
    CHECK_EQ(o[1], 1ull, "__all_sync true", t);
    CHECK_EQ(o[2], 0ull, "__all_sync false", t);
    CHECK_EQ(o[3], 1ull, "__any_sync true", t);
    CHECK_EQ(o[4], 0ull, "__any_sync false", t);
    CHECK_EQ(o[5], full, "__activemask converged", t);
    CHECK_EQ(o[6], lane % 2 ? odd : even, "__activemask diverged", t);
    CHECK_EQ(o[7], lane % 2 ? (unsigned long long)(WS / 2) : every4, "__ballot_sync diverged", t);
  }
}

// ------------------------------------------------------------ match, reduce

constexpr int kMatch = 4;
template <class T> __global__ void matches(unsigned long long *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  unsigned long long *o = out + t * kMatch;
  o[0] = __match_any_sync(FULL, valueOf<T>(lane / 4 + blockIdx.x)); // groups of 4 lanes
  int pred = -1;
  o[1] = __match_all_sync(FULL, valueOf<T>(blockIdx.x), &pred);
  o[2] = pred;
  int pred2 = -1;
  unsigned long long none = __match_all_sync(FULL, valueOf<T>(lane), &pred2);
  o[3] = none * 2 + pred2; // 0 when not all equal
}

template <class T> void checkMatches(const char *type) {
  unsigned long long *d;
  cudaMalloc(&d, sizeof(unsigned long long) * kThreads * kMatch);
  matches<T><<<kGrid, kBlock>>>(d);
  static unsigned long long h[kThreads * kMatch];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  unsigned long long full = WS == 64 ? ~0ull : 0xffffffffull;
  char what[64];
  for (int t = 0; t < kThreads; ++t) {
    const unsigned long long *o = h + t * kMatch;
    int lane = (t % kBlock) % WS;
    std::snprintf(what, sizeof what, "__match_any_sync <%s>", type);
    CHECK_EQ(o[0], 0xfull << (lane / 4 * 4), what, t);
    std::snprintf(what, sizeof what, "__match_all_sync <%s>", type);
    CHECK_EQ(o[1], full, what, t);
    CHECK_EQ(o[2], 1ull, what, t);
    CHECK_EQ(o[3], 0ull, what, t);
  }
}

constexpr int kReduce = 9;
__global__ void reductions(unsigned *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  unsigned *o = out + t * kReduce;
  int s = lane * 3 - 40;
  unsigned u = lane * 0x01010101u + 0x80000000u * (lane & 1);
  o[0] = __reduce_add_sync(FULL, s);
  o[1] = __reduce_add_sync(FULL, u);
  o[2] = __reduce_min_sync(FULL, s);
  o[3] = __reduce_min_sync(FULL, u);
  o[4] = __reduce_max_sync(FULL, s);
  o[5] = __reduce_max_sync(FULL, u);
  o[6] = __reduce_and_sync(FULL, u | 0x10u);
  o[7] = __reduce_or_sync(FULL, u);
  o[8] = __reduce_xor_sync(FULL, u);
}

static void checkReductions() {
  unsigned *d;
  cudaMalloc(&d, sizeof(unsigned) * kThreads * kReduce);
  reductions<<<kGrid, kBlock>>>(d);
  static unsigned h[kThreads * kReduce];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  int sadd = 0, smin = 1 << 30, smax = -(1 << 30);
  unsigned uadd = 0, umin = ~0u, umax = 0, uand = ~0u, uor = 0, uxor = 0;
  for (int l = 0; l < WS; ++l) {
    int s = l * 3 - 40;
    unsigned u = l * 0x01010101u + 0x80000000u * (l & 1);
    sadd += s;
    smin = s < smin ? s : smin;
    smax = s > smax ? s : smax;
    uadd += u;
    umin = u < umin ? u : umin;
    umax = u > umax ? u : umax;
    uand &= u | 0x10u;
    uor |= u;
    uxor ^= u;
  }
  unsigned want[kReduce] = {(unsigned)sadd, uadd, (unsigned)smin, umin, (unsigned)smax,
                            umax, uand, uor, uxor};
  const char *names[kReduce] = {"add int", "add unsigned", "min int", "min unsigned", "max int",
                                "max unsigned", "and", "or", "xor"};
  for (int t = 0; t < kThreads; ++t)
    for (int k = 0; k < kReduce; ++k)
      CHECK_EQ(h[t * kReduce + k], want[k], names[k], t);
}

// ------------------------------------------- __syncwarp, partial masks, bits

// Lanes exchange values through shared memory, ordered by __syncwarp; then
// the lower half of each warp shuffles among itself with a half mask.
__global__ void syncwarp_and_masks(int *out) {
  __shared__ int buf[kBlock];
  int lane = threadIdx.x % warpSize;
  int warpBase = threadIdx.x - lane;
  buf[threadIdx.x] = threadIdx.x * 10;
  __syncwarp();
  int neighbour = buf[warpBase + (lane + 1) % warpSize];
  __syncwarp();
  buf[threadIdx.x] = neighbour + 1;
  __syncwarp(FULL);
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t * 4 + 0] = buf[warpBase + (lane + 2) % warpSize];
  int half = warpSize / 2;
  unsigned long long lower = (1ull << half) - 1;
  unsigned long long upper = lower << half;
  if (lane < half)
    out[t * 4 + 1] = __shfl_sync(lower, lane * 100, half - 1 - lane);
  else
    out[t * 4 + 1] = __shfl_sync(upper, lane * 100, 0, half); // section of the upper half
  // The same call, each half with its own mask.
  out[t * 4 + 2] = __shfl_down_sync(lane < half ? lower : upper, lane, 1, half);
  out[t * 4 + 3] = __popc(0xf0f0u + lane) * 1000000 + __brev(lane) % 997 * 1000 +
                   __ffs(lane << 3) * 10 + __clz(lane + 1) % 10;
}

static void checkSyncwarpAndMasks() {
  int *d;
  cudaMalloc(&d, sizeof(int) * kThreads * 4);
  syncwarp_and_masks<<<kGrid, kBlock>>>(d);
  static int h[kThreads * 4];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  int half = WS / 2;
  for (int t = 0; t < kThreads; ++t) {
    int tid = t % kBlock, lane = tid % WS, base = tid - lane;
    int l2 = (lane + 2) % WS;
    CHECK_EQ(h[t * 4 + 0], (base + (l2 + 1) % WS) * 10 + 1, "__syncwarp exchange", t);
    CHECK_EQ(h[t * 4 + 1], lane < half ? (half - 1 - lane) * 100 : half * 100, "half-mask shfl", t);
    int down = (lane % half) + 1 < half ? lane + 1 : lane;
    CHECK_EQ(h[t * 4 + 2], down, "per-half mask shfl_down", t);
    unsigned x = 0xf0f0u + lane, r = 0, y = (unsigned)lane;
    int pc = 0, ffs = 0, clz = 0;
    for (int b = 0; b < 32; ++b) {
      pc += (x >> b) & 1;
      r |= ((y >> b) & 1u) << (31 - b);
    }
    unsigned s = (unsigned)lane << 3;
    if (s != 0)
      for (ffs = 1; !((s >> (ffs - 1)) & 1); ++ffs) {
      }
    for (unsigned v = lane + 1; clz < 32 && !(v & 0x80000000u); v <<= 1)
      ++clz;
    CHECK_EQ(h[t * 4 + 3], (int)(pc * 1000000 + r % 997 * 1000 + ffs * 10 + clz % 10),
             "__popc/__brev/__ffs/__clz", t);
  }
}

// A partial last warp (48 threads): the full mask names lanes past the end of
// the block, which are not waited for and do not vote.
__global__ void partial_warp(unsigned long long *out) {
  int lane = threadIdx.x % warpSize;
  out[threadIdx.x * 3 + 0] = __ballot_sync(FULL, 1);
  out[threadIdx.x * 3 + 1] = (unsigned)__reduce_add_sync(FULL, 1u);
  out[threadIdx.x * 3 + 2] = __shfl_sync(FULL, lane * 2, 0);
}

static void checkPartialWarp() {
  unsigned long long *d;
  cudaMalloc(&d, sizeof(unsigned long long) * 48 * 3);
  partial_warp<<<1, 48>>>(d);
  unsigned long long h[48 * 3];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  for (int t = 0; t < 48; ++t) {
    int n = t < WS ? (WS < 48 ? WS : 48) : 48 - WS;
    CHECK_EQ(h[t * 3 + 0], n == 64 ? ~0ull : (1ull << n) - 1, "partial warp ballot", t);
    CHECK_EQ(h[t * 3 + 1], (unsigned long long)n, "partial warp reduce", t);
    CHECK_EQ(h[t * 3 + 2], 0ull, "partial warp shfl", t);
  }
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  WS = prop.warpSize;
  std::printf("warpSize %d\n", WS);
  for (int width = 1; width <= WS; width *= 2) {
    checkShuffles<int>("int", width);
    checkShuffles<float>("float", width);
  }
  checkShuffles<unsigned>("unsigned", 16);
  checkShuffles<long long>("long long", 8);
  checkShuffles<unsigned long long>("unsigned long long", WS);
  checkShuffles<double>("double", 4);
  checkShuffles<long>("long", WS / 2);
  checkShuffles<unsigned long>("unsigned long", 2);
  checkVotes();
  checkMatches<int>("int");
  checkMatches<unsigned>("unsigned");
  checkMatches<long long>("long long");
  checkMatches<unsigned long long>("unsigned long long");
  checkMatches<float>("float");
  checkMatches<double>("double");
  checkReductions();
  checkSyncwarpAndMasks();
  checkPartialWarp();
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    std::printf("FAILED: %s\n", cudaGetErrorString(e));
    ++failures;
  }
  std::printf("%d checks\n", checks);
  if (failures == 0)
    std::printf("PASS\n");
  return failures == 0 ? 0 : 1;
}
