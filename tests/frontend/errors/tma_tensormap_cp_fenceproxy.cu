// A tensor-map form warpsim does not execute (here the copy of a map from
// shared to global memory with its release fence, tensormap.cp_fenceproxy)
// is one located error naming the instruction.
// clang-format off
// EXPECT-ERROR: tma_tensormap_cp_fenceproxy.cu:8:3: error: unsupported inline PTX instruction 'tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%0], [%1], 128' in inline PTX 'tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%0], [%1], 128;'

__global__ void k(void *map, unsigned src) {
  asm volatile("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%0], [%1], 128;" ::"l"(map), "r"(src) : "memory");
}
// clang-format on

int main() {
  k<<<1, 32>>>(nullptr, 0);
  return 0;
}
