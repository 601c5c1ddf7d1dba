#!/usr/bin/env bash
# The replay player's tests in a real, headless Chromium (Tests/Browser/player_test.py): builds
# `replay` and writes screenshots of a few steps to .build/browser-artifacts. Needs Debian's
# chromium and the playwright Python package: scripts/install-browser.sh installs them.
#
#   scripts/browser-tests.sh
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-browser.sh --check
swift build --product replay
CHROMIUM="$(command -v chromium)" python3 Tests/Browser/player_test.py .build/debug/replay .build/browser-artifacts
