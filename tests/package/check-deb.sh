#!/usr/bin/env bash
# CTest package.deb: `cpack -G DEB` in the build directory (into a temporary
# directory), then the .deb's control fields and files (dpkg-deb -I, -c), and
# the warpsim it contains, unpacked, running a program with its own runtime.
#   check-deb.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-deb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-deb: FAIL: $*" >&2; exit 1; }

for tool in dpkg-shlibdeps file dpkg-deb; do
  command -v "$tool" >/dev/null || fail "$tool not found (scripts/install-deps.sh installs dpkg-dev and file)"
done
(cd "$build" && cpack -G DEB -B "$tmp/out") >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log"; fail "cpack -G DEB failed"; }
shopt -s nullglob
debs=("$tmp"/out/*.deb)
[ ${#debs[@]} -eq 1 ] || fail "expected one .deb in $tmp/out, found ${#debs[@]}"
deb=${debs[0]}
echo "package: $(basename "$deb") ($(stat -c %s "$deb") bytes)"

dpkg-deb -I "$deb" >"$tmp/info"
cat "$tmp/info"
field() { sed -nE "s/^ $1: (.*)/\1/p" "$tmp/info"; }
[ "$(field Package)" = warpsim ] || fail "Package is '$(field Package)'"
version=$("$build/sim/warpsim" --version | sed -nE '1s/^warpsim ([^ ]+) .*/\1/p')
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', warpsim says '$version'"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture '$(field Architecture)'"
depends=", $(field Depends),"
# clang++-19 compiles every simulated program, which links Boost.Context; the
# executable itself needs libLLVM and libclang-cpp (found by dpkg-shlibdeps).
for p in clang-19 "libboost-context1\.[0-9]+\.[0-9]+" "libllvm19( \([^)]*\))?" \
         "libclang-cpp19( \([^)]*\))?" "libc6( \([^)]*\))?" "libstdc\+\+6( \([^)]*\))?"; do
  grep -qE ", ?$p," <<<"$depends" || fail "Depends lacks $p: $depends"
done

# A symbolic link (warpsim-nvcc -> warpsim) is listed as "path -> target".
dpkg-deb -c "$deb" | awk '{print ($(NF-1) == "->") ? $(NF-2) : $NF}' >"$tmp/files"
for f in ./usr/bin/warpsim ./usr/bin/warpsim-nvcc ./usr/lib/warpsim/libwarpsim_rt.a ./usr/lib/warpsim/libwarpsim_checks.a ./usr/lib/warpsim/libwarpsim_sim_core.a \
         ./usr/lib/warpsim/libwarpsim_model.a ./usr/lib/warpsim/libwarpsim_cuda_errors.a \
         ./usr/share/warpsim/include/cuda_runtime.h ./usr/share/warpsim/include/warpsim/prelude.h \
         ./usr/share/warpsim/arch/sm_90.arch ./usr/lib/cmake/warpsim/warpsimConfig.cmake \
         ./usr/lib/cmake/warpsim/warpsimConfigVersion.cmake ./usr/lib/cmake/warpsim/warpsimTargets.cmake \
         ./usr/lib/cmake/warpsim/WarpsimTest.cmake ./usr/lib/cmake/warpsim/WarpsimTestCheck.cmake; do
  grep -qxF "$f" "$tmp/files" || fail "not in the package: $f"
done
if grep -vE '^\./(usr/)?$|^\./usr/(bin|lib|share)/' "$tmp/files"; then
  fail "files outside /usr/bin, /usr/lib, /usr/share (above)"
fi
headers=$(cd "$source_dir/sim/include" && find . -type f | wc -l)
packaged=$(grep -c '^\./usr/share/warpsim/include/.*[^/]$' "$tmp/files")
[ "$packaged" -eq "$headers" ] || fail "$packaged headers packaged, sim/include has $headers"

# Unpacked anywhere, the packaged warpsim runs a program with its own runtime.
dpkg-deb -x "$deb" "$tmp/root"
"$tmp/root/usr/bin/warpsim" --version |
  grep -qF "runtime: $tmp/root/usr/lib/warpsim/libwarpsim_rt.a (installed)" ||
  fail "the packaged warpsim does not use its own runtime"
set +e
"$tmp/root/usr/bin/warpsim" check "$source_dir/tests/package/project/reduce_racy.cu" \
  --check race --cache-dir "$tmp/cache" >"$tmp/run.log" 2>&1
rc=$?
set -e
cat "$tmp/run.log"
[ "$rc" -eq 3 ] || fail "warpsim check of a racy program exited $rc, not 3"
grep -q "ERROR \[race\]" "$tmp/run.log" || fail "no race reported"
echo "check-deb: OK: $(wc -l <"$tmp/files") entries, Depends: $(field Depends)"
