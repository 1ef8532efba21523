// Host-only C++ (host/report.cpp): how results are printed and judged.
#pragma once

int report(const char *what, double got, double want);
