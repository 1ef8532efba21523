// The library's interface: a histogram of bytes on the device.
#pragma once

constexpr int kBins = 16;

// Counts values % kBins of `in` (n of them) into `bins` (kBins, zeroed).
void histogram(const unsigned *in, int n, unsigned *bins);
// The same with a bug: a plain increment where an atomic is needed.
void histogramRacy(const unsigned *in, int n, unsigned *bins);
