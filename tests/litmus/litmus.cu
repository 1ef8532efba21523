// The litmus tests of ../shared/DESIGN.md's table ("Memory-ordering
// models"), 32 instances of each in one launch, the threads placed as the
// table says. For each test the program prints the table's verdict for its
// weak outcome, how many instances ended in it, and the count of every
// outcome. litmus_test.sh runs it under --memory-model sc and ptx over a
// fixed set of seeds (docs/memory-model.md).
//
// Orders: plain accesses are weak; release/acquire are inline PTX
// st.release / ld.acquire at .gpu or .cta; fence.sc.gpu is __threadfence()
// or the asm, fence.sc.cta __threadfence_block() or the asm.
// Usage: litmus [TEST]  (no argument: every test)
#include <cstdio>
#include <cstring>
#include <map>
#include <string>

constexpr int N = 32; // instances per test

__device__ void FENCE_ACQ_REL_CTA() { asm volatile("fence.acq_rel.cta;" ::: "memory"); }
__device__ void FENCE_ACQ_REL_GPU() { asm volatile("fence.acq_rel.gpu;" ::: "memory"); }
__device__ void FENCE_SC_GPU() { asm volatile("fence.sc.gpu;" ::: "memory"); }
__device__ void FENCE_SC_CTA() { asm volatile("fence.sc.cta;" ::: "memory"); }
__device__ void REL_GPU(int *p, int v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ void REL_CTA(int *p, int v) {
  asm volatile("st.release.cta.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ int acqGpu(int *p) {
  int v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ int acqCta(int *p) {
  int v;
  asm volatile("ld.acquire.cta.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

// Placement: role of this thread and its instance.
// same CTA: one block of 64, roles by warp; different CTAs: a block per role.
__device__ int sameCtaRole() { return threadIdx.x / 32; }
__device__ int sameCtaInst() { return threadIdx.x % 32; }

__global__ void corr(int *x, int *, int *, int *r) { // same CTA
  int i = sameCtaInst();
  if (sameCtaRole() == 0) {
    x[i] = 1;
  } else {
    r[4 * i] = x[i];
    r[4 * i + 1] = x[i];
  }
}
__global__ void corrStrong(int *x, int *, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    REL_GPU(&x[i], 1);
  } else {
    r[4 * i] = acqGpu(&x[i]);
    r[4 * i + 1] = x[i];
  }
}
__global__ void mp(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
    y[i] = 1;
  } else {
    r[4 * i] = y[i];
    r[4 * i + 1] = x[i];
  }
}
__global__ void mpFenceCta(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
    __threadfence_block();
    y[i] = 1;
  } else {
    r[4 * i] = y[i];
    __threadfence_block();
    r[4 * i + 1] = x[i];
  }
}
__global__ void mpFenceGpu(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
    __threadfence();
    y[i] = 1;
  } else {
    r[4 * i] = y[i];
    __threadfence();
    r[4 * i + 1] = x[i];
  }
}
__global__ void mpRelAcqGpu(int *x, int *y, int *, int *r) { // same CTA
  int i = sameCtaInst();
  if (sameCtaRole() == 0) {
    x[i] = 1;
    REL_GPU(&y[i], 1);
  } else {
    r[4 * i] = acqGpu(&y[i]);
    r[4 * i + 1] = x[i];
  }
}
__global__ void mpRelAcqCta(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
    REL_CTA(&y[i], 1);
  } else {
    r[4 * i] = acqCta(&y[i]);
    r[4 * i + 1] = x[i];
  }
}
// T0, T1 in CTA 0 (warps 0 and 1), T2 in CTA 1.
__global__ void isa2(int *x, int *y, int *z, int *r) {
  int i = threadIdx.x % 32;
  int role = blockIdx.x == 0 ? threadIdx.x / 32 : 2;
  if (blockIdx.x == 1 && threadIdx.x >= 32)
    return;
  if (role == 0) {
    x[i] = 1;
    REL_CTA(&y[i], 1);
  } else if (role == 1) {
    r[4 * i] = acqCta(&y[i]);
    REL_GPU(&z[i], 1);
  } else {
    r[4 * i + 1] = acqGpu(&z[i]);
    r[4 * i + 2] = x[i];
  }
}
__global__ void sb(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
    r[4 * i] = y[i];
  } else {
    y[i] = 1;
    r[4 * i + 1] = x[i];
  }
}
__global__ void sbFenceScGpu(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
    FENCE_SC_GPU();
    r[4 * i] = y[i];
  } else {
    y[i] = 1;
    FENCE_SC_GPU();
    r[4 * i + 1] = x[i];
  }
}
__global__ void sbFenceScCta(int *x, int *y, int *, int *r) { // same CTA
  int i = sameCtaInst();
  if (sameCtaRole() == 0) {
    x[i] = 1;
    FENCE_SC_CTA();
    r[4 * i] = y[i];
  } else {
    y[i] = 1;
    FENCE_SC_CTA();
    r[4 * i + 1] = x[i];
  }
}
__global__ void sbAcqRelCta(int *x, int *y, int *, int *r) { // same CTA
  int i = sameCtaInst();
  if (sameCtaRole() == 0) {
    REL_CTA(&x[i], 1);
    FENCE_ACQ_REL_CTA();
    r[4 * i] = acqCta(&y[i]);
  } else {
    REL_CTA(&y[i], 1);
    FENCE_ACQ_REL_CTA();
    r[4 * i + 1] = acqCta(&x[i]);
  }
}
__global__ void lb(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    r[4 * i] = y[i];
    x[i] = 1;
  } else {
    r[4 * i + 1] = x[i];
    y[i] = 1;
  }
}
__global__ void lbFenceSc(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    r[4 * i] = y[i];
    __threadfence();
    x[i] = 1;
  } else {
    r[4 * i + 1] = x[i];
    __threadfence();
    y[i] = 1;
  }
}
__global__ void lbOota(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    int v = y[i];
    x[i] = v;
    r[4 * i] = v;
  } else {
    int v = x[i];
    y[i] = v;
    r[4 * i + 1] = v;
  }
}
__global__ void iriw(int *x, int *y, int *, int *r) { // 4 CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
  } else if (blockIdx.x == 1) {
    y[i] = 1;
  } else if (blockIdx.x == 2) {
    r[4 * i] = x[i];
    r[4 * i + 1] = y[i];
  } else {
    r[4 * i + 2] = y[i];
    r[4 * i + 3] = x[i];
  }
}
__global__ void iriwFenceSc(int *x, int *y, int *, int *r) { // 4 CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
  } else if (blockIdx.x == 1) {
    y[i] = 1;
  } else if (blockIdx.x == 2) {
    r[4 * i] = x[i];
    FENCE_SC_GPU();
    r[4 * i + 1] = y[i];
  } else {
    r[4 * i + 2] = y[i];
    FENCE_SC_GPU();
    r[4 * i + 3] = x[i];
  }
}
__global__ void twoPlusTwoW(int *x, int *y, int *, int *r) { // different CTAs
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 2;
    y[i] = 1;
  } else {
    y[i] = 2;
    x[i] = 1;
  }
}

using Kernel = void (*)(int *, int *, int *, int *);
struct Test {
  const char *name;
  Kernel kernel;
  int blocks, threads;
  const char *placement;
  int regs;           // registers r0.. of the outcome (or -1: final x,y)
  const char *weak;   // the table's outcome
  int weakCode[4];    // its registers (or final x,y)
  const char *verdict; // the PTX verdict of the table's outcome
};

const Test kTests[] = {
    {"CoRR", corr, 1, 64, "same-CTA", 2, "r1=1,r2=0", {1, 0}, "allowed"},
    {"CoRR-strong", corrStrong, 2, 32, "different-CTA", 2, "r1=1,r2=0", {1, 0}, "forbidden"},
    {"MP", mp, 2, 32, "different-CTA", 2, "r1=1,r2=0", {1, 0}, "allowed"},
    {"MP+fence.cta", mpFenceCta, 2, 32, "different-CTA", 2, "r1=1,r2=0", {1, 0}, "allowed"},
    {"MP+fence.gpu", mpFenceGpu, 2, 32, "different-CTA", 2, "r1=1,r2=0", {1, 0}, "forbidden"},
    {"MP-rel/acq.gpu", mpRelAcqGpu, 1, 64, "same-CTA", 2, "r1=1,r2=0", {1, 0}, "forbidden"},
    {"MP-rel/acq.cta", mpRelAcqCta, 2, 32, "different-CTA", 2, "r1=1,r2=0", {1, 0}, "allowed"},
    {"ISA2", isa2, 2, 64, "T0,T1:CTA0,T2:CTA1", 3, "r1=1,r2=1,r3=0", {1, 1, 0}, "forbidden"},
    {"SB", sb, 2, 32, "different-CTA", 2, "r0=0,r1=0", {0, 0}, "allowed"},
    {"SB+fence.sc.gpu", sbFenceScGpu, 2, 32, "different-CTA", 2, "r0=0,r1=0", {0, 0},
     "forbidden"},
    {"SB+fence.sc.cta", sbFenceScCta, 1, 64, "same-CTA", 2, "r0=0,r1=0", {0, 0}, "forbidden"},
    {"SB+acq_rel.cta", sbAcqRelCta, 1, 64, "same-CTA", 2, "r0=0,r1=0", {0, 0}, "allowed"},
    {"LB", lb, 2, 32, "different-CTA", 2, "r1=1,r2=1", {1, 1}, "allowed"},
    {"LB+fence.sc.gpu", lbFenceSc, 2, 32, "different-CTA", 2, "r1=1,r2=1", {1, 1}, "forbidden"},
    {"LB-OOTA", lbOota, 2, 32, "different-CTA", 2, "r1=42,r2=42", {42, 42}, "forbidden"},
    {"IRIW", iriw, 4, 32, "4-CTAs", 4, "1,0,1,0", {1, 0, 1, 0}, "allowed"},
    {"IRIW+fence.sc.gpu", iriwFenceSc, 4, 32, "4-CTAs", 4, "1,0,1,0", {1, 0, 1, 0},
     "forbidden"},
    {"2+2W", twoPlusTwoW, 2, 32, "different-CTA", -1, "x=2,y=2", {2, 2}, "allowed"},
};

int main(int argc, char **argv) {
  int *x, *y, *z, *r;
  cudaMalloc(&x, N * sizeof(int));
  cudaMalloc(&y, N * sizeof(int));
  cudaMalloc(&z, N * sizeof(int));
  cudaMalloc(&r, 4 * N * sizeof(int));
  int found = 0;
  for (const Test &t : kTests) {
    if (argc > 1 && std::strcmp(argv[1], t.name) != 0)
      continue;
    ++found;
    cudaMemset(x, 0, N * sizeof(int));
    cudaMemset(y, 0, N * sizeof(int));
    cudaMemset(z, 0, N * sizeof(int));
    cudaMemset(r, 0, 4 * N * sizeof(int));
    Kernel k = t.kernel;
    k<<<t.blocks, t.threads>>>(x, y, z, r);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      std::printf("%s: launch failed\n", t.name);
      return 1;
    }
    int hr[4 * N], hx[N], hy[N];
    cudaMemcpy(hr, r, sizeof hr, cudaMemcpyDeviceToHost);
    cudaMemcpy(hx, x, sizeof hx, cudaMemcpyDeviceToHost);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    std::map<std::string, int> counts;
    int weak = 0;
    for (int i = 0; i < N; ++i) {
      int v[4];
      int n = t.regs < 0 ? 2 : t.regs;
      for (int k = 0; k < n; ++k)
        v[k] = t.regs < 0 ? (k == 0 ? hx[i] : hy[i]) : hr[4 * i + k];
      std::string key;
      bool isWeak = true;
      for (int k = 0; k < n; ++k) {
        key += (k ? "," : "") + std::to_string(v[k]);
        isWeak = isWeak && v[k] == t.weakCode[k];
      }
      ++counts[key];
      weak += isWeak;
    }
    std::printf("%-18s %-19s %-9s weak(%s) %d/%d |", t.name, t.placement, t.verdict, t.weak,
                weak, N);
    for (const auto &[k, c] : counts)
      std::printf(" %s:%d", k.c_str(), c);
    std::printf("\n");
  }
  if (found == 0) {
    std::printf("no litmus test named '%s'\n", argv[1]);
    return 2;
  }
  return 0;
}
