// The runtime's one JSON string writer (RFC 8259, section 7): the findings,
// the profile and its lane trace all quote text through it. The driver reads
// those lines and writes its own JSON with llvm::json.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace warpsim::sim {

// Appends `s` as a JSON string, quotes included: `"` and `\` escaped, the
// control characters U+0000..U+001F as \n, \t or \u00XX; other bytes (UTF-8
// included) as they are.
inline void appendJsonString(std::string &out, std::string_view s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  out += '"';
}

// A C string that may be null (a site without a name): "" then.
inline void appendJsonString(std::string &out, const char *s) {
  appendJsonString(out, std::string_view(s != nullptr ? s : ""));
}

} // namespace warpsim::sim
