// Fetches from CUDA arrays (tex1D/tex3D) are declared unavailable in
// warpsim's headers (texture objects over linear and pitch-2D memory work).
// EXPECT-ERROR: texture.cu:6:12: error: 'tex3D<float>' is unavailable: texture fetch (tex3D) is not supported by warpsim
__global__ void k(cudaTextureObject_t tex, float *out) {
  int i = threadIdx.x;
  out[i] = tex3D<float>(tex, i, 0, 0);
}
