#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need on a fresh
# Debian machine (redis-server for the shared-store tests), then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
if ((${#missing[@]})); then
  echo "installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

npm ci --no-audit --no-fund
npm test
