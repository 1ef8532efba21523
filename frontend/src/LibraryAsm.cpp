// Inline PTX in the CUDA libraries warpsim compiles from the system's headers
// (CUB, Thrust). Their asm statements are often written by macros
// (cub/thread/thread_load.cuh builds its `ld.global.cg.u32` forms from
// `#ptx_modifier`), which the AST rewrite cannot edit in place, and their
// "=f"/"=h" constraints do not even parse for the host. So, before parsing, a
// token pass turns every `asm [volatile] (template : outs : ins : clobbers)`
// of such a file into the same `::warpsim::ptx_exec` call the AST rewrite
// makes for user code, the template kept as written (string literals and
// stringified macro parameters concatenate as before). The parse of the
// template then happens at run time, on the first execution, and an
// instruction warpsim does not execute ends the run with its name.
#include "Internal.h"

#include <cctype>
#include <string>

namespace warpsim::frontend {
namespace {

bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Skips a string or character literal starting at s[i] (the quote).
std::size_t skipQuoted(std::string_view s, std::size_t i) {
  const char q = s[i++];
  while (i < s.size() && s[i] != q) {
    if (s[i] == '\\')
      ++i;
    ++i;
  }
  return i < s.size() ? i + 1 : i;
}

// Skips a comment at s[i] if there is one; returns i otherwise.
std::size_t skipComment(std::string_view s, std::size_t i) {
  if (s.compare(i, 2, "//") == 0) {
    while (i < s.size() && s[i] != '\n')
      ++i;
    return i;
  }
  if (s.compare(i, 2, "/*") == 0) {
    std::size_t e = s.find("*/", i + 2);
    return e == std::string_view::npos ? s.size() : e + 2;
  }
  return i;
}

// The top-level pieces of an asm statement's parentheses: split at ':' (not
// '::') and, within an operand section, at ','.
struct AsmParts {
  std::string_view tmpl;
  std::vector<std::string_view> sections[3]; // outputs, inputs, clobbers
};

// Parses from just after '(' to the matching ')'; returns the position after
// it, or npos when the statement is not one this pass understands.
std::size_t splitAsm(std::string_view s, std::size_t i, AsmParts &parts) {
  int depth = 0, section = -1;
  std::size_t start = i;
  auto flush = [&](std::size_t end) {
    std::string_view piece = s.substr(start, end - start);
    if (section < 0)
      parts.tmpl = piece;
    else if (piece.find_first_not_of(" \t\r\n\\") != std::string_view::npos)
      parts.sections[section].push_back(piece);
  };
  while (i < s.size()) {
    std::size_t c = skipComment(s, i);
    if (c != i) {
      i = c;
      continue;
    }
    const char ch = s[i];
    if (ch == '"' || ch == '\'') {
      i = skipQuoted(s, i);
      continue;
    }
    if (ch == '(' || ch == '[' || ch == '{') {
      ++depth;
    } else if (ch == ')' || ch == ']' || ch == '}') {
      if (depth == 0) {
        flush(i);
        return i + 1;
      }
      --depth;
    } else if (depth == 0 && ch == ':') {
      if (i + 1 < s.size() && s[i + 1] == ':') {
        i += 2;
        continue;
      }
      flush(i);
      if (++section > 2)
        return std::string_view::npos;
      start = i + 1;
    } else if (depth == 0 && ch == ',' && section >= 0) {
      flush(i);
      start = i + 1;
    }
    ++i;
  }
  return std::string_view::npos;
}

std::string trim(std::string_view s) {
  std::size_t b = s.find_first_not_of(" \t\r\n\\");
  std::size_t e = s.find_last_not_of(" \t\r\n\\");
  return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

// `"=r"(expr)` -> `::warpsim::ptx_out<'r'>(expr)`; empty on a form this pass
// does not know (named operands, several constraint letters).
std::string operand(std::string_view piece, bool output) {
  std::string p = trim(piece);
  // CUB's pointer constraint, "l" on every 64-bit host (cub/util_ptx.cuh).
  if (p.starts_with("_CUB_ASM_PTR_("))
    p = "\"l\"" + p.substr(13);
  if (p.empty() || p[0] != '"')
    return {};
  std::size_t close = p.find('"', 1);
  std::size_t paren = p.find('(', close);
  if (close == std::string::npos || paren == std::string::npos || p.back() != ')')
    return {};
  std::string c = p.substr(1, close - 1);
  const bool inout = !c.empty() && c[0] == '+';
  std::string letters;
  for (char x : c)
    if (x != '=' && x != '+' && x != '&')
      letters += x;
  if (letters.size() != 1 || std::string_view("hrlfdnc").find(letters[0]) == std::string::npos)
    return {};
  const char *fn = !output ? "ptx_in" : inout ? "ptx_inout" : "ptx_out";
  return std::string("::warpsim::") + fn + "<'" + letters + "'>" + p.substr(paren);
}

std::size_t newlines(std::string_view s) {
  std::size_t n = 0;
  for (char c : s)
    n += c == '\n';
  return n;
}

} // namespace

// Debian's libcub-dev and libthrust-dev (1.17): CUB's and Thrust's kernels
// live in their headers, so they go through the front end as user code does.
bool isCudaLibraryHeader(std::string_view real) {
  for (std::string_view p : {"/usr/include/cub/", "/usr/include/thrust/"})
    if (real.starts_with(p))
      return true;
  return false;
}

// Thrust 1.17 picks an agent's tuning on the host by the device's PTX
// version (sm60's for an sm_90 device) and in a kernel by THRUST_TUNING_ARCH,
// which thrust/system/cuda/detail/core/util.h derives from __CUDA_ARCH__ at
// file scope: sm60 in nvcc's device pass, sm30 in the host pass that warpsim
// compiles at file scope. The kernel must use the tuning it was launched
// with, so the host-pass branch names the device pass's tuning.
std::string thrustTuningArch(std::string text) {
  static constexpr std::string_view from = "#  elif !defined (__CUDA_ARCH__)\n"
                                           "#    define THRUST_TUNING_ARCH sm30";
  static constexpr std::string_view to = "#  elif !defined (__CUDA_ARCH__)\n"
                                         "#    define THRUST_TUNING_ARCH sm60";
  if (std::size_t at = text.find(from); at != std::string::npos)
    text.replace(at, from.size(), to);
  // thrust/system/cuda/detail/core/agent_launcher.h defines its kernels
  // under a file-scope `#if defined(__CUDA_ARCH__)` and empty stubs of the
  // same names for the host pass: the device pass's branch is the one that
  // runs.
  static constexpr std::string_view kernels = "#if defined(__CUDA_ARCH__) || defined(_NVHPC_CUDA)\n"
                                              "#if 0\n"
                                              "  template <class Agent, class... Args>\n"
                                              "  void __global__";
  if (std::size_t at = text.find(kernels); at != std::string::npos)
    text.replace(at, kernels.find('\n'), "#if 1 // warpsim: nvcc's device pass's kernels");
  return text;
}

std::string rewriteLibraryAsm(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0, copied = 0;
  while (i < s.size()) {
    std::size_t c = skipComment(s, i);
    if (c != i) {
      i = c;
      continue;
    }
    if (s[i] == '"' || s[i] == '\'') {
      i = skipQuoted(s, i);
      continue;
    }
    if (!identChar(s[i])) {
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < s.size() && identChar(s[e]))
      ++e;
    std::string_view word = s.substr(i, e - i);
    const bool preceded = i > 0 && identChar(s[i - 1]);
    if (preceded || (word != "asm" && word != "__asm__" && word != "__asm")) {
      i = e;
      continue;
    }
    // asm [volatile|__volatile__] (
    std::size_t j = e;
    auto blanks = [&] {
      while (j < s.size() && (std::isspace(static_cast<unsigned char>(s[j])) ||
                              (s[j] == '\\' && j + 1 < s.size() && s[j + 1] == '\n')))
        ++j;
    };
    blanks();
    for (std::string_view q : {"volatile", "__volatile__"})
      if (s.compare(j, q.size(), q) == 0 && !identChar(s[j + q.size()])) {
        j += q.size();
        blanks();
      }
    if (j >= s.size() || s[j] != '(') {
      i = e;
      continue;
    }
    AsmParts parts;
    std::size_t end = splitAsm(s, j + 1, parts);
    if (end == std::string_view::npos) {
      i = e;
      continue;
    }
    std::string call = "::warpsim::ptx_exec([]() -> ::warpsim::PtxAsm & { "
                       "[[clang::require_constant_initialization]] static ::warpsim::PtxAsm a{";
    call += parts.tmpl;
    call += "}; return a; }()";
    bool ok = true;
    for (int sec = 0; sec < 2 && ok; ++sec)
      for (std::string_view piece : parts.sections[sec]) {
        std::string op = operand(piece, sec == 0);
        if (op.empty()) {
          ok = false;
          break;
        }
        call += ", " + op;
      }
    if (!ok) {
      i = end;
      continue;
    }
    call += ")";
    // Keep every later line where it was; inside a #define, as a
    // continuation line.
    const std::string_view old = s.substr(i, end - i);
    const std::size_t kept = newlines(parts.tmpl) + [&] {
      std::size_t n = 0;
      for (std::string_view piece : parts.sections[0])
        n += newlines(trim(piece));
      for (std::string_view piece : parts.sections[1])
        n += newlines(trim(piece));
      return n;
    }();
    const bool inMacro = old.find("\\\n") != std::string_view::npos;
    for (std::size_t n = newlines(old); n > kept; --n)
      call += inMacro ? " \\\n" : "\n";
    out.append(s.substr(copied, i - copied));
    out += call;
    copied = i = end;
  }
  out.append(s.substr(copied));
  return out;
}

} // namespace warpsim::frontend
