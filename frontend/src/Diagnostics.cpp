#include "Diagnostics.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"

namespace warpsim::frontend {

std::string escapeForStringLiteral(std::string_view text) {
  std::string s;
  s.reserve(text.size());
  for (char c : text) {
    if (c == '\\' || c == '"')
      s += '\\';
    if (c == '\n') {
      s += "\\n";
      continue;
    }
    s += c;
  }
  return s;
}

void lineAndColumn(std::string_view text, std::size_t offset, unsigned &line, unsigned &col) {
  offset = std::min(offset, text.size());
  line = 1;
  std::size_t lineStart = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  col = static_cast<unsigned>(offset - lineStart) + 1;
}

std::string renderDiagnostic(std::string_view file, std::string_view text, unsigned line,
                             unsigned col, std::string_view level, std::string_view message) {
  std::string out;
  if (!file.empty())
    out += std::string(file) + ":" + std::to_string(line) + ":" + std::to_string(col) + ": ";
  out += std::string(level) + ": " + std::string(message) + "\n";
  if (file.empty() || line == 0)
    return out;
  // The source line, tabs expanded to 8 columns as clang does.
  std::size_t b = 0;
  for (unsigned l = 1; l < line && b != std::string_view::npos; ++l) {
    b = text.find('\n', b);
    if (b != std::string_view::npos)
      ++b;
  }
  if (b == std::string_view::npos || b > text.size())
    return out;
  std::size_t e = text.find('\n', b);
  std::string_view src = text.substr(b, (e == std::string_view::npos ? text.size() : e) - b);
  if (!src.empty() && src.back() == '\r')
    src.remove_suffix(1);
  std::string shown, caret;
  for (std::size_t i = 0; i < src.size(); ++i) {
    std::size_t w = src[i] == '\t' ? 8 - shown.size() % 8 : 1;
    if (i + 1 < col)
      caret.append(w, ' ');
    if (src[i] == '\t')
      shown.append(w, ' ');
    else
      shown += src[i];
  }
  if (col > src.size() + 1)
    caret.append(col - src.size() - 1, ' ');
  std::string num = std::to_string(line);
  std::size_t width = std::max<std::size_t>(num.size(), 4) + 1;
  out += std::string(width - num.size(), ' ') + num + " | " + shown + "\n";
  out += std::string(width, ' ') + " | " + caret + "^\n";
  return out;
}

bool FirstErrorConsumer::render(const clang::Diagnostic &info, const char *level, bool user_only) {
  llvm::SmallString<256> msg;
  info.FormatDiagnostic(msg);
  std::string_view message(msg.data(), msg.size());
  if (!info.getLocation().isValid() || !info.hasSourceManager()) {
    if (user_only)
      return false;
    text_ += renderDiagnostic("", "", 0, 0, level, message);
    return true;
  }
  const clang::SourceManager &sm = info.getSourceManager();
  clang::SourceLocation loc = sm.getExpansionLoc(info.getLocation());
  clang::FileID fid = sm.getFileID(loc);
  std::size_t offset = sm.getFileOffset(loc);
  std::string name;
  if (auto ref = sm.getFileEntryRefForID(fid))
    name = ref->getName().str();
  else
    name = sm.getBufferName(loc).str();
  UserFile *uf = files_.find(name);
  if (uf == nullptr && user_only)
    return false;
  unsigned line = 0, col = 0;
  if (uf != nullptr) {
    std::size_t orig = uf->toOriginal(offset);
    lineAndColumn(uf->original, orig, line, col);
    text_ += renderDiagnostic(uf->report_name, uf->original, line, col, level, message);
  } else {
    llvm::StringRef buf = sm.getBufferData(fid);
    lineAndColumn(buf, offset, line, col);
    text_ += renderDiagnostic(name, buf, line, col, level, message);
  }
  return true;
}

void FirstErrorConsumer::HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                                          const clang::Diagnostic &info) {
  clang::DiagnosticConsumer::HandleDiagnostic(level, info);
  using L = clang::DiagnosticsEngine;
  if (level == L::Note) {
    // A handful of notes in the user's own files is what helps; a long
    // instantiation stack does not.
    if (in_first_error_ && notes_ < 6 && render(info, "note", true))
      ++notes_;
    return;
  }
  in_first_error_ = false;
  if (level < L::Error || has_error_)
    return;
  has_error_ = true;
  in_first_error_ = true;
  render(info, level == L::Fatal ? "fatal error" : "error", false);
}

} // namespace warpsim::frontend
