// Inline PTX, executed on the calling lane: the asm statement's template is
// parsed once per site (model::parsePtx, the parse the front end accepted)
// and run instruction by instruction. Barriers, mbarriers, fences and
// elect.sync become the engine's events, at the asm statement's line.
#include <algorithm>
#include <cstring>
#include <mutex>

#include "BlockExecutor.h"
#include "Lane.h"
#include "MatrixExecution.h"
#include "Runtime.h"
#include "ScopedAtomics.h"
#include "WgmmaExecution.h"
#include "warpsim/model/ClusterShape.h"
#include "warpsim/model/Ptx.h"
#include "warpsim/ptx_abi.h"
#include "warpsim/sync_abi.h"

using namespace warpsim;
using namespace warpsim::sim;
using model::PtxInstr;
using model::PtxOp;
using model::PtxOperand;

namespace {

// Shared-space operands hold an offset into the CTA's shared window (what
// __cvta_generic_to_shared gives); a generic pointer into the window is
// taken as it is.
constexpr std::uint64_t kSharedWindow = std::uint64_t{1} << 18;
// A shared::cluster address (mapa.shared::cluster) of the cluster's block
// `rank` at `offset`: kClusterShared + rank * kSharedWindow + offset (a
// 32-bit value, as on the GPU; a shared::cta offset names the own block).
constexpr std::uint64_t kClusterShared = std::uint64_t{1} << 24;
constexpr std::uint64_t kMaxClusterBlocks = 16;

class PtxRun {
public:
  PtxRun(Lane *l, const model::PtxProgram &p, PtxArg *args, unsigned n, std::uintptr_t pc)
      : l_(l), p_(p), args_(args), n_(n), pc_(pc), regs_(p.registers.size(), 0) {}

  void run() {
    // Accesses of registers of the lane's wgmma in flight: since the last
    // statement, and this one's operands.
    if (l_->warp->wgmma)
      wgmmaBeforeStatement(l_, args_, n_, chainable(), p_.code.empty(), pc_);
    std::size_t i = 0;
    while (i < p_.code.size()) {
      const PtxInstr &in = p_.code[i];
      ++i;
      if (in.guarded && (read(in.guard) != 0) == in.guardNegate)
        continue;
      if (in.op == PtxOp::Bra) {
        i = in.target;
        continue;
      }
      execute(in);
    }
    // (The store-back is the statement's, not an access of the lane's
    // wgmma registers: wgmmaBeforeStatement judged its operands.)
    const bool writing = l_->wgmma_writing;
    l_->wgmma_writing = true;
    for (unsigned k = 0; k < n_; ++k)
      if (args_[k].store != nullptr && (k >= deferred_.size() || !deferred_[k]))
        args_[k].store(args_[k].ptr, args_[k].bits);
    l_->wgmma_writing = writing;
  }

private:
  Lane *l_;
  const model::PtxProgram &p_;
  PtxArg *args_;
  unsigned n_;
  std::uintptr_t pc_;
  std::vector<std::uint64_t> regs_;
  // Operands a wgmma.mma_async writes at its wait, not at the statement's end.
  std::vector<bool> deferred_;

  BlockExecutor &block() { return *l_->block; }

  // The operands a wgmma.mma_async of this statement names as accumulators.
  std::vector<bool> chainable() const {
    std::vector<bool> out(n_, false);
    for (const PtxInstr &in : p_.code)
      if (in.op == PtxOp::WgmmaMma)
        for (std::uint32_t r = 0; r < in.groups[0]; ++r)
          if (in.args[r].kind == PtxOperand::Kind::Operand && in.args[r].index < n_)
            out[in.args[r].index] = true;
    return out;
  }

  [[noreturn]] void refuse(const std::string &why) {
    Finding f;
    f.kind = "wgmma";
    f.message = why;
    f.sites.push_back(block().siteOf(l_, pc_, currentSiteId(), "issue"));
    block().abortLaunch(l_, cudaErrorIllegalInstruction, std::move(f));
    __builtin_unreachable();
  }

  void wgmma(const PtxInstr &in) {
    const model::WgmmaShape &s = in.wgmma;
    WgmmaLane w;
    w.shape = s;
    w.regA = in.wgmmaRegA;
    std::vector<PtxArg *> d(in.groups[0], nullptr);
    for (std::uint32_t r = 0; r < in.groups[0]; ++r) {
      const PtxOperand &o = in.args[r];
      if (o.kind != PtxOperand::Kind::Operand || o.index >= n_ || args_[o.index].ptr == nullptr)
        refuse("wgmma.mma_async: accumulator " + std::to_string(r) +
               " is not an output operand of the asm statement (\"+f\" / \"+r\"): warpsim "
               "writes the accumulators when the wgmma.wait_group that covers it runs");
      d[r] = &args_[o.index];
      if (deferred_.size() < n_)
        deferred_.resize(n_, false);
      deferred_[o.index] = true;
    }
    std::size_t at = in.groups[0];
    if (w.regA) {
      unpack(in, 1, s.a, model::wgmmaAElements(s), w.a);
      at += 4;
    } else {
      w.descA = read(in.args[at++]);
    }
    w.descB = read(in.args[at++]);
    w.scaleD = read(in.args[at++]) != 0;
    auto scale = [&](const char *what) {
      const auto v = static_cast<std::int32_t>(static_cast<std::uint32_t>(read(in.args[at++])));
      if (v != 1 && v != -1)
        refuse(std::string("wgmma.mma_async: ") + what + " is " + std::to_string(v) +
               " (PTX: 1 or -1)");
      return v == -1;
    };
    w.negA = scale("imm-scale-a");
    w.negB = scale("imm-scale-b");
    auto trans = [&](const char *what) {
      const std::uint64_t v = read(in.args[at++]);
      if (v > 1)
        refuse(std::string("wgmma.mma_async: ") + what + " is " + std::to_string(v) +
               " (PTX: 0 or 1)");
      return v == 1;
    };
    if (model::wgmmaTransposable(s)) {
      if (!w.regA)
        w.transA = trans("imm-trans-a");
      w.transB = trans("imm-trans-b");
    }
    w.d = d.data();
    w.dregs = in.groups[0];
    wgmmaIssue(l_, w, pc_);
  }

  std::uint64_t special(const std::string &name) {
    const BlockInfo &b = block().info;
    const unsigned ws = b.launch->warp_size;
    const std::uint64_t lane = l_->lane;
    const std::uint64_t below = (std::uint64_t{1} << lane) - 1;
    const std::uint64_t all = ws == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << ws) - 1;
    if (name == "laneid")
      return lane;
    if (name == "warpid")
      return l_->warp->index;
    if (name == "nwarpid")
      return block().warps.size();
    if (name == "lanemask_eq")
      return std::uint64_t{1} << lane;
    if (name == "lanemask_lt")
      return below;
    if (name == "lanemask_le")
      return below | (std::uint64_t{1} << lane);
    if (name == "lanemask_gt")
      return all & ~(below | (std::uint64_t{1} << lane));
    if (name == "lanemask_ge")
      return all & ~below;
    if (name == "clock" || name == "clock64")
      return block().stats().warp_instructions;
    if (name == "smid") // a cooperative grid has more resident blocks than SMs
      return block().slot % std::max(1u, b.launch->arch->multiprocessor_count);
    if (name == "dynamic_smem_size")
      return b.launch->dynamic_smem;
    const Dim3 &cl = b.launch->cluster;
    if (name == "cluster_ctarank")
      return b.cluster_rank;
    if (name == "cluster_nctarank")
      return cl.volume();
    if (name == "is_explicit_cluster")
      return b.launch->explicit_cluster ? 1 : 0;
    const char axis = name.back();
    auto pick = [axis](const Dim3 &d) -> std::uint64_t {
      return axis == 'x' ? d.x : axis == 'y' ? d.y : d.z;
    };
    const model::ClusterShape shape{b.launch->grid, cl};
    if (name.rfind("clusterid.", 0) == 0)
      return pick(shape.clusterOf(b.index));
    if (name.rfind("nclusterid.", 0) == 0)
      return pick(shape.clusters());
    if (name.rfind("cluster_ctaid.", 0) == 0)
      return pick(shape.inCluster(b.index));
    if (name.rfind("cluster_nctaid.", 0) == 0)
      return pick(cl);
    if (name.rfind("tid.", 0) == 0)
      return pick(l_->tidx);
    if (name.rfind("ntid.", 0) == 0)
      return pick(b.launch->block);
    if (name.rfind("ctaid.", 0) == 0)
      return pick(b.index);
    return pick(b.launch->grid); // nctaid.*
  }

  std::uint64_t read(const PtxOperand &o) {
    std::uint64_t v = 0;
    switch (o.kind) {
    case PtxOperand::Kind::Operand:
      v = o.index < n_ ? args_[o.index].bits : 0;
      break;
    case PtxOperand::Kind::Register:
      v = regs_[o.index];
      break;
    case PtxOperand::Kind::Immediate:
      v = static_cast<std::uint64_t>(o.imm);
      break;
    case PtxOperand::Kind::Special:
      v = special(o.name);
      break;
    case PtxOperand::Kind::Address: {
      PtxOperand base;
      base.kind = o.base;
      base.index = o.baseIndex;
      v = (o.base == PtxOperand::Kind::Immediate ? 0 : read(base)) +
          static_cast<std::uint64_t>(o.imm);
      break;
    }
    case PtxOperand::Kind::Label:
    case PtxOperand::Kind::Sink:
      break;
    }
    return o.negate ? (v == 0 ? 1 : 0) : v;
  }

  void write(const PtxOperand &o, std::uint64_t v) {
    if (o.kind == PtxOperand::Kind::Operand && o.index < n_)
      args_[o.index].bits = v;
    else if (o.kind == PtxOperand::Kind::Register)
      regs_[o.index] = v;
  }

  void *shared(const PtxOperand &o) { return reinterpret_cast<void *>(sharedAddress(read(o))); }
  std::uintptr_t sharedAddress(std::uint64_t v) {
    if (v < kSharedWindow)
      return block().info.smem_base + v;
    if (v - kClusterShared < kMaxClusterBlocks * kSharedWindow)
      return block().mapShared(l_, block().info.smem_base + (v - kClusterShared) % kSharedWindow,
                               static_cast<std::uint32_t>((v - kClusterShared) / kSharedWindow),
                               pc_);
    return v;
  }
  // The address operand of ld / st in its state space, as a generic address.
  std::uintptr_t spaceAddress(const PtxInstr &in, const PtxOperand &o) {
    const std::uint64_t v = read(o);
    return in.space == PtxInstr::Space::SharedCta || in.space == PtxInstr::Space::SharedCluster
               ? sharedAddress(v)
               : v;
  }
  // One event for the whole access (a vector's elements together); a
  // strong ld/st (.relaxed/.acquire/.release, .volatile) is an atomic
  // access with its order and scope, a weak one a plain access.
  void loadStore(const PtxInstr &in) {
    const auto &a = in.args;
    const bool load = in.op == PtxOp::Ld;
    const std::uintptr_t addr = spaceAddress(in, a[load ? in.vec : 0]);
    const std::uint32_t size = in.bits / 8;
    const bool strong = in.order != MemoryOrder::NotAtomic;
    block().access(l_, addr, size * in.vec,
                   strong ? AccessKind::Atomic
                   : load ? AccessKind::Load
                          : AccessKind::Store,
                   in.order, pc_, strong ? in.scope : Scope::Device, Proxy::Generic,
                   strong && load);
    // --memory-model ptx: each element is one access of the model.
    PtxMemory *m = Runtime::running().ptx;
    const Scope scope = strong ? in.scope : Scope::Device;
    for (std::uint32_t k = 0; k < in.vec; ++k) {
      auto *p = reinterpret_cast<char *>(addr) + k * size;
      std::uint64_t v = 0;
      if (load) {
        if (m != nullptr)
          m->load(*l_, p, size, in.order, scope, &v);
        else
          std::memcpy(&v, p, size);
        if (in.isSigned && size < 8) {
          const std::uint32_t sh = 64 - in.bits;
          v = static_cast<std::uint64_t>(static_cast<std::int64_t>(v << sh) >> sh);
        }
        write(a[k], v);
      } else {
        v = read(a[1 + k]);
        if (m != nullptr)
          m->store(*l_, p, size, in.order, scope, &v);
        else
          std::memcpy(p, &v, size);
      }
    }
  }

  // atom / red: one atomic event with the instruction's order and scope.
  void atomic(const PtxInstr &in) {
    const auto &a = in.args;
    const bool red = in.op == PtxOp::Red;
    const std::uintptr_t addr = spaceAddress(in, a[red ? 0 : 1]);
    model::AtomicType t;
    t.size = static_cast<std::uint8_t>(in.bits / 8);
    t.kind = in.isFloat    ? model::AtomicKind::Float
             : in.isSigned ? model::AtomicKind::Signed
                           : model::AtomicKind::Unsigned;
    const bool cas = in.atomOp == model::AtomicOp::Cas;
    const std::uint64_t value = read(a[red ? 1 : cas ? 3 : 2]);
    const std::uint64_t compare = cas ? read(a[2]) : 0;
    const std::uint64_t old =
        scopedAtomic(l_, addr, in.atomOp, t, value, compare, in.order, in.scope, pc_);
    if (!red)
      write(a[0], in.isSigned && t.size < 8
                      ? static_cast<std::uint64_t>(static_cast<std::int64_t>(old << 32) >> 32)
                      : old);
  }

  static std::uint64_t truncate(std::uint64_t v, std::uint32_t bits) {
    return bits >= 64 ? v : v & ((std::uint64_t{1} << bits) - 1);
  }

  bool compare(const PtxInstr &in, std::uint64_t a, std::uint64_t b) {
    a = truncate(a, in.bits);
    b = truncate(b, in.bits);
    if (in.isSigned && in.bits < 64) {
      const std::uint32_t s = 64 - in.bits;
      a = static_cast<std::uint64_t>(static_cast<std::int64_t>(a << s) >> s);
      b = static_cast<std::uint64_t>(static_cast<std::int64_t>(b << s) >> s);
    }
    const auto sa = static_cast<std::int64_t>(a), sb = static_cast<std::int64_t>(b);
    switch (in.cmp) {
    case PtxInstr::Cmp::Eq:
      return a == b;
    case PtxInstr::Cmp::Ne:
      return a != b;
    case PtxInstr::Cmp::Lt:
      return in.isSigned ? sa < sb : a < b;
    case PtxInstr::Cmp::Le:
      return in.isSigned ? sa <= sb : a <= b;
    case PtxInstr::Cmp::Gt:
      return in.isSigned ? sa > sb : a > b;
    case PtxInstr::Cmp::Ge:
      return in.isSigned ? sa >= sb : a >= b;
    }
    return false;
  }

  void mbarrier(const PtxInstr &in) {
    using model::MBarrierOp;
    const auto &a = in.args;
    std::uint32_t count = 0, tx = 0;
    std::uint64_t phase = 0;
    const PtxOperand *addr = &a[1];
    const PtxOperand *result = &a[0];
    switch (in.mbar) {
    case MBarrierOp::Init:
      addr = &a[0];
      count = static_cast<std::uint32_t>(read(a[1]));
      result = nullptr;
      break;
    case MBarrierOp::Inval:
      addr = &a[0];
      result = nullptr;
      break;
    case MBarrierOp::ExpectTx:
    case MBarrierOp::CompleteTx:
      addr = &a[0];
      tx = static_cast<std::uint32_t>(read(a[1]));
      result = nullptr;
      break;
    case MBarrierOp::ArriveExpectTx:
      tx = static_cast<std::uint32_t>(read(a[2]));
      count = a.size() > 3 ? static_cast<std::uint32_t>(read(a[3])) : 1;
      break;
    case MBarrierOp::Arrive:
    case MBarrierOp::ArriveDrop:
    case MBarrierOp::ArriveNoComplete:
      count = a.size() > 2 ? static_cast<std::uint32_t>(read(a[2])) : 1;
      break;
    case MBarrierOp::TestWait:
    case MBarrierOp::TestWaitParity:
    case MBarrierOp::TryWait:
    case MBarrierOp::TryWaitParity:
      phase = read(a[2]); // the state token, or the parity
      break;
    }
    const std::uint8_t flags = (in.relaxed ? BlockExecutor::kMBarrierRelaxed : 0) |
                               (in.scope == Scope::Cluster ? BlockExecutor::kMBarrierCluster : 0);
    const std::uint64_t r = block().mbarrier(
        l_, in.mbar, reinterpret_cast<std::uintptr_t>(shared(*addr)), count, tx, phase, pc_, flags);
    if (result != nullptr)
      write(*result, r);
  }

  // The first operand of group `g` (PtxInstr::groups).
  static std::size_t groupStart(const PtxInstr &in, std::size_t g) {
    std::size_t at = 0;
    for (std::size_t i = 0; i < g; ++i)
      at += in.groups[i];
    return at;
  }
  // Elements of type `t` packed into the registers of group `g`, low bits
  // first (f16x2, s8x4, one f64 per register).
  void unpack(const PtxInstr &in, std::size_t g, model::MmaType t, std::uint32_t count,
              std::uint64_t *out) {
    const std::uint32_t bits = model::mmaTypeBits(t), per = bits == 64 ? 1 : 32 / bits;
    const std::size_t at = groupStart(in, g);
    for (std::uint32_t i = 0; i < count; ++i)
      out[i] = truncate(read(in.args[at + i / per]) >> (bits * (i % per)), bits);
  }
  void pack(const PtxInstr &in, std::size_t g, model::MmaType t, std::uint32_t count,
            const std::uint64_t *elems) {
    const std::uint32_t bits = model::mmaTypeBits(t), per = bits == 64 ? 1 : 32 / bits;
    const std::size_t at = groupStart(in, g);
    for (std::uint32_t r = 0; r < in.groups[g]; ++r) {
      std::uint64_t v = 0;
      for (std::uint32_t e = 0; e < per && r * per + e < count; ++e)
        v |= truncate(elems[r * per + e], bits) << (bits * e);
      write(in.args[at + r], v);
    }
  }

  void mma(const PtxInstr &in) {
    using model::MmaOperand;
    MatrixLane ml;
    ml.op = model::WarpOp::MmaSync;
    ml.shape = in.mma;
    ml.satfinite = in.satfinite;
    unpack(in, 1, in.mma.ab, model::mmaElements(in.mma, MmaOperand::A), ml.a);
    unpack(in, 2, in.mma.ab, model::mmaElements(in.mma, MmaOperand::B), ml.b);
    unpack(in, 3, in.mma.cd, model::mmaElements(in.mma, MmaOperand::C), ml.c);
    matrixOp(l_, ml, pc_);
    pack(in, 0, in.mma.cd, model::mmaElements(in.mma, MmaOperand::C), ml.d);
  }

  // ldmatrix / stmatrix: lanes 8j..8j+7 address the rows of matrix j, 16
  // bytes each, 16-byte aligned in shared memory.
  std::uintptr_t matrixRow(const PtxInstr &in, const PtxOperand &o) {
    const std::uintptr_t addr = sharedAddress(read(o));
    if (addr % 16 != 0) {
      Finding f;
      f.kind = "misaligned-access";
      f.space = "shared";
      f.message = std::string(in.op == PtxOp::Ldmatrix ? "ldmatrix" : "stmatrix") +
                  ": the row address of lane " + std::to_string(l_->lane) + " is " +
                  std::to_string(addr % 16) +
                  " bytes past a 16-byte boundary (PTX: each row's address must be 16-byte "
                  "aligned)";
      f.sites.push_back(block().siteOf(l_, pc_, currentSiteId(), "access"));
      block().abortLaunch(l_, cudaErrorMisalignedAddress, std::move(f));
    }
    return addr;
  }

  void matrixMove(const PtxInstr &in) {
    MatrixLane ml;
    ml.count = in.count;
    ml.trans = in.trans;
    const bool rowLane = l_->lane < 8 * in.count;
    switch (in.op) {
    case PtxOp::Ldmatrix:
      ml.op = model::WarpOp::Ldmatrix;
      if (rowLane)
        matrixMemory(l_, matrixRow(in, in.args[in.count]), 16, false, ml.row, 2, pc_);
      matrixOp(l_, ml, pc_);
      for (std::uint32_t j = 0; j < in.count; ++j)
        write(in.args[j], ml.regs[j]);
      break;
    case PtxOp::Stmatrix:
      ml.op = model::WarpOp::Stmatrix;
      for (std::uint32_t j = 0; j < in.count; ++j)
        ml.regs[j] = static_cast<std::uint32_t>(read(in.args[1 + j]));
      matrixOp(l_, ml, pc_);
      if (rowLane)
        matrixMemory(l_, matrixRow(in, in.args[0]), 16, true, ml.row, 2, pc_);
      break;
    default: // movmatrix
      ml.op = model::WarpOp::Movmatrix;
      ml.regs[0] = static_cast<std::uint32_t>(read(in.args[1]));
      matrixOp(l_, ml, pc_);
      write(in.args[0], ml.result);
      break;
    }
  }

  void execute(const PtxInstr &in) {
    const auto &a = in.args;
    switch (in.op) {
    case PtxOp::BarSync:
    case PtxOp::BarArrive:
      block().ctaBarrier(l_, BarrierKind::Block,
                         in.op == PtxOp::BarSync ? model::BlockBarrier::Flavor::Sync
                                                 : model::BlockBarrier::Flavor::Arrive,
                         static_cast<std::uint32_t>(read(a[0])),
                         a.size() > 1 ? static_cast<std::uint32_t>(read(a[1])) : 0, false, pc_);
      break;
    case PtxOp::BarRed: {
      const std::uint32_t count = a.size() == 4 ? static_cast<std::uint32_t>(read(a[2])) : 0;
      const bool pred = read(a.back()) != 0;
      write(a[0], block().ctaBarrier(l_, in.red, model::BlockBarrier::Flavor::Red,
                                     static_cast<std::uint32_t>(read(a[1])), count, pred, pc_));
      break;
    }
    case PtxOp::MBarrier:
      mbarrier(in);
      break;
    case PtxOp::Fence:
      block().fence(l_, in.scope, pc_, 0,
                    in.order == MemoryOrder::AcqRel ? MemoryOrder::AcqRel : MemoryOrder::SeqCst);
      if (PtxMemory *m = Runtime::running().ptx)
        m->fence(*l_, in.order != MemoryOrder::AcqRel, in.scope);
      break;
    case PtxOp::ElectSync: {
      // The lowest lane of the mask that executes it is the leader.
      model::WarpOperand op;
      op.value = 1;
      const std::uint64_t voters = block().warpOp(l_, model::WarpOp::Ballot, read(a[2]), op, pc_);
      const std::uint64_t leader = voters == 0 ? 0 : __builtin_ctzll(voters);
      write(a[0], leader);
      write(a[1], leader == l_->lane ? 1 : 0);
      break;
    }
    case PtxOp::Mov:
      write(a[0], truncate(read(a[1]), in.bits));
      break;
    case PtxOp::Selp:
      write(a[0], truncate(read(a[3]) != 0 ? read(a[1]) : read(a[2]), in.bits));
      break;
    case PtxOp::Setp:
      write(a[0], compare(in, read(a[1]), read(a[2])) ? 1 : 0);
      break;
    case PtxOp::Bfe: {
      const std::uint64_t v = truncate(read(a[1]), in.bits);
      const std::uint32_t pos = read(a[2]) & 0xff, len = read(a[3]) & 0xff;
      std::uint64_t d = 0;
      if (len > 0) {
        const std::uint32_t top = pos + len - 1 < in.bits ? pos + len - 1 : in.bits - 1;
        const bool sign = in.isSigned && ((v >> top) & 1);
        for (std::uint32_t i = 0; i < in.bits; ++i) {
          const bool bit = i < len && pos + i < in.bits ? (v >> (pos + i)) & 1 : sign;
          d |= static_cast<std::uint64_t>(bit) << i;
        }
      }
      write(a[0], d);
      break;
    }
    case PtxOp::Bfi: {
      const std::uint64_t f = read(a[1]), b = truncate(read(a[2]), in.bits);
      const std::uint32_t pos = read(a[3]) & 0xff, len = read(a[4]) & 0xff;
      std::uint64_t d = b;
      for (std::uint32_t i = 0; i < len && pos + i < in.bits; ++i)
        d = (d & ~(std::uint64_t{1} << (pos + i))) | (((f >> i) & 1) << (pos + i));
      write(a[0], d);
      break;
    }
    case PtxOp::Prmt: {
      const std::uint64_t bytes = truncate(read(a[1]), 32) | (truncate(read(a[2]), 32) << 32);
      const std::uint32_t c = static_cast<std::uint32_t>(read(a[3]));
      std::uint32_t d = 0;
      for (int i = 0; i < 4; ++i) {
        const std::uint32_t sel = (c >> (4 * i)) & 0xf;
        std::uint32_t byte = (bytes >> (8 * (sel & 7))) & 0xff;
        if (sel & 8)
          byte = (byte & 0x80) ? 0xff : 0;
        d |= byte << (8 * i);
      }
      write(a[0], d);
      break;
    }
    case PtxOp::VideoShr:
    case PtxOp::VideoShl: {
      const std::uint32_t v = static_cast<std::uint32_t>(read(a[1]));
      const std::uint32_t sh = static_cast<std::uint32_t>(read(a[2]));
      const std::uint32_t t = sh >= 32 ? 0 : in.op == PtxOp::VideoShr ? v >> sh : v << sh;
      write(a[0], static_cast<std::uint32_t>(t + static_cast<std::uint32_t>(read(a[3]))));
      break;
    }
    case PtxOp::Shfl: {
      // PTX's shfl.sync: c = segment mask << 8 | clamp lane.
      const std::uint32_t lane = l_->lane, b = read(a.size() == 6 ? a[3] : a[2]) & 0x1f;
      const std::uint32_t c = static_cast<std::uint32_t>(read(a.size() == 6 ? a[4] : a[3]));
      const std::uint32_t clamp = c & 0x1f, seg = (c >> 8) & 0x1f;
      const std::uint32_t maxLane = (lane & seg) | (clamp & ~seg), minLane = lane & seg;
      std::int64_t j = lane;
      bool valid = false;
      switch (in.shfl) {
      case PtxInstr::ShflMode::Up:
        j = static_cast<std::int64_t>(lane) - b;
        valid = j >= static_cast<std::int64_t>(maxLane);
        break;
      case PtxInstr::ShflMode::Down:
        j = lane + b;
        valid = j <= maxLane;
        break;
      case PtxInstr::ShflMode::Bfly:
        j = lane ^ b;
        valid = j <= maxLane;
        break;
      case PtxInstr::ShflMode::Idx:
        j = minLane | (b & ~seg);
        valid = j <= maxLane;
        break;
      }
      if (!valid)
        j = lane;
      model::WarpOperand op;
      op.value = truncate(read(a.size() == 6 ? a[2] : a[1]), 32);
      op.arg = static_cast<std::int32_t>(j);
      op.width = 32;
      const std::uint64_t v =
          block().warpOp(l_, model::WarpOp::Shfl, read(a.back()), op, pc_);
      write(a[0], truncate(v, 32));
      if (a.size() == 6)
        write(a[1], valid ? 1 : 0);
      break;
    }
    case PtxOp::VoteBallot: {
      model::WarpOperand op;
      op.value = read(a[1]) != 0 ? 1 : 0;
      write(a[0], truncate(block().warpOp(l_, model::WarpOp::Ballot, read(a[2]), op, pc_), 32));
      break;
    }
    case PtxOp::Add: {
      const std::uint64_t x = read(a[1]), y = read(a[2]);
      if (in.isFloat && in.bits == 32) {
        float f, g;
        const auto xs = static_cast<std::uint32_t>(x), ys = static_cast<std::uint32_t>(y);
        std::memcpy(&f, &xs, 4);
        std::memcpy(&g, &ys, 4);
        f += g;
        std::uint32_t r;
        std::memcpy(&r, &f, 4);
        write(a[0], r);
      } else if (in.isFloat) {
        double f, g;
        std::memcpy(&f, &x, 8);
        std::memcpy(&g, &y, 8);
        f += g;
        std::uint64_t r;
        std::memcpy(&r, &f, 8);
        write(a[0], r);
      } else {
        write(a[0], truncate(x + y, in.bits));
      }
      break;
    }
    case PtxOp::And: {
      const std::uint64_t x = read(a[1]), y = read(a[2]);
      write(a[0], truncate(in.logic == '&' ? x & y : in.logic == '|' ? x | y : x ^ y, in.bits));
      break;
    }
    case PtxOp::Not:
      write(a[0], truncate(~read(a[1]), in.bits));
      break;
    case PtxOp::MovUnpack: {
      const std::uint64_t v = read(a[2]);
      write(a[0], v & 0xffffffffu);
      write(a[1], v >> 32);
      break;
    }
    case PtxOp::MovPack:
      write(a[0], (read(a[1]) & 0xffffffffu) | (read(a[2]) << 32));
      break;
    case PtxOp::VideoAdd:
      write(a[0], static_cast<std::uint32_t>(read(a[1]) + read(a[2]) + read(a[3])));
      break;
    case PtxOp::CpAsync: {
      const auto size = static_cast<std::uint32_t>(read(a[2]));
      const auto srcSize = a.size() > 3 ? static_cast<std::uint32_t>(read(a[3])) : size;
      warpsim_cp_async(shared(a[0]), reinterpret_cast<const void *>(read(a[1])), size, srcSize,
                       reinterpret_cast<const void *>(pc_));
      break;
    }
    case PtxOp::CpAsyncCommit:
      block().copies().asyncCommit(l_);
      break;
    case PtxOp::CpAsyncWait:
      block().copies().asyncWait(l_, static_cast<std::uint32_t>(read(a[0])), pc_);
      break;
    case PtxOp::CpAsyncWaitAll:
      block().copies().asyncCommit(l_);
      block().copies().asyncWait(l_, 0, pc_);
      break;
    case PtxOp::CpAsyncMBarrier:
      block().copies().asyncMBarrierArrive(l_, reinterpret_cast<std::uintptr_t>(shared(a[0])),
                                           in.noinc, pc_);
      break;
    case PtxOp::CpAsyncBulkLoad:
      block().copies().bulkLoad(l_, reinterpret_cast<std::uintptr_t>(shared(a[0])), read(a[1]),
                                static_cast<std::uint32_t>(read(a[2])),
                                reinterpret_cast<std::uintptr_t>(shared(a[3])), pc_,
                                in.multicast ? static_cast<std::int32_t>(read(a[4]) & 0xffff) : -1);
      break;
    case PtxOp::CpAsyncBulkStore:
      block().copies().bulkStore(l_, read(a[0]), reinterpret_cast<std::uintptr_t>(shared(a[1])),
                                 static_cast<std::uint32_t>(read(a[2])), pc_);
      break;
    case PtxOp::CpReduceAsyncBulk:
      block().copies().bulkReduce(l_, read(a[0]), reinterpret_cast<std::uintptr_t>(shared(a[1])),
                                  static_cast<std::uint32_t>(read(a[2])), in.redOp, in.redType,
                                  pc_);
      break;
    case PtxOp::CpAsyncBulkTensorLoad:
    case PtxOp::CpAsyncBulkTensorStore:
    case PtxOp::CpReduceAsyncBulkTensor:
    case PtxOp::CpAsyncBulkPrefetchTensor: {
      // The coordinates are signed 32-bit registers.
      std::int32_t coords[5] = {0, 0, 0, 0, 0};
      for (std::uint32_t k = 0; k < in.coords; ++k)
        coords[k] =
            static_cast<std::int32_t>(static_cast<std::uint32_t>(read(a[in.tensorAt + 1 + k])));
      const std::uintptr_t map = read(a[in.tensorAt]);
      // .im2col: the offsets (16-bit) after the mbarrier or the tensor operand.
      std::int16_t offsets[3] = {0, 0, 0};
      const std::uint32_t offs = in.im2col ? in.coords - 2 : 0;
      const std::uint32_t offAt = in.tensorAt + 1 + in.coords + (in.tensorAt == 1 ? 1 : 0);
      for (std::uint32_t k = 0; k < offs; ++k)
        offsets[k] = static_cast<std::int16_t>(read(a[offAt + k]));
      if (in.op == PtxOp::CpAsyncBulkTensorLoad)
        block().copies().tensorLoad(
            l_, reinterpret_cast<std::uintptr_t>(shared(a[0])), map, coords, in.coords,
            reinterpret_cast<std::uintptr_t>(shared(a[2 + in.coords])), pc_,
            in.multicast ? static_cast<std::int32_t>(read(a[3 + in.coords + offs]) & 0xffff) : -1,
            in.im2col ? offsets : nullptr);
      else if (in.op == PtxOp::CpAsyncBulkTensorStore)
        block().copies().tensorStore(l_, map, coords, in.coords,
                                     reinterpret_cast<std::uintptr_t>(shared(a[1 + in.coords])),
                                     pc_);
      else if (in.op == PtxOp::CpReduceAsyncBulkTensor)
        block().copies().tensorReduce(l_, map, coords, in.coords,
                                      reinterpret_cast<std::uintptr_t>(shared(a[1 + in.coords])),
                                      in.redOp, pc_);
      else
        block().copies().tensorPrefetch(l_, map, in.coords, pc_, in.im2col);
      break;
    }
    case PtxOp::CpAsyncBulkCommit:
      block().copies().bulkCommit(l_);
      break;
    case PtxOp::CpAsyncBulkWait:
      block().copies().bulkWait(l_, static_cast<std::uint32_t>(read(a[0])));
      break;
    case PtxOp::FenceProxyAsync:
      // Memory here is one coherent store for both proxies; the event lets
      // the async-proxy checker see which writes the fence covers.
      block().fence(l_, Scope::Block, pc_, in.proxySpaces);
      break;
    case PtxOp::FenceProxyTensormap:
      block().fence(l_, in.scope, pc_,
                    in.order == MemoryOrder::Release ? kProxyFenceTensorMapRelease
                                                     : kProxyFenceTensorMapAcquire,
                    MemoryOrder::SeqCst, in.order == MemoryOrder::Release ? 0 : read(a[0]));
      break;
    case PtxOp::TensormapReplace:
      block().copies().tensormapReplace(l_, spaceAddress(in, a[0]), in.field,
                                        static_cast<std::uint32_t>(a.size() == 3 ? read(a[1]) : 0),
                                        read(a.back()), pc_);
      break;
    case PtxOp::TensormapCpFenceproxy:
      block().copies().tensormapCopy(l_, read(a[0]), reinterpret_cast<std::uintptr_t>(shared(a[1])),
                                     pc_);
      block().fence(l_, in.scope, pc_, kProxyFenceTensorMapRelease);
      break;
    case PtxOp::BarrierClusterArrive:
      block().clusterBarrier(l_, false, in.relaxed, pc_);
      break;
    case PtxOp::BarrierClusterWait:
      block().clusterBarrier(l_, true, false, pc_);
      break;
    case PtxOp::Mapa: {
      const std::uint64_t v = read(a[1]);
      const auto rank = static_cast<std::uint32_t>(read(a[2]));
      const std::uintptr_t peer = block().mapShared(l_, sharedAddress(v), rank, pc_);
      const MemoryMap &mem = Runtime::get().memory;
      write(a[0], in.space == PtxInstr::Space::SharedCluster
                      ? kClusterShared + rank * kSharedWindow +
                            (peer - mem.sharedWindow(mem.sharedSlotOf(peer)))
                      : peer);
      break;
    }
    case PtxOp::GetCtaRank:
      write(a[0], block().sharedRank(l_, sharedAddress(read(a[1])), pc_));
      break;
    case PtxOp::Ld:
    case PtxOp::St:
      loadStore(in);
      break;
    case PtxOp::Atom:
    case PtxOp::Red:
      atomic(in);
      break;
    case PtxOp::MmaSync:
      mma(in);
      break;
    case PtxOp::Ldmatrix:
    case PtxOp::Stmatrix:
    case PtxOp::Movmatrix:
      matrixMove(in);
      break;
    case PtxOp::WgmmaFence:
      wgmmaFence(l_, pc_);
      break;
    case PtxOp::WgmmaMma:
      wgmma(in);
      break;
    case PtxOp::WgmmaCommit:
      wgmmaCommit(l_, pc_);
      break;
    case PtxOp::WgmmaWait:
      wgmmaWait(l_, static_cast<std::uint32_t>(read(a[0])), pc_);
      break;
    case PtxOp::Setmaxnreg: // a register budget: nothing to simulate
    case PtxOp::Bra:
      break;
    }
  }
};

} // namespace

extern "C" void warpsim_ptx_exec(PtxAsm *site, PtxArg *args, unsigned count, const void *pc) {
  Lane *l = tl_lane;
  if (l == nullptr) {
    std::fflush(stdout);
    std::fprintf(stderr, "warpsim: error: inline PTX executed in host code\n");
    std::_Exit(kSimulationAbortedExit);
  }
  // Blocks may run on several host threads (--jobs), and the parse cache is
  // per site for the whole process.
  static std::mutex m;
  const model::PtxProgram *program;
  {
    std::lock_guard<std::mutex> g(m);
    if (site->program == nullptr) {
      auto *p = new model::PtxProgram; // lives as long as the program
      std::string error;
      if (!model::parsePtx(site->text, *p, error)) {
        std::fflush(stdout);
        std::fprintf(stderr, "warpsim: error: %s\n", error.c_str());
        std::_Exit(kSimulationAbortedExit);
      }
      site->program = p;
    }
    program = static_cast<const model::PtxProgram *>(site->program);
  }
  PtxRun(l, *program, args, count, reinterpret_cast<std::uintptr_t>(pc)).run();
}
