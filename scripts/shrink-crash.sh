#!/usr/bin/env bash
# Shrinks a property-test scenario that traps the reducer to a minimal log. A trap ends the test
# process, so the property tests leave the scenario's FLAVOR:SEED in
# $TMPDIR/chat-property-failures/NAME.running before they draw it; pass it here:
#
#   scripts/shrink-crash.sh hostile:SEED
#
# It draws the scenario again in a child process that journals each event before the reducer
# sees it, shrinks the journal with the built `replay` as the judge (a candidate is kept when
# `replay run` on it dies of a signal), prints the shrunk log and writes it to
# $TMPDIR/chat-property-failures/crash.jsonl. The generators live in the property tests, so it
# runs through their test binary (PropertyTests.CrashShrinking, idle without CHAT_CRASH_SEED).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$#" -ne 1 ] || [[ "$1" != *:* ]]; then
    echo "usage: scripts/shrink-crash.sh FLAVOR:SEED   (as the .running file names it)" >&2
    exit 64
fi
CHAT_CRASH_SEED="$1" swift test --filter PropertyTests.CrashShrinking
