// Device code in a static library (libclamp.a), called from another unit.
#include "common.h"

__device__ float clampUnit(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
