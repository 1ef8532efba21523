#include "HostWorkers.h"

namespace warpsim::sim {

namespace {
// Phases are short (one round of the resident blocks): a waiter spins
// briefly before it sleeps in the kernel (std::atomic::wait is a futex).
constexpr int kSpins = 256;

template <class T, class Pred> void awaitValue(const std::atomic<T> &a, Pred ready) {
  T v = a.load(std::memory_order_acquire);
  for (int i = 0; i < kSpins && !ready(v); ++i) {
    __builtin_ia32_pause();
    v = a.load(std::memory_order_acquire);
  }
  while (!ready(v)) {
    a.wait(v, std::memory_order_acquire);
    v = a.load(std::memory_order_acquire);
  }
}
} // namespace

HostWorkers::HostWorkers(unsigned n, std::function<void()> init) : init_(std::move(init)) {
  for (unsigned w = 1; w < n; ++w)
    boxes_.push_back(std::make_unique<Mailbox>());
  for (unsigned w = 1; w < n; ++w)
    threads_.emplace_back([this, w] { loop(w); });
}

HostWorkers::~HostWorkers() {
  stop_.store(true, std::memory_order_release);
  for (auto &b : boxes_) {
    b->ticket.fetch_add(1, std::memory_order_release);
    b->ticket.notify_one();
  }
  for (std::thread &t : threads_)
    t.join();
}

void HostWorkers::loop(unsigned w) {
  if (init_)
    init_();
  Mailbox &box = *boxes_[w - 1];
  std::uint64_t seen = 0;
  while (true) {
    awaitValue(box.ticket, [seen](std::uint64_t v) { return v != seen; });
    seen = box.ticket.load(std::memory_order_acquire);
    if (stop_.load(std::memory_order_acquire))
      return;
    (*job_)(w);
    done_.fetch_add(1, std::memory_order_acq_rel);
    done_.notify_one();
  }
}

void HostWorkers::post(unsigned w) {
  Mailbox &box = *boxes_[w - 1];
  box.ticket.fetch_add(1, std::memory_order_release);
  box.ticket.notify_one();
}

void HostWorkers::waitDone(std::uint32_t expected) {
  awaitValue(done_, [expected](std::uint32_t v) { return v == expected; });
}

void HostWorkers::forEach(const std::function<void(unsigned)> &job) {
  job_ = &job;
  done_.store(0, std::memory_order_relaxed);
  for (unsigned w = 1; w < size(); ++w)
    post(w);
  job(0);
  waitDone(size() - 1);
}

void HostWorkers::on(unsigned w, const std::function<void(unsigned)> &job) {
  if (w == 0) {
    job(0);
    return;
  }
  job_ = &job;
  done_.store(0, std::memory_order_relaxed);
  post(w);
  waitDone(1);
}

} // namespace warpsim::sim
