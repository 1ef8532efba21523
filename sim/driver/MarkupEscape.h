// Text inside HTML or SVG markup (the HTML report, the profile's pictures):
// the driver's one escaper, LLVM's (& < > " ').
#pragma once

#include <string>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace warpsim::driver {

inline std::string escapeMarkup(llvm::StringRef s) {
  std::string o;
  llvm::raw_string_ostream os(o);
  llvm::printHTMLEscaped(s, os);
  return o;
}

} // namespace warpsim::driver
