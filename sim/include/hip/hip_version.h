// warpsim's hip/hip_version.h: the HIP release whose interface warpsim's HIP
// headers follow (docs/hip.md). hipRuntimeGetVersion returns HIP_VERSION.
#pragma once

#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION_GITHASH "warpsim"
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME "warpsim"
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
