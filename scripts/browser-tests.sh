#!/usr/bin/env bash
# The replay player's tests in a real, headless Chromium (Tests/Browser/player_test.py): installs
# Debian's chromium and the playwright Python package when they are missing (playwright drives
# the system's Chromium; it downloads no browser), builds `replay`, and writes screenshots of a
# few steps to .build/browser-artifacts.
#
#   scripts/browser-tests.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium > /dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
fi
if ! python3 -c "import playwright" 2> /dev/null; then
    python3 -m pip install --quiet playwright
fi
swift build --product replay
CHROMIUM="$(command -v chromium)" python3 Tests/Browser/player_test.py .build/debug/replay .build/browser-artifacts
