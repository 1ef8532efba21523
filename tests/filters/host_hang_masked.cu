// Host code that never ends with every signal blocked: it cannot answer
// --timeout's request for its stacks, and warpsim kills it.
#include <csignal>
#include <pthread.h>

int main() {
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, nullptr);
  volatile bool forever = true;
  while (forever) {
  }
  return 0;
}
