#!/usr/bin/env bash
# Builds the DocC archives of ChatEvents, ChatLogFormat, ChatReducer, ChatReplay, ChatScrollDriver, ChatScrollSimulator,
# ChatScrollSwiftUI and ChatScrollUIKit with the toolchain's own `docc`, without the DocC plugin (and so without
# network access), and fails on any documentation warning.
#
#   scripts/build-docs.sh [OUTPUT_FOLDER]     # default: .build/docs
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-.build/docs}"
scratch=".build-docs"
graphs="$scratch/symbol-graphs"
# A fresh build each time: an incremental one does not emit the graphs of unchanged modules.
rm -rf "$scratch" && mkdir -p "$graphs"
# ChatScrollSimulator depends on the others but ChatReplay, so three builds emit every module's public symbols.
for target in ChatScrollSimulator ChatScrollUIKit ChatReplay; do
    # (DOCUMENTATION: the adapters do not re-export the stand-ins; see ChatScrollUIKit/UIKit.swift.)
    swift build --scratch-path "$scratch" --target "$target" -Xswiftc -DDOCUMENTATION \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
done
mkdir -p "$output"
status=0
for module in ChatEvents ChatLogFormat ChatReducer ChatReplay ChatScrollDriver ChatScrollSimulator ChatScrollSwiftUI ChatScrollUIKit; do
    input="$(mktemp -d)"
    cp "$graphs/$module.symbols.json" "$input/"
    cp "$graphs/$module"@*.symbols.json "$input/" 2>/dev/null || true
    log="$(mktemp)"
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$input" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --output-path "$output/$module.doccarchive" >"$log" 2>&1 || status=1
    warnings="$(grep -c -E 'warning:|error:' "$log" || true)"
    echo "$module: $warnings warnings -> $output/$module.doccarchive"
    if [ "$warnings" != "0" ]; then
        cat "$log"
        status=1
    fi
    rm -rf "$input" "$log"
done
exit "$status"
