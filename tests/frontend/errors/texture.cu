// Texture fetches are declared unavailable in warpsim's headers.
// EXPECT-ERROR: texture.cu:5:12: error: 'tex1Dfetch<float>' is unavailable: texture fetch (tex1Dfetch) is not supported by warpsim
__global__ void k(cudaTextureObject_t tex, float *out) {
  int i = threadIdx.x;
  out[i] = tex1Dfetch<float>(tex, i);
}
