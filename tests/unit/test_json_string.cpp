// The runtime's JSON string writer (sim/runtime/JsonString.h): RFC 8259
// escaping of every byte that needs it, everything else as it is.
#include <doctest/doctest.h>

#include "JsonString.h"

#include <string>

using warpsim::sim::appendJsonString;

namespace {
std::string json(std::string_view s) {
  std::string out;
  appendJsonString(out, s);
  return out;
}
} // namespace

TEST_CASE("JSON strings: quotes, backslashes and control characters are escaped") {
  CHECK(json("plain") == "\"plain\"");
  CHECK(json("a\"b") == "\"a\\\"b\"");
  CHECK(json("C:\\dir") == "\"C:\\\\dir\"");
  CHECK(json("l1\nl2\tx") == "\"l1\\nl2\\tx\"");
  CHECK(json(std::string_view("\0\x01\x1f", 3)) == "\"\\u0000\\u0001\\u001f\"");
  CHECK(json("\x7f caf\xc3\xa9") == "\"\x7f caf\xc3\xa9\""); // DEL and UTF-8 need none
  CHECK(json("") == "\"\"");
  std::string out;
  appendJsonString(out, static_cast<const char *>(nullptr));
  CHECK(out == "\"\"");
}
