// The compiled engine runs a kernel's threads one after the other, each to
// its end, with no switch at its events (sim/runtime/RecordedLanes.*). That
// is the same program only if no thread ever waits for another: this pass
// looks at the code each __global__ function can reach, before any other
// pass changes it, and finds the first thing that could make a thread wait
// or see the interleaving of threads:
//   * a call into the runtime that synchronises or orders (barriers of
//     every kind, warp operations, mbarriers, async copies, grid and
//     cluster sync), reads the schedule (clock), or whose output order
//     follows it (device printf), or allocates (device malloc/free);
//   * a call through a pointer, inline assembly, recursion;
//   * a loop that may spin on another thread's write: a volatile or atomic
//     read in it, an atomic whose result is used, or a load whose address
//     the loop does not change.
// A kernel with none is eligible; otherwise its first reason, with the
// source location, is what `--timing` prints. CTA barriers (__syncthreads,
// its reducing forms, thread_block::sync) and warp operations are the
// exception: threads then run one after the other from one to the next (the
// direct path's segments), so they do not make a kernel ineligible but are
// flagged, and a loop that passes one is not suspected of spinning on a
// plain read (the read after it is ordered; a lane that spins between two
// is still caught at run time, by --spin-limit). The table is registered
// with the runtime by a constructor: __warpsim_register_kernel_traits(rows,
// n), rows of { const void *kernel; const char *reason /* null: eligible */;
// unsigned flags /* 1: CTA barriers or warp operations */; }.
#include "KernelTraits.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace warpsim::instrument {
namespace {

std::string where(const Instruction &i) {
  if (const DebugLoc &loc = i.getDebugLoc()) {
    std::string file = cast<DIScope>(loc.getScope())->getFilename().str();
    if (auto slash = file.rfind('/'); slash != std::string::npos)
      file = file.substr(slash + 1);
    return " at " + file + ":" + std::to_string(loc.getLine());
  }
  return " in " + demangle(i.getFunction()->getName().str());
}

// The name a call's callee has in the source, without its parameters.
std::string sourceName(const Function &f) {
  std::string n = demangle(f.getName().str());
  if (auto paren = n.find('('); paren != std::string::npos)
    n = n.substr(0, paren);
  return n;
}

bool contains(const std::string &s, const char *part) { return s.find(part) != std::string::npos; }

// A CTA-wide barrier of id 0 for every thread of the block.
bool ctaBarrier(const std::string &name) {
  return name == "__syncthreads" || name == "__syncthreads_count" || name == "__syncthreads_and" ||
         name == "__syncthreads_or" || name == "warpsim_block_sync";
}

// A warp operation with a mask (shuffles, votes, match, reduce, __syncwarp)
// or __activemask: its lanes wait for each other, as at a barrier of the warp.
bool warpOperation(const std::string &name) {
  const auto ends = [&](const char *tail) {
    const std::size_t n = std::char_traits<char>::length(tail);
    return name.size() >= n && name.compare(name.size() - n, n, tail) == 0;
  };
  return name == "__syncwarp" || name == "__activemask" || name == "__ballot_sync" ||
         name == "__all_sync" || name == "__any_sync" || name == "__match_any_sync" ||
         name == "__match_all_sync" ||
         ((name.rfind("__shfl", 0) == 0 || name.rfind("__reduce_", 0) == 0) && ends("_sync"));
}

// The calls at which the direct path's lanes wait for each other (its
// segments): a kernel that synchronises only there stays eligible.
bool segmentCall(const std::string &name) { return ctaBarrier(name) || warpOperation(name); }

// Runtime entries (declarations) a thread may call without waiting for or
// seeing another: "" ; otherwise what it is, for the reason.
std::string blockingCall(const std::string &name) {
  if (segmentCall(name))
    return "";
  static const char *const kWaits[] = {
      "sync",    "barrier", "shfl",      "ballot",   "activemask",   "__all",    "__any",
      "__uni",   "match_a", "nanosleep", "cp_async", "memcpy_async", "ptx_exec", "exec",
      "cluster", "grid",    "pipeline",  "mapa",     "globaltimer"};
  for (const char *w : kWaits)
    if (contains(name, w))
      return "a synchronising call, " + name + "()";
  if (contains(name, "clock"))
    return "a clock read, " + name + "() (it counts the block's warp instructions)";
  if (contains(name, "printf"))
    return "device printf (its lines' order follows the interleaving of threads)";
  if (contains(name, "malloc") || contains(name, "free"))
    return "the device heap, " + name + "()";
  if (contains(name, "assert") || contains(name, "trap") || contains(name, "abort"))
    return "an assertion, " + name + "()";
  if (contains(name, "cuda"))
    return "a runtime API call, " + name + "()";
  return "";
}

bool isAtomicEntry(const std::string &name) {
  return name.rfind("atomic", 0) == 0 || name.rfind("warpsim_atomic", 0) == 0 ||
         contains(name, "::atomic");
}

// A stack slot (or a by-value argument's copy) whose address never escapes.
bool privateSlot(const Value *addr) {
  const Value *base = getUnderlyingObject(addr);
  const auto *arg = dyn_cast<Argument>(base);
  return (isa<AllocaInst>(base) || (arg != nullptr && arg->hasByValAttr())) &&
         !PointerMayBeCaptured(addr, /*ReturnCaptures=*/true, /*StoreCaptures=*/true);
}

// The built-in variables' getters (builtin_vars.h): the same value on every
// call by one thread.
bool builtinGetter(const Function *f) {
  if (f == nullptr)
    return false;
  const std::string n = demangle(f->getName().str());
  for (const char *g :
       {"warpsim_thread_idx", "warpsim_block_idx", "warpsim_block_dim", "warpsim_grid_dim",
        "warpsim_warp_size", "warpsim_threadIdx_t::", "warpsim_blockIdx_t::",
        "warpsim_blockDim_t::", "warpsim_gridDim_t::", "warpsim_warpSize_t::"})
    if (n.rfind(g, 0) == 0)
      return true;
  return false;
}

class Analysis {
public:
  Analysis(FunctionAnalysisManager &fam, std::set<const GlobalVariable *> constants)
      : fam_(fam), constants_(std::move(constants)) {}

  // The first reason `kernel` cannot run thread after thread, or "".
  // A reason found in a callee also names the kernel's own call that leads
  // there ("... via __ballot_sync() at k.cu:12").
  std::string reasonFor(Function &kernel) {
    std::set<Function *> onPath, done;
    if (std::string r = local(kernel); !r.empty())
      return r;
    onPath.insert(&kernel);
    for (BasicBlock &bb : kernel)
      for (Instruction &i : bb) {
        auto *call = dyn_cast<CallBase>(&i);
        if (call == nullptr || isa<IntrinsicInst>(call))
          continue;
        Function *g = call->getCalledFunction();
        if (g == nullptr || g->isDeclaration())
          continue;
        if (std::string r = visit(*g, onPath, done); !r.empty())
          return r + " via " + sourceName(*g) + "()" + where(i);
      }
    return "";
  }

  // `f` or a function it calls passes a CTA barrier.
  bool passesBarrier(Function &f, int depth = 0) {
    if (depth > 16)
      return false;
    if (auto it = barrier_.find(&f); it != barrier_.end())
      return it->second;
    barrier_[&f] = false; // recursion: decided by the other paths
    bool found = false;
    for (BasicBlock &bb : f)
      for (Instruction &i : bb)
        if (!found)
          found = callPassesBarrier(i, depth);
    barrier_[&f] = found;
    return found;
  }

private:
  bool callPassesBarrier(Instruction &i, int depth) {
    auto *call = dyn_cast<CallBase>(&i);
    if (call == nullptr || isa<IntrinsicInst>(call) || call->isInlineAsm())
      return false;
    Function *g = call->getCalledFunction();
    if (g == nullptr)
      return false;
    return g->isDeclaration() ? segmentCall(sourceName(*g)) : passesBarrier(*g, depth + 1);
  }

  std::string visit(Function &f, std::set<Function *> &onPath, std::set<Function *> &done) {
    if (done.count(&f) != 0)
      return "";
    if (onPath.count(&f) != 0)
      return "recursion through " + sourceName(f) + "()";
    if (auto it = cache_.find(&f); it != cache_.end())
      return it->second;
    onPath.insert(&f);
    std::string r = local(f);
    for (BasicBlock &bb : f) {
      for (Instruction &i : bb) {
        if (!r.empty())
          break;
        auto *call = dyn_cast<CallBase>(&i);
        if (call == nullptr || isa<IntrinsicInst>(call))
          continue;
        Function *g = call->getCalledFunction();
        if (g != nullptr && !g->isDeclaration())
          r = visit(*g, onPath, done);
      }
    }
    onPath.erase(&f);
    done.insert(&f);
    cache_[&f] = r;
    return r;
  }

  // What `f` itself does (not its callees).
  std::string local(Function &f) {
    for (BasicBlock &bb : f)
      for (Instruction &i : bb) {
        auto *call = dyn_cast<CallBase>(&i);
        if (call == nullptr || isa<IntrinsicInst>(call))
          continue;
        if (call->isInlineAsm())
          return "inline assembly" + where(i);
        const Function *g = call->getCalledFunction();
        if (g == nullptr)
          return "a call through a pointer" + where(i);
        if (!g->isDeclaration() || builtinGetter(g))
          continue;
        if (std::string b = blockingCall(sourceName(*g)); !b.empty())
          return b + where(i);
      }
    LoopInfo &li = fam_.getResult<LoopAnalysis>(f);
    for (Loop *l : li.getLoopsInPreorder())
      if (std::string r = spin(*l); !r.empty())
        return r;
    return "";
  }

  // A loop in which a thread may wait for another thread's write.
  std::string spin(Loop &l) {
    // A loop that passes a barrier or warp operation, or that steps a local
    // (`for (e = row[w]; e < row[w + 1]; e += 32)`: the bound is reread, not
    // waited for), is not taken for a spin on a plain read of an unchanged
    // address; a spin it hides is caught at run time (--spin-limit: the
    // direct path goes back to fibers).
    bool barrier = false;
    for (BasicBlock *bb : l.blocks())
      for (Instruction &i : *bb) {
        barrier = barrier || callPassesBarrier(i, 0) || isa<PHINode>(i);
        if (auto *st = dyn_cast<StoreInst>(&i); st != nullptr && privateSlot(st->getPointerOperand()))
          barrier = true;
      }
    for (BasicBlock *bb : l.blocks())
      for (Instruction &i : *bb) {
        if (auto *ld = dyn_cast<LoadInst>(&i)) {
          if (privateSlot(ld->getPointerOperand()))
            continue;
          // __constant__ memory: no thread writes it while kernels run.
          if (const auto *gv =
                  dyn_cast<GlobalVariable>(getUnderlyingObject(ld->getPointerOperand()));
              gv != nullptr && (gv->isConstant() || constants_.count(gv) != 0))
            continue;
          if (ld->isVolatile())
            return "a volatile read in a loop" + where(i) + " (a possible spin-wait)";
          if (ld->isAtomic())
            return "an atomic read in a loop" + where(i) + " (a possible spin-wait)";
          if (!barrier && invariant(ld->getPointerOperand(), l, 0))
            return "a read in a loop of an address the loop does not change" + where(i) +
                   " (a possible spin-wait)";
        } else if (isa<AtomicCmpXchgInst>(i) || (isa<AtomicRMWInst>(i) && !i.use_empty())) {
          return "an atomic in a loop whose result is used" + where(i) + " (a possible spin-wait)";
        } else if (auto *call = dyn_cast<CallBase>(&i); call && !isa<IntrinsicInst>(call)) {
          Function *g = call->getCalledFunction();
          // cuda::atomic_ref::load, a helper that reads a volatile flag ...
          if (g != nullptr && !g->isDeclaration() && atomicInside(*g, 0))
            return "a call in a loop to " + sourceName(*g) +
                   "(), which makes an atomic or volatile access" + where(i) +
                   " (a possible spin-wait)";
          if (g != nullptr && g->isDeclaration() && isAtomicEntry(sourceName(*g)) &&
              !call->use_empty())
            return sourceName(*g) + "() in a loop with its result used" + where(i) +
                   " (a possible spin-wait)";
        }
      }
    return "";
  }

  // `f` or a function it calls makes an atomic or volatile access.
  bool atomicInside(Function &f, int depth) {
    if (depth > 8)
      return true;
    if (auto it = atomic_.find(&f); it != atomic_.end())
      return it->second;
    atomic_[&f] = false; // recursion: decided by the other paths
    bool found = false;
    for (BasicBlock &bb : f)
      for (Instruction &i : bb) {
        if (found)
          break;
        if (auto *ld = dyn_cast<LoadInst>(&i))
          found = (ld->isVolatile() || ld->isAtomic()) && !privateSlot(ld->getPointerOperand());
        else if (isa<AtomicRMWInst>(i) || isa<AtomicCmpXchgInst>(i))
          found = true;
        else if (auto *call = dyn_cast<CallBase>(&i); call && !isa<IntrinsicInst>(call))
          if (Function *g = call->getCalledFunction())
            found =
                g->isDeclaration() ? isAtomicEntry(sourceName(*g)) : atomicInside(*g, depth + 1);
      }
    atomic_[&f] = found;
    return found;
  }

  // The loop computes `v` the same way on every iteration (before mem2reg:
  // locals are stack slots, and a slot the loop does not store to holds the
  // same value throughout).
  bool invariant(const Value *v, const Loop &l, int depth) {
    if (depth > 12)
      return false;
    const auto *i = dyn_cast<Instruction>(v);
    if (i == nullptr)
      return true; // constants, arguments, globals
    if (!l.contains(i))
      return true;
    if (const auto *ld = dyn_cast<LoadInst>(i)) {
      const auto *slot = dyn_cast<AllocaInst>(ld->getPointerOperand());
      if (slot == nullptr || ld->isVolatile() || !privateSlot(slot))
        return false;
      for (const User *u : slot->users())
        if (const auto *st = dyn_cast<StoreInst>(u);
            st != nullptr && st->getPointerOperand() == slot && l.contains(st))
          return false;
        else if (const auto *ui = dyn_cast<Instruction>(u);
                 ui != nullptr && !isa<LoadInst>(ui) && l.contains(ui))
          return false; // a call or intrinsic may change it
      return true;
    }
    if (const auto *call = dyn_cast<CallInst>(i); call != nullptr) {
      if (!builtinGetter(call->getCalledFunction()))
        return false;
      for (const Value *op : call->args())
        if (!invariant(op, l, depth + 1))
          return false;
      return true;
    }
    if (isa<GetElementPtrInst>(i) || isa<CastInst>(i) || isa<BinaryOperator>(i) ||
        isa<CmpInst>(i) || isa<SelectInst>(i) || isa<ExtractValueInst>(i)) {
      for (const Value *op : i->operands())
        if (!invariant(op, l, depth + 1))
          return false;
      return true;
    }
    return false;
  }

  FunctionAnalysisManager &fam_;
  std::set<const GlobalVariable *> constants_; // __constant__ variables
  std::map<Function *, std::string> cache_;
  std::map<const Function *, bool> atomic_;
  std::map<const Function *, bool> barrier_;
};

// The globals annotated `what` (cuda_keywords.h): clang lists them in
// llvm.global.annotations ("warpsim::global": the __global__ functions).
std::vector<GlobalValue *> annotated(Module &m, StringRef what) {
  std::vector<GlobalValue *> out;
  GlobalVariable *annotations = m.getNamedGlobal("llvm.global.annotations");
  if (annotations == nullptr || !annotations->hasInitializer())
    return out;
  auto *array = dyn_cast<ConstantArray>(annotations->getInitializer());
  if (array == nullptr)
    return out;
  std::set<GlobalValue *> seen;
  for (const Use &op : array->operands()) {
    auto *entry = dyn_cast<ConstantStruct>(op.get());
    if (entry == nullptr || entry->getNumOperands() < 2)
      continue;
    auto *f = dyn_cast<GlobalValue>(entry->getOperand(0)->stripPointerCasts());
    auto *text = dyn_cast<GlobalVariable>(entry->getOperand(1)->stripPointerCasts());
    if (f == nullptr || f->isDeclaration() || text == nullptr || !text->hasInitializer())
      continue;
    auto *data = dyn_cast<ConstantDataArray>(text->getInitializer());
    if (data == nullptr || !data->isCString() || data->getAsCString() != what)
      continue;
    if (seen.insert(f).second)
      out.push_back(f);
  }
  return out;
}

} // namespace

PreservedAnalyses KernelTraitsPass::run(Module &m, ModuleAnalysisManager &mam) {
  std::vector<Function *> ks;
  for (GlobalValue *g : annotated(m, "warpsim::global"))
    if (auto *f = dyn_cast<Function>(g))
      ks.push_back(f);
  if (ks.empty())
    return PreservedAnalyses::all();
  std::set<const GlobalVariable *> constants;
  for (GlobalValue *g : annotated(m, "warpsim::constant"))
    if (auto *v = dyn_cast<GlobalVariable>(g))
      constants.insert(v);
  FunctionAnalysisManager &fam = mam.getResult<FunctionAnalysisManagerModuleProxy>(m).getManager();
  Analysis analysis(fam, std::move(constants));
  LLVMContext &ctx = m.getContext();
  PointerType *ptr = PointerType::getUnqual(ctx);
  Type *i32 = Type::getInt32Ty(ctx);
  StructType *rowTy = StructType::get(ctx, {ptr, ptr, i32});
  std::vector<Constant *> rows;
  for (Function *k : ks) {
    const std::string reason = analysis.reasonFor(*k);
    Constant *text = ConstantPointerNull::get(ptr);
    if (!reason.empty()) {
      Constant *s = ConstantDataArray::getString(ctx, reason);
      auto *gv = new GlobalVariable(m, s->getType(), true, GlobalValue::PrivateLinkage, s,
                                    "__warpsim_kernel_reason");
      gv->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      text = gv;
    }
    const unsigned flags = analysis.passesBarrier(*k) ? 1 : 0;
    rows.push_back(ConstantStruct::get(rowTy, {k, text, ConstantInt::get(i32, flags)}));
  }
  ArrayType *tableTy = ArrayType::get(rowTy, rows.size());
  auto *table = new GlobalVariable(m, tableTy, true, GlobalValue::PrivateLinkage,
                                   ConstantArray::get(tableTy, rows), "__warpsim_kernel_traits");
  FunctionCallee reg =
      m.getOrInsertFunction("__warpsim_register_kernel_traits", Type::getVoidTy(ctx), ptr, i32);
  Function *ctor = Function::Create(FunctionType::get(Type::getVoidTy(ctx), false),
                                    GlobalValue::InternalLinkage, "warpsim.traits.ctor", &m);
  ctor->addFnAttr(Attribute::DisableSanitizerInstrumentation);
  ctor->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> b(BasicBlock::Create(ctx, "", ctor));
  b.CreateCall(reg, {table, ConstantInt::get(i32, rows.size())});
  b.CreateRetVoid();
  appendToGlobalCtors(m, ctor, 0);
  return PreservedAnalyses::none();
}

} // namespace warpsim::instrument
