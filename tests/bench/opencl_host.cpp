// OpenCL host for the benchmark suite: runs one of the OpenCL C twins in
// tests/bench/cl/ (Oclgrind, PoCL or any other OpenCL platform) with the same
// inputs, launch shape and exact self-check as the .cu program of that name.
//   bench_opencl <cl-dir> <kernel> [size]
// kernel: vector_add | block_reduce | transpose | scan | histogram | matmul;
// size as the .cu's argv[1]. The platform is the first one whose name contains
// $BENCH_CL_PLATFORM (e.g. "Portable", "Oclgrind"), else the first one.
// Prints kernel_ms=<enqueue to clFinish> and PASS; times are never asserted.
// Built by tests/bench/run_suite.sh (needs ocl-icd-opencl-dev), not by CMake.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const char *what, cl_int err) {
  std::printf("FAIL: %s (OpenCL error %d)\n", what, err);
  std::exit(1);
}
void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS)
    fail(what, err);
}

struct Cl {
  cl_context ctx = nullptr;
  cl_command_queue queue = nullptr;
  cl_kernel kernel = nullptr;
  cl_device_id dev = nullptr;

  cl_mem buffer(size_t bytes, const void *init) {
    cl_int err;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                              const_cast<void *>(init), &err);
    check(err, "clCreateBuffer");
    return m;
  }
  void read(cl_mem m, size_t bytes, void *out) {
    check(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, bytes, out, 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
  }
  template <class T> void arg(int i, const T &v) {
    check(clSetKernelArg(kernel, i, sizeof(T), &v), "clSetKernelArg");
  }
  // Runs the kernel over global[] with local[] and prints its time.
  void launch(int dims, const size_t *global, const size_t *local) {
    check(clFinish(queue), "clFinish");
    auto t0 = std::chrono::steady_clock::now();
    check(clEnqueueNDRangeKernel(queue, kernel, dims, nullptr, global, local, 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
    check(clFinish(queue), "clFinish");
    auto t1 = std::chrono::steady_clock::now();
    std::printf("kernel_ms=%.3f\n", std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
};

Cl setUp(const std::string &dir, const std::string &name, const char *entry) {
  cl_uint count = 0;
  check(clGetPlatformIDs(0, nullptr, &count), "clGetPlatformIDs");
  if (count == 0)
    fail("no OpenCL platform", 0);
  std::vector<cl_platform_id> plats(count);
  check(clGetPlatformIDs(count, plats.data(), nullptr), "clGetPlatformIDs");
  const char *want = std::getenv("BENCH_CL_PLATFORM");
  cl_platform_id plat = plats[0];
  for (cl_platform_id p : plats) {
    char pname[256] = {};
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof(pname) - 1, pname, nullptr);
    if (want && std::strstr(pname, want)) {
      plat = p;
      break;
    }
  }
  char pname[256] = {};
  clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof(pname) - 1, pname, nullptr);
  std::printf("platform: %s\n", pname);

  Cl cl;
  check(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &cl.dev, nullptr), "clGetDeviceIDs");
  cl_int err;
  cl.ctx = clCreateContext(nullptr, 1, &cl.dev, nullptr, nullptr, &err);
  check(err, "clCreateContext");
  cl.queue = clCreateCommandQueue(cl.ctx, cl.dev, 0, &err);
  check(err, "clCreateCommandQueue");

  std::ifstream f(dir + "/" + name + ".cl");
  if (!f)
    fail(("cannot read " + dir + "/" + name + ".cl").c_str(), 0);
  std::stringstream ss;
  ss << f.rdbuf();
  std::string src = ss.str();
  const char *text = src.c_str();
  cl_program prog = clCreateProgramWithSource(cl.ctx, 1, &text, nullptr, &err);
  check(err, "clCreateProgramWithSource");
  if (clBuildProgram(prog, 1, &cl.dev, "", nullptr, nullptr) != CL_SUCCESS) {
    size_t len = 0;
    clGetProgramBuildInfo(prog, cl.dev, CL_PROGRAM_BUILD_LOG, 0, nullptr, &len);
    std::string log(len, '\0');
    clGetProgramBuildInfo(prog, cl.dev, CL_PROGRAM_BUILD_LOG, len, log.data(), nullptr);
    std::printf("%s\n", log.c_str());
    fail("clBuildProgram", 0);
  }
  cl.kernel = clCreateKernel(prog, entry, &err);
  check(err, "clCreateKernel");
  return cl;
}

size_t roundUp(size_t n, size_t m) { return (n + m - 1) / m * m; }

int vectorAdd(Cl &cl, int n) {
  std::vector<float> a(n), b(n), out(n, 0.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = float(i % 1024);
    b[i] = float(2 * (i % 517));
  }
  cl_mem da = cl.buffer(n * 4, a.data()), db = cl.buffer(n * 4, b.data()),
         dout = cl.buffer(n * 4, out.data());
  cl.arg(0, dout), cl.arg(1, da), cl.arg(2, db), cl.arg(3, n);
  size_t g = roundUp(n, 256), l = 256;
  cl.launch(1, &g, &l);
  cl.read(dout, n * 4, out.data());
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != a[i] + b[i];
  return bad;
}

int blockReduce(Cl &cl, int n) {
  const int blocks = (n + 255) / 256;
  std::vector<float> in(n), partials(blocks, 0.0f);
  for (int i = 0; i < n; ++i)
    in[i] = float(i % 7);
  cl_mem din = cl.buffer(n * 4, in.data()), dp = cl.buffer(blocks * 4, partials.data());
  cl.arg(0, dp), cl.arg(1, din), cl.arg(2, n);
  size_t g = size_t(blocks) * 256, l = 256;
  cl.launch(1, &g, &l);
  cl.read(dp, blocks * 4, partials.data());
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    long long want = 0;
    for (int t = 0; t < 256 && b * 256 + t < n; ++t)
      want += (long long)in[b * 256 + t];
    bad += partials[b] != float(want);
  }
  return bad;
}

int transpose(Cl &cl, int side) {
  const size_t n = size_t(side) * side;
  std::vector<float> in(n), out(n, 0.0f);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 4093);
  cl_mem din = cl.buffer(n * 4, in.data()), dout = cl.buffer(n * 4, out.data());
  cl.arg(0, dout), cl.arg(1, din), cl.arg(2, side);
  size_t g[2] = {size_t(side), size_t(side)}, l[2] = {16, 16};
  cl.launch(2, g, l);
  cl.read(dout, n * 4, out.data());
  int bad = 0;
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c)
      bad += out[size_t(c) * side + r] != in[size_t(r) * side + c];
  return bad;
}

int scan(Cl &cl, int n) {
  std::vector<float> in(n), out(n, 0.0f);
  for (int i = 0; i < n; ++i)
    in[i] = float(i % 5);
  cl_mem din = cl.buffer(n * 4, in.data()), dout = cl.buffer(n * 4, out.data());
  cl.arg(0, dout), cl.arg(1, din), cl.arg(2, n);
  size_t g = roundUp(n, 256), l = 256;
  cl.launch(1, &g, &l);
  cl.read(dout, n * 4, out.data());
  int bad = 0;
  float run = 0.0f;
  for (int i = 0; i < n; ++i) {
    if (i % 256 == 0)
      run = 0.0f;
    run += in[i];
    bad += out[i] != run;
  }
  return bad;
}

int histogram(Cl &cl, int n) {
  std::vector<unsigned char> in(n);
  std::vector<cl_uint> bins(256, 0), want(256, 0);
  for (int i = 0; i < n; ++i)
    in[i] = (unsigned char)(i % 4 == 0 ? 7 : (i * 37u) % 251u);
  for (int i = 0; i < n; ++i)
    ++want[in[i]];
  cl_mem din = cl.buffer(n, in.data()), db = cl.buffer(256 * 4, bins.data());
  cl.arg(0, db), cl.arg(1, din), cl.arg(2, n);
  size_t g = roundUp(n, 256), l = 256;
  cl.launch(1, &g, &l);
  cl.read(db, 256 * 4, bins.data());
  int bad = 0;
  for (int b = 0; b < 256; ++b)
    bad += bins[b] != want[b];
  return bad;
}

int matmul(Cl &cl, int side) {
  const size_t n = size_t(side) * side;
  std::vector<float> a(n), b(n), c(n, 0.0f);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i % 7) - 3.0f;
    b[i] = float(i % 5) - 2.0f;
  }
  cl_mem dc = cl.buffer(n * 4, c.data()), da = cl.buffer(n * 4, a.data()),
         db = cl.buffer(n * 4, b.data());
  cl.arg(0, dc), cl.arg(1, da), cl.arg(2, db), cl.arg(3, side);
  size_t g[2] = {size_t(side), size_t(side)}, l[2] = {16, 16};
  cl.launch(2, g, l);
  cl.read(dc, n * 4, c.data());
  int bad = 0;
  for (int r = 0; r < side; ++r)
    for (int col = 0; col < side; ++col) {
      float want = 0.0f;
      for (int k = 0; k < side; ++k)
        want += a[size_t(r) * side + k] * b[size_t(k) * side + col];
      bad += c[size_t(r) * side + col] != want;
    }
  return bad;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s <cl-dir> <kernel> [size]\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1], name = argv[2];
  const bool square = name == "transpose" || name == "matmul";
  const int size = argc > 3 ? std::atoi(argv[3])
                   : square ? (name == "matmul" ? 256 : 1024)
                            : 1 << 20;
  if (size <= 0 || (square && size % 16)) {
    std::fprintf(stderr, "%s: bad size %s\n", argv[0], argv[3]);
    return 2;
  }
  int bad;
  if (name == "vector_add") {
    Cl cl = setUp(dir, name, "vector_add");
    bad = vectorAdd(cl, size);
  } else if (name == "block_reduce") {
    Cl cl = setUp(dir, name, "block_reduce");
    bad = blockReduce(cl, size);
  } else if (name == "transpose") {
    Cl cl = setUp(dir, name, "transpose");
    bad = transpose(cl, size);
  } else if (name == "scan") {
    Cl cl = setUp(dir, name, "block_scan");
    bad = scan(cl, size);
  } else if (name == "histogram") {
    Cl cl = setUp(dir, name, "histogram");
    bad = histogram(cl, size);
  } else if (name == "matmul") {
    Cl cl = setUp(dir, name, "matmul");
    bad = matmul(cl, size);
  } else {
    std::fprintf(stderr, "%s: unknown kernel '%s'\n", argv[0], name.c_str());
    return 2;
  }
  std::printf("%s: size=%d\n", name.c_str(), size);
  if (bad) {
    std::printf("FAIL: %d values wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
