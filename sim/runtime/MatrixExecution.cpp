#include "MatrixExecution.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "BlockExecutor.h"
#include "Lane.h"
#include "PtxMemory.h"
#include "Runtime.h"
#include "WgmmaExecution.h"

using namespace warpsim;
using namespace warpsim::sim;
using model::MatrixPos;
using model::MmaOperand;
using model::MmaType;

namespace warpsim::sim {

namespace {

[[noreturn]] void refuse(const std::string &why) {
  std::fflush(stdout);
  std::fprintf(stderr, "warpsim: error: %s\n", why.c_str());
  std::_Exit(kSimulationAbortedExit);
}

void multiply(MatrixLane *const *ls, const MatrixLane &lead) {
  const bool w = lead.op == model::WarpOp::WmmaMma;
  const std::uint32_t m = w ? lead.wshape.m : lead.shape.m;
  const std::uint32_t n = w ? lead.wshape.n : lead.shape.n;
  const std::uint32_t k = w ? lead.wshape.k : lead.shape.k;
  const MmaType ab = w ? lead.wshape.ab : lead.shape.ab;
  const MmaType cd = w ? lead.wshape.cd : lead.shape.cd;
  auto count = [&](MmaOperand o) {
    return w ? model::wmmaDistinct(lead.wshape, o) : model::mmaElements(lead.shape, o);
  };
  auto pos = [&](MmaOperand o, std::uint32_t lane, std::uint32_t i) {
    return w ? model::wmmaElement(lead.wshape, o, lane, i)
             : model::mmaElement(lead.shape, o, lane, i);
  };
  std::vector<std::uint64_t> a(m * k), b(k * n), c(m * n), d(m * n);
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    if (ls[lane] == nullptr)
      continue;
    for (std::uint32_t i = 0; i < count(MmaOperand::A); ++i) {
      const MatrixPos p = pos(MmaOperand::A, lane, i);
      a[p.row * k + p.col] = ls[lane]->a[i];
    }
    for (std::uint32_t i = 0; i < count(MmaOperand::B); ++i) {
      const MatrixPos p = pos(MmaOperand::B, lane, i);
      b[p.row * n + p.col] = ls[lane]->b[i];
    }
    for (std::uint32_t i = 0; i < count(MmaOperand::C); ++i) {
      const MatrixPos p = pos(MmaOperand::C, lane, i);
      c[p.row * n + p.col] = ls[lane]->c[i];
    }
  }
  model::mmaCompute(m, n, k, ab, cd, a.data(), b.data(), c.data(), d.data(), lead.satfinite);
  for (std::uint32_t lane = 0; lane < 32; ++lane)
    if (ls[lane] != nullptr)
      for (std::uint32_t i = 0; i < count(MmaOperand::C); ++i) {
        const MatrixPos p = pos(MmaOperand::C, lane, i);
        ls[lane]->d[i] = d[p.row * n + p.col];
      }
}

// A fragment of 8x8 b16 matrices: lane i holds row i/4, columns 2(i%4) and
// 2(i%4)+1 of each, low half first (PTX ldmatrix / stmatrix / movmatrix).
std::uint16_t fragmentElement(MatrixLane *const *ls, std::uint32_t matrix, std::uint32_t row,
                              std::uint32_t col) {
  const MatrixLane *src = ls[4 * row + col / 2];
  return src == nullptr ? 0 : static_cast<std::uint16_t>(src->regs[matrix] >> (16 * (col & 1)));
}

} // namespace

void matrixOp(Lane *l, MatrixLane &m, std::uintptr_t pc) {
  if (l->block->info.launch->warp_size != 32)
    refuse(std::string(model::warpOpName(m.op)) +
           " needs 32-lane warps (the tensor core's warp); this launch runs with --warp-size " +
           std::to_string(l->block->info.launch->warp_size));
  model::WarpOperand o;
  o.value = reinterpret_cast<std::uintptr_t>(&m);
  o.bytes = 8;
  l->block->warpOp(l, m.op, 0xffffffffull, o, pc);
}

void matrixMemory(Lane *l, std::uintptr_t addr, std::uint32_t size, bool store, void *buf,
                  std::uint32_t elem, std::uintptr_t pc) {
  l->block->access(l, addr, size, store ? AccessKind::Store : AccessKind::Load,
                   MemoryOrder::NotAtomic, pc);
  auto *p = reinterpret_cast<char *>(addr);
  auto *b = static_cast<char *>(buf);
  PtxMemory *pm = Runtime::running().ptx;
  if (pm == nullptr) {
    if (store)
      std::memcpy(p, b, size);
    else
      std::memcpy(b, p, size);
    return;
  }
  for (std::uint32_t off = 0; off < size; off += elem)
    if (store)
      pm->store(*l, p + off, elem, MemoryOrder::NotAtomic, Scope::Device, b + off);
    else
      pm->load(*l, p + off, elem, MemoryOrder::NotAtomic, Scope::Device, b + off);
}

std::uint64_t completeMatrixOp(model::WarpOp op, std::uint64_t participants,
                               const model::WarpOperand *ops) {
  MatrixLane *ls[32] = {};
  const MatrixLane *lead = nullptr;
  for (std::uint64_t m = participants & 0xffffffffull; m != 0; m &= m - 1) {
    const int i = __builtin_ctzll(m);
    ls[i] = reinterpret_cast<MatrixLane *>(static_cast<std::uintptr_t>(ops[i].value));
    if (lead == nullptr)
      lead = ls[i];
  }
  if (lead == nullptr)
    return 0xffffffffull;
  switch (op) {
  case model::WarpOp::MmaSync:
  case model::WarpOp::WmmaMma:
    multiply(ls, *lead);
    break;
  case model::WarpOp::Ldmatrix:
    for (std::uint32_t i = 0; i < 32; ++i) {
      if (ls[i] == nullptr)
        continue;
      const std::uint32_t r = i / 4, c = 2 * (i % 4);
      for (std::uint32_t j = 0; j < lead->count; ++j) {
        // Row x of matrix j is the one lane 8j + x addressed.
        auto at = [&](std::uint32_t row, std::uint32_t col) -> std::uint32_t {
          const MatrixLane *src = ls[8 * j + row];
          return src == nullptr ? 0 : src->row[col];
        };
        const std::uint32_t lo = lead->trans ? at(c, r) : at(r, c);
        const std::uint32_t hi = lead->trans ? at(c + 1, r) : at(r, c + 1);
        ls[i]->regs[j] = lo | (hi << 16);
      }
    }
    break;
  case model::WarpOp::Stmatrix:
    for (std::uint32_t p = 0; p < 8 * lead->count; ++p) {
      if (ls[p] == nullptr)
        continue;
      const std::uint32_t j = p / 8, r = p % 8;
      for (std::uint32_t c = 0; c < 8; ++c)
        ls[p]->row[c] = lead->trans ? fragmentElement(ls, j, c, r) : fragmentElement(ls, j, r, c);
    }
    break;
  case model::WarpOp::Movmatrix:
    for (std::uint32_t i = 0; i < 32; ++i)
      if (ls[i] != nullptr) {
        const std::uint32_t r = i / 4, c = 2 * (i % 4);
        ls[i]->result = static_cast<std::uint32_t>(fragmentElement(ls, 0, c, r)) |
                        (static_cast<std::uint32_t>(fragmentElement(ls, 0, c + 1, r)) << 16);
      }
    break;
  case model::WarpOp::WgmmaFence:
  case model::WarpOp::WgmmaMma:
  case model::WarpOp::WgmmaCommit:
  case model::WarpOp::WgmmaWait:
    completeWgmma(ls, *lead);
    break;
  default: // WmmaLoad, WmmaStore: the lanes access memory themselves
    break;
  }
  return 0xffffffffull & ~participants;
}

} // namespace warpsim::sim

// ------------------------------------------------------------ nvcuda::wmma
// <mma.h>'s always-inline functions call these; their return address is
// the user's call site: `use`
// 0 matrix_a, 1 matrix_b, 2 accumulator; types are model::MmaType values;
// fragments are arrays of their element type (num_elements of them).

namespace {

Lane *wmmaLane(const char *what) {
  Lane *l = tl_lane;
  if (l == nullptr) {
    std::fflush(stdout);
    std::fprintf(stderr, "warpsim: error: nvcuda::wmma::%s called from host code\n", what);
    std::_Exit(kSimulationAbortedExit);
  }
  return l;
}

std::uint32_t elementBytes(MmaType t) { return model::mmaTypeBits(t) / 8; }

model::WmmaShape wmmaShape(unsigned m, unsigned n, unsigned k, unsigned ab, unsigned cd) {
  model::WmmaShape s{m, n, k, static_cast<MmaType>(ab), static_cast<MmaType>(cd)};
  if (!model::wmmaSupported(s)) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "warpsim: error: nvcuda::wmma shape m%un%uk%u with %s inputs is not one "
                 "sm_80/sm_90 supports\n",
                 m, n, k, model::mmaTypeName(s.ab));
    std::_Exit(kSimulationAbortedExit);
  }
  return s;
}

std::uint64_t getElement(const void *frag, std::uint32_t i, std::uint32_t bytes) {
  std::uint64_t v = 0;
  std::memcpy(&v, static_cast<const char *>(frag) + i * bytes, bytes);
  return v;
}
void setElement(void *frag, std::uint32_t i, std::uint32_t bytes, std::uint64_t v) {
  std::memcpy(static_cast<char *>(frag) + i * bytes, &v, bytes);
}

// The lane's distinct elements of `op` in memory at `ptr` (stride `ldm`
// elements), moved in runs of adjacent elements (at most 16 bytes each).
void wmmaMemory(Lane *l, const model::WmmaShape &s, MmaOperand op, std::uintptr_t ptr, unsigned ldm,
                bool colMajor, bool store, std::uint64_t *vals, std::uintptr_t pc) {
  const std::uint32_t eb = elementBytes(op == MmaOperand::C ? s.cd : s.ab);
  const std::uint32_t distinct = model::wmmaDistinct(s, op);
  auto addr = [&](std::uint32_t i) {
    const MatrixPos p = model::wmmaElement(s, op, l->lane, i);
    const std::uint64_t idx =
        colMajor ? std::uint64_t{p.col} * ldm + p.row : std::uint64_t{p.row} * ldm + p.col;
    return ptr + idx * eb;
  };
  for (std::uint32_t i = 0; i < distinct;) {
    std::uint32_t j = i + 1;
    while (j < distinct && addr(j) == addr(j - 1) + eb && (j - i + 1) * eb <= 16)
      ++j;
    char buf[16];
    if (store)
      for (std::uint32_t x = i; x < j; ++x)
        std::memcpy(buf + (x - i) * eb, &vals[x], eb);
    matrixMemory(l, addr(i), (j - i) * eb, store, buf, eb, pc);
    if (!store)
      for (std::uint32_t x = i; x < j; ++x) {
        vals[x] = 0;
        std::memcpy(&vals[x], buf + (x - i) * eb, eb);
      }
    i = j;
  }
}

} // namespace

extern "C" void warpsim_wmma_load_sync(void *frag, unsigned use, unsigned m, unsigned n, unsigned k,
                                       unsigned ab, unsigned cd, const void *ptr, unsigned ldm,
                                       unsigned colMajor) {
  const void *pc = __builtin_return_address(0);
  Lane *l = wmmaLane("load_matrix_sync");
  const model::WmmaShape s = wmmaShape(m, n, k, ab, cd);
  const auto op = static_cast<MmaOperand>(use);
  MatrixLane ml;
  ml.op = model::WarpOp::WmmaLoad;
  matrixOp(l, ml, reinterpret_cast<std::uintptr_t>(pc));
  std::uint64_t vals[16] = {};
  wmmaMemory(l, s, op, reinterpret_cast<std::uintptr_t>(ptr), ldm, colMajor != 0, false, vals,
             reinterpret_cast<std::uintptr_t>(pc));
  const std::uint32_t eb = elementBytes(op == MmaOperand::C ? s.cd : s.ab);
  const std::uint32_t distinct = model::wmmaDistinct(s, op);
  for (std::uint32_t i = 0; i < model::wmmaElements(s, op); ++i)
    setElement(frag, i, eb, vals[i % distinct]);
}

extern "C" void warpsim_wmma_store_sync(void *ptr, const void *frag, unsigned m, unsigned n,
                                        unsigned k, unsigned ab, unsigned cd, unsigned ldm,
                                        unsigned colMajor) {
  const void *pc = __builtin_return_address(0);
  Lane *l = wmmaLane("store_matrix_sync");
  const model::WmmaShape s = wmmaShape(m, n, k, ab, cd);
  MatrixLane ml;
  ml.op = model::WarpOp::WmmaStore;
  matrixOp(l, ml, reinterpret_cast<std::uintptr_t>(pc));
  std::uint64_t vals[16] = {};
  const std::uint32_t eb = elementBytes(s.cd);
  for (std::uint32_t i = 0; i < model::wmmaDistinct(s, MmaOperand::C); ++i)
    vals[i] = getElement(frag, i, eb);
  wmmaMemory(l, s, MmaOperand::C, reinterpret_cast<std::uintptr_t>(ptr), ldm, colMajor != 0, true,
             vals, reinterpret_cast<std::uintptr_t>(pc));
}

extern "C" void warpsim_wmma_mma_sync(void *d, const void *a, const void *b, const void *c,
                                      unsigned m, unsigned n, unsigned k, unsigned ab, unsigned cd,
                                      unsigned satf) {
  const void *pc = __builtin_return_address(0);
  Lane *l = wmmaLane("mma_sync");
  MatrixLane ml;
  ml.op = model::WarpOp::WmmaMma;
  ml.wshape = wmmaShape(m, n, k, ab, cd);
  ml.satfinite = satf != 0;
  const std::uint32_t abBytes = elementBytes(ml.wshape.ab), cdBytes = elementBytes(ml.wshape.cd);
  for (std::uint32_t i = 0; i < model::wmmaDistinct(ml.wshape, MmaOperand::A); ++i)
    ml.a[i] = getElement(a, i, abBytes);
  for (std::uint32_t i = 0; i < model::wmmaDistinct(ml.wshape, MmaOperand::B); ++i)
    ml.b[i] = getElement(b, i, abBytes);
  for (std::uint32_t i = 0; i < model::wmmaDistinct(ml.wshape, MmaOperand::C); ++i)
    ml.c[i] = getElement(c, i, cdBytes);
  matrixOp(l, ml, reinterpret_cast<std::uintptr_t>(pc));
  for (std::uint32_t i = 0; i < model::wmmaDistinct(ml.wshape, MmaOperand::C); ++i)
    setElement(d, i, cdBytes, ml.d[i]);
}

extern "C" float warpsim_float_to_tf32(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  b = model::floatToTf32(b);
  std::memcpy(&f, &b, 4);
  return f;
}
