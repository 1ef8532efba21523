// NVTX (NVIDIA Tools Extension) v3, the C API: ranges, marks, names and
// domains that a profiler (Nsight Systems) records. warpsim runs no
// profiler that reads them, so every call behaves as NVTX does when no tool
// is attached: nothing is recorded, push/pop return NVTX_NO_PUSH_POP_TRACKING,
// range starts return 0, domain and string handles are null. The types,
// constants and signatures are NVTX v3's, so code written for it compiles
// unchanged (docs/device-api.md, "NVTX").
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#ifndef NVTX_VERSION
#define NVTX_VERSION 3
#endif

#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_ERR_INIT_LOAD_PROPERTY 2
#define NVTX_ERR_INIT_ACCESS_LIBRARY 3
#define NVTX_ERR_INIT_LOAD_LIBRARY 4
#define NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT 5
#define NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT 6
#define NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE 7

// What nvtxRangePush/Pop return when no tool tracks the nesting.
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

#define NVTX_API
#define NVTX_DECLSPEC static inline
#define NVTX_INLINE_STATIC static inline

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st nvtxDomainRegistration;
typedef nvtxDomainRegistration *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st nvtxStringRegistration;
typedef nvtxStringRegistration *nvtxStringHandle_t;

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;

typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;

typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

typedef enum nvtxResourceGenericType_t {
  NVTX_RESOURCE_TYPE_UNKNOWN = 0,
  NVTX_RESOURCE_TYPE_GENERIC_POINTER = 0x00010001,
  NVTX_RESOURCE_TYPE_GENERIC_HANDLE = 0x00010002,
  NVTX_RESOURCE_TYPE_GENERIC_THREAD_NATIVE = 0x00010003,
  NVTX_RESOURCE_TYPE_GENERIC_THREAD_POSIX = 0x00010004
} nvtxResourceGenericType_t;

typedef struct nvtxResourceAttributes_v0 {
  uint16_t version;
  uint16_t size;
  int32_t identifierType;
  union identifier_t {
    const void *pValue;
    uint64_t ullValue;
  } identifier;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxResourceAttributes_v0;
typedef struct nvtxResourceAttributes_v0 nvtxResourceAttributes_t;
typedef struct nvtxResourceHandle *nvtxResourceHandle_t;

#define NVTX_RESOURCE_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxResourceAttributes_v0)))

typedef struct nvtxSyncUser *nvtxSyncUser_t;

// Marks and ranges of the global domain.
NVTX_DECLSPEC void nvtxMarkEx(const nvtxEventAttributes_t *) {}
NVTX_DECLSPEC void nvtxMarkA(const char *) {}
NVTX_DECLSPEC void nvtxMarkW(const wchar_t *) {}
NVTX_DECLSPEC nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *) { return 0; }
NVTX_DECLSPEC nvtxRangeId_t nvtxRangeStartA(const char *) { return 0; }
NVTX_DECLSPEC nvtxRangeId_t nvtxRangeStartW(const wchar_t *) { return 0; }
NVTX_DECLSPEC void nvtxRangeEnd(nvtxRangeId_t) {}
NVTX_DECLSPEC int nvtxRangePushEx(const nvtxEventAttributes_t *) {
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_DECLSPEC int nvtxRangePushA(const char *) { return NVTX_NO_PUSH_POP_TRACKING; }
NVTX_DECLSPEC int nvtxRangePushW(const wchar_t *) { return NVTX_NO_PUSH_POP_TRACKING; }
NVTX_DECLSPEC int nvtxRangePop(void) { return NVTX_NO_PUSH_POP_TRACKING; }

// Names.
NVTX_DECLSPEC void nvtxNameCategoryA(uint32_t, const char *) {}
NVTX_DECLSPEC void nvtxNameCategoryW(uint32_t, const wchar_t *) {}
NVTX_DECLSPEC void nvtxNameOsThreadA(uint32_t, const char *) {}
NVTX_DECLSPEC void nvtxNameOsThreadW(uint32_t, const wchar_t *) {}

// Domains.
NVTX_DECLSPEC nvtxDomainHandle_t nvtxDomainCreateA(const char *) { return 0; }
NVTX_DECLSPEC nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *) { return 0; }
NVTX_DECLSPEC void nvtxDomainDestroy(nvtxDomainHandle_t) {}
NVTX_DECLSPEC void nvtxDomainMarkEx(nvtxDomainHandle_t, const nvtxEventAttributes_t *) {}
NVTX_DECLSPEC nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t,
                                                   const nvtxEventAttributes_t *) {
  return 0;
}
NVTX_DECLSPEC void nvtxDomainRangeEnd(nvtxDomainHandle_t, nvtxRangeId_t) {}
NVTX_DECLSPEC int nvtxDomainRangePushEx(nvtxDomainHandle_t, const nvtxEventAttributes_t *) {
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_DECLSPEC int nvtxDomainRangePop(nvtxDomainHandle_t) { return NVTX_NO_PUSH_POP_TRACKING; }
NVTX_DECLSPEC nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t, const char *) {
  return 0;
}
NVTX_DECLSPEC nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t,
                                                           const wchar_t *) {
  return 0;
}
NVTX_DECLSPEC void nvtxDomainNameCategoryA(nvtxDomainHandle_t, uint32_t, const char *) {}
NVTX_DECLSPEC void nvtxDomainNameCategoryW(nvtxDomainHandle_t, uint32_t, const wchar_t *) {}
NVTX_DECLSPEC nvtxResourceHandle_t nvtxDomainResourceCreate(nvtxDomainHandle_t,
                                                            nvtxResourceAttributes_t *) {
  return 0;
}
NVTX_DECLSPEC void nvtxDomainResourceDestroy(nvtxResourceHandle_t) {}

// Called by a tool's injection library; nothing to initialise here.
NVTX_DECLSPEC int nvtxInitialize(const void *) { return NVTX_SUCCESS; }

#ifdef __cplusplus
} // extern "C"
#endif
