// HIP's device-pass macro on the __CUDA_ARCH__ machinery (Internal.h,
// hipDeviceMacroSpelling; docs/hip.md, "One pass, not two").
#include "Internal.h"

namespace warpsim::frontend {

std::string hipDeviceMacroSpelling(std::string text) {
  static constexpr std::string_view kHip = "__HIP_DEVICE_COMPILE__";
  static constexpr std::string_view kCuda = "__CUDA_ARCH__";
  // Same length as __CUDA_ARCH__: a column never moves.
  static constexpr std::string_view kNoCuda = "__WS_NOCUDA__";
  static_assert(kNoCuda.size() == kCuda.size());
  if (text.find(kHip) == std::string::npos && text.find(kCuda) == std::string::npos)
    return text;
  // Identifiers only (the raw lexer keeps comments and literals whole), so a
  // string that names the macro is left as written.
  for (const RawToken &t : lexRaw(text)) {
    if (t.kind != clang::tok::raw_identifier)
      continue;
    if (t.text == kCuda)
      text.replace(t.begin, kCuda.size(), kNoCuda);
    else if (t.text == kHip)
      text.replace(t.begin, kHip.size(),
                   std::string(kCuda) + std::string(kHip.size() - kCuda.size(), ' '));
  }
  return text;
}

} // namespace warpsim::frontend
