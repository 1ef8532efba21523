#!/usr/bin/env bash
# README command (2): install the dependencies, build, and run all tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
scripts/build.sh
cd build
ctest -j "$(nproc)" --output-on-failure --timeout 600
