// Floating-point agreement between warpsim and the GPU, one math function at
// a time: each buffer is one function applied to 4096 inputs spread over its
// useful range. `warpsim crosscheck` against the H100's recorded outputs
// measures, per function, how many results differ and by how many ulp
// (docs/crosscheck.md, "Floating point"). The program checks nothing itself.
#include "../../kernels/puzzle.h"

#include <vector>

constexpr int N = 4096;

enum Fn {
  kExp,
  kFastExp,
  kLog,
  kLog2,
  kSin,
  kCos,
  kTanh,
  kSqrt,
  kRsqrt,
  kDiv,
  kFastDiv,
  kPow,
  kFastLog,
  kFastSin,
  kFastPow,
  kFastTan,
  kFmaf,
  kContractExpr,
  kContractStmts,
  kCount
};
const char *const kNames[kCount] = {"expf",       "__expf", "logf",   "log2f",  "sinf",
                                    "cosf",       "tanhf",  "sqrtf",  "rsqrtf", "div",
                                    "__fdividef", "powf",   "__logf", "__sinf", "__powf",
                                    "__tanf",     "fmaf",   "a*b+c",  "a*b;+c"};

__global__ void apply(float *out, const float *x, const float *y, const float *z, int fn, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float a = x[i], b = y[i], c = z[i], r = 0.0f;
  switch (fn) {
  case kExp:
    r = expf(a);
    break;
  case kFastExp:
    r = __expf(a);
    break;
  case kLog:
    r = logf(b);
    break;
  case kLog2:
    r = log2f(b);
    break;
  case kSin:
    r = sinf(a);
    break;
  case kCos:
    r = cosf(a);
    break;
  case kTanh:
    r = tanhf(a * 0.25f);
    break;
  case kSqrt:
    r = sqrtf(b);
    break;
  case kRsqrt:
    r = rsqrtf(b);
    break;
  case kDiv:
    r = a / b;
    break;
  case kFastDiv:
    r = __fdividef(a, b);
    break;
  case kPow:
    r = powf(b, a * 0.1f);
    break;
  case kFastLog:
    r = __logf(b);
    break;
  case kFastSin:
    r = __sinf(a);
    break;
  case kFastPow:
    r = __powf(b, a * 0.1f);
    break;
  case kFastTan:
    r = __tanf(a * 0.07f);
    break;
  case kFmaf:
    r = fmaf(a, b, c);
    break;
  case kContractExpr:
    r = a * b + c;
    break;               // nvcc and warpsim: one FMA
  case kContractStmts: { // nvcc fuses across statements too
    float t = a * b;
    r = t + c;
    break;
  }
  }
  out[i] = r;
}

int main() {
  // x in [-20, 20], y in (0, 1000], z in [-1000, 1000]
  std::vector<float> x(N), y(N), z(N), out(N);
  Lcg rng(2024);
  for (int i = 0; i < N; ++i) {
    x[i] = float(-20.0 + 40.0 * rng.uniform());
    y[i] = float(1000.0 * rng.uniform());
    z[i] = float(-1000.0 + 2000.0 * rng.uniform());
  }
  DeviceBuffer<float> dx(N), dy(N), dz(N), dout(N);
  dx.upload(x.data());
  dy.upload(y.data());
  dz.upload(z.data());
  for (int fn = 0; fn < kCount; ++fn) {
    apply<<<N / 256, 256>>>(dout.data(), dx.data(), dy.data(), dz.data(), fn, N);
    CUDA_CHECK_LAUNCH();
    dout.download(out.data());
    puzzle_output(kNames[fn], out.data(), N);
  }
  std::printf("%d functions on %d inputs\n", int(kCount), N);
  return 0;
}
