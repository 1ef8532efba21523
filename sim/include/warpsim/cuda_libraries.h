// Configuration of CUB and Thrust (Debian's libcub-dev/libthrust-dev 1.17)
// as warpsim compiles them: before any of their headers, as a macro given on
// the command line would be.
//
// CUB derives CUB_PTX_ARCH from __CUDA_ARCH__ at file scope: 0 in nvcc's host
// pass, the architecture in its device pass. Its host-side dispatch picks a
// tuning policy by the device's PTX version (cudaFuncGetAttributes: 900) and
// launches with that policy's block size, while a kernel body picks its
// policy by CUB_PTX_ARCH: the two must agree, or a kernel written for 128
// threads is launched with 256. warpsim compiles a file once, in the host
// pass's view at file scope, so CUB_PTX_ARCH is the architecture compiled for
// (__CUDA_ARCH_LIST__) in both views, and which code CUB includes follows
// __CUDA_ARCH__, as it would with nvcc.
#pragma once

#ifndef CUB_PTX_ARCH
#define CUB_PTX_ARCH __CUDA_ARCH_LIST__
#endif
#ifndef CUB_IS_DEVICE_CODE
#ifdef __CUDA_ARCH__
#define CUB_IS_DEVICE_CODE 1
#define CUB_IS_HOST_CODE 0
#define CUB_INCLUDE_DEVICE_CODE 1
#define CUB_INCLUDE_HOST_CODE 0
#else
#define CUB_IS_DEVICE_CODE 0
#define CUB_IS_HOST_CODE 1
#define CUB_INCLUDE_DEVICE_CODE 0
#define CUB_INCLUDE_HOST_CODE 1
#endif
#endif

// CUB's debug log: with CUB_PTX_ARCH set for host code too, its device form
// (which prints blockIdx) would reach host code; the plain form serves both.
#ifndef _CubLog
#define _CubLog(format, ...) printf(format, __VA_ARGS__)
#endif
