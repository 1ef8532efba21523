// Inline PTX passes 16-bit registers with the "h" constraint (CUTLASS's
// multicast masks, im2col offsets, f16 values), which clang rejects when it
// parses device code as host code: x86 has no "h". So an operand constraint
// "h" (also "=h", "+h", "=&h", "+&h") of an asm statement is respelled "q"
// (same length: every line and column stays), which x86 accepts for any
// integer operand; the inline-PTX rewrite (UnsupportedConstructs.cpp) reads
// "q" back as "h". The asm statement never reaches code generation: it
// becomes a ::warpsim::ptx_exec call.
#include "Internal.h"

namespace warpsim::frontend {

void respellHalfConstraints(std::string &text) {
  if (text.find("h\"") == std::string::npos)
    return;
  const std::vector<RawToken> toks = lexRaw(text);
  for (std::size_t i = 0; i < toks.size(); ++i) {
    const std::string_view t = toks[i].text;
    if (toks[i].kind != clang::tok::raw_identifier ||
        (t != "asm" && t != "__asm__" && t != "__asm"))
      continue;
    std::size_t j = i + 1;
    while (j < toks.size() && toks[j].kind == clang::tok::raw_identifier &&
           (toks[j].text == "volatile" || toks[j].text == "__volatile__" || toks[j].text == "goto"))
      ++j;
    if (j >= toks.size() || toks[j].kind != clang::tok::l_paren)
      continue;
    // The operands: string literals followed by '(' after the template's
    // first top-level ':' ("::" when there are no outputs).
    int depth = 0;
    bool operands = false;
    for (++j; j < toks.size(); ++j) {
      const clang::tok::TokenKind k = toks[j].kind;
      if (k == clang::tok::l_paren || k == clang::tok::l_square || k == clang::tok::l_brace)
        ++depth;
      else if (k == clang::tok::r_paren || k == clang::tok::r_square || k == clang::tok::r_brace) {
        if (depth-- == 0)
          break;
      } else if (depth == 0 && (k == clang::tok::colon || k == clang::tok::coloncolon))
        operands = true;
      else if (operands && depth == 0 && k == clang::tok::string_literal && j + 1 < toks.size() &&
               toks[j + 1].kind == clang::tok::l_paren) {
        const std::string_view c = toks[j].text;
        if (c == "\"h\"" || c == "\"=h\"" || c == "\"+h\"" || c == "\"=&h\"" || c == "\"+&h\"")
          text[toks[j].end - 2] = 'q';
      }
    }
    i = j;
  }
}

} // namespace warpsim::frontend
