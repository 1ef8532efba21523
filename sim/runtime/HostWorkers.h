// The host threads that run blocks in parallel (--jobs N): the calling
// thread is worker 0, N-1 more wait for jobs. A job runs on one named
// worker or on every worker at once; the caller returns when it has
// finished. Which block runs on which worker is fixed by its resident slot
// (GridRunner), so a lane's fiber never moves between host threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

namespace warpsim::sim {

class HostWorkers {
public:
  // `init` runs first on each new thread (signal stack, names).
  HostWorkers(unsigned n, std::function<void()> init);
  ~HostWorkers();
  HostWorkers(const HostWorkers &) = delete;
  HostWorkers &operator=(const HostWorkers &) = delete;

  unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }
  // job(w) on every worker w; returns when all have finished.
  void forEach(const std::function<void(unsigned)> &job);
  // job(w) on worker `w` alone.
  void on(unsigned w, const std::function<void(unsigned)> &job);

private:
  struct Mailbox {
    std::atomic<std::uint64_t> ticket{0};
  };
  void loop(unsigned w);
  void post(unsigned w);
  void waitDone(std::uint32_t expected);

  std::function<void()> init_;
  std::vector<std::unique_ptr<Mailbox>> boxes_; // by worker - 1
  std::vector<std::thread> threads_;
  const std::function<void(unsigned)> *job_ = nullptr;
  std::atomic<std::uint32_t> done_{0};
  std::atomic<bool> stop_{false};
};

} // namespace warpsim::sim
