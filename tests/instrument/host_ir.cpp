// Host-only code and the pass (instrument/ValuesPass.cpp, issue 25 item 7):
// a function no kernel or __device__ function reaches keeps its plain
// accesses (no value hooks, no TSan hooks), behind the inline range check
// that calls __warpsim_host_access for an address in the device reserve;
// what device code reaches stays instrumented: a function called from both
// sides, a lambda in a kernel, a template instantiated from device code, and
// an address-taken function of an indirect call's type. Prefixes VALUES, SITES
// with the plugin at -O2, TSAN without it (every function has TSan hooks).
// Run by tests/instrument/CMakeLists.txt through check_ir.sh.
#define WS_DEVICE __attribute__((annotate("warpsim::device")))
#define WS_GLOBAL __attribute__((annotate("warpsim::global")))
int g;

// SITES: @__warpsim_sites = private constant
// VALUES-LABEL: define {{.*}}@_Z9host_onlyPi(
// VALUES-NOT: __warpsim_load
// VALUES-NOT: __tsan_
// VALUES: call void @__warpsim_host_access(
// VALUES-NOT: __tsan_
// VALUES: ret i32
// TSAN-LABEL: define {{.*}}@_Z9host_onlyPi(
// TSAN: __tsan_read4
int host_only(int *p) { return *p + 1; }

// VALUES-LABEL: define {{.*}}@_Z13shared_helperPi(
// VALUES: call i32 @__warpsim_load4(
int shared_helper(int *p) { return *p; }
WS_GLOBAL void kernel(int *p) { g = shared_helper(p); }
int host_caller(int *p) { return shared_helper(p); }

// VALUES-LABEL: define {{.*}}kernel_lambda{{.*}}clEv
// VALUES: call i32 @__warpsim_load4(
WS_GLOBAL void kernel_lambda(int *p) {
  auto f = [p] { return *p; };
  g = f();
}

// VALUES-LABEL: define {{.*}}@_Z3getIiET_PS0_(
// VALUES: call i32 @__warpsim_load4(
// VALUES-LABEL: define {{.*}}@_Z3getIlET_PS0_(
// VALUES-NOT: __warpsim_load
// VALUES: ret i64
template <class T> __attribute__((noinline)) T get(T *p) { return *p; }
WS_GLOBAL void kernel_template(int *p) { g = get(p); }
long host_template(long *p) { return get(p); }

// VALUES-LABEL: define {{.*}}@_Z6targetPi(
// VALUES: call i32 @__warpsim_load4(
int target(int *p) { return *p * 2; }
WS_DEVICE __attribute__((noinline)) int call_through(int (*f)(int *), int *p) { return f(p); }
int host_pointer(int *p) { return call_through(target, p); }
