#!/usr/bin/env bash
# Installs the Debian packages rulecheck needs to build and test (Debian 12 / bookworm), and
# the SARIF validator the report tests use: Microsoft's `sarif-multitool` from npm (a
# self-contained .NET program that needs no .NET runtime, only ICU: libicu72), pinned, into
# build-tools/sarif (ignored by git). Checks each package with dpkg first and touches apt only
# for the missing ones, and npm only when the validator is missing, so on a machine that has
# them all it is quick and needs no network or root.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sarif_version=5.7.0
sarif_dir="$repo/build-tools/sarif"

# The validator; apt-installed nodejs and npm must be there first.
install_sarif_multitool() {
  local tool="$sarif_dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
  if [[ -x "$tool" ]] && grep -q "\"version\": \"$sarif_version\"" \
      "$sarif_dir/node_modules/@microsoft/sarif-multitool/package.json" 2>/dev/null; then
    echo "install-deps: sarif-multitool $sarif_version already installed"
    return
  fi
  echo "install-deps: npm install @microsoft/sarif-multitool@$sarif_version into $sarif_dir"
  mkdir -p "$sarif_dir"
  npm install --prefix "$sarif_dir" --no-audit --no-fund --no-save \
    "@microsoft/sarif-multitool@$sarif_version" >/dev/null
  # The package's postinstall only makes the program executable; npm may skip install scripts.
  chmod u+x "$tool"
}

packages=(
  g++ cmake ninja-build pkg-config
  libz3-dev libboost-graph-dev libabsl-dev libgmp-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev
  spin python3 clang-format clang libclang-rt-14-dev
  chromium nodejs python3-junitparser libicu72
)
# Debian's nodejs comes without npm; NodeSource's nodejs package holds it (and conflicts with
# Debian's npm package), so npm is asked for only when there is no npm command.
if ! command -v npm >/dev/null; then packages+=(npm); fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages already installed"
  install_sarif_multitool
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
install_sarif_multitool
echo "install-deps: done"
