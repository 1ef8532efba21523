// The value-carrying pass (instrument/ValuesPass.cpp) on plain C++, checked
// on the IR clang++-19 makes with it (VALUES, at -O2) and without it (TSAN,
// today's hooks at -O2, the twin: there the spin loop is deleted, a loop
// without side effects being undefined behaviour in C++).
// Run by tests/instrument/CMakeLists.txt through check_ir.sh.
//
// One site table row per access (file, line, column, kind, size), in the
// order of the accesses, registered by a constructor that runs first
// (prefix SITES, the same IR; each row is checked above its access).
// SITES: @__warpsim_sites = private constant [12 x { ptr, i32, i32, i32, i32 }]
int g_counter;
const int k_table[4] = {1, 2, 3, 4};
void escape(int *);
// The functions below are device code, as the front end's __device__ spells
// it; unannotated, no kernel reaching them, they would be host-only and
// keep their plain accesses (host_ir.cpp).
#define WS_DEVICE __attribute__((annotate("warpsim::device")))
WS_DEVICE void spin_wait(int *flag);
WS_DEVICE int arithmetic(int a, int i);
WS_DEVICE float escapes(float *p);
struct Pair;
WS_DEVICE void copy(Pair *dst, const Pair *src);
WS_DEVICE int events(int *p);

// VALUES-LABEL: define {{.*}}@_Z9spin_waitPi(
// VALUES: [[LOOP:[0-9]+]]:
// VALUES: call i32 @__warpsim_load4(ptr {{.*}}%0,
// VALUES: br i1 {{.*}}, label %[[LOOP]]
// VALUES: ret void
// TSAN-LABEL: define {{.*}}@_Z9spin_waitPi(
// TSAN-NOT: load
// TSAN-NOT: __tsan_read
// TSAN: ret void
// TSAN-NEXT: }
// SITES-SAME: { ptr @__warpsim_site_file, i32 [[#@LINE+2]], i32 10, i32 0, i32 4 }
void spin_wait(int *flag) {
  while (*flag == 0) {
  }
}

// A local whose address never escapes is the thread's own: no call. A
// constant table cannot race: no call. A global store and load: calls
// that carry the value.
// VALUES-LABEL: define {{.*}}@_Z10arithmeticii(
// VALUES-NOT: __warpsim_load
// VALUES: call void @__warpsim_store4(ptr {{.*}}@g_counter, i32 %{{.*}}, ptr
// VALUES-NOT: __warpsim_load
// VALUES-NOT: __warpsim_store
// VALUES: ret i32
int arithmetic(int a, int i) {
  int local = a * 3;
  local += k_table[i & 3];
  // SITES-SAME: { ptr @__warpsim_site_file, i32 [[#@LINE+1]], i32 13, i32 1, i32 4 }
  g_counter = local;
  return local;
}

// A local that escapes may be seen by another thread: its accesses stay.
// Two loads of one address stay two events (the optimiser cannot merge
// them), and a float carries its bits.
// VALUES-LABEL: define {{.*}}@_Z7escapesPf(
// VALUES: call void @__warpsim_store4(ptr {{.*}}%[[ESC:[0-9a-z]+]], i32 7,
// VALUES: store volatile ptr {{.*}}@__warpsim_sites{{.*}} @__warpsim_event_site,{{.*}}!nosanitize
// VALUES-NEXT: {{call|invoke}} void @_Z6escapePi(
// VALUES: call i32 @__warpsim_load4(ptr {{.*}}%[[ESC]],
// VALUES: call i32 @__warpsim_load4(ptr {{.*}}%0,
// VALUES: call i32 @__warpsim_load4(ptr {{.*}}%0,
// VALUES: ret float
float escapes(float *p) {
  // SITES-SAME: { ptr @__warpsim_site_file, i32 [[#@LINE+1]], i32 7, i32 1, i32 4 }
  int e = 7;
  // SITES-SAME: { ptr @__warpsim_site_file, i32 [[#@LINE+1]], i32 3, i32 4, i32 0 }
  escape(&e);
  // SITES-SAME: i32 [[#@LINE+3]], i32 29, i32 0, i32 4 }
  // SITES-SAME: i32 [[#@LINE+2]], i32 34, i32 0, i32 4 }
  // SITES-SAME: i32 [[#@LINE+1]], i32 41, i32 0, i32 4 }
  return static_cast<float>(e) + p[0] * p[0];
}

// A struct copy is one memcpy the runtime makes, not loads SROA split.
struct Pair {
  int a;
  float b;
  double c;
};
// VALUES-LABEL: define {{.*}}@_Z4copyP4Pair{{.*}}(
// VALUES: call void @__warpsim_memcpy(ptr {{.*}}%0, ptr {{.*}}%1, i64 16, ptr
// VALUES: ret void
// SITES-SAME: { ptr @__warpsim_site_file, i32 [[#@LINE+1]], i32 46, i32 2, i32 16 }
void copy(Pair *dst, const Pair *src) { *dst = *src; }

// An event the runtime makes without being given a site gets a row of kind
// 4 (Call), stored in __warpsim_event_site (thread-local, volatile, not an
// access for TSan) right before it: a call to a function not defined here
// (the runtime's barriers, warp operations, atomicAdd) and an atomic (made
// by TSan's hook). A call to a function defined here gets none: its own
// events have rows. An always_inline callee is inlined before the rows are
// numbered, so its call gets a row in the caller, in the caller's order
// (-O0's layout); the callee's own body, dead now, keeps its rows last.
void barrier();
// VALUES-LABEL: define {{.*}}@_Z12defined_herePi(
// VALUES-NOT: @__warpsim_event_site
// VALUES: call i32 @__warpsim_load4(
// SITES-SAME: { ptr @__warpsim_site_file, i32 [[#@LINE+1]], i32 61, i32 0, i32 4 }
__attribute__((noinline)) int defined_here(int *p) { return *p; }
__attribute__((always_inline)) inline void helper() { barrier(); }
// VALUES-LABEL: define {{.*}}@_Z6eventsPi(
// VALUES: store volatile ptr {{.*}}@__warpsim_sites{{.*}} @__warpsim_event_site,{{.*}}!nosanitize
// VALUES-NEXT: {{call|invoke}} void @_Z7barrierv()
// VALUES: store volatile ptr {{.*}}@__warpsim_sites{{.*}} @__warpsim_event_site,{{.*}}!nosanitize
// VALUES-NEXT: call i32 @__tsan_atomic32_fetch_add(
// VALUES-NOT: @__warpsim_event_site
// VALUES: call {{.*}}@_Z12defined_herePi(
// VALUES: ret i32
// TSAN-NOT: @__warpsim_event_site
int events(int *p) {
  // SITES-SAME: { ptr @__warpsim_site_file, i32 [[#@LINE-11]], i32 55, i32 4, i32 0 }
  helper();
  // SITES-SAME: { ptr @__warpsim_site_file, i32 [[#@LINE+1]], i32 3, i32 4, i32 0 }
  __atomic_fetch_add(p, 1, __ATOMIC_RELAXED);
  return defined_here(p);
}
// SITES-SAME: { ptr @__warpsim_site_file, i32 [[#@LINE-17]], i32 55, i32 4, i32 0 }]

// The file name the rows point to, and the constructor that registers the table.
// SITES: @__warpsim_site_file = private unnamed_addr constant {{.*}}values_ir.cpp\00"
// SITES: @llvm.global_ctors = {{.*}} { i32 0, ptr @warpsim.values.ctor, ptr null }
// SITES: define internal void @warpsim.values.ctor()
// SITES-NEXT: call i32 @__warpsim_register_sites(ptr {{.*}}@__warpsim_sites, i32
