// What the stream API calls ask of CUDA graphs (CudaGraphs.cpp): work issued
// to a capturing stream becomes a node instead of running.
#pragma once

#include <cstddef>

#include <cuda_runtime.h>

namespace warpsim::sim {

// Each returns true when `stream` captures and the call became a node.
bool captureCopy(cudaStream_t stream, void *dst, const void *src, std::size_t count,
                 cudaMemcpyKind kind);
bool captureCopy3D(cudaStream_t stream, const cudaMemcpy3DParms &p);
bool captureSet(cudaStream_t stream, void *dst, std::size_t pitch, int value, std::size_t width,
                std::size_t height);
bool captureEventRecord(cudaEvent_t event, cudaStream_t stream);
bool captureStreamWait(cudaStream_t stream, cudaEvent_t event);
// A call with no graph form on a capturing stream: invalidates the capture
// and returns cudaErrorStreamCaptureUnsupported with a warning; cudaSuccess
// when `stream` does not capture.
cudaError_t refuseInCapture(cudaStream_t stream, const char *call);
// cudaLaunchKernel / cudaLaunchCooperativeKernel with the kernel known by
// address only (a pointer variable): the launcher its file registered
// (frontend: KernelLauncher after each non-template kernel of a file that
// calls either or builds graphs), else refused as unsupported.
cudaError_t launchByAddress(const void *func, dim3 grid, dim3 block, void **args, std::size_t smem,
                            cudaStream_t stream, bool cooperative, const char *call);

} // namespace warpsim::sim
