// Tensor copies (PTX cp.async.bulk.tensor.Nd, tile mode): a bulk copy of
// one box of a tensor map (model/TensorMap.h) between global memory and the
// CTA's shared memory, in the async proxy. It rides the bulk-copy machinery
// of AsyncCopies.cpp: a load lands as one complete_tx of the whole box's
// bytes on its mbarrier (out-of-bounds elements included, filled with zero
// or the NaN fill), a store joins the thread's bulk group and writes only
// the box's in-bounds elements. At the issue the thread reads the rows of
// the box that are in bounds and writes the box in shared memory (the
// memory checker, the race detector and the async-proxy rule see those
// accesses); the async-copy checker sees each segment in flight.
#include <algorithm>
#include <cstring>

#include "AsyncCopyQueue.h"
#include "BlockExecutor.h"
#include "GridRunner.h"
#include "Lane.h"
#include "Runtime.h"

namespace warpsim::sim {
namespace {

// Where the GPU can read a tensor map from: a kernel parameter
// (__grid_constant__), constant or global memory.
bool readableMap(const Runtime &rt, std::uintptr_t a) {
  constexpr std::size_t n = sizeof(std::uint64_t) * 16;
  if (rt.memory.inParam(a) && rt.memory.inParam(a + n - 1))
    return true;
  if (const Allocation *al = rt.memory.findAllocation(a);
      al != nullptr && !al->freed && a + n <= al->base + al->size)
    return true;
  if (const Symbol *s = rt.memory.findSymbol(a); s != nullptr && a + n <= s->base + s->size)
    return true;
  return false;
}

} // namespace

model::TensorMapDesc AsyncCopyQueue::tensorMapAt(Lane *l, std::uintptr_t map, std::uint32_t rank,
                                                 std::uintptr_t pc, bool im2col) {
  auto fail = [&](std::string why, cudaError_t error) {
    Finding f;
    f.kind = "tensor-map";
    f.message = "cp.async.bulk.tensor." + std::to_string(rank) + "d: " + why;
    f.sites.push_back(x_.siteOf(l, pc, currentSiteId(), "copy"));
    x_.abortLaunch(l, error, std::move(f));
  };
  if (map - l->stack_lo < l->stack_hi - l->stack_lo)
    fail("the tensor map operand is in the thread's local memory (a by-value kernel parameter "
         "without "
         "const __grid_constant__, or a local copy); the GPU reads a tensor map from a "
         "__grid_constant__ parameter, constant or global memory",
         cudaErrorIllegalAddress);
  if (!readableMap(x_.rt_, map))
    fail("the tensor map operand is not the address of 128 bytes of a kernel parameter, constant "
         "or global memory",
         cudaErrorIllegalAddress);
  if (map % 64 != 0)
    fail("the tensor map is not aligned to 64 bytes", cudaErrorMisalignedAddress);
  // The TMA unit reads a map in global memory through the tensormap proxy:
  // the race detector and the tensormap-proxy rule (a map modified in this
  // launch) see the read.
  if (const Allocation *al = x_.rt_.memory.findAllocation(map); al != nullptr && !al->freed)
    x_.access(l, map, 128, AccessKind::Load, MemoryOrder::NotAtomic, pc, Scope::Device,
              Proxy::TensorMap);
  std::uint64_t words[16];
  std::memcpy(words, reinterpret_cast<const void *>(map), sizeof words);
  model::TensorMapDesc d;
  if (!model::decodeTensorMap(words, d))
    fail(
        "the 128 bytes at the tensor map operand are not a map made by cuTensorMapEncodeTiled or "
        "cuTensorMapEncodeIm2col (never encoded, or changed since other than by tensormap.replace)",
        cudaErrorIllegalInstruction);
  if (d.rank != rank)
    fail("the tensor map has rank " + std::to_string(d.rank) + ", the instruction copies a " +
             std::to_string(rank) + "-d box",
         cudaErrorIllegalInstruction);
  if (d.im2col != im2col)
    fail(std::string("the tensor map is ") +
             (d.im2col ? "an im2col map (cuTensorMapEncodeIm2col)" : "a tiled map") +
             ", the instruction copies in " + (im2col ? ".im2col" : "tile") + " mode",
         cudaErrorIllegalInstruction);
  return d;
}

void AsyncCopyQueue::tensorIssue(Lane *l, InFlightCopy c, const model::TensorMapDesc &d,
                                 const std::int32_t *coords, std::uintptr_t shared,
                                 const std::vector<Destination> &dests,
                                 const std::int16_t *im2col) {
  const bool load = c.kind == AsyncCopyKind::BulkLoad;
  // A load's destination may be a cluster peer's (its offset is the same in
  // each destination CTA); a store's source is the CTA's own.
  const BlockExecutor *owner = load ? x_.sharedOwner(shared) : &x_;
  const std::uintptr_t base = owner != nullptr ? owner->info.smem_base : x_.info.smem_base;
  if (shared - base >= MemoryMap::kSharedWindow) {
    Finding f;
    f.kind = "tensor-map";
    f.message = std::string("cp.async.bulk.tensor's shared ") + (load ? "destination" : "source") +
                " is not in this CTA's shared memory" +
                (load ? " or a cluster peer's" : " (a tensor store reads shared::cta memory)");
    f.sites.push_back(x_.siteOf(l, c.pc, currentSiteId(), "copy"));
    x_.abortLaunch(l, cudaErrorIllegalAddress, std::move(f));
  }
  const std::uint32_t align = model::tensorSharedAlignment(d.swizzle);
  // The H100 fails a 32-byte aligned copy with a 32B swizzle with 716
  // (tests/runtime/tma_layout_probe.h100.txt).
  if ((shared - base) % align != 0) {
    Finding f;
    f.kind = "async-copy";
    f.message = "cp.async.bulk.tensor's shared " + std::string(load ? "destination" : "source") +
                " is " + std::to_string((shared - base) % align) + " bytes past a " +
                std::to_string(align) + "-byte boundary: a tensor copy " +
                (d.swizzle != 0 ? "with a swizzle " : "") + "needs " + std::to_string(align) +
                "-byte aligned shared memory";
    f.sites.push_back(x_.siteOf(l, c.pc, currentSiteId(), "copy"));
    x_.abortLaunch(l, cudaErrorMisalignedAddress, std::move(f));
  }
  // The segments at the offset in the window (the swizzle is anchored to
  // the window, so every destination CTA gets the same layout).
  std::vector<model::TensorSegment> segments;
  if (im2col != nullptr)
    model::im2colCopySegments(d, coords, im2col, shared - base, segments);
  else
    model::tensorCopySegments(d, coords, shared - base, segments);
  const std::vector<Destination> self{Destination{base, 0}};
  const std::vector<Destination> &targets = load ? dests : self;
  std::vector<std::shared_ptr<TensorCopy>> copies;
  for (const Destination &to : targets) {
    const std::uintptr_t toBase = load ? to.dst - (shared - base) : base;
    auto t = std::make_shared<TensorCopy>();
    t->segments = segments;
    for (model::TensorSegment &s : t->segments)
      s.shared += toBase;
    t->elemSize = d.elemSize;
    t->fill = d.nanFill ? model::tensorNanFill(d.type) : 0;
    copies.push_back(std::move(t));
  }
  // The accesses at the issue: the global rows in bounds (in order, adjacent
  // ones merged, read once) and the shared bytes of the box in each
  // destination (sorted, merged). The profile counts one bulk instruction
  // per copy (the first write).
  std::vector<std::pair<std::uintptr_t, std::uint32_t>> global, shared2;
  for (const model::TensorSegment &s : copies.front()->segments)
    if (!s.outOfBounds) {
      if (!global.empty() && global.back().first + global.back().second == s.global)
        global.back().second += s.bytes;
      else
        global.emplace_back(s.global, s.bytes);
    }
  for (const auto &t : copies) {
    std::vector<std::pair<std::uintptr_t, std::uint32_t>> smem;
    for (const model::TensorSegment &s : t->segments)
      if (load || !s.outOfBounds)
        smem.emplace_back(s.shared, s.bytes);
    std::sort(smem.begin(), smem.end());
    const std::size_t from = shared2.size();
    for (const auto &r : smem)
      if (shared2.size() > from && shared2.back().first + shared2.back().second == r.first)
        shared2.back().second += r.second;
      else
        shared2.push_back(r);
  }
  const auto &reads = load ? global : shared2;
  const auto &writes = load ? shared2 : global;
  for (const auto &[a, n] : reads)
    x_.access(l, a, n, AccessKind::Load, MemoryOrder::NotAtomic, c.pc, Scope::Device, Proxy::Async);
  bool first = true;
  for (const auto &[a, n] : writes) {
    destinationWrite_ = !first;
    // A reduction combines each element atomically: reductions of several
    // blocks into one destination do not race.
    if (c.reduce)
      x_.access(l, a, n, AccessKind::Atomic, MemoryOrder::Relaxed, c.pc, Scope::Device,
                Proxy::Async);
    else
      x_.access(l, a, n, AccessKind::Store, MemoryOrder::NotAtomic, c.pc, Scope::Device,
                Proxy::Async);
    destinationWrite_ = false;
    first = false;
  }
  x_.checkedSerialPoint(l, c.pc);
  for (std::size_t k = 0; k < copies.size(); ++k) {
    InFlightCopy one = c;
    one.dst = load ? targets[k].dst : d.address;
    one.src = load ? d.address : shared;
    if (load)
      one.mbar = targets[k].mbar;
    one.size = d.boxBytes();
    one.srcSize = one.size;
    one.tensor = std::move(copies[k]);
    issue(one);
  }
}

void AsyncCopyQueue::tensorLoad(Lane *l, std::uintptr_t dst, std::uintptr_t map,
                                const std::int32_t *coords, std::uint32_t rank, std::uintptr_t mbar,
                                std::uintptr_t pc, std::int32_t ctaMask,
                                const std::int16_t *im2col) {
  const model::TensorMapDesc d = tensorMapAt(l, map, rank, pc, im2col != nullptr);
  const std::vector<Destination> dests = destinations(
      l, dst, mbar, ctaMask, pc,
      ctaMask >= 0 ? "cp.async.bulk.tensor.multicast::cluster" : "cp.async.bulk.tensor");
  InFlightCopy c{l->tid, dst, 0, 0, 0, 0, pc, AsyncCopyKind::BulkLoad, mbar};
  tensorIssue(l, c, d, coords, dst, dests, im2col);
  for (const Destination &to : dests)
    landIfWaitedFor(to.mbar); // a thread may already wait for the bytes
}

void AsyncCopyQueue::tensorStore(Lane *l, std::uintptr_t map, const std::int32_t *coords,
                                 std::uint32_t rank, std::uintptr_t src, std::uintptr_t pc) {
  const model::TensorMapDesc d = tensorMapAt(l, map, rank, pc);
  InFlightCopy c{l->tid, 0, src, 0, 0, 0, pc, AsyncCopyKind::BulkStore};
  c.group = x_.sync_.bulkGroupsOf(l->tid).issue();
  tensorIssue(l, c, d, coords, src, {});
}

void AsyncCopyQueue::tensorReduce(Lane *l, std::uintptr_t map, const std::int32_t *coords,
                                  std::uint32_t rank, std::uintptr_t src, model::ReduceOp op,
                                  std::uintptr_t pc) {
  const model::TensorMapDesc d = tensorMapAt(l, map, rank, pc);
  model::ReduceType type;
  if (!model::tensorReduceType(d.type, op, type)) {
    Finding f;
    f.kind = "tensor-map";
    f.message = std::string("cp.reduce.async.bulk.tensor.") + std::to_string(rank) +
                "d: " + model::tensorReduceRefusal(d.type, op);
    f.sites.push_back(x_.siteOf(l, pc, currentSiteId(), "copy"));
    x_.abortLaunch(l, cudaErrorIllegalInstruction, std::move(f));
  }
  InFlightCopy c{l->tid, 0, src, 0, 0, 0, pc, AsyncCopyKind::BulkStore};
  c.group = x_.sync_.bulkGroupsOf(l->tid).issue();
  c.reduce = true;
  c.op = op;
  c.type = type;
  tensorIssue(l, c, d, coords, src, {});
}

void AsyncCopyQueue::tensorPrefetch(Lane *l, std::uintptr_t map, std::uint32_t rank,
                                    std::uintptr_t pc, bool im2col) {
  tensorMapAt(l, map, rank, pc, im2col);
}

} // namespace warpsim::sim
