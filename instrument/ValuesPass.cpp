// warpsim's value-carrying instrumentation, an LLVM 19 pass plugin.
//
// Every plain load and store that may touch memory another thread can see
// becomes a call into the runtime that performs it:
//   iN   __warpsim_loadB(const void *addr, const StaticSite *site)
//   void __warpsim_storeB(void *addr, iN value, const StaticSite *site)
// for B = 1, 2, 4, 8, 16 bytes (N = 8 * B). The runtime issues the event and
// then reads or writes the memory itself, so a later memory model can decide
// which value a load returns, and an optimiser can never hoist or merge such
// a load: it is an opaque call. `site` is a static id: the address of the
// access's row in this module's site table (file, line, column, kind, size),
// a link-time constant; a global constructor registers the table with the
// runtime, which numbers the rows of all modules densely (SiteTable.h).
//
// The pass runs at the start of the pipeline, before SROA and mem2reg, so
// the accesses it sees are the source-level ones. Like ThreadSanitizer it
// leaves alone what no other thread can see: accesses through a pointer into
// a stack slot whose address never escapes, and loads of constant globals.
// memcpy, memmove and memset become __warpsim_memcpy(dst, src, n, site) ...,
// which the runtime performs: done later, SROA would split a struct copy into
// loads the optimiser may merge. Atomics (already performed by the runtime
// through __tsan_atomic*), vtable accesses and accesses of a size or type it
// does not carry stay for -fsanitize=thread, which runs after this pass and
// also keeps the shadow call stack (__tsan_func_entry/exit).
//
// Every other instruction that may become an event without carrying a site
// (a call into the runtime: a barrier, a warp operation, atomicAdd; an atomic
// or an access left to TSan) gets a row of kind Call, and the pass stores
// that row's address in the runtime's thread-local __warpsim_event_site right
// before it. The rows are numbered in the order of the IR at the start of the
// pipeline, which is the order -O0 lays the code out in, so the reconvergence
// rule can order events by row instead of by code address: the same order
// whatever the optimiser does to the layout (docs/architecture.md). To make
// that order -O0's exactly, always_inline callees are inlined first (the
// always-inliner would do it later, at every level), so that their events
// get rows at each call site.
//
// Host-only functions (those no kernel or __device__ function can reach in
// the call graph) run as the host compiler makes them: no value hooks, no
// noinline, no TSan (disable_sanitizer_instrumentation). In the user's own
// functions (not those of system headers) an inline range check stays before
// each access that may reach beyond the stack: an address inside the device
// reserve calls __warpsim_host_access, which reports host code dereferencing
// cudaMalloc memory (docs/architecture.md).
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/InlineCost.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include "../sim/include/warpsim/site_abi.h"
#include "KernelTraits.h"

using namespace llvm;

namespace {

// The site table's kind field, as the runtime reads it.
namespace abi = warpsim::site_abi;
// MemoryMap::kGlobalReserve: the device reserve's size, from the runtime's
// __warpsim_host_guard_base.
constexpr std::uint64_t kDeviceReserve = std::uint64_t{64} << 30;

// What the pass does with an instruction: nothing, make it a value-carrying
// call, or store its row in __warpsim_event_site before it (an event the
// runtime makes without a site of its own).
// In host-only code: Guard, an inline range check before the access.
enum class Use { None, Value, Order, Guard };

struct Site {
  Constant *file;
  std::uint32_t line, column, kind, size;
};

bool isVtableAccess(const Instruction *I) {
  if (const MDNode *tag = I->getMetadata(LLVMContext::MD_tbaa))
    return tag->isTBAAVtableAccess();
  return false;
}

// ThreadSanitizer's addrPointsToConstantData: such a load cannot race.
bool pointsToConstantData(Value *addr) {
  if (auto *gep = dyn_cast<GetElementPtrInst>(addr))
    addr = gep->getPointerOperand();
  if (auto *gv = dyn_cast<GlobalVariable>(addr))
    return gv->isConstant();
  if (auto *l = dyn_cast<LoadInst>(addr))
    return isVtableAccess(l);
  return false;
}

// The types the runtime carries: scalars and fixed vectors whose bits fill
// 1, 2, 4, 8 or 16 bytes exactly, as an integer of that width.
bool carried(Type *t, const DataLayout &dl) {
  if (t->isPointerTy())
    return t->getPointerAddressSpace() == 0 && dl.getTypeStoreSize(t) == 8;
  if (auto *v = dyn_cast<FixedVectorType>(t)) {
    if (!v->getElementType()->isIntegerTy() && !v->getElementType()->isFloatingPointTy())
      return false;
  } else if (!t->isIntegerTy() && !t->isFloatingPointTy()) {
    return false;
  }
  if (t->isX86_FP80Ty() || t->isPPC_FP128Ty())
    return false;
  const std::uint64_t bits = dl.getTypeSizeInBits(t).getFixedValue();
  if (bits != dl.getTypeStoreSize(t).getFixedValue() * 8)
    return false;
  return bits == 8 || bits == 16 || bits == 32 || bits == 64 || bits == 128;
}

class ValuesInstrumenter {
public:
  explicit ValuesInstrumenter(Module &m)
      : m_(m), dl_(m.getDataLayout()), ctx_(m.getContext()), i32_(Type::getInt32Ty(ctx_)),
        ptr_(PointerType::getUnqual(ctx_)) {}

  bool run() {
    declareRuntime();
    findWrappers();
    const bool inlined = inlineAlwaysInline();
    findDeviceSide();
    std::vector<std::pair<Instruction *, Use>> todo;
    bool hostOnly = false;
    for (Function &f : m_) {
      if (f.isDeclaration() || f.hasFnAttribute(Attribute::Naked) ||
          f.hasFnAttribute(Attribute::DisableSanitizerInstrumentation))
        continue;
      if (f.hasFnAttribute(Attribute::SanitizeThread) && device_.count(&f) == 0) {
        f.removeFnAttr(Attribute::SanitizeThread);
        f.addFnAttr(Attribute::DisableSanitizerInstrumentation);
        const bool guarded = !systemCode(f);
        for (BasicBlock &bb : f)
          for (Instruction &i : bb)
            if (const Use u = hostUse(i); u == Use::Order || (u == Use::Guard && guarded))
              todo.emplace_back(&i, u);
        hostOnly = true;
        continue;
      }
      // Without sanitize_thread (no_sanitize("thread")) the accesses stay
      // plain, but a barrier it calls is still an event and needs its row.
      const bool instrumented = f.hasFnAttribute(Attribute::SanitizeThread);
      if (instrumented)
        keepCallSites(f);
      for (BasicBlock &bb : f)
        for (Instruction &i : bb)
          if (const Use u = use(i, instrumented); u != Use::None)
            todo.emplace_back(&i, u);
    }
    if (todo.empty())
      return inlined || hostOnly;
    // The table is sized now and filled at the end: a site id is the
    // address of its row, a link-time constant (no load at the access).
    siteTy_ = StructType::get(ctx_, {ptr_, i32_, i32_, i32_, i32_});
    tableTy_ = ArrayType::get(siteTy_, todo.size());
    table_ = new GlobalVariable(m_, tableTy_, true, GlobalValue::PrivateLinkage, nullptr,
                                "__warpsim_sites");
    for (auto [i, u] : todo)
      if (u == Use::Value)
        replace(i);
      else if (u == Use::Guard)
        guard(i);
      else
        markEvent(i);
    emitSiteTable();
    return true;
  }

private:
  // The runtime keeps no pointer it is passed (nocapture): a stack slot
  // whose address only reaches these calls stays private to the thread.
  // Each call names its access by its return address in reports, so it is
  // `nomerge` (two stores in two branches must not become one call at line
  // 0), `noduplicate` (an unrolled loop would give one site several return
  // addresses: -O2 split findings and warp instructions so) and `notail`
  // (a sibling call would return past the user's function).
  void declareRuntime() {
    Type *voidTy = Type::getVoidTy(ctx_), *i64 = Type::getInt64Ty(ctx_);
    auto declare = [&](const std::string &name, FunctionType *ty, unsigned pointers) {
      Function *f = cast<Function>(m_.getOrInsertFunction(name, ty).getCallee());
      f->setDoesNotThrow();
      f->addFnAttr(Attribute::NoMerge);
      f->addFnAttr(Attribute::NoDuplicate);
      for (unsigned a = 0; a < pointers; ++a)
        f->addParamAttr(a, Attribute::NoCapture);
    };
    for (unsigned bytes : {1u, 2u, 4u, 8u, 16u}) {
      IntegerType *c = IntegerType::get(ctx_, bytes * 8);
      declare("__warpsim_load" + std::to_string(bytes), FunctionType::get(c, {ptr_, ptr_}, false),
              1);
      declare("__warpsim_store" + std::to_string(bytes),
              FunctionType::get(voidTy, {ptr_, c, ptr_}, false), 1);
    }
    declare("__warpsim_memcpy", FunctionType::get(voidTy, {ptr_, ptr_, i64, ptr_}, false), 2);
    declare("__warpsim_memmove", FunctionType::get(voidTy, {ptr_, ptr_, i64, ptr_}, false), 2);
    declare("__warpsim_memset", FunctionType::get(voidTy, {ptr_, i32_, i64, ptr_}, false), 1);
    // Defined in the runtime (SiteTable.cpp), which the program links
    // statically: initial-exec TLS, one store.
    eventSite_ = cast<GlobalVariable>(m_.getOrInsertGlobal("__warpsim_event_site", ptr_));
    eventSite_->setThreadLocalMode(GlobalValue::InitialExecTLSModel);
    // Host-only code's range check (Hooks.cpp, MemoryMap.cpp).
    guardBase_ = cast<GlobalVariable>(m_.getOrInsertGlobal("__warpsim_host_guard_base", i64));
    guardBase_->setDSOLocal(true);
    hostAccess_ = cast<Function>(
        m_.getOrInsertFunction("__warpsim_host_access",
                               FunctionType::get(voidTy, {ptr_, i64, i32_, ptr_}, false))
            .getCallee());
    hostAccess_->setDoesNotThrow();
    hostAccess_->addFnAttr(Attribute::Cold);
    hostAccess_->addParamAttr(0, Attribute::NoCapture);
  }

  // The always-inliner's work, done before the rows are numbered: an
  // always_inline callee's accesses and calls then get a row at each call
  // site, in the caller's order, as their code lies at -O0. Same conditions
  // as llvm's AlwaysInlinerPass; what it leaves (recursion, a callee that
  // cannot be inlined) that pass leaves too.
  bool inlineAlwaysInline() {
    bool changed = false;
    for (Function &f : m_) {
      if (f.isDeclaration() || !f.hasFnAttribute(Attribute::AlwaysInline) ||
          f.isPresplitCoroutine() || !isInlineViable(f).isSuccess())
        continue;
      std::vector<CallBase *> calls;
      for (User *u : f.users())
        if (auto *cb = dyn_cast<CallBase>(u); cb && cb->getCalledFunction() == &f &&
                                              cb->getCaller() != &f &&
                                              !cb->hasFnAttr(Attribute::NoInline))
          calls.push_back(cb);
      for (CallBase *cb : calls) {
        InlineFunctionInfo info;
        changed |= InlineFunction(*cb, info, /*MergeAttributes=*/true, /*CalleeAAR=*/nullptr,
                                  /*InsertLifetime=*/false)
                       .isSuccess();
      }
    }
    return changed;
  }

  // Optimised user code keeps the call structure of -O0, on which reports
  // rely: a function is not inlined into its callers (the shadow call
  // stack of __tsan_func_entry/exit names each frame, as at -O0), and a
  // call is neither merged with another (`if (c) __syncthreads(); else
  // __syncthreads();` stays two barriers) nor duplicated (one call site,
  // one return address, one source location).
  static void keepCallSites(Function &f) {
    if (!f.hasFnAttribute(Attribute::AlwaysInline))
      f.addFnAttr(Attribute::NoInline);
    for (BasicBlock &bb : f)
      for (Instruction &i : bb)
        if (auto *call = dyn_cast<CallBase>(&i); call && !isa<IntrinsicInst>(call)) {
          call->addFnAttr(Attribute::NoMerge);
          call->addFnAttr(Attribute::NoDuplicate);
        }
  }

  // The functions that may run on a GPU thread: kernels and __device__
  // functions (their `annotate`), the launch machinery that calls a kernel's
  // launch lambda (disable_sanitizer_instrumentation, frontend_abi.h), and
  // everything these reach: direct callees, functions whose address they
  // use, and for each indirect call every address-taken function of its type
  // (a virtual call, a __device__ function pointer, a kernel called through
  // its pointer).
  void findDeviceSide() {
    std::vector<Function *> work;
    auto add = [&](Function *f) {
      if (f != nullptr && !f->isDeclaration() && device_.insert(f).second)
        work.push_back(f);
    };
    if (GlobalVariable *ann = m_.getNamedGlobal("llvm.global.annotations"))
      if (auto *rows = dyn_cast_or_null<ConstantArray>(ann->getInitializer()))
        for (const auto &op : rows->operands()) {
          auto *row = dyn_cast<ConstantStruct>(op.get());
          if (row == nullptr || row->getNumOperands() < 2)
            continue;
          auto *fn = dyn_cast<Function>(row->getOperand(0)->stripPointerCasts());
          auto *gv = dyn_cast<GlobalVariable>(row->getOperand(1)->stripPointerCasts());
          auto *text = gv != nullptr && gv->hasInitializer()
                           ? dyn_cast<ConstantDataSequential>(gv->getInitializer())
                           : nullptr;
          if (fn == nullptr || text == nullptr || !text->isCString())
            continue;
          const StringRef what = text->getAsCString();
          if (what == "warpsim::global" || what == "warpsim::device")
            add(fn);
        }
    for (Function &f : m_)
      if (f.hasFnAttribute(Attribute::DisableSanitizerInstrumentation))
        add(&f);
    std::set<FunctionType *> indirect;
    for (;;) {
      while (!work.empty()) {
        Function *f = work.back();
        work.pop_back();
        for (BasicBlock &bb : *f)
          for (Instruction &i : bb) {
            if (auto *call = dyn_cast<CallBase>(&i); call && call->isIndirectCall())
              indirect.insert(call->getFunctionType());
            for (Value *op : i.operands())
              add(dyn_cast<Function>(op->stripPointerCasts()));
          }
      }
      for (Function &f : m_)
        if (device_.count(&f) == 0 && !f.isDeclaration() && indirect.count(f.getFunctionType()) &&
            f.hasAddressTaken())
          add(&f);
      if (work.empty())
        return;
    }
  }

  // A function of a system header (the C++ library's std::sort, std::shuffle
  // ...): its accesses are not range-checked, so it runs exactly as the host
  // compiler makes it. What it is handed comes from the user's code, whose
  // own accesses are checked.
  static bool systemCode(const Function &f) {
    const DISubprogram *sp = f.getSubprogram();
    if (sp == nullptr)
      return false;
    std::string path = sp->getFilename().str();
    if (!path.empty() && path.front() != '/')
      path = sp->getDirectory().str() + "/" + path;
    return StringRef(path).starts_with("/usr/include/") ||
           StringRef(path).starts_with("/usr/lib/") ||
           StringRef(path).starts_with("/usr/local/include/");
  }

  // An access of host-only code that may touch memory beyond its own stack.
  Use hostUse(Instruction &i) const {
    if (i.hasMetadata(LLVMContext::MD_nosanitize))
      return Use::None;
    if (auto *mi = dyn_cast<MemIntrinsic>(&i)) {
      if (mi->getDestAddressSpace() != 0)
        return Use::None;
      if (auto *mt = dyn_cast<MemTransferInst>(mi))
        return stackSlot(mt->getRawDest()) && stackSlot(mt->getRawSource()) ? Use::None
                                                                              : Use::Guard;
      return stackSlot(mi->getRawDest()) ? Use::None : Use::Guard;
    }
    if (auto *call = dyn_cast<CallBase>(&i))
      return eventCall(*call) ? Use::Order : Use::None;
    Value *addr = nullptr;
    if (auto *l = dyn_cast<LoadInst>(&i)) {
      addr = l->getPointerOperand();
      if (!l->isAtomic() && pointsToConstantData(addr))
        return Use::None;
    } else if (auto *s = dyn_cast<StoreInst>(&i)) {
      addr = s->getPointerOperand();
    } else if (auto *rmw = dyn_cast<AtomicRMWInst>(&i)) {
      addr = rmw->getPointerOperand();
    } else if (auto *cas = dyn_cast<AtomicCmpXchgInst>(&i)) {
      addr = cas->getPointerOperand();
    } else {
      return Use::None;
    }
    if (addr->getType()->getPointerAddressSpace() != 0 || addr->isSwiftError() ||
        stackSlot(addr))
      return Use::None;
    return Use::Guard;
  }

  // The device reserve's base, loaded once at the function's entry: it is
  // set once, when the runtime starts (a static constructor of the runtime,
  // before main). A global constructor of the program may run before that
  // and then allocate: it loads the base at each access.
  Value *guardBaseIn(Function &f) {
    if (!ctorsKnown_) {
      ctorsKnown_ = true;
      if (GlobalVariable *gv = m_.getNamedGlobal("llvm.global_ctors"); gv && gv->hasInitializer())
        if (auto *rows = dyn_cast<ConstantArray>(gv->getInitializer()))
          for (const auto &op : rows->operands())
            if (auto *row = dyn_cast<ConstantStruct>(op.get()); row && row->getNumOperands() > 1)
              ctors_.insert(row->getOperand(1)->stripPointerCasts());
    }
    if (ctors_.count(&f) != 0)
      return nullptr;
    auto [it, fresh] = bases_.try_emplace(&f, nullptr);
    if (fresh) {
      IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
      it->second = b.CreateLoad(Type::getInt64Ty(ctx_), guardBase_, "warpsim.guard.base");
    }
    return it->second;
  }

  // Host code's access stays as it is, behind a range check that is false
  // unless the address lies in the device reserve: then the runtime decides
  // (a cudaMalloc allocation is reported, managed memory is not).
  void guard(Instruction *i) {
    Type *i64 = Type::getInt64Ty(ctx_);
    Value *addr, *len;
    bool write = true;
    std::uint32_t kind, size = 0;
    Value *second = nullptr; // a copy's source
    if (auto *mi = dyn_cast<MemIntrinsic>(i)) {
      addr = mi->getRawDest();
      len = mi->getLength();
      if (auto *n = dyn_cast<ConstantInt>(len); n && n->getZExtValue() <= UINT32_MAX)
        size = static_cast<std::uint32_t>(n->getZExtValue());
      kind = isa<MemSetInst>(mi) ? abi::kSet : abi::kCopy;
      if (auto *mt = dyn_cast<MemTransferInst>(mi))
        second = mt->getRawSource();
    } else {
      Type *t = nullptr;
      if (auto *l = dyn_cast<LoadInst>(i)) {
        addr = l->getPointerOperand();
        t = l->getType();
        write = false;
      } else if (auto *s = dyn_cast<StoreInst>(i)) {
        addr = s->getPointerOperand();
        t = s->getValueOperand()->getType();
      } else if (auto *rmw = dyn_cast<AtomicRMWInst>(i)) {
        addr = rmw->getPointerOperand();
        t = rmw->getValOperand()->getType();
      } else {
        auto *cas = cast<AtomicCmpXchgInst>(i);
        addr = cas->getPointerOperand();
        t = cas->getCompareOperand()->getType();
      }
      size = static_cast<std::uint32_t>(dl_.getTypeStoreSize(t).getFixedValue());
      len = ConstantInt::get(i64, size);
      kind = write ? abi::kStore : abi::kLoad;
    }
    Value *site = siteId(i, kind, size);
    Value *len64 = IRBuilder<>(i).CreateZExtOrTrunc(len, i64);
    Value *base = guardBaseIn(*i->getFunction());
    auto check = [&](Value *p, bool w) {
      IRBuilder<> b(i);
      Value *here = base != nullptr ? base : b.CreateLoad(i64, guardBase_);
      Value *in = b.CreateICmpULT(b.CreateSub(b.CreatePtrToInt(p, i64), here),
                                  ConstantInt::get(i64, kDeviceReserve));
      Instruction *then = SplitBlockAndInsertIfThen(
          in, i->getIterator(), false, MDBuilder(ctx_).createUnlikelyBranchWeights());
      IRBuilder<> t(then);
      t.SetCurrentDebugLocation(i->getDebugLoc());
      t.CreateCall(hostAccess_, {p, len64, t.getInt32(w ? 1 : 0), site});
    };
    if (second != nullptr)
      check(second, false);
    check(addr, write);
  }

  // Host code: an address into the function's own frame is never device
  // memory, captured (a volatile local, one handed to a callee) or not.
  static bool stackSlot(Value *addr) { return isa<AllocaInst>(getUnderlyingObject(addr)); }

  static bool privateSlot(Value *addr) {
    return isa<AllocaInst>(getUnderlyingObject(addr)) &&
           !PointerMayBeCaptured(addr, /*ReturnCaptures=*/true, /*StoreCaptures=*/true);
  }

  // A wrapper that hands the runtime its own return address as the pc of
  // the events it makes (ptx_exec, cg::sync, cuda::barrier ...): the events
  // are its caller's, at the call.
  static bool readsReturnAddress(const Function &f) {
    for (const BasicBlock &bb : f)
      for (const Instruction &i : bb)
        if (const auto *ii = dyn_cast<IntrinsicInst>(&i);
            ii && ii->getIntrinsicID() == Intrinsic::returnaddress)
          return true;
    return false;
  }

  // The wrappers (before inlining: an always_inline callee's
  // __builtin_return_address is not its caller's own), and the functions
  // they call, which may hand the runtime that address in turn (<cuda/ptx>'s
  // functions call __ws::exec with it): their events, too, are at the call
  // into the wrapper.
  void findWrappers() {
    std::vector<const Function *> work;
    for (Function &f : m_)
      if (!f.isDeclaration() && !f.hasFnAttribute(Attribute::AlwaysInline) &&
          readsReturnAddress(f) && transparent_.insert(&f).second)
        work.push_back(&f);
    while (!work.empty()) {
      const Function *f = work.back();
      work.pop_back();
      for (const BasicBlock &bb : *f)
        for (const Instruction &i : bb)
          if (const auto *call = dyn_cast<CallBase>(&i); call && !isa<IntrinsicInst>(call))
            if (const Function *g = call->getCalledFunction();
                g != nullptr && !g->isDeclaration() && transparent_.insert(g).second)
              work.push_back(g);
    }
  }

  // Calls that may make an event with no row of their own: into the
  // runtime (not intrinsics, inline asm or functions defined here, whose
  // own events have rows), and into a wrapper that names its call site.
  bool eventCall(const CallBase &call) const {
    if (isa<IntrinsicInst>(call) || call.isInlineAsm())
      return false;
    const Function *callee = call.getCalledFunction();
    return callee == nullptr || callee->isDeclaration() || transparent_.count(callee) != 0;
  }

  Use use(Instruction &i, bool instrumented) const {
    if (i.hasMetadata(LLVMContext::MD_nosanitize))
      return Use::None;
    // In a wrapper, the events it makes without a row keep the row of the
    // call to it (the value hooks put their own row back when done).
    const bool inWrapper = transparent_.count(i.getFunction()) != 0;
    if (auto *mi = dyn_cast<MemIntrinsic>(&i)) {
      if (!instrumented || mi->getDestAddressSpace() != 0)
        return Use::None;
      if (auto *mt = dyn_cast<MemTransferInst>(mi))
        return mt->getSourceAddressSpace() == 0 &&
                       !(privateSlot(mt->getRawDest()) && privateSlot(mt->getRawSource()))
                   ? Use::Value
                   : Use::None;
      return privateSlot(mi->getRawDest()) ? Use::None : Use::Value;
    }
    if (auto *call = dyn_cast<CallBase>(&i))
      return !inWrapper && eventCall(*call) ? Use::Order : Use::None;
    if (!instrumented)
      return Use::None;
    if (isa<AtomicRMWInst>(i) || isa<AtomicCmpXchgInst>(i))
      return inWrapper ? Use::None : Use::Order; // TSan's __tsan_atomic* hooks make the event
    Value *addr;
    Type *t;
    if (auto *l = dyn_cast<LoadInst>(&i)) {
      addr = l->getPointerOperand();
      t = l->getType();
      if (!l->isAtomic() && pointsToConstantData(addr))
        return Use::None;
    } else if (auto *s = dyn_cast<StoreInst>(&i)) {
      addr = s->getPointerOperand();
      t = s->getValueOperand()->getType();
    } else {
      return Use::None;
    }
    if (addr->getType()->getPointerAddressSpace() != 0 || addr->isSwiftError())
      return Use::None;
    if (i.isAtomic())
      return inWrapper ? Use::None : Use::Order;
    // A stack slot whose address never escapes is private to the thread.
    if (privateSlot(addr))
      return Use::None;
    // Vtable accesses and types the runtime does not carry stay for TSan,
    // whose hooks make the event.
    if (isVtableAccess(&i) || !carried(t, dl_))
      return inWrapper ? Use::None : Use::Order;
    return Use::Value;
  }

  // An event the runtime makes without a site of its own: its row goes to
  // __warpsim_event_site first. Volatile so that no optimisation merges or
  // moves it; nosanitize so that TSan does not make it an access.
  void markEvent(Instruction *i) {
    // A direct call into the runtime whose value nobody uses (not a wrapper:
    // it may use the value of a call it makes).
    const auto *call = dyn_cast<CallBase>(i);
    const bool unused = call != nullptr && call->getCalledFunction() != nullptr &&
                        call->getCalledFunction()->isDeclaration() && !i->getType()->isVoidTy() &&
                        i->use_empty();
    Value *site = siteId(i, abi::kCall | (unused ? abi::kResultUnused : 0), 0);
    IRBuilder<> b(i);
    StoreInst *s = b.CreateStore(site, eventSite_, /*isVolatile=*/true);
    s->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(ctx_, {}));
  }

  Constant *siteId(Instruction *i, std::uint32_t kind, std::uint32_t size) {
    Site s{fileName(i), 0, 0, kind, size};
    if (const DebugLoc &loc = i->getDebugLoc()) {
      s.line = loc.getLine();
      s.column = loc.getCol();
    }
    const auto index = static_cast<std::uint32_t>(sites_.size());
    sites_.push_back(s);
    Constant *idx[] = {ConstantInt::get(i32_, 0), ConstantInt::get(i32_, index)};
    return ConstantExpr::getInBoundsGetElementPtr(tableTy_, table_, idx);
  }

  Constant *fileName(Instruction *i) {
    std::string name;
    if (const DebugLoc &loc = i->getDebugLoc()) {
      const auto *scope = cast<DIScope>(loc.getScope());
      name = scope->getFilename().str();
      if (!name.empty() && name.front() != '/' && !scope->getDirectory().empty())
        name = scope->getDirectory().str() + "/" + name;
    }
    auto [it, fresh] = files_.try_emplace(name, nullptr);
    if (fresh) {
      Constant *text = ConstantDataArray::getString(ctx_, name);
      auto *gv = new GlobalVariable(m_, text->getType(), true, GlobalValue::PrivateLinkage, text,
                                    "__warpsim_site_file");
      gv->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      it->second = gv;
    }
    return it->second;
  }

  void replaceMemIntrinsic(MemIntrinsic *mi) {
    IRBuilder<> b(mi);
    Type *i64 = Type::getInt64Ty(ctx_);
    std::uint32_t size = 0; // not known statically
    if (auto *n = dyn_cast<ConstantInt>(mi->getLength()); n && n->getZExtValue() <= UINT32_MAX)
      size = static_cast<std::uint32_t>(n->getZExtValue());
    const bool isSet = isa<MemSetInst>(mi);
    Value *site = siteId(
        mi, (isSet ? abi::kSet : abi::kCopy) | (mi->isVolatile() ? abi::kVolatile : 0), size);
    Value *len = b.CreateZExtOrTrunc(mi->getLength(), i64);
    if (auto *set = dyn_cast<MemSetInst>(mi)) {
      FunctionCallee fn =
          m_.getOrInsertFunction("__warpsim_memset", Type::getVoidTy(ctx_), ptr_, i32_, i64, ptr_);
      b.CreateCall(fn, {set->getRawDest(), b.CreateZExt(set->getValue(), i32_), len, site})
          ->setTailCallKind(CallInst::TCK_NoTail);
    } else {
      auto *mt = cast<MemTransferInst>(mi);
      const char *name = isa<MemMoveInst>(mt) ? "__warpsim_memmove" : "__warpsim_memcpy";
      FunctionCallee fn =
          m_.getOrInsertFunction(name, Type::getVoidTy(ctx_), ptr_, ptr_, i64, ptr_);
      b.CreateCall(fn, {mt->getRawDest(), mt->getRawSource(), len, site})
          ->setTailCallKind(CallInst::TCK_NoTail);
    }
    mi->eraseFromParent();
  }

  void replace(Instruction *i) {
    if (auto *mi = dyn_cast<MemIntrinsic>(i))
      return replaceMemIntrinsic(mi);
    IRBuilder<> b(i); // the call gets the access's debug location
    const bool isLoad = isa<LoadInst>(i);
    Type *t = isLoad ? i->getType() : cast<StoreInst>(i)->getValueOperand()->getType();
    const auto bytes = static_cast<std::uint32_t>(dl_.getTypeStoreSize(t).getFixedValue());
    IntegerType *carrier = IntegerType::get(ctx_, bytes * 8);
    const bool isVolatile =
        isLoad ? cast<LoadInst>(i)->isVolatile() : cast<StoreInst>(i)->isVolatile();
    const std::uint32_t kind =
        (isLoad ? abi::kLoad : abi::kStore) | (isVolatile ? abi::kVolatile : 0);
    Value *site = siteId(i, kind, bytes);
    const std::string suffix = std::to_string(bytes);
    if (auto *l = dyn_cast<LoadInst>(i)) {
      FunctionCallee fn = m_.getOrInsertFunction("__warpsim_load" + suffix, carrier, ptr_, ptr_);
      CallInst *raw = b.CreateCall(fn, {l->getPointerOperand(), site});
      raw->setTailCallKind(CallInst::TCK_NoTail);
      Value *v = t->isPointerTy() ? b.CreateIntToPtr(raw, t) : b.CreateBitCast(raw, t);
      v->takeName(l);
      l->replaceAllUsesWith(v);
    } else {
      auto *s = cast<StoreInst>(i);
      Value *v = s->getValueOperand();
      v = t->isPointerTy() ? b.CreatePtrToInt(v, carrier) : b.CreateBitCast(v, carrier);
      FunctionCallee fn = m_.getOrInsertFunction("__warpsim_store" + suffix, Type::getVoidTy(ctx_),
                                                 ptr_, carrier, ptr_);
      b.CreateCall(fn, {s->getPointerOperand(), v, site})->setTailCallKind(CallInst::TCK_NoTail);
    }
    i->eraseFromParent();
  }

  // struct { const char *file; uint32_t line, column, kind, size; } sites[];
  // and a constructor: __warpsim_register_sites(sites, n).
  void emitSiteTable() {
    std::vector<Constant *> rows;
    rows.reserve(sites_.size());
    for (const Site &s : sites_)
      rows.push_back(ConstantStruct::get(
          siteTy_, {s.file, ConstantInt::get(i32_, s.line), ConstantInt::get(i32_, s.column),
                    ConstantInt::get(i32_, s.kind), ConstantInt::get(i32_, s.size)}));
    table_->setInitializer(ConstantArray::get(tableTy_, rows));
    GlobalVariable *table = table_;
    FunctionCallee reg = m_.getOrInsertFunction("__warpsim_register_sites", i32_, ptr_, i32_);
    Function *ctor = Function::Create(FunctionType::get(Type::getVoidTy(ctx_), false),
                                      GlobalValue::InternalLinkage, "warpsim.values.ctor", &m_);
    ctor->addFnAttr(Attribute::DisableSanitizerInstrumentation);
    ctor->addFnAttr(Attribute::NoUnwind);
    IRBuilder<> b(BasicBlock::Create(ctx_, "", ctor));
    b.CreateCall(reg, {table, ConstantInt::get(i32_, rows.size())});
    b.CreateRetVoid();
    // Before any other constructor: user code may access memory in its own.
    appendToGlobalCtors(m_, ctor, 0);
  }

  Module &m_;
  const DataLayout &dl_;
  LLVMContext &ctx_;
  IntegerType *i32_;
  PointerType *ptr_;
  StructType *siteTy_ = nullptr;
  ArrayType *tableTy_ = nullptr;
  GlobalVariable *table_ = nullptr;
  GlobalVariable *eventSite_ = nullptr;
  GlobalVariable *guardBase_ = nullptr;
  Function *hostAccess_ = nullptr;
  std::set<const Function *> device_; // may run on a GPU thread
  std::set<const Value *> ctors_; // the module's global constructors
  bool ctorsKnown_ = false;
  std::map<const Function *, Value *> bases_;
  std::set<const Function *> transparent_;
  std::vector<Site> sites_;
  std::map<std::string, Constant *> files_;
};

struct ValuesPass : PassInfoMixin<ValuesPass> {
  PreservedAnalyses run(Module &m, ModuleAnalysisManager &) {
    return ValuesInstrumenter(m).run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; } // -O0 functions are optnone
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "warpsim-values", "1", [](PassBuilder &pb) {
            pb.registerPipelineStartEPCallback(
                [](ModulePassManager &mpm, OptimizationLevel) {
                  mpm.addPass(warpsim::instrument::KernelTraitsPass()); // sees the code as written
                  mpm.addPass(ValuesPass());
                });
          }};
}
