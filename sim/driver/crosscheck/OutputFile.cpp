#include "crosscheck/OutputFile.h"

#include <charconv>
#include <cstdlib>
#include <map>

#include "crosscheck/LineReader.h"

namespace warpsim::driver {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The next whitespace-separated token of `line` from `pos`.
std::string_view token(std::string_view line, std::size_t &pos) {
  while (pos < line.size() && isSpace(line[pos]))
    ++pos;
  std::size_t b = pos;
  while (pos < line.size() && !isSpace(line[pos]))
    ++pos;
  return line.substr(b, pos - b);
}

// strtof, as the digest's definition says, over one token: "nan", "-nan",
// "inf" and %.9g's exponents all parse; anything left over is an error.
bool parseFloat(std::string_view tok, float &out) {
  std::string s(tok);
  char *end = nullptr;
  out = std::strtof(s.c_str(), &end);
  // ERANGE on a subnormal or overflow still gives the nearest float, which is
  // what the writing program had printed.
  return !s.empty() && end == s.c_str() + s.size();
}

} // namespace

const OutputBuffer *OutputFile::find(const std::string &name) const {
  for (const OutputBuffer &b : buffers)
    if (b.name == name)
      return &b;
  return nullptr;
}

OutputParse parseOutputFile(std::string_view text) {
  OutputFile file;
  std::map<std::string, unsigned> seen;
  unsigned lineNo = 0;
  auto fail = [&](const std::string &what) { return OutputParse{std::nullopt, what, lineNo}; };
  LineReader lines(text);
  for (std::string_view line; lines.next(line);) {
    lineNo = lines.number();
    std::size_t pos = 0;
    std::string_view name = token(line, pos);
    if (name.empty())
      continue; // a blank line
    OutputBuffer b;
    b.line = lineNo;
    std::string_view count = token(line, pos);
    if (count.empty())
      return fail("'" + std::string(name) + "' has no element count");
    auto [p, ec] = std::from_chars(count.data(), count.data() + count.size(), b.count);
    if (ec != std::errc() || p != count.data() + count.size())
      return fail("element count '" + std::string(count) + "' is not a number");
    std::size_t afterCount = pos;
    std::string_view first = token(line, pos);
    constexpr std::string_view kDigest = "#fnv1a64=";
    if (first.substr(0, kDigest.size()) == kDigest) {
      std::string_view hex = first.substr(kDigest.size());
      auto [q, ec2] = std::from_chars(hex.data(), hex.data() + hex.size(), b.digest, 16);
      if (hex.size() != 16 || ec2 != std::errc() || q != hex.data() + hex.size())
        return fail("digest '" + std::string(first) + "' is not 16 hex digits");
      if (!token(line, pos).empty())
        return fail("text after the digest");
      b.digest_only = true;
    } else {
      pos = afterCount;
      b.values.reserve(b.count);
      for (std::string_view v = token(line, pos); !v.empty(); v = token(line, pos)) {
        float f;
        if (!parseFloat(v, f))
          return fail("value " + std::to_string(b.values.size() + 1) + " '" + std::string(v) +
                      "' is not a number");
        b.values.push_back(f);
      }
      if (b.values.size() != b.count)
        return fail("'" + std::string(name) + " " + std::to_string(b.count) + "' is followed by " +
                    std::to_string(b.values.size()) + " values");
    }
    // Buffers are matched by name; a program that writes `out` twice has two
    // distinct buffers, `out` and `out#2`.
    unsigned nth = ++seen[std::string(name)];
    b.name = std::string(name) + (nth == 1 ? "" : "#" + std::to_string(nth));
    file.buffers.push_back(std::move(b));
  }
  return {std::move(file), {}};
}

} // namespace warpsim::driver
