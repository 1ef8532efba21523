// The launch-syntax pre-pass: `callee<<<cfg>>>(args)` is the only CUDA syntax
// a C++ parser cannot take, so it is rewritten at token level before parsing:
//
//   ::warpsim::launch(::warpsim::KernelSite{"callee", "FILE", LINE, COL,
//                         ::warpsim::kUnknownSmem, nullptr},
//                     ::warpsim::LaunchConfig(cfg),
//                     [=](auto&&... __ws_a) { callee(__ws_a...); }, args)
//
// Only `callee<<<cfg>>>(` is replaced; the arguments and the closing `)` stay
// where they are. The replacement keeps the newlines of the text it replaces
// (appended at its end), so every line keeps its number and every line after
// the `(` keeps its columns.
#include "Internal.h"

#include <algorithm>

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Token.h"

namespace warpsim::frontend {
namespace {

using Tok = RawToken;

clang::LangOptions cxxLangOptions() {
  clang::LangOptions lo;
  lo.CPlusPlus = lo.CPlusPlus11 = lo.CPlusPlus14 = lo.CPlusPlus17 = 1;
  lo.CPlusPlus20 = 1;
  lo.LineComment = 1;
  lo.Bool = 1;
  lo.Digraphs = 1;
  return lo;
}

} // namespace

// Comments and string/character literals (raw strings, digit separators
// included) come out as single tokens or not at all, so a `<<<` inside them
// is never seen.
std::vector<RawToken> lexRaw(std::string_view src) {
  std::vector<Tok> toks;
  clang::LangOptions lo = cxxLangOptions();
  // The raw lexer needs a buffer that ends in NUL; string_view may not.
  std::string buf(src);
  // A file location whose raw encoding is 1 + offset: no SourceManager is
  // ever asked about it.
  clang::SourceLocation base = clang::SourceLocation::getFromRawEncoding(1);
  clang::Lexer lexer(base, lo, buf.data(), buf.data(), buf.data() + buf.size());
  clang::Token t;
  while (true) {
    lexer.LexFromRawLexer(t);
    if (t.is(clang::tok::eof))
      break;
    std::size_t b = t.getLocation().getRawEncoding() - 1;
    std::size_t e = b + t.getLength();
    toks.push_back({t.getKind(), b, e, src.substr(b, e - b)});
  }
  return toks;
}

namespace {

bool isIdent(const Tok &t) { return t.kind == clang::tok::raw_identifier; }

bool isKeywordNotName(std::string_view s) {
  static constexpr std::string_view kw[] = {
      "return",   "else",     "do",     "case",   "default", "throw",    "co_return", "co_await",
      "co_yield", "new",      "delete", "sizeof", "typeid",  "operator", "template",  "typename",
      "const",    "volatile", "if",     "while",  "for",     "switch",   "goto"};
  return std::find(std::begin(kw), std::end(kw), s) != std::end(kw);
}

class Pass {
public:
  Pass(std::string_view src, std::string_view file)
      : src_(src), file_(escapeForStringLiteral(file)), toks_(lexRaw(src)) {}

  LaunchPassDetail run() {
    std::size_t copied = 0; // source text up to here is in out_
    for (std::size_t i = 0; i + 1 < toks_.size(); ++i) {
      if (isDynamicSharedMacro(i)) {
        if (!rewriteDynamicShared(i, copied))
          return std::move(detail_);
        while (i + 1 < toks_.size() && toks_[i + 1].begin < copied)
          ++i;
        continue;
      }
      if (isGglLaunch(i)) {
        if (!rewriteGglSite(i, copied))
          return std::move(detail_);
        while (i + 1 < toks_.size() && toks_[i + 1].begin < copied)
          ++i; // past the launch's first five arguments
        continue;
      }
      if (!isLaunchOpen(i))
        continue;
      if (!rewriteSite(i, copied))
        return std::move(detail_);
    }
    out_.append(src_.substr(copied));
    detail_.result.ok = true;
    detail_.result.text = std::move(out_);
    return std::move(detail_);
  }

private:
  std::string_view src_;
  std::string file_;
  std::vector<Tok> toks_;
  std::string out_;
  LaunchPassDetail detail_;

  bool adjacent(std::size_t i) const { return toks_[i].end == toks_[i + 1].begin; }
  bool is(std::size_t i, clang::tok::TokenKind k) const {
    return i < toks_.size() && toks_[i].kind == k;
  }

  // `<<<` lexes as `<<` `<`. `operator<<<T>` is the one C++ spelling of it.
  bool isLaunchOpen(std::size_t i) const {
    if (!is(i, clang::tok::lessless) || !is(i + 1, clang::tok::less) || !adjacent(i))
      return false;
    return !(i > 0 && isIdent(toks_[i - 1]) && toks_[i - 1].text == "operator");
  }
  bool isLaunchClose(std::size_t i) const {
    return is(i, clang::tok::greatergreater) && is(i + 1, clang::tok::greater) && adjacent(i);
  }

  // HIP's launch macro, `hipLaunchKernelGGL(kernel, grid, block, smem,
  // stream, args...)`: hip_runtime.h defines it as `kernel<<<...>>>(args)`,
  // which a header's macro cannot hand the launch pass, so a user file's use
  // is lowered here like `<<<...>>>` (not a `#define` of the name itself).
  bool isGglLaunch(std::size_t i) const {
    return isIdent(toks_[i]) && toks_[i].text == "hipLaunchKernelGGL" &&
           is(i + 1, clang::tok::l_paren) &&
           !(i > 0 && isIdent(toks_[i - 1]) && toks_[i - 1].text == "define");
  }

  // HIP's `HIP_DYNAMIC_SHARED(type, name)`: `extern __shared__ type name[];`,
  // which the shared-memory rewrite then takes as written (it refuses a
  // __shared__ declaration a macro writes).
  bool isDynamicSharedMacro(std::size_t i) const {
    return isIdent(toks_[i]) && toks_[i].text == "HIP_DYNAMIC_SHARED" &&
           is(i + 1, clang::tok::l_paren) &&
           !(i > 0 && isIdent(toks_[i - 1]) && toks_[i - 1].text == "define");
  }

  bool rewriteDynamicShared(std::size_t name, std::size_t &copied) {
    const std::size_t nameOff = toks_[name].begin;
    std::size_t lastComma = std::string::npos, close = std::string::npos;
    int depth = 0;
    for (std::size_t j = name + 2; j < toks_.size(); ++j) {
      auto k = toks_[j].kind;
      if (k == clang::tok::l_paren || k == clang::tok::l_square || k == clang::tok::l_brace ||
          k == clang::tok::less)
        ++depth;
      else if (k == clang::tok::greater)
        --depth;
      else if (k == clang::tok::r_paren || k == clang::tok::r_square || k == clang::tok::r_brace) {
        if (depth-- == 0) {
          close = j;
          break;
        }
      } else if (k == clang::tok::comma && depth == 0)
        lastComma = j;
    }
    if (close == std::string::npos || lastComma == std::string::npos || lastComma == name + 2 ||
        close != lastComma + 2 || !isIdent(toks_[lastComma + 1]))
      return fail(nameOff, "expected HIP_DYNAMIC_SHARED(type, name)");
    TextEdit edit;
    edit.orig_begin = nameOff;
    edit.orig_end = toks_[close].end;
    edit.anchor = nameOff;
    out_.append(src_.substr(copied, nameOff - copied));
    edit.new_begin = out_.size();
    out_ += "extern __shared__ ";
    copyTokens(name + 2, lastComma - 1, edit);
    out_ += ' ';
    copyTokens(lastComma + 1, lastComma + 1, edit);
    out_ += "[];"; // hip_runtime.h's macro ends the declaration itself
    out_ += lineBreaks(edit.orig_begin, edit.orig_end);
    edit.new_end = out_.size();
    copied = edit.orig_end;
    detail_.edits.push_back(std::move(edit));
    return true;
  }

  bool rewriteGglSite(std::size_t name, std::size_t &copied) {
    const std::size_t nameOff = toks_[name].begin;
    // The macro's arguments at depth 0, as the preprocessor splits them
    // (commas inside (), [] and {} do not split; template arguments need
    // parentheses or HIP_KERNEL_NAME, as with hipcc).
    std::vector<std::pair<std::size_t, std::size_t>> argsTok; // [first, last]
    std::size_t start = name + 2;
    int depth = 0;
    for (std::size_t j = start; j < toks_.size(); ++j) {
      auto k = toks_[j].kind;
      if (k == clang::tok::l_paren || k == clang::tok::l_square || k == clang::tok::l_brace) {
        ++depth;
      } else if (k == clang::tok::r_paren || k == clang::tok::r_square ||
                 k == clang::tok::r_brace) {
        if (depth-- == 0) {
          if (k != clang::tok::r_paren)
            break;
          if (j > start)
            argsTok.push_back({start, j - 1});
          break;
        }
      } else if (k == clang::tok::comma && depth == 0) {
        if (j == start)
          return fail(toks_[j].begin, "expected an argument of hipLaunchKernelGGL before ','");
        argsTok.push_back({start, j - 1});
        start = j + 1;
        // The arguments after the fifth stay where they are.
        if (argsTok.size() == 5)
          break;
      }
    }
    if (argsTok.size() < 5)
      return fail(nameOff, "hipLaunchKernelGGL needs a kernel, grid, block, shared memory bytes "
                           "and a stream before the kernel's arguments");
    // Where the copied text resumes: the ',' before the kernel's arguments,
    // or the ')' when there are none.
    const std::size_t rest = argsTok[4].second + 1;
    auto [kFirst, kLast] = argsTok[0];
    // HIP_KERNEL_NAME(k<T, 4>) (the macro that protects template commas).
    if (isIdent(toks_[kFirst]) && toks_[kFirst].text == "HIP_KERNEL_NAME" &&
        is(kFirst + 1, clang::tok::l_paren) && is(kLast, clang::tok::r_paren) &&
        kLast > kFirst + 2) {
      kFirst += 2;
      kLast -= 1;
    }

    LaunchSite site;
    site.orig_callee = toks_[kFirst].begin;
    site.orig_launch = nameOff;
    lineAndColumn(src_, site.orig_callee, site.line, site.col);
    site.callee_text = normalised(kFirst, kLast);

    TextEdit edit;
    edit.orig_begin = nameOff;
    edit.orig_end = toks_[rest].begin;
    edit.anchor = site.orig_callee;

    beginLaunchCall(site, edit, copied, nameOff);
    for (std::size_t a = 1; a < 5; ++a) {
      if (a > 1)
        out_ += ", ";
      copyTokens(argsTok[a].first, argsTok[a].second, edit);
    }
    out_ += "), [=](auto&&... __ws_a) { ";
    copyTokens(kFirst, kLast, edit);
    out_ += "(__ws_a...); }";
    out_ += lineBreaks(edit.orig_begin, edit.orig_end);
    site.new_end = edit.new_end = out_.size();
    copied = edit.orig_end;

    detail_.sites.push_back(std::move(site));
    detail_.edits.push_back(std::move(edit));
    return true;
  }

  bool fail(std::size_t offset, std::string message) {
    detail_.result.ok = false;
    detail_.result.error = std::move(message);
    detail_.error_offset = offset;
    lineAndColumn(src_, offset, detail_.result.line, detail_.result.col);
    return false;
  }

  // Index of the `(` matching the `)` at `close`, or npos.
  std::size_t matchParenBack(std::size_t close) const {
    int depth = 0;
    for (std::size_t j = close + 1; j-- > 0;) {
      auto k = toks_[j].kind;
      if (k == clang::tok::r_paren || k == clang::tok::r_square || k == clang::tok::r_brace)
        ++depth;
      else if (k == clang::tok::l_paren || k == clang::tok::l_square || k == clang::tok::l_brace)
        if (--depth == 0)
          return toks_[j].kind == clang::tok::l_paren ? j : std::string::npos;
    }
    return std::string::npos;
  }

  // Index of the `<` opening the template-argument list that ends at `close`
  // (a `>` or `>>`), or npos.
  std::size_t matchAngleBack(std::size_t close) const {
    int depth = 0;
    for (std::size_t j = close + 1; j-- > 0;) {
      switch (toks_[j].kind) {
      case clang::tok::greater:
        ++depth;
        break;
      case clang::tok::greatergreater:
        depth += 2;
        break;
      case clang::tok::less:
        if (--depth == 0)
          return j;
        break;
      case clang::tok::r_paren:
      case clang::tok::r_square: {
        // Skip a balanced group, e.g. `k<sizeof(T)>`.
        int d = 0;
        for (; j != std::string::npos; --j) {
          auto k = toks_[j].kind;
          if (k == clang::tok::r_paren || k == clang::tok::r_square)
            ++d;
          else if (k == clang::tok::l_paren || k == clang::tok::l_square)
            if (--d == 0)
              break;
          if (j == 0)
            return std::string::npos;
        }
        break;
      }
      case clang::tok::semi:
      case clang::tok::l_brace:
      case clang::tok::r_brace:
        return std::string::npos;
      default:
        break;
      }
      if (depth < 0)
        return std::string::npos;
    }
    return std::string::npos;
  }

  // First token of the callee that ends at token `last`, or npos: an
  // id-expression (`k`, `ns::k`, `::ns::template k<T, 4>`) or a parenthesised
  // expression (`(*fp)`).
  std::size_t calleeStart(std::size_t last) const {
    if (toks_[last].kind == clang::tok::r_paren)
      return matchParenBack(last);
    std::size_t pos = last;
    while (true) {
      if (is(pos, clang::tok::greater) || is(pos, clang::tok::greatergreater)) {
        std::size_t lt = matchAngleBack(pos);
        if (lt == std::string::npos || lt == 0)
          return std::string::npos;
        pos = lt - 1;
      }
      if (!isIdent(toks_[pos]) || isKeywordNotName(toks_[pos].text))
        return std::string::npos;
      std::size_t start = pos;
      if (start > 0 && isIdent(toks_[start - 1]) && toks_[start - 1].text == "template")
        --start;
      if (start == 0 || !is(start - 1, clang::tok::coloncolon))
        return start;
      --start; // the `::`
      if (start == 0)
        return start;
      std::size_t prev = start - 1;
      bool more = (isIdent(toks_[prev]) && !isKeywordNotName(toks_[prev].text)) ||
                  is(prev, clang::tok::greater) || is(prev, clang::tok::greatergreater);
      if (!more)
        return start; // a leading `::`
      pos = prev;
    }
  }

  // Copies the source up to `upTo` and opens the launch call for `site`, up
  // to its LaunchConfig's parenthesis.
  void beginLaunchCall(LaunchSite &site, TextEdit &edit, std::size_t copied, std::size_t upTo) {
    out_.append(src_.substr(copied, upTo - copied));
    site.new_begin = edit.new_begin = out_.size();
    out_ += "::warpsim::launch(";
    site.site_offset = out_.size();
    out_ += "::warpsim::KernelSite{\"" + escapeForStringLiteral(site.callee_text) + "\", \"" +
            file_ + "\", " + std::to_string(site.line) + ", " + std::to_string(site.col) +
            ", ::warpsim::kUnknownSmem, nullptr}";
    site.site_length = out_.size() - site.site_offset;
    out_ += ", ::warpsim::LaunchConfig(";
  }

  // Appends tokens [first, last] to out_, with each run of whitespace and
  // comments between them turned into one space (the text must fit on one
  // line), recording where every token went.
  void copyTokens(std::size_t first, std::size_t last, TextEdit &edit) {
    for (std::size_t j = first; j <= last; ++j) {
      if (j > first && toks_[j].begin != toks_[j - 1].end)
        out_ += ' ';
      edit.copies.push_back({out_.size(), toks_[j].begin, toks_[j].end - toks_[j].begin});
      out_.append(toks_[j].text);
    }
  }

  std::string normalised(std::size_t first, std::size_t last) const {
    std::string s;
    for (std::size_t j = first; j <= last; ++j) {
      if (j > first && toks_[j].begin != toks_[j - 1].end)
        s += ' ';
      s.append(toks_[j].text);
    }
    return s;
  }

  // The line breaks of [b, e), so that the replacement keeps them; a
  // backslash-newline (in a macro definition) stays one.
  std::string lineBreaks(std::size_t b, std::size_t e) const {
    std::string s;
    for (std::size_t j = b; j < e; ++j) {
      if (src_[j] != '\n')
        continue;
      std::size_t k = j;
      if (k > b && src_[k - 1] == '\r')
        --k;
      s += (k > b && src_[k - 1] == '\\') ? " \\\n" : "\n";
    }
    return s;
  }

  bool rewriteSite(std::size_t open, std::size_t &copied) {
    std::size_t launchOff = toks_[open].begin;
    if (open == 0)
      return fail(launchOff, "expected a kernel name before '<<<'");
    std::size_t first = calleeStart(open - 1);
    if (first == std::string::npos || toks_[first].begin < copied)
      return fail(launchOff, "expected a kernel name before '<<<'");

    // The matching `>>>`, at bracket depth 0.
    std::size_t cfgFirst = open + 2, close = std::string::npos;
    int depth = 0;
    for (std::size_t j = cfgFirst; j < toks_.size(); ++j) {
      auto k = toks_[j].kind;
      if (k == clang::tok::l_paren || k == clang::tok::l_square || k == clang::tok::l_brace)
        ++depth;
      else if (k == clang::tok::r_paren || k == clang::tok::r_square || k == clang::tok::r_brace) {
        if (--depth < 0)
          break;
      } else if (k == clang::tok::semi && depth == 0)
        break;
      else if (depth == 0 && isLaunchClose(j)) {
        close = j;
        break;
      }
    }
    if (close == std::string::npos)
      return fail(launchOff, "expected '>>>' to close this '<<<'");
    if (close == cfgFirst)
      return fail(launchOff, "expected a launch configuration between '<<<' "
                             "and '>>>'");
    std::size_t lparen = close + 2;
    if (!is(lparen, clang::tok::l_paren))
      return fail(lparen < toks_.size() ? toks_[lparen].begin : toks_[close + 1].end,
                  "expected '(' and the kernel arguments after '>>>'");
    bool noArgs = is(lparen + 1, clang::tok::r_paren);

    LaunchSite site;
    site.orig_callee = toks_[first].begin;
    site.orig_launch = launchOff;
    lineAndColumn(src_, site.orig_callee, site.line, site.col);
    site.callee_text = normalised(first, open - 1);

    TextEdit edit;
    edit.orig_begin = site.orig_callee;
    edit.orig_end = toks_[lparen].end;
    edit.anchor = site.orig_callee;

    beginLaunchCall(site, edit, copied, site.orig_callee);
    copyTokens(cfgFirst, close - 1, edit);
    out_ += "), [=](auto&&... __ws_a) { ";
    copyTokens(first, open - 1, edit);
    out_ += "(__ws_a...); }";
    std::string breaks = lineBreaks(edit.orig_begin, edit.orig_end);
    if (!noArgs)
      out_ += breaks.empty() ? ", " : ",";
    out_ += breaks;
    site.new_end = edit.new_end = out_.size();
    copied = edit.orig_end;

    detail_.sites.push_back(std::move(site));
    detail_.edits.push_back(std::move(edit));
    return true;
  }
};

} // namespace

std::size_t LaunchPassDetail::toOriginal(std::size_t offset) const {
  long long delta = 0; // new - orig, after the edits passed so far
  for (const TextEdit &e : edits) {
    if (offset < e.new_begin)
      break;
    if (offset < e.new_end) {
      for (const TextEdit::Copy &c : e.copies)
        if (offset >= c.new_off && offset < c.new_off + c.length)
          return c.orig_off + (offset - c.new_off);
      return e.anchor;
    }
    delta = static_cast<long long>(e.new_end) - static_cast<long long>(e.orig_end);
  }
  return static_cast<std::size_t>(static_cast<long long>(offset) - delta);
}

LaunchPassDetail runLaunchPass(std::string_view source, std::string_view file_for_site) {
  // Most files have no launch at all: skip the lexer for them.
  LaunchPassDetail d;
  if (source.find("<<<") == std::string_view::npos &&
      source.find("hipLaunchKernelGGL") == std::string_view::npos &&
      source.find("HIP_DYNAMIC_SHARED") == std::string_view::npos) {
    d.result.ok = true;
    d.result.text = std::string(source);
  } else {
    d = Pass(source, file_for_site).run();
  }
  if (d.result.ok) {
    respellAlignasAfterKeywords(d.result.text);
    respellHalfConstraints(d.result.text);
  }
  return d;
}

LaunchPassResult rewriteLaunchSyntax(std::string_view source, std::string_view file_for_site) {
  return runLaunchPass(source, file_for_site).result;
}

} // namespace warpsim::frontend
