#!/usr/bin/env bash
# Checks the house style: `swift format lint` with the repository's .swift-format passes, and no
# line of Sources/, Fuzz/ or Package.swift is longer than 120 columns (swift-format cannot break
# a comment or a string literal, so this catches what it leaves).
#
#   scripts/check-style.sh      # `swift format format --in-place --recursive PATHS` fixes most of it
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Sources Tests Fuzz/FuzzLog.swift Fuzz/FuzzReplay.swift Benchmarks Package.swift Examples/Client)
swift format lint --strict --recursive --parallel "${paths[@]}"

long="$(find Sources Fuzz -name '*.swift' -not -path 'Fuzz/out/*' -print0 | xargs -0 awk 'length > 120 { print FILENAME ":" FNR ": " length " columns" }')"
long+="$(awk 'length > 120 { print FILENAME ":" FNR ": " length " columns" }' Package.swift)"
if [ -n "$long" ]; then
    echo "$long"
    echo "error: lines over 120 columns" >&2
    exit 1
fi
echo "style: swift format lint passes; no line of Sources, Fuzz or Package.swift over 120 columns"
