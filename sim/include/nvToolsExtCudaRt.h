// The pre-v3 include path of NVTX: the v3 header (nvtx3/nvToolsExtCudaRt.h).
#pragma once
#include "nvtx3/nvToolsExtCudaRt.h"
