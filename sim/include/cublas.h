// warpsim: the legacy cuBLAS API (cublas.h: cublasInit, char transposes) is not provided.
#pragma once
#error "warpsim: the legacy cuBLAS API (cublas.h) is not supported; include <cublas_v2.h> (docs/device-api.md#libraries)"
