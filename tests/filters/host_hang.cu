// Host code that never ends: main spins after a launch, a second host thread
// sleeps forever. --timeout ends it and says where both threads were.
#include <cstdio>
#include <cuda_runtime.h>
#include <pthread.h>
#include <unistd.h>

__global__ void fill(int *out) { out[threadIdx.x] = threadIdx.x; }

void *waiter(void *) {
  while (true)
    sleep(1); // waits forever
  return nullptr;
}

void spin_forever() {
  volatile bool forever = true;
  while (forever) {
  }
}

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  fill<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  std::printf("launched\n");
  std::fflush(stdout);
  pthread_t t;
  pthread_create(&t, nullptr, waiter, nullptr);
  spin_forever();
  return 0;
}
