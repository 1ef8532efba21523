// A host C++ unit: compiled as host code, linked into the program.
#include "report.h"

#include <cmath>
#include <cstdio>

// main.cu has a static function of the same name.
static bool matches(double got, double want) {
  return std::fabs(got - want) <= 1e-4 * (1 + std::fabs(want));
}

int report(const char *what, double got, double want) {
  const bool ok = matches(got, want);
  std::printf("%s = %.4f (%s)\n", what, got, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
