#include "ReadRecurrence.h"

#include <algorithm>

namespace warpsim::sim {

namespace {

std::uint64_t key(std::uintptr_t pc, std::uintptr_t addr) {
  std::uint64_t h = pc * 0x9e3779b97f4a7c15ull;
  h ^= addr + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

} // namespace

bool readWalks(ReadTrace &t, std::uint64_t window, std::uint64_t since, std::uintptr_t pc,
               std::uintptr_t addr) {
  if (t.window != window || since < t.since) {
    t.window = window;
    t.reads = 0;
    t.seen.clear();
  }
  t.since = since;
  const std::uint64_t k = key(pc, addr);
  const bool seen = std::find(t.seen.begin(), t.seen.end(), k) != t.seen.end();
  if (t.reads < kSpinPassReads) {
    ++t.reads;
    if (!seen)
      t.seen.push_back(k);
    return false;
  }
  if (seen)
    return false;
  t.reads = 0; // moved on: what it reads from here is a new pass
  t.seen.clear();
  return true;
}

} // namespace warpsim::sim
