// The front end reports one error: the first. Everything after it is mostly
// fallout, and a user fixing a CUDA program wants the place to start.
#pragma once

#include <string>

#include "Internal.h"
#include "clang/Basic/Diagnostic.h"

namespace warpsim::frontend {

// Keeps the first error (or fatal error) with the notes that belong to it,
// rendered in clang's text format. Locations in user files are mapped back
// through the launch pass, so a column on a launch line is the user's column
// and the source line shown is the user's line. Warnings are dropped, and
// notes that point into system or warpsim headers (template instantiation
// stacks through <tuple>, "marked unavailable here") too.
class FirstErrorConsumer : public clang::DiagnosticConsumer {
public:
  explicit FirstErrorConsumer(UserFiles &files) : files_(files) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override;

  bool hasError() const { return has_error_; }
  const std::string &text() const { return text_; }

private:
  UserFiles &files_;
  bool has_error_ = false;
  bool in_first_error_ = false; // notes now belong to the first error
  unsigned notes_ = 0;
  std::string text_;

  // Renders `info` at its (mapped) location; false when the location is not
  // in a user file and `user_only` is set.
  bool render(const clang::Diagnostic &info, const char *level, bool user_only);
};

} // namespace warpsim::frontend
