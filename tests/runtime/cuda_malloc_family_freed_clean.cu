// The clean twin of cuda_malloc_family_leak.cu: every allocation freed with
// its call's counterpart; --leak-check full reports nothing.
#define FREE_ALL
#include "cuda_malloc_family_leak.cu"
