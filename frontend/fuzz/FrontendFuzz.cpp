// warpsim_frontend_fuzz: libFuzzer over the front end (docs/reliability.md).
// Each input is a .cu file: it goes through the launch-syntax pass alone,
// then through translate() (parse, unsupported-construct checks, rewrite)
// and, when that parses, lint(). A clean refusal is no finding; a crash, a
// sanitizer report, a hang, running out of memory, or a refusal that is not
// one located error is.
//
// translate() reads its input from a path, so the bytes are written to a
// file in a private temporary directory (no process is spawned).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "warpsim/frontend/Lint.h"
#include "warpsim/frontend/Translate.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace {

namespace fe = warpsim::frontend;

std::string g_dir;
fe::TranslateOptions g_opts;

void removeDir() {
  if (!g_dir.empty())
    llvm::sys::fs::remove_directories(g_dir);
}

[[noreturn]] void finding(std::string_view what, std::string_view text) {
  llvm::errs() << "warpsim_frontend_fuzz: " << what << ":\n" << text << "\n";
  llvm::errs().flush();
  std::abort();
}

bool isDigits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// "FILE:LINE:COL: error: ..." (or "fatal error") on the first line: a
// refusal the user can act on. Later lines are the source line, the caret
// and notes.
bool locatedError(std::string_view d) {
  std::string_view first = d.substr(0, d.find('\n'));
  for (std::string_view level : {": error: ", ": fatal error: "}) {
    std::size_t at = first.find(level);
    if (at == std::string_view::npos)
      continue;
    std::string_view loc = first.substr(0, at); // FILE:LINE:COL
    std::size_t c2 = loc.rfind(':');
    if (c2 == std::string_view::npos)
      continue;
    std::size_t c1 = loc.rfind(':', c2 - 1);
    if (c1 == std::string_view::npos || c1 == 0)
      continue;
    if (isDigits(loc.substr(c1 + 1, c2 - c1 - 1)) && isDigits(loc.substr(c2 + 1)))
      return true;
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("warpsim-fuzz", dir)) {
    std::fprintf(stderr, "warpsim_frontend_fuzz: cannot create a temporary directory\n");
    std::exit(1);
  }
  g_dir = std::string(dir);
  std::atexit(removeDir);
  g_opts.input_path = g_dir + "/fuzz.cu";
  g_opts.output_dir = g_dir + "/out";
  g_opts.warpsim_include_dir = WARPSIM_FUZZ_INCLUDE_DIR;
  g_opts.clang_resource_dir = WARPSIM_FUZZ_RESOURCE_DIR;
  llvm::sys::fs::create_directories(g_opts.output_dir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);

  fe::LaunchPassResult pass = fe::rewriteLaunchSyntax(text, "fuzz.cu");
  if (!pass.ok && (pass.error.empty() || pass.line == 0 || pass.col == 0))
    finding("the launch pass refused without a location", pass.error);

  {
    std::error_code ec;
    llvm::raw_fd_ostream os(g_opts.input_path, ec);
    if (ec)
      finding("cannot write the input", ec.message());
    os << text;
  }
  fe::TranslateResult r = fe::translate(g_opts);
  if (!r.ok) {
    if (!locatedError(r.diagnostics))
      finding("translate refused without one located error", r.diagnostics);
    return 0;
  }
  fe::LintResult l = fe::lint(g_opts);
  // translate() parsed this file: lint's parse is the same one.
  if (!l.ok)
    finding("lint refused a file that translate accepted", l.diagnostics);
  return 0;
}
