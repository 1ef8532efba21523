// Kernel attributes and the occupancy calculator (cudaFuncGetAttributes,
// cudaFuncSetAttribute, cudaOccupancy*), with the architecture's real
// limits: threads, warps and blocks per SM, shared memory per SM with the
// driver's per-block reservation and 128-byte allocation granularity.
//
// Two things warpsim cannot know as the GPU does, stated in
// docs/device-api.md:
//  - registers: a kernel is taken to use registers_per_sm /
//    max_threads_per_sm of them per thread (32 on sm_80/sm_90), the most at
//    which registers never limit occupancy; numRegs reports that;
//  - a kernel's static __shared__ size is learned from its launch sites (the
//    front end computes it for each) or warpsim_register_kernel; before
//    either, it counts as 0 and the first call says so.
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>

#include <cuda_runtime.h>

#include "Runtime.h"

using namespace warpsim;
using namespace warpsim::sim;

namespace {

Runtime &rt() { return Runtime::get(); }

constexpr std::size_t kSmemGranularity = 128;

std::size_t roundUp(std::size_t x, std::size_t to) { return (x + to - 1) / to * to; }

std::size_t staticSmemOf(const void *func, const char *call) {
  Runtime &r = rt();
  if (auto it = r.kernelStaticSmem.find(func); it != r.kernelStaticSmem.end())
    return it->second;
  static bool told = false;
  if (!told) {
    told = true;
    std::fflush(stdout);
    std::fprintf(stderr,
                 "warpsim: warning: %s: the static __shared__ size of a kernel is known once it "
                 "has been launched; until then it counts as 0 bytes\n",
                 call);
  }
  return 0;
}

// The kernel's dynamic shared memory limit and whether it was raised with
// cudaFuncAttributeMaxDynamicSharedMemorySize (the driver's opt-in).
struct DynamicLimit {
  std::size_t bytes;
  bool set;
};
DynamicLimit dynamicLimit(const void *func, std::size_t staticSmem) {
  Runtime &r = rt();
  if (auto it = r.maxDynamicSmem.find(func); it != r.maxDynamicSmem.end())
    return {static_cast<std::size_t>(it->second), true};
  const std::size_t perBlock = r.arch.static_shared_per_block;
  return {perBlock > staticSmem ? perBlock - staticSmem : 0, false};
}

int assumedRegisters(const model::ArchSpec &a) {
  return static_cast<int>(a.registers_per_sm / std::max(1u, a.max_threads_per_sm));
}

// Blocks of `blockSize` threads with `dynamicSmem` bytes that fit on one SM.
int activeBlocks(const void *func, int blockSize, std::size_t dynamicSmem, const char *call) {
  const Runtime &r = rt();
  const model::ArchSpec &a = r.arch;
  if (blockSize > static_cast<int>(a.max_threads_per_block))
    return 0;
  const unsigned warp = r.laneCount;
  const unsigned warpsPerBlock = (static_cast<unsigned>(blockSize) + warp - 1) / warp;
  int limit = static_cast<int>(a.max_blocks_per_sm);
  limit = std::min(limit, static_cast<int>(a.max_threads_per_sm / warp / warpsPerBlock));
  // Registers: allocated per warp in units of 256.
  const std::size_t regsPerWarp = roundUp(std::size_t(assumedRegisters(a)) * warp, 256);
  if (regsPerWarp > 0)
    limit = std::min(limit, static_cast<int>(a.registers_per_sm / regsPerWarp / warpsPerBlock));
  // Shared memory, as the driver accounts it.
  const std::size_t staticSmem = staticSmemOf(func, call);
  const DynamicLimit dyn = dynamicLimit(func, staticSmem);
  if (dyn.set && dynamicSmem > dyn.bytes)
    return 0;
  const std::size_t reserved = a.reserved_shared_per_block;
  const std::size_t perBlock = roundUp(staticSmem + reserved + dynamicSmem, kSmemGranularity);
  std::size_t blockLimit = a.static_shared_per_block;
  if (dyn.set && staticSmem + reserved + dyn.bytes > a.static_shared_per_block)
    blockLimit = a.shared_per_block_optin;
  if (perBlock > blockLimit + reserved)
    return 0;
  if (perBlock > 0)
    limit = std::min(limit, static_cast<int>(a.shared_per_sm / perBlock));
  return std::max(limit, 0);
}

} // namespace

extern "C" {

void warpsim_register_kernel(const void *func, std::size_t staticSmem) {
  if (func != nullptr && staticSmem != kUnknownSmem)
    rt().kernelStaticSmem[func] = staticSmem;
}

void warpsim_register_cluster_dims(const void *func, unsigned x, unsigned y, unsigned z) {
  if (func != nullptr)
    rt().kernelClusterDims[func] = model::Dim3{x, y, z};
}

cudaError_t cudaFuncGetAttributes_impl(cudaFuncAttributes *attr, const void *func) {
  Runtime &r = rt();
  if (attr == nullptr)
    return r.setError(cudaErrorInvalidValue);
  if (func == nullptr)
    return r.setError(cudaErrorInvalidDeviceFunction);
  const model::ArchSpec &a = r.arch;
  std::memset(attr, 0, sizeof *attr);
  attr->sharedSizeBytes = staticSmemOf(func, "cudaFuncGetAttributes");
  attr->maxThreadsPerBlock = static_cast<int>(a.max_threads_per_block);
  attr->numRegs = assumedRegisters(a);
  attr->ptxVersion = a.compute_major * 10 + a.compute_minor;
  attr->binaryVersion = attr->ptxVersion;
  attr->maxDynamicSharedSizeBytes =
      static_cast<int>(dynamicLimit(func, attr->sharedSizeBytes).bytes);
  auto c = r.smemCarveout.find(func);
  attr->preferredShmemCarveout = c != r.smemCarveout.end() ? c->second : -1;
  if (auto d = r.kernelClusterDims.find(func); d != r.kernelClusterDims.end()) {
    attr->clusterDimMustBeSet = 1;
    attr->requiredClusterWidth = static_cast<int>(d->second.x);
    attr->requiredClusterHeight = static_cast<int>(d->second.y);
    attr->requiredClusterDepth = static_cast<int>(d->second.z);
  }
  auto np = r.nonPortableClusters.find(func);
  attr->nonPortableClusterSizeAllowed = np != r.nonPortableClusters.end() && np->second ? 1 : 0;
  return cudaSuccess;
}

namespace {
// SMs of an H100 SXM that clusters of `size` blocks can use: the clusters of
// a launch are placed within GPCs, so larger clusters leave SMs idle
// (cudaOccupancyMaxActiveClusters on the H100 for 1, 2, 4, 8 and 16 blocks:
// tests/runtime/cluster/probe_clusters.h100.txt; other sizes take the next
// measured one).
std::uint32_t clusterSms(const model::ArchSpec &a, std::uint64_t size) {
  const std::uint32_t sms = a.multiprocessor_count;
  if (size <= 2 || sms != 132)
    return sms;
  return size <= 8 ? 124 : 116;
}

// The cluster size of a configuration: its attribute, else the kernel's
// __cluster_dims__ (known once it was launched), else 1.
bool configCluster(const void *func, const cudaLaunchConfig_t *config, std::uint64_t &size) {
  size = 1;
  for (unsigned i = 0; i < config->numAttrs; ++i)
    if (config->attrs[i].id == cudaLaunchAttributeClusterDimension) {
      const auto &d = config->attrs[i].val.clusterDim;
      size = std::uint64_t{d.x} * d.y * d.z;
      return size != 0;
    }
  if (auto d = rt().kernelClusterDims.find(func); d != rt().kernelClusterDims.end())
    size = d->second.volume();
  return true;
}
} // namespace

cudaError_t cudaOccupancyMaxActiveClusters_impl(int *clusters, const void *func,
                                                const cudaLaunchConfig_t *config) {
  Runtime &r = rt();
  if (clusters == nullptr || config == nullptr ||
      (config->numAttrs != 0 && config->attrs == nullptr))
    return r.setError(cudaErrorInvalidValue);
  std::uint64_t size = 1;
  if (!configCluster(func, config, size))
    return r.setError(cudaErrorInvalidClusterSize);
  auto np = r.nonPortableClusters.find(func);
  if (size > (np != r.nonPortableClusters.end() && np->second ? 16u : 8u))
    return r.setError(cudaErrorInvalidClusterSize);
  int perSm = 0;
  const cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags_impl(
      &perSm, func, static_cast<int>(config->blockDim.x * config->blockDim.y * config->blockDim.z),
      config->dynamicSmemBytes, 0);
  if (e != cudaSuccess)
    return e;
  *clusters = static_cast<int>(std::uint64_t(perSm) * clusterSms(r.arch, size) / size);
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxPotentialClusterSize_impl(int *size, const void *func,
                                                      const cudaLaunchConfig_t *config) {
  Runtime &r = rt();
  if (size == nullptr || config == nullptr)
    return r.setError(cudaErrorInvalidValue);
  if (func == nullptr)
    return r.setError(cudaErrorInvalidDeviceFunction);
  auto np = r.nonPortableClusters.find(func);
  *size = np != r.nonPortableClusters.end() && np->second ? 16 : 8;
  return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute_impl(const void *func, cudaFuncAttribute attr, int value) {
  Runtime &r = rt();
  if (func == nullptr)
    return r.setError(cudaErrorInvalidDeviceFunction);
  switch (attr) {
  case cudaFuncAttributeMaxDynamicSharedMemorySize: {
    // Checked against what is known now; the launch checks the total again.
    auto known = r.kernelStaticSmem.find(func);
    const std::size_t staticSmem = known != r.kernelStaticSmem.end() ? known->second : 0;
    if (value < 0 || staticSmem + static_cast<std::uint64_t>(value) > r.arch.shared_per_block_optin)
      return r.setError(cudaErrorInvalidValue);
    r.maxDynamicSmem[func] = value;
    return cudaSuccess;
  }
  case cudaFuncAttributePreferredSharedMemoryCarveout:
    // A hint the driver may ignore; kept for cudaFuncGetAttributes.
    if (value < -1 || value > 100)
      return r.setError(cudaErrorInvalidValue);
    r.smemCarveout[func] = value;
    return cudaSuccess;
  case cudaFuncAttributeNonPortableClusterSizeAllowed:
    if (value != 0 && value != 1)
      return r.setError(cudaErrorInvalidValue);
    r.nonPortableClusters[func] = value == 1;
    return cudaSuccess;
  default:
    return r.unsupported("cudaFuncSetAttribute",
                         "this attribute (cluster shape, scheduling policy) is not modelled");
  }
}

// Which of L1 and shared memory a kernel prefers: a hint with no effect on
// results; warpsim models no caches.
cudaError_t cudaFuncSetCacheConfig_impl(const void *func, cudaFuncCache) {
  return func == nullptr ? rt().setError(cudaErrorInvalidDeviceFunction) : cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags_impl(
    int *numBlocks, const void *func, int blockSize, std::size_t dynamicSmem, unsigned flags) {
  Runtime &r = rt();
  if (numBlocks == nullptr || blockSize <= 0 || (flags & ~1u) != 0)
    return r.setError(cudaErrorInvalidValue);
  if (func == nullptr)
    return r.setError(cudaErrorInvalidDeviceFunction);
  *numBlocks =
      activeBlocks(func, blockSize, dynamicSmem, "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return cudaSuccess;
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock_impl(std::size_t *bytes, const void *func,
                                                           int numBlocks, int blockSize) {
  Runtime &r = rt();
  if (bytes == nullptr || numBlocks <= 0 || blockSize <= 0)
    return r.setError(cudaErrorInvalidValue);
  if (func == nullptr)
    return r.setError(cudaErrorInvalidDeviceFunction);
  const char *call = "cudaOccupancyAvailableDynamicSMemPerBlock";
  if (activeBlocks(func, blockSize, 0, call) < numBlocks)
    return r.setError(cudaErrorInvalidValue);
  const model::ArchSpec &a = r.arch;
  const std::size_t staticSmem = staticSmemOf(func, call);
  const DynamicLimit dyn = dynamicLimit(func, staticSmem);
  const std::size_t blockLimit = dyn.set ? a.shared_per_block_optin : a.static_shared_per_block;
  // One block may take the whole per-block limit; several share the SM.
  std::size_t avail = numBlocks == 1 ? blockLimit : a.shared_per_sm / numBlocks;
  avail = std::min(avail / kSmemGranularity * kSmemGranularity, blockLimit);
  avail = avail > staticSmem ? avail - staticSmem : 0;
  *bytes = std::min(avail, dyn.bytes);
  return cudaSuccess;
}

} // extern "C"
