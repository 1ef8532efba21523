// Texture gather (tex2Dgather) is declared unavailable in warpsim's headers
// (fetches from linear and pitch-2D memory and CUDA arrays work).
// EXPECT-ERROR: texture.cu:6:12: error: 'tex2Dgather<float>' is unavailable: texture gather (tex2Dgather) is not supported by warpsim
__global__ void k(cudaTextureObject_t tex, float *out) {
  int i = threadIdx.x;
  out[i] = tex2Dgather<float>(tex, i, 0);
}
