// translate(): parse the .cu file as C++20 against warpsim's CUDA headers
// (user files through the launch pass), check and rewrite the AST, and write
// the rewritten main file plus a VFS overlay for rewritten user headers.
//
// The parse is plain C++, not clang's CUDA mode: CUDA mode's host/device
// overload checks reject ordinary templates and system headers once nothing
// is compiled for a GPU. The CUDA keywords are `annotate` attributes
// (warpsim/cuda_keywords.h), which the passes look for.
#include <algorithm>
#include <set>

#include "CudaArch.h"
#include "Diagnostics.h"
#include "RewriteContext.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace warpsim::frontend {
// GridConstantRewrite.cpp: `const __grid_constant__ T p` becomes `const T &p`.
void rewriteGridConstantParams(RewriteContext &ctx);
namespace {

std::string makeAbsolute(const std::string &p) {
  llvm::SmallString<256> s(p);
  llvm::sys::fs::make_absolute(s);
  llvm::sys::path::remove_dots(s, /*remove_dot_dot=*/true);
  return std::string(s);
}

// A directory's real path, ending in '/', for prefix tests.
std::string dirPrefix(const std::string &p) {
  llvm::SmallString<256> real;
  std::string s = llvm::sys::fs::real_path(p, real) ? makeAbsolute(p) : std::string(real);
  if (!s.empty() && s.back() != '/')
    s += '/';
  return s;
}

// What the AST consumer hands back.
struct Outputs {
  bool ran = false;
  std::string main_text;
  std::vector<std::pair<std::string, std::string>> headers; // abs, text
  // The __CUDA_ARCH__ pass (CudaArch.h): the first parse plans it when a user
  // file mentions the macro, and the second parses the bracketed text.
  bool plan_arch = false;
  unsigned cuda_arch = 0;
  bool needs_arch = false;
  std::map<std::string, ArchLayer> arch;
  ArchMacros arch_macros;
  DefinitionLines device_only; // the plan's: device-only definitions (ArchPasses.cpp)
  DefinitionLines bodies;      // the plan's: bodies and class definitions
  bool needs_main = false;     // TranslateOptions::needs_main
  bool hip = false;            // TranslateOptions::hip
};

class Consumer : public clang::ASTConsumer {
public:
  Consumer(clang::CompilerInstance &ci, UserFiles &files, Outputs &out)
      : ci_(ci), files_(files), out_(out) {}

  void HandleTranslationUnit(clang::ASTContext &ast) override {
    clang::DiagnosticsEngine &diags = ci_.getDiagnostics();
    if (files_.firstPassError() != nullptr)
      return;
    // Planned even after errors: device code that uses __CUDA_ARCH__ as a
    // value does not compile without it. The second parse reports what
    // remains.
    if (out_.plan_arch && mentionsCudaArch(files_)) {
      out_.arch = planArchLayers(ast, files_, out_.arch_macros, out_.cuda_arch);
      out_.device_only = deviceOnlyDefinitions(ast, files_);
      out_.bodies = bodyLines(ast, files_);
      out_.needs_arch = true;
      return;
    }
    if (diags.hasErrorOccurred())
      return;
    clang::Rewriter rewriter(ast.getSourceManager(), ast.getLangOpts());
    RewriteContext ctx(ast, rewriter, files_);
    ctx.hip = out_.hip;
    checkUnsupportedConstructs(ctx);
    rewriteDeviceHeap(ctx);
    rewriteGridConstantParams(ctx);
    rewriteSharedMemory(ctx);
    registerDeviceSymbols(ctx);
    resolveLaunchSites(ctx);
    // Last: a file's own error says more than its missing main (an error
    // test of the front end has no main).
    if (out_.needs_main && ctx.errors.empty())
      checkProgramHasMain(ctx);
    if (!ctx.errors.empty()) {
      // The first in the translation unit, like a compiler would give it.
      auto first = std::min_element(ctx.errors.begin(), ctx.errors.end(), [&](auto &a, auto &b) {
        return ctx.sm.isBeforeInTranslationUnit(a.loc, b.loc);
      });
      unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
      diags.Report(first->loc, id) << first->message;
      return;
    }
    collect(ctx);
  }

private:
  clang::CompilerInstance &ci_;
  UserFiles &files_;
  Outputs &out_;

  // The final text of every user file that changed: the pre-passed buffer
  // with the rewriter's edits.
  void collect(RewriteContext &ctx) {
    clang::SourceManager &sm = ctx.sm;
    std::set<std::string> done;
    for (UserFile *f : files_.all()) {
      auto ref = sm.getFileManager().getOptionalFileRef(f->name);
      if (!ref)
        continue;
      clang::FileID fid = sm.translateFile(*ref);
      if (fid.isInvalid())
        continue;
      std::string text;
      if (const clang::RewriteBuffer *rb = ctx.rewriter.getRewriteBufferFor(fid))
        text = std::string(rb->begin(), rb->end());
      else
        text = sm.getBufferData(fid).str();
      if (f->is_main) {
        out_.main_text = std::move(text);
      } else if ((text != f->on_disk || f->library_asm) && done.insert(f->abs_path).second) {
        out_.headers.emplace_back(f->abs_path, std::move(text));
      }
    }
    out_.ran = true;
  }
};

class Action : public clang::ASTFrontendAction {
public:
  Action(UserFiles &files, Outputs &out) : files_(files), out_(out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef) override {
    clang::Preprocessor &pp = ci.getPreprocessor();
    if (out_.plan_arch)
      pp.addPPCallbacks(makeArchMacroCollector(out_.arch_macros));
    return std::make_unique<Consumer>(ci, files_, out_);
  }

private:
  UserFiles &files_;
  Outputs &out_;
};

bool writeFile(const std::string &path, const std::string &text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return false;
  os << text;
  return !os.has_error();
}

std::string yamlQuoted(const std::string &s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += '\'';
    out += c;
  }
  return out + "'";
}

// A clang VFS overlay that shows each rewritten header at its original path.
// 'use-external-names': false keeps the original path in diagnostics, debug
// info and __FILE__.
std::string overlayYaml(const std::vector<std::pair<std::string, std::string>> &map) {
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> dirs;
  for (const auto &[orig, ext] : map)
    dirs[std::string(llvm::sys::path::parent_path(orig))].emplace_back(
        std::string(llvm::sys::path::filename(orig)), ext);
  std::string y = "{\n  'version': 0,\n  'case-sensitive': true,\n"
                  "  'use-external-names': false,\n  'roots': [\n";
  bool firstDir = true;
  for (const auto &[dir, files] : dirs) {
    y += firstDir ? "" : ",\n";
    firstDir = false;
    y += "    { 'type': 'directory', 'name': " + yamlQuoted(dir) + ",\n      'contents': [\n";
    for (std::size_t i = 0; i < files.size(); ++i)
      y += "        { 'type': 'file', 'name': " + yamlQuoted(files[i].first) +
           ", 'external-contents': " + yamlQuoted(files[i].second) + " }" +
           (i + 1 < files.size() ? ",\n" : "\n");
    y += "      ] }";
  }
  return y + "\n  ]\n}\n";
}

// Preprocesses the user's files as one of nvcc's passes sees them
// (__CUDA_ARCH__ defined at file scope for the device pass), recording the
// conditional chains each takes (ArchPasses.cpp).
class PassViewAction : public clang::PreprocessOnlyAction {
public:
  PassViewAction(UserFiles &files, ConditionalChains &out) : files_(files), out_(out) {}
  bool BeginSourceFileAction(clang::CompilerInstance &ci) override {
    clang::Preprocessor &pp = ci.getPreprocessor();
    pp.addPPCallbacks(makeConditionalChainRecorder(pp, files_, out_));
    return true;
  }

private:
  UserFiles &files_;
  ConditionalChains &out_;
};

TranslateResult failure(std::string diagnostics) {
  TranslateResult r;
  r.diagnostics = std::move(diagnostics);
  return r;
}

} // namespace

ParseSetup makeParseSetup(const TranslateOptions &opts) {
  ParseSetup s;
  s.main_abs = makeAbsolute(opts.input_path);
  // Flags shared by the parse and the final compile. The parse takes the
  // user's include directories as given, so that header names in reports
  // read as they would in the user's own compile; the final compile, which
  // may run elsewhere, gets them absolute.
  std::vector<std::string> &common = s.common;
  std::vector<std::string> &compileIncludes = s.compile_includes;
  std::vector<std::string> parseIncludes;
  common.push_back("-std=" + opts.std);
  s.hip = opts.hip;
  if (!opts.hip) {
    // nvcc defines the list of architectures it compiles for in both passes.
    common.push_back("-D__CUDA_ARCH_LIST__=" + std::to_string(opts.cuda_arch));
    // With __CUDACC_VER_MAJOR__/MINOR__ (warpsim/cuda_keywords.h): nvcc
    // --version's V13.0.48, which CMake's compiler identification reads.
    common.push_back("-D__CUDACC_VER_BUILD__=48");
  }
  // What a macro defined by both of nvcc's passes expands through (ArchPasses.cpp).
  for (std::string &d : archPickDefines(opts.cuda_arch))
    common.push_back(std::move(d));
  // warpsim's built-in variables (threadIdx.x, ...) are __declspec(property)
  // members, as in clang's own CUDA headers.
  common.push_back("-fdeclspec");
  // `X::template f(args)` with no template arguments: nvcc (EDG) accepts it
  // and CUB 1.17 writes it (cub/thread/thread_store.cuh); clang 19 makes it
  // an error by default.
  common.push_back("-Wno-missing-template-arg-list-after-template-kw");
  // `#pragma clang __debug crash` (and parser_crash, llvm_fatal_error, ...)
  // would bring the in-process parse, and warpsim with it, down: ignored.
  common.push_back("-Xclang");
  common.push_back("-disable-pragma-debug-crash");
  common.push_back("-include");
  common.push_back("warpsim/prelude.h");
  common.push_back("-I" + makeAbsolute(opts.warpsim_include_dir));
  for (const std::string &d : opts.include_dirs) {
    parseIncludes.push_back("-I" + d);
    compileIncludes.push_back("-I" + makeAbsolute(d));
  }
  for (const std::string &d : opts.defines)
    common.push_back("-D" + d);

  // -fno-caret-diagnostics: the consumer renders the one error itself, and
  // it stops clang printing "N errors generated.".
  // The driver finds the C++ standard library from its own path: give it
  // clang's (<resource dir>/../../../bin), so that the parse sees the headers
  // the final clang++ compile will.
  llvm::SmallString<256> driver(opts.clang_resource_dir);
  llvm::sys::path::append(driver, "../../..", "bin", "clang++");
  std::vector<std::string> &args = s.args;
  args = {std::string(driver),
          "-x",
          "c++",
          "-fsyntax-only",
          "-w",
          "-fno-caret-diagnostics",
          "-resource-dir",
          opts.clang_resource_dir};
  args.insert(args.end(), common.begin(), common.end());
  args.insert(args.end(), parseIncludes.begin(), parseIncludes.end());
  args.push_back(opts.input_path);

  // Files under these are not the user's: no launch pass, no dependency.
  s.system = {dirPrefix(opts.clang_resource_dir), dirPrefix(opts.warpsim_include_dir),
              "/usr/include/", "/usr/lib/", "/usr/local/include/", "/usr/lib64/",
              // The driver reads these (distribution detection); they are no input.
              "/etc/", "/proc/", "/sys/", "/dev/"};
  return s;
}

TranslateResult translate(const TranslateOptions &opts) {
  std::string mainAbs = makeAbsolute(opts.input_path);
  if (!llvm::sys::fs::is_regular_file(mainAbs))
    return failure("error: no such file: '" + opts.input_path + "'\n");
  ParseSetup setup = makeParseSetup(opts);
  const std::vector<std::string> &common = setup.common;
  const std::vector<std::string> &compileIncludes = setup.compile_includes;
  const std::vector<std::string> &args = setup.args;
  const std::vector<std::string> &system = setup.system;

  // The first parse; when a user file mentions __CUDA_ARCH__ it only plans
  // the bracketing, and the text is parsed again with it (CudaArch.h).
  auto files = std::make_unique<UserFiles>();
  auto outputs = std::make_unique<Outputs>();
  outputs->plan_arch = true;
  outputs->cuda_arch = opts.cuda_arch;
  outputs->needs_main = opts.needs_main;
  outputs->hip = opts.hip;
  auto diag = std::make_unique<FirstErrorConsumer>(*files);
  auto parse = [&](const std::map<std::string, ArchLayer> *arch,
                   const std::map<std::string, std::string> *merged) {
    auto fs = makeUserFileSystem(*files, system, mainAbs, opts.input_path, arch, merged, opts.hip);
    auto fm = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), fs);
    clang::tooling::ToolInvocation invocation(args, std::make_unique<Action>(*files, *outputs),
                                              fm.get());
    invocation.setDiagnosticConsumer(diag.get());
    invocation.run();
  };
  parse(nullptr, nullptr);
  std::string warnings;
  MergedPasses merged;
  if (outputs->needs_arch) {
    // nvcc's two passes at file scope: which conditional chains each takes.
    // Where they differ, both branches are compiled (the merged text), and
    // the bracketing is planned again on it.
    ConditionalChains hostChains, deviceChains;
    for (bool device : {false, true}) {
      UserFiles viewFiles;
      auto fs = makeUserFileSystem(viewFiles, system, mainAbs, opts.input_path, nullptr, nullptr,
                                   opts.hip);
      auto fm = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), fs);
      std::vector<std::string> viewArgs = args;
      if (device)
        viewArgs.insert(viewArgs.end() - 1, "-D__CUDA_ARCH__=" + std::to_string(opts.cuda_arch));
      clang::IgnoringDiagConsumer quiet;
      clang::tooling::ToolInvocation invocation(
          viewArgs, std::make_unique<PassViewAction>(viewFiles, device ? deviceChains : hostChains),
          fm.get());
      invocation.setDiagnosticConsumer(&quiet);
      invocation.run();
    }
    merged = mergePasses(*files, hostChains, deviceChains, outputs->device_only, outputs->bodies,
                         opts.cuda_arch);
    warnings = merged.warnings;
    if (!merged.text.empty()) {
      files = std::make_unique<UserFiles>();
      outputs = std::make_unique<Outputs>();
      outputs->plan_arch = true;
      outputs->cuda_arch = opts.cuda_arch;
      outputs->needs_main = opts.needs_main;
      outputs->hip = opts.hip;
      diag = std::make_unique<FirstErrorConsumer>(*files);
      parse(nullptr, &merged.text);
    }
  }
  if (outputs->needs_arch) {
    auto planned = std::move(outputs);
    files = std::make_unique<UserFiles>();
    outputs = std::make_unique<Outputs>();
    outputs->needs_main = opts.needs_main;
    outputs->hip = opts.hip;
    outputs->arch_macros = planned->arch_macros;
    diag = std::make_unique<FirstErrorConsumer>(*files);
    parse(&planned->arch, merged.text.empty() ? nullptr : &merged.text);
  }
  Outputs &outputsRef = *outputs;

  TranslateResult r;
  for (UserFile *f : files->all())
    if (std::find(r.dependencies.begin(), r.dependencies.end(), f->abs_path) ==
        r.dependencies.end())
      r.dependencies.push_back(f->abs_path);

  // A launch-syntax error explains a file better than the parse errors that
  // the unrewritten `<<<` then causes.
  if (const UserFile *bad = files->firstPassError()) {
    const LaunchPassResult &p = bad->pass.result;
    r.diagnostics =
        renderDiagnostic(bad->report_name, bad->original, p.line, p.col, "error", p.error);
    return r;
  }
  if (diag->hasError() || !outputsRef.ran) {
    r.diagnostics = diag->hasError() ? diag->text() : "error: the front end did not run\n";
    return r;
  }

  std::string outDir = makeAbsolute(opts.output_dir);
  llvm::sys::fs::create_directories(outDir);
  r.main_output = outDir + "/" + std::string(llvm::sys::path::stem(opts.input_path)) + ".ws.cpp";
  // `#line` makes the compiler, its debug info and __FILE__ see the user's
  // file; the launch pass and the rewrite keep every line where it was.
  if (!writeFile(r.main_output,
                 "#line 1 \"" + escapeForStringLiteral(mainAbs) + "\"\n" + outputsRef.main_text))
    return failure("error: cannot write '" + r.main_output + "'\n");

  std::vector<std::pair<std::string, std::string>> overlay;
  if (!outputsRef.headers.empty()) {
    std::string hdrDir = outDir + "/headers";
    llvm::sys::fs::create_directories(hdrDir);
    for (const auto &[abs, text] : outputsRef.headers) {
      std::string flat = abs;
      std::replace(flat.begin(), flat.end(), '/', '_');
      std::string path = hdrDir + "/" + flat;
      if (!writeFile(path, text))
        return failure("error: cannot write '" + path + "'\n");
      overlay.emplace_back(abs, path);
    }
    r.vfs_overlay = outDir + "/overlay.yaml";
    if (!writeFile(r.vfs_overlay, overlayYaml(overlay)))
      return failure("error: cannot write '" + r.vfs_overlay + "'\n");
  }

  r.compile_flags = common;
  r.compile_flags.insert(r.compile_flags.end(), compileIncludes.begin(), compileIncludes.end());
  r.compile_flags.push_back("-iquote");
  r.compile_flags.push_back(std::string(llvm::sys::path::parent_path(mainAbs)));
  if (!r.vfs_overlay.empty()) {
    r.compile_flags.push_back("-ivfsoverlay");
    r.compile_flags.push_back(r.vfs_overlay);
  }
  r.warnings = std::move(warnings);
  r.ok = true;
  return r;
}

} // namespace warpsim::frontend
