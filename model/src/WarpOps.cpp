#include "warpsim/model/WarpOps.h"

#include <bit>

namespace warpsim::model {

const char *warpOpName(WarpOp op) {
  switch (op) {
  case WarpOp::Shfl:
    return "__shfl_sync";
  case WarpOp::ShflUp:
    return "__shfl_up_sync";
  case WarpOp::ShflDown:
    return "__shfl_down_sync";
  case WarpOp::ShflXor:
    return "__shfl_xor_sync";
  case WarpOp::Ballot:
    return "__ballot_sync";
  case WarpOp::All:
    return "__all_sync";
  case WarpOp::Any:
    return "__any_sync";
  case WarpOp::ActiveMask:
    return "__activemask";
  case WarpOp::SyncWarp:
    return "__syncwarp";
  case WarpOp::MatchAny:
    return "__match_any_sync";
  case WarpOp::MatchAll:
    return "__match_all_sync";
  case WarpOp::ReduceAdd:
    return "__reduce_add_sync";
  case WarpOp::ReduceMin:
    return "__reduce_min_sync";
  case WarpOp::ReduceMax:
    return "__reduce_max_sync";
  case WarpOp::ReduceAnd:
    return "__reduce_and_sync";
  case WarpOp::ReduceOr:
    return "__reduce_or_sync";
  case WarpOp::ReduceXor:
    return "__reduce_xor_sync";
  case WarpOp::WmmaLoad:
    return "wmma::load_matrix_sync";
  case WarpOp::WmmaStore:
    return "wmma::store_matrix_sync";
  case WarpOp::WmmaMma:
    return "wmma::mma_sync";
  case WarpOp::MmaSync:
    return "mma.sync";
  case WarpOp::Ldmatrix:
    return "ldmatrix";
  case WarpOp::Stmatrix:
    return "stmatrix";
  case WarpOp::Movmatrix:
    return "movmatrix";
  case WarpOp::WgmmaFence:
    return "wgmma.fence";
  case WarpOp::WgmmaMma:
    return "wgmma.mma_async";
  case WarpOp::WgmmaCommit:
    return "wgmma.commit_group";
  case WarpOp::WgmmaWait:
    return "wgmma.wait_group";
  }
  return "?";
}

std::uint32_t shuffleSource(WarpOp op, std::uint32_t lane, std::int32_t arg, std::uint32_t width,
                            std::uint32_t warpSize) {
  if (!validShuffleWidth(width, warpSize))
    width = warpSize;
  // PTX: only the low log2(warpSize) bits of the lane argument count.
  const std::uint32_t b = static_cast<std::uint32_t>(arg) & (warpSize - 1);
  const std::uint32_t segStart = lane & ~(width - 1);
  const std::uint32_t segEnd = segStart + width - 1;
  switch (op) {
  case WarpOp::Shfl:
    return segStart + (b & (width - 1));
  case WarpOp::ShflUp:
    return lane >= segStart + b ? lane - b : lane;
  case WarpOp::ShflDown:
    return lane + b <= segEnd ? lane + b : lane;
  case WarpOp::ShflXor: {
    std::uint32_t j = lane ^ b;
    return j <= segEnd ? j : lane;
  }
  default:
    return lane;
  }
}

namespace {
inline std::uint64_t bit(std::uint32_t i) { return std::uint64_t{1} << i; }
inline std::uint64_t narrow(std::uint64_t v, std::uint8_t bytes) {
  return bytes >= 8 ? v : (v & 0xffffffffull);
}
} // namespace

void computeWarpOp(WarpOp op, std::uint32_t warpSize, std::uint64_t participants,
                   const WarpOperand *ops, std::uint64_t *out, std::uint64_t &badSource) {
  badSource = 0;
  if (participants == 0)
    return;
  auto each = [&](auto fn) {
    for (std::uint64_t m = participants; m != 0; m &= m - 1)
      fn(static_cast<std::uint32_t>(std::countr_zero(m)));
  };
  switch (op) {
  case WarpOp::Shfl:
  case WarpOp::ShflUp:
  case WarpOp::ShflDown:
  case WarpOp::ShflXor:
    each([&](std::uint32_t i) {
      std::uint32_t src = shuffleSource(op, i, ops[i].arg, ops[i].width, warpSize);
      if (src >= 64 || (participants & bit(src)) == 0) {
        badSource |= bit(i);
        src = i;
      }
      out[i] = narrow(ops[src].value, ops[i].bytes);
    });
    return;
  case WarpOp::Ballot:
  case WarpOp::All:
  case WarpOp::Any: {
    std::uint64_t ballot = 0;
    each([&](std::uint32_t i) {
      if (ops[i].value != 0)
        ballot |= bit(i);
    });
    const std::uint64_t r = op == WarpOp::Ballot ? ballot
                            : op == WarpOp::All  ? (ballot == participants ? 1 : 0)
                                                 : (ballot != 0 ? 1 : 0);
    each([&](std::uint32_t i) { out[i] = r; });
    return;
  }
  case WarpOp::ActiveMask:
  case WarpOp::SyncWarp:
    each([&](std::uint32_t i) { out[i] = op == WarpOp::ActiveMask ? participants : 0; });
    return;
  case WarpOp::MatchAny:
    each([&](std::uint32_t i) {
      std::uint64_t same = 0;
      const std::uint64_t v = narrow(ops[i].value, ops[i].bytes);
      for (std::uint64_t m = participants; m != 0; m &= m - 1) {
        std::uint32_t j = static_cast<std::uint32_t>(std::countr_zero(m));
        if (narrow(ops[j].value, ops[i].bytes) == v)
          same |= bit(j);
      }
      out[i] = same;
    });
    return;
  case WarpOp::MatchAll: {
    const std::uint32_t first = static_cast<std::uint32_t>(std::countr_zero(participants));
    const std::uint64_t v = narrow(ops[first].value, ops[first].bytes);
    bool all = true;
    each([&](std::uint32_t i) { all = all && narrow(ops[i].value, ops[first].bytes) == v; });
    each([&](std::uint32_t i) { out[i] = all ? participants : 0; });
    return;
  }
  case WarpOp::ReduceAdd:
  case WarpOp::ReduceMin:
  case WarpOp::ReduceMax:
  case WarpOp::ReduceAnd:
  case WarpOp::ReduceOr:
  case WarpOp::ReduceXor: {
    // CUDA defines these for 32-bit int and unsigned only.
    const std::uint32_t first = static_cast<std::uint32_t>(std::countr_zero(participants));
    const bool sgn = ops[first].is_signed;
    std::uint32_t acc = static_cast<std::uint32_t>(ops[first].value);
    for (std::uint64_t m = participants & (participants - 1); m != 0; m &= m - 1) {
      const std::uint32_t v = static_cast<std::uint32_t>(ops[std::countr_zero(m)].value);
      switch (op) {
      case WarpOp::ReduceAdd:
        acc += v;
        break;
      case WarpOp::ReduceAnd:
        acc &= v;
        break;
      case WarpOp::ReduceOr:
        acc |= v;
        break;
      case WarpOp::ReduceXor:
        acc ^= v;
        break;
      case WarpOp::ReduceMin:
        if (sgn ? static_cast<std::int32_t>(v) < static_cast<std::int32_t>(acc) : v < acc)
          acc = v;
        break;
      default: // ReduceMax
        if (sgn ? static_cast<std::int32_t>(v) > static_cast<std::int32_t>(acc) : v > acc)
          acc = v;
        break;
      }
    }
    each([&](std::uint32_t i) { out[i] = acc; });
    return;
  }
  case WarpOp::WmmaLoad:
  case WarpOp::WmmaStore:
  case WarpOp::WmmaMma:
  case WarpOp::MmaSync:
  case WarpOp::Ldmatrix:
  case WarpOp::Stmatrix:
  case WarpOp::Movmatrix:
  case WarpOp::WgmmaFence:
  case WarpOp::WgmmaMma:
  case WarpOp::WgmmaCommit:
  case WarpOp::WgmmaWait:
    each([&](std::uint32_t i) { out[i] = 0; }); // the runtime's (isMatrixOp)
    return;
  }
}

} // namespace warpsim::model

namespace warpsim::model {

WarpSyncSet warpSyncSet(const WarpOpStop *lanes, std::uint32_t count, std::uint32_t i) {
  WarpSyncSet r;
  std::uint64_t present = 0;
  for (std::uint32_t j = 0; j < count; ++j)
    if (lanes[j].present)
      present |= std::uint64_t{1} << j;
  const WarpOpStop &me = lanes[i];
  const std::uint64_t mine = me.mask & present;
  std::uint64_t set = mine | (std::uint64_t{1} << i);
  std::uint64_t seen = 0;
  while (std::uint64_t todo = set & ~seen) {
    for (std::uint64_t m = todo; m != 0; m &= m - 1) {
      const std::uint32_t j = static_cast<std::uint32_t>(std::countr_zero(m));
      seen |= std::uint64_t{1} << j;
      const WarpOpStop &o = lanes[j];
      if (!o.arrived || !sameWarpOp(me, o)) {
        r.missing |= std::uint64_t{1} << j;
        continue;
      }
      if ((o.mask & present) != mine)
        r.masks_differ = true;
      set |= o.mask & present;
    }
  }
  r.participants = r.missing != 0 ? 0 : set;
  return r;
}

} // namespace warpsim::model
