#!/usr/bin/env bash
# Compiles SOURCE at -O2 with -fsanitize=thread, once with the value-carrying
# pass plugin and once without, and checks both IRs with FileCheck
# (prefixes VALUES and SITES with the plugin, TSAN without).
#   check_ir.sh <clang++-19> <plugin.so> <FileCheck> <SOURCE> <work-dir>
set -eu
CXX=$1 PLUGIN=$2 FILECHECK=$3 SRC=$4 WORK=$5
mkdir -p "$WORK"
flags=(-O2 -g -fsanitize=thread -mllvm -tsan-instrument-read-before-write=1 -S -emit-llvm)
"$CXX" "${flags[@]}" -fpass-plugin="$PLUGIN" "$SRC" -o "$WORK/values.ll"
"$CXX" "${flags[@]}" "$SRC" -o "$WORK/tsan.ll"
"$FILECHECK" --check-prefix=VALUES "$SRC" --input-file "$WORK/values.ll"
"$FILECHECK" --check-prefix=SITES "$SRC" --input-file "$WORK/values.ll"
"$FILECHECK" --check-prefix=TSAN "$SRC" --input-file "$WORK/tsan.ll"
echo "check_ir: VALUES, SITES and TSAN hold"
