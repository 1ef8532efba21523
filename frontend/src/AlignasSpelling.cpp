// `__shared__ alignas(16) float t[N];` is how CUDA code aligns a tile, and
// nvcc accepts it; clang does not accept a C++11 attribute (alignas) after a
// GNU one, which is what warpsim's `__shared__` is. So `alignas` right after
// a CUDA memory-space keyword is respelled `__wsaln` (same length: every
// line and column stays), a macro of warpsim's headers that gives the GNU
// `aligned` attribute, for an alignment or a type.
#include "Internal.h"

namespace warpsim::frontend {

void respellAlignasAfterKeywords(std::string &text) {
  if (text.find("alignas") == std::string::npos)
    return;
  const std::vector<RawToken> toks = lexRaw(text);
  auto keyword = [&](std::size_t j) {
    if (j >= toks.size() || toks[j].kind != clang::tok::raw_identifier)
      return false;
    const std::string_view t = toks[j].text;
    return t == "__shared__" || t == "__device__" || t == "__constant__" || t == "__managed__";
  };
  for (std::size_t i = 0; i < toks.size(); ++i) {
    if (toks[i].kind != clang::tok::raw_identifier || toks[i].text != "alignas")
      continue;
    // Before the keyword too: the shared-memory rewrite turns the
    // declaration into a typedef, where alignas is not allowed.
    bool respell = i > 0 && keyword(i - 1);
    if (!respell && i + 1 < toks.size() && toks[i + 1].kind == clang::tok::l_paren) {
      std::size_t j = i + 1;
      for (int depth = 0; j < toks.size(); ++j) {
        depth += toks[j].kind == clang::tok::l_paren   ? 1
                 : toks[j].kind == clang::tok::r_paren ? -1
                                                       : 0;
        if (depth == 0)
          break;
      }
      std::size_t k = j + 1;
      while (k < toks.size() && toks[k].kind == clang::tok::raw_identifier &&
             (toks[k].text == "static" || toks[k].text == "extern"))
        ++k;
      respell = keyword(k);
    }
    if (respell)
      text.replace(toks[i].begin, 7, "__wsaln");
  }
}

} // namespace warpsim::frontend
