// A puzzle program's outputs file (WARPSIM_OUTPUT_FILE, kernels/puzzle.h):
// one line per buffer, `name n v0 ... v(n-1)` with %.9g floats, or, for a
// buffer too large to record in full, `name n #fnv1a64=<16 hex digits>`.
// The simulated run and the GPU's recorded run write the same format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::driver {

struct OutputBuffer {
  std::string name;          // unique in the file: a second `out` is `out#2`
  std::size_t count = 0;     // n, as written
  std::vector<float> values; // empty when only a digest was recorded
  bool digest_only = false;
  std::uint64_t digest = 0; // when digest_only
  unsigned line = 0;        // 1-based line in the file
};

struct OutputFile {
  std::vector<OutputBuffer> buffers; // in order of appearance
  const OutputBuffer *find(const std::string &name) const;
};

struct OutputParse {
  std::optional<OutputFile> file;
  std::string error;       // what is wrong, when file is empty
  unsigned error_line = 0; // 1-based; 0: the file as a whole
};

OutputParse parseOutputFile(std::string_view text);

} // namespace warpsim::driver
