// cuda::thread_scope (libcu++'s <cuda/std/__atomic/scopes.h>): which
// threads a synchronisation object or atomic serves.
#pragma once

namespace cuda {
enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3,
};
namespace std {
using ::cuda::thread_scope;
using ::cuda::thread_scope_block;
using ::cuda::thread_scope_device;
using ::cuda::thread_scope_system;
using ::cuda::thread_scope_thread;
} // namespace std
} // namespace cuda
