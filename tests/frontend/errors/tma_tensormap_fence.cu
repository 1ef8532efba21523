// A tensor-map form warpsim does not execute (here the proxy fence that a
// map modified in global memory needs before a tensor copy uses it) is one
// located error naming the instruction.
// EXPECT-ERROR: tma_tensormap_fence.cu:8:3: error: unsupported inline PTX instruction 'fence.proxy.tensormap::generic.acquire.gpu [%0], 128' in inline PTX 'fence.proxy.tensormap::generic.acquire.gpu [%0], 128;'

// clang-format off
__global__ void k(const void *map) {
  asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(map) : "memory");
}
// clang-format on

int main() {
  k<<<1, 32>>>(nullptr);
  return 0;
}
