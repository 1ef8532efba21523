// The lines of a text file already in memory, numbered from 1, for the
// cross-check's parsers (outputs, ncu CSV, known differences) to report
// errors as FILE:LINE.
#pragma once

#include <string_view>

namespace warpsim::driver {

class LineReader {
public:
  explicit LineReader(std::string_view text) : text_(text) {}
  // The next line without its '\n'; false at the end.
  bool next(std::string_view &line) {
    if (start_ >= text_.size())
      return false;
    std::size_t nl = text_.find('\n', start_);
    line =
        text_.substr(start_, nl == std::string_view::npos ? std::string_view::npos : nl - start_);
    start_ = nl == std::string_view::npos ? text_.size() : nl + 1;
    ++number_;
    return true;
  }
  unsigned number() const { return number_; }

private:
  std::string_view text_;
  std::size_t start_ = 0;
  unsigned number_ = 0;
};

} // namespace warpsim::driver
