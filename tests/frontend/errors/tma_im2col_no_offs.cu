// A tensor-map form warpsim does not execute (here a tensor store in the
// .im2col_no_offs mode) is one located error naming the instruction.
// clang-format off
// EXPECT-ERROR: tma_im2col_no_offs.cu:7:3: error: unsupported inline PTX instruction 'cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group [%0, {%1, %2, %3}], [%4]' in inline PTX 'cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group [%0, {%1, %2, %3}], [%4];'

__global__ void k(const void *map, unsigned src) {
  asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group [%0, {%1, %2, %3}], [%4];" ::"l"(map), "r"(0), "r"(0), "r"(0), "r"(src) : "memory");
}
// clang-format on

int main() {
  k<<<1, 32>>>(nullptr, 0);
  return 0;
}
