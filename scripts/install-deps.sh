#!/usr/bin/env bash
# Installs the Debian packages rulecheck needs to build and test (Debian 12 / bookworm).
# Checks each package with dpkg first and touches apt only for the missing ones, so on a
# machine that has them all it is quick and needs no network or root.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  libz3-dev libboost-graph-dev libabsl-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev
  spin python3 clang-format clang libclang-rt-14-dev
  chromium
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

if ((EUID == 0)); then
  as_root=()
elif command -v sudo >/dev/null; then
  as_root=(sudo)
else
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: not root and no sudo; install them as root and rerun" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-deps: missing: ${missing[*]}"
echo "install-deps: apt-get update"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
echo "install-deps: apt-get install ${missing[*]}"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends -o Dpkg::Use-Pty=0 "${missing[@]}" >/dev/null
echo "install-deps: done"
