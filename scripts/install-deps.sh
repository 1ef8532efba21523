#!/usr/bin/env bash
# Installs warpsim's build dependencies from Debian's packages (Debian 12+).
# --test: also what only the tests need (see test_pkgs); the build never needs it.
set -euo pipefail
pkgs=(clang-19 lld-19 llvm-19-dev libclang-19-dev libboost-fiber-dev libboost-context-dev
      libtbb-dev doctest-dev cmake ninja-build libcub-dev libthrust-dev libopenblas-dev)
# chromium and a font (so the screenshot shows text): tests/html; dpkg-dev and
# file: the .deb test (cpack finds library dependencies with dpkg-shlibdeps);
# parallel (GNU parallel): the explore scale-out test (tests/explore).
test_pkgs=(chromium fonts-dejavu-core dpkg-dev file parallel)
[ "${1:-}" = --test ] && pkgs+=("${test_pkgs[@]}")
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#pkgs[@]} packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
