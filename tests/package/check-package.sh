#!/usr/bin/env bash
# CTest package.find_package: installs this build into a temporary prefix,
# moves the prefix (an install must not depend on where it was made), and
# builds and tests the out-of-tree project tests/package/project against that
# prefix only. Its tests must pass or fail as listed below, each failing one
# for the stated reason.
#   check-package.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-package.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-package: FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$tmp/installed" >"$tmp/install.log"
mv "$tmp/installed" "$tmp/prefix"
prefix=$tmp/prefix
for f in bin/warpsim bin/warpsim-nvcc lib/warpsim/libwarpsim_rt.a share/warpsim/include/cuda_runtime.h \
         share/warpsim/arch/sm_90.arch lib/cmake/warpsim/warpsimConfig.cmake \
         lib/cmake/warpsim/warpsimConfigVersion.cmake lib/cmake/warpsim/WarpsimTest.cmake; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
done
# Nothing installed as text names the source or the build tree.
if grep -rIl -e "$source_dir" -e "$build" "$prefix"; then
  fail "the files above name $source_dir or $build"
fi
# The moved install uses its own runtime, not the build tree's.
version=$("$prefix/bin/warpsim" --version)
echo "$version"
grep -qF "runtime: $prefix/lib/warpsim/libwarpsim_rt.a (installed), headers $prefix/share/warpsim/include" \
  <<<"$version" || fail "the installed warpsim does not use the installed runtime"

# The project, copied out of the source tree, configured with only the prefix.
cp -r "$here/project" "$tmp/project"
env -u CMAKE_PREFIX_PATH -u warpsim_DIR \
  cmake -S "$tmp/project" -B "$tmp/project-build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log"; fail "configuring the project failed"; }
grep -E -- "^-- warpsim [0-9]+\.[0-9]+\.[0-9]+ from $prefix/lib/cmake/warpsim\$" "$tmp/configure.log" ||
  { cat "$tmp/configure.log"; fail "find_package did not find the package in $prefix"; }
cmake --build "$tmp/project-build" >/dev/null

set +e
(cd "$tmp/project-build" && ctest -j2 --output-on-failure) >"$tmp/ctest.log" 2>&1
rc=$?
set -e
cat "$tmp/ctest.log"
[ "$rc" -ne 0 ] || fail "ctest passed, but some tests are made to fail"

status() { # the result ctest printed for test $1
  sed -nE "s/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: $1 \.+ *(\*\*\*)?([A-Za-z]+).*/\2/p" "$tmp/ctest.log"
}
for t in clean racy_expected racy_other_checker warp64 clean_run; do
  [ "$(status "$t")" = Passed ] || fail "$t: expected to pass, got '$(status "$t")'"
done
for t in racy_unexpected oob_unexpected race_missing warp32_program_fails compile_error; do
  [ "$(status "$t")" = Failed ] || fail "$t: expected to fail, got '$(status "$t")'"
done
expect() { # $1: a line ctest printed for a failing test must match this regex
  grep -qE -- "$1" "$tmp/ctest.log" || fail "no line matches: $1"
}
expect "warpsim_add_test racy_unexpected: FAIL: unexpected finding 'race' \(error\) at [^ ]*reduce_racy\.cu:14 in kernel 'reduce_racy'"
expect "warpsim_add_test racy_unexpected: FAIL: warpsim check found errors \(exit status 3\)"
expect "warpsim_add_test oob_unexpected: FAIL: unexpected finding 'out-of-bounds' \(error\) at [^ ]*scale_off_by_one\.cu:12 in kernel 'scale'"
if grep -qE "oob_unexpected: FAIL: unexpected finding 'race'" "$tmp/ctest.log"; then
  fail "oob_unexpected: the expected race was called unexpected"
fi
expect "warpsim_add_test race_missing: FAIL: expected finding 'race' was not reported"
expect "warpsim_add_test warp32_program_fails: FAIL: the program exited with status 1"
expect "warpSize 32, last lane 31"
expect "warpsim_add_test compile_error: FAIL: the program did not compile \(exit status 4\)"
expect "does_not_compile\.cu:4:[0-9]+: error: use of undeclared identifier 'undeclared_name'"

# A wrong call of warpsim_add_test stops the configure, naming the call's line.
bad() { # $1: the call, $2: what the message must say
  rm -rf "$tmp/bad" "$tmp/bad-build"
  mkdir "$tmp/bad"
  cp "$here/project/reduce_clean.cu" "$tmp/bad/"
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(bad LANGUAGES NONE)\n%s\n%s\n' \
    'find_package(warpsim CONFIG REQUIRED)' "$1" >"$tmp/bad/CMakeLists.txt"
  if cmake -S "$tmp/bad" -B "$tmp/bad-build" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/bad.log" 2>&1; then
    fail "configured with: $1"
  fi
  flat=$(tr -s ' \n' ' ' <"$tmp/bad.log") # CMake wraps error messages
  grep -qF "CMakeLists.txt:4 (warpsim_add_test)" <<<"$flat" || fail "no location for: $1"
  grep -qF -- "$2" <<<"$flat" || { cat "$tmp/bad.log"; fail "message for '$1' lacks: $2"; }
}
bad 'warpsim_add_test(NAME w SOURCE reduce_clean.cu WARP_SIZE 48)' \
  "warpsim_add_test(w): WARP_SIZE must be 32 or 64, not '48'"
bad 'warpsim_add_test(NAME m SOURCE missing.cu)' "warpsim_add_test(m): SOURCE 'missing.cu' does not exist"
bad 'warpsim_add_test(NAME e SOURCE reduce_clean.cu MODE explore)' \
  "warpsim_add_test(e): MODE must be check or run, not 'explore'"
bad 'warpsim_add_test(NAME j SOURCE reduce_clean.cu OPTIONS --json x.json)' \
  "warpsim_add_test(j): OPTIONS must not contain --json: the test sets it"
bad 'warpsim_add_test(NAME u SOURCE reduce_clean.cu EXPECT race)' "warpsim_add_test(u): unknown arguments: EXPECT;race"
bad 'warpsim_add_test(SOURCE reduce_clean.cu)' "warpsim_add_test(): NAME is required"
# The same file with a correct call configures (the twin of the above).
bad_ok='warpsim_add_test(NAME w SOURCE reduce_clean.cu WARP_SIZE 64 MODE run OPTIONS --seed 1)'
printf 'cmake_minimum_required(VERSION 3.20)\nproject(bad LANGUAGES NONE)\n%s\n%s\n' \
  'find_package(warpsim CONFIG REQUIRED)' "$bad_ok" >"$tmp/bad/CMakeLists.txt"
rm -rf "$tmp/bad-build"
cmake -S "$tmp/bad" -B "$tmp/bad-build" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/bad.log" 2>&1 ||
  { cat "$tmp/bad.log"; fail "a correct call did not configure: $bad_ok"; }

echo "check-package: OK: 5 tests passed and 5 failed as intended, with an install moved from $tmp/installed"
