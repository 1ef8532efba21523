#include "RunWatch.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "../runtime/ProgressBoard.h"

namespace warpsim::driver {
namespace {

// Shown only for runs longer than this, refreshed at most this often.
constexpr double kFirstDrawSeconds = 1.0;
constexpr double kRedrawSeconds = 0.25;
// After asking for the stacks, how long the program has to write them.
constexpr double kStackDumpGraceSeconds = 3.0;

std::string human(double v) {
  char buf[32];
  if (v >= 1e9)
    std::snprintf(buf, sizeof buf, "%.2fG", v / 1e9);
  else if (v >= 1e6)
    std::snprintf(buf, sizeof buf, "%.2fM", v / 1e6);
  else if (v >= 1e3)
    std::snprintf(buf, sizeof buf, "%.1fk", v / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

} // namespace

bool progressWanted(const CliOptions &o) {
  return o.progress && isatty(STDERR_FILENO) && o.json_path != "-" && o.sarif_path != "-";
}

RunWatch::RunWatch(const CliOptions &o) : timeout_s_(o.timeout_s) {
  start_ = lastDraw_ = Clock::now();
  if (!progressWanted(o))
    return;
  char tmpl[] = "/tmp/warpsim-progress-XXXXXX";
  int fd = mkstemp(tmpl);
  if (fd < 0)
    return; // no progress line; the run itself is unaffected
  boardPath_ = tmpl;
  void *p = MAP_FAILED;
  if (ftruncate(fd, 4096) == 0)
    p = mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) {
    unlink(boardPath_.c_str());
    boardPath_.clear();
    return;
  }
  board_ = new (p) sim::ProgressBoard();
}

RunWatch::~RunWatch() {
  clear();
  if (board_ != nullptr)
    munmap(board_, 4096);
  if (!boardPath_.empty())
    unlink(boardPath_.c_str());
}

std::vector<std::pair<std::string, std::string>> RunWatch::env() const {
  if (board_ == nullptr)
    return {};
  return {{"WARPSIM_PROGRESS", boardPath_}};
}

void RunWatch::tick(pid_t pid) {
  const auto now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (timeout_s_ != 0 && !signalled_ && elapsed >= timeout_s_) {
    // The runtime records every thread's stack and exits (HostStacks.cpp).
    clear();
    kill(pid, sim::hostStackDumpSignal());
    signalled_ = true;
    signalledAt_ = now;
  } else if (signalled_ && !killed_ &&
             std::chrono::duration<double>(now - signalledAt_).count() >= kStackDumpGraceSeconds) {
    kill(pid, SIGKILL); // it did not answer (signal blocked, a lock held)
    killed_ = true;
  }
  if (board_ != nullptr && !signalled_ && elapsed >= kFirstDrawSeconds &&
      (!drawn_ || std::chrono::duration<double>(now - lastDraw_).count() >= kRedrawSeconds)) {
    lastDraw_ = now;
    draw(elapsed);
  }
}

void RunWatch::draw(double elapsed) {
  const auto launches = board_->launches.load(std::memory_order_relaxed);
  const auto total = board_->blocks_total.load(std::memory_order_relaxed);
  const auto done = board_->blocks_done.load(std::memory_order_relaxed);
  const auto events = board_->events.load(std::memory_order_relaxed);
  char kernel[sizeof board_->kernel];
  std::memcpy(kernel, board_->kernel, sizeof kernel);
  kernel[sizeof kernel - 1] = '\0';
  std::string name(kernel);
  if (name.size() > 24)
    name = name.substr(0, 23) + "~";
  std::string line =
      "warpsim: " + std::to_string(launches) + " launch" + (launches == 1 ? "" : "es");
  if (total != 0)
    line += " | '" + name + "' blocks " + std::to_string(done) + "/" + std::to_string(total);
  else
    line += " | host code";
  char tail[64];
  std::snprintf(tail, sizeof tail, " | %s events/s | %.1f s", human(events / elapsed).c_str(),
                elapsed);
  line += tail;
  std::fprintf(stderr, "\r\x1b[K%s", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void RunWatch::clear() {
  if (!drawn_)
    return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

} // namespace warpsim::driver
