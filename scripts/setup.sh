#!/usr/bin/env bash
# Installs the dependencies and builds rulecheck: scripts/install-deps.sh, then
# scripts/build.sh with the same environment (BUILD_DIR, SANITIZE, JOBS) and arguments
# (targets to build; none: everything).
set -euo pipefail

scripts="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$scripts/install-deps.sh"
"$scripts/build.sh" "$@"
