// The report of `warpsim explore` (docs/explore.md): which distinct outcomes
// and findings a range of seeds gave, each with the seeds that gave it. The
// seeds are kept as sets of ranges, so reports of any seed ranges merge into
// the report of their union (`warpsim merge`) exactly, whatever the order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "SeedSet.h"

namespace warpsim::driver {

struct ExploreOutcome {
  int exit_status = 0;
  std::string stdout_digest; // FNV-1a 64 of the whole stdout, 16 hex digits
  std::uint64_t stdout_bytes = 0;
  std::string stdout_head; // the first kStdoutKept bytes
  SeedSet seeds;
};

struct ExploreFinding {
  std::string kind, severity;
  std::vector<std::string> sites; // "file:line", sorted, unique
  std::string kernel, message;    // as the smallest seed reported them
  SeedSet seeds;
};

struct ExploreReport {
  std::string file;                              // the program, as given on the command line
  std::string source_digest;                     // FNV-1a 64 of its text
  std::string warpsim_version = WARPSIM_VERSION; // the outcomes are this version's
  std::vector<std::string> command;              // `warpsim run` arguments before --schedule/--seed
  std::vector<std::string> program_args;         // after --
  SeedSet seeds;
  std::vector<ExploreOutcome> outcomes; // in order of smallest seed
  std::vector<ExploreFinding> findings; // in order of smallest seed, then kind, severity, sites
};

constexpr std::size_t kStdoutKept = 4096;
constexpr int kExploreReportVersion = 1;

std::string fnv1a64Hex(const std::string &bytes);

// The shell command that replays `seed`: warpsim run ... --schedule random --seed S [-- args].
std::string replayCommand(const ExploreReport &r, std::uint64_t seed);

// Adds `other` (the same exploration: same file, source and command) into
// `into`; "" on success, else why they do not combine. Outcomes and findings
// stay ordered as documented, so the result does not depend on the order of
// the additions.
std::string mergeInto(ExploreReport &into, const ExploreReport &other);
// A seed counted under two outcomes means the reports disagree: "" or why.
std::string checkConsistent(const ExploreReport &r);

// Has a seed given more than one outcome, a failing exit status or an
// error-severity finding? (explore's and merge's exit status 1)
bool somethingFound(const ExploreReport &r);

std::string renderExploreText(const ExploreReport &r);
std::string renderExploreJson(const ExploreReport &r);
// Parses a report written by renderExploreJson; `error` says why it is not one.
std::optional<ExploreReport> parseExploreJson(const std::string &text, std::string &error);

} // namespace warpsim::driver
