// warpsim: the legacy cuBLAS header name; the v2 API.
#pragma once
#include <cublas_v2.h>
