#include "format.h"

std::string formatBins(const unsigned *bins, int count) {
  std::string s;
  for (int i = 0; i < count; ++i)
    s += (i ? " " : "") + std::to_string(bins[i]);
  return s;
}
