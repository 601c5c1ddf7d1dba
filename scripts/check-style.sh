#!/usr/bin/env bash
# Checks the house style: `swift format lint` with the repository's .swift-format passes, and no
# Swift line of the package (sources, tests, fuzzers, benchmarks, the client example) is longer than
# 120 columns (swift-format cannot break a comment or a string literal, so this catches what it
# leaves; a long literal is written as a multi-line one with `\` at the ends of its lines).
#
#   scripts/check-style.sh      # `swift format format --in-place --recursive PATHS` fixes most of it
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Sources Tests Fuzz/FuzzLog.swift Fuzz/FuzzReplay.swift Benchmarks Package.swift Examples/Client)
swift format lint --strict --recursive --parallel "${paths[@]}"

long="$(find Sources Tests Fuzz Benchmarks Examples/Client Package.swift -name '*.swift' -not -path 'Fuzz/out/*' \
    -not -path '*/.build*' -print0 | LC_ALL=C.UTF-8 xargs -0 grep -nH '.\{121,\}' || true)"
if [ -n "$long" ]; then
    echo "$long"
    echo "error: lines over 120 columns" >&2
    exit 1
fi
echo "style: swift format lint passes; no Swift line over 120 columns"
