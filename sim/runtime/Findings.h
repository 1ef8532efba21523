// Findings as the runtime records them: raw program counters, not source
// lines. The `warpsim` driver symbolizes and renders them (text, JSON); the
// runtime only writes one JSON object per line to the report file.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "Observer.h"

namespace warpsim::sim {

enum class Severity : std::uint8_t { Error, Warning, Note };

// One place a finding points at: where, who, and how it got there.
struct FindingSite {
  std::string role;      // "access", "waits", "spins", ...
  std::uintptr_t pc = 0; // return address into user code
  // The static site id taken with `pc` (SiteTable.h): the report writes its
  // row's file:line:column, which the driver prefers to the pc's debug info.
  std::uint32_t site = kNoSite;
  std::vector<std::uintptr_t> stack; // callers' return addresses, innermost first
  bool has_thread = false;
  Dim3 block, thread;
  std::uint32_t thread_count = 1; // >1 when the site stands for a group
  std::string threads;            // e.g. "1..63" for a group
  std::string detail;             // free text ("reading shared 'flag'", ...)
  // A source position known without a pc (a launch site, a declaration).
  std::string file;
  unsigned line = 0, col = 0;
};

struct Finding {
  std::string kind; // stable identifier: "deadlock", "livelock", ...
  Severity severity = Severity::Error;
  std::string kernel;
  std::uint64_t launch = 0;
  std::string space;  // memory space, when the finding has one
  std::string object; // what the address is in: "__shared__ 'tile' + 8", "allocation #2 + 4", ...
  std::string hazard; // data races: "RAW", "WAR" or "WAW"
  std::uintptr_t address = 0;
  std::uint32_t size = 0;
  std::string message;
  std::vector<FindingSite> sites;
  std::uint64_t count = 1;
  bool fatal = false; // the run ended because of it
};

class FindingSink {
public:
  // Opens the report file named by the environment (WARPSIM_REPORT); when
  // there is none, findings are printed raw to stderr.
  void open(const char *path);
  void add(const Finding &f);
  void addStat(const std::string &key, std::uint64_t value);
  // Another record of the raw report, already one JSON object ("type" set
  // by the caller, e.g. the profiler's {"type":"profile",...}).
  void addRecord(const std::string &jsonLine) { emit(jsonLine); }
  void flush();
  // Async-signal-safe: one preformatted line, straight to the file.
  void emitRaw(const char *line);
  std::uint64_t errors() const { return errors_; }

private:
  void emit(const std::string &line);
  std::FILE *out_ = nullptr;
  std::uint64_t errors_ = 0;
};

const char *spaceName(MemorySpace s);
const char *severityName(Severity s);

// A device-heap block (DeviceHeap.h), as observers see it.
struct HeapBlock {
  std::uintptr_t base = 0;
  std::size_t size = 0;
  std::uint64_t id = 0;         // the memory map's allocation number
  const char *kernel = nullptr; // kernel of the allocating launch
  std::uint64_t launch = 0;
  FindingSite allocated, freed; // thread, pc and call stack of each
  bool isFreed = false;
};

// Linear global thread id -> (block, thread) coordinates of the launch.
void threadCoords(const LaunchInfo &launch, std::uint64_t block, std::uint32_t thread, Dim3 &b,
                  Dim3 &t);
// A finding site for `thread` of the resident block `b` at `pc` (and the
// static site id `site` taken with it, kNoSite if none): with the thread's
// call stack (through BlockInfo::threads), or only its coordinates when
// there is no pc.
FindingSite threadSite(const BlockInfo &b, std::uint32_t thread, std::uintptr_t pc,
                       std::uint32_t site, const char *role);
} // namespace warpsim::sim
