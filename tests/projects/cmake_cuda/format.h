// Host C++ (format.cpp), compiled by the CXX compiler.
#pragma once
#include <string>

std::string formatBins(const unsigned *bins, int count);
