// warpsim_translate: runs the front end on one .cu file. Prints the rewritten
// main file (or the error), or checks it against expectations for CTest.
//
//   warpsim_translate [-I DIR]... [-D DEF]... [--out DIR]
//       [--warpsim-include DIR] [--resource-dir DIR]
//       [--expect FILE] [--expect-error 'file:line:col: error: ...']
//       [--expect-error-in-source]
//       [--compile CLANGXX] [--print-flags] [--print-deps] [--print-header]
//       input.cu
//
// The `#line` directive on the rewritten file's first line names the input's
// absolute path; printed and compared output names the input as given, so
// that golden files do not depend on where the tree is.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "warpsim/frontend/Translate.h"

namespace {

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string shellQuote(const std::string &s) {
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// First line where `a` and `b` differ, for a readable failure.
void showDifference(const std::string &got, const std::string &want) {
  std::istringstream g(got), w(want);
  std::string lg, lw;
  for (int line = 1;; ++line) {
    bool hg = static_cast<bool>(std::getline(g, lg));
    bool hw = static_cast<bool>(std::getline(w, lw));
    if (!hg && !hw)
      return;
    if (lg != lw || hg != hw) {
      std::cerr << "first difference at line " << line
                << ":\n  got:  " << (hg ? lg : "<end of file>")
                << "\n  want: " << (hw ? lw : "<end of file>") << "\n";
      return;
    }
  }
}

int usage() {
  std::cerr << "usage: warpsim_translate [-I DIR] [-D DEF] [--out DIR] "
               "[--warpsim-include DIR] [--resource-dir DIR] [--expect FILE] "
               "[--expect-error TEXT] [--expect-error-in-source] [--compile "
               "CLANGXX] [--print-flags] "
               "[--print-deps] [--print-header PATH] input.cu\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  warpsim::frontend::TranslateOptions opts;
#ifdef WARPSIM_DEFAULT_INCLUDE_DIR
  opts.warpsim_include_dir = WARPSIM_DEFAULT_INCLUDE_DIR;
#endif
#ifdef WARPSIM_DEFAULT_RESOURCE_DIR
  opts.clang_resource_dir = WARPSIM_DEFAULT_RESOURCE_DIR;
#endif
  std::string expect, expectError, compiler, printHeader;
  bool printFlags = false, printDeps = false, expectErrorSet = false, expectErrorInSource = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "missing value after " << a << "\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "-I")
      opts.include_dirs.push_back(value());
    else if (a.rfind("-I", 0) == 0)
      opts.include_dirs.push_back(a.substr(2));
    else if (a == "-D")
      opts.defines.push_back(value());
    else if (a.rfind("-D", 0) == 0)
      opts.defines.push_back(a.substr(2));
    else if (a == "--out")
      opts.output_dir = value();
    else if (a == "--warpsim-include")
      opts.warpsim_include_dir = value();
    else if (a == "--resource-dir")
      opts.clang_resource_dir = value();
    else if (a == "--expect")
      expect = value();
    else if (a == "--expect-error") {
      expectError = value();
      expectErrorSet = true;
    } else if (a == "--expect-error-in-source") {
      expectErrorSet = expectErrorInSource = true;
    } else if (a == "--compile")
      compiler = value();
    else if (a == "--print-flags")
      printFlags = true;
    else if (a == "--print-deps")
      printDeps = true;
    else if (a == "--print-header")
      printHeader = value();
    else if (!a.empty() && a[0] == '-')
      return usage();
    else if (opts.input_path.empty())
      opts.input_path = a;
    else
      return usage();
  }
  if (opts.input_path.empty())
    return usage();
  if (opts.output_dir.empty()) {
    std::string tmpl =
        (std::filesystem::temp_directory_path() / "warpsim-translate-XXXXXX").string();
    if (mkdtemp(tmpl.data()) == nullptr) {
      std::perror("mkdtemp");
      return 2;
    }
    opts.output_dir = tmpl;
  }

  if (expectErrorInSource) {
    // The line after "EXPECT-ERROR: " in the input itself.
    std::string src = readFile(opts.input_path);
    std::size_t p = src.find("EXPECT-ERROR: ");
    if (p == std::string::npos) {
      std::cerr << opts.input_path << " has no EXPECT-ERROR: line\n";
      return 2;
    }
    p += 14;
    expectError = src.substr(p, src.find('\n', p) - p);
  }

  warpsim::frontend::TranslateResult r = warpsim::frontend::translate(opts);

  if (expectErrorSet) {
    if (r.ok) {
      std::cerr << "expected an error, but the translation succeeded\n";
      return 1;
    }
    std::cout << r.diagnostics;
    std::string first = r.diagnostics.substr(0, r.diagnostics.find('\n'));
    std::size_t errors = 0;
    for (std::size_t p = 0; (p = r.diagnostics.find("error: ", p)) != std::string::npos; ++p)
      ++errors;
    if (first != expectError) {
      std::cerr << "first line differs:\n  got:  " << first << "\n  want: " << expectError << "\n";
      return 1;
    }
    if (errors != 1) {
      std::cerr << "expected exactly one error, got " << errors << "\n";
      return 1;
    }
    return 0;
  }

  if (!r.ok) {
    std::cerr << r.diagnostics;
    return 1;
  }

  std::string text = readFile(r.main_output);
  // The #line path, made independent of the tree's location.
  std::size_t eol = text.find('\n');
  text = "#line 1 \"" + opts.input_path + "\"" + text.substr(eol);

  if (printFlags)
    for (const std::string &f : r.compile_flags)
      std::cout << f << "\n";
  if (printDeps)
    for (const std::string &d : r.dependencies)
      std::cout << d << "\n";
  if (!printHeader.empty()) {
    // The rewritten text of a header, found through the overlay's mapping.
    std::string abs = std::filesystem::absolute(printHeader).lexically_normal();
    std::string flat = abs;
    for (char &c : flat)
      if (c == '/')
        c = '_';
    std::cout << readFile(opts.output_dir + "/headers/" + flat);
  }
  if (!printFlags && !printDeps && printHeader.empty() && expect.empty() && compiler.empty())
    std::cout << text;

  int rc = 0;
  if (!expect.empty()) {
    std::string want = readFile(expect);
    if (text != want) {
      std::cerr << "rewritten " << opts.input_path << " differs from " << expect << "\n";
      showDifference(text, want);
      rc = 1;
    }
  }
  if (!compiler.empty()) {
    // The final compile's front half: the rewritten file must be valid C++
    // with the flags translate() returned.
    std::string cmd = shellQuote(compiler) + " -fsyntax-only";
    for (const std::string &f : r.compile_flags)
      cmd += " " + shellQuote(f);
    cmd += " " + shellQuote(r.main_output);
    if (std::system(cmd.c_str()) != 0) {
      std::cerr << "compile failed: " << cmd << "\n";
      rc = 1;
    }
  }
  return rc;
}
