#!/usr/bin/env bash
# Builds a libFuzzer target and fuzzes it.
#
# Targets:
#   log     Fuzz/FuzzLog.swift: ChatLogLine(decoding:) and the reducer's invariants (default)
#   replay  Fuzz/FuzzReplay.swift: ChatLogReader, strict and skipping, and replay run's output
#
# Usage:
#   Fuzz/run.sh [--target T] [SECONDS] [-- LIBFUZZER_OPTION...]  build, then fuzz for SECONDS
#                                                                (default 60)
#   Fuzz/run.sh [--target T] --build-only                        build Fuzz/out/fuzz-T and stop
#   Fuzz/run.sh [--target T] --reproduce FILE...                 build, then run once on each FILE
#
# Environment:
#   SWIFTC     the compiler (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc)
#   SANITIZERS sanitizers besides fuzzer, comma-separated (default: address; "" for none)
#   MAX_LEN    the longest input libFuzzer generates, in bytes (default 4096)
#
# Everything generated goes to Fuzz/out/ (ignored by git):
#   Fuzz/out/src/         the copy of Sources/ and Fuzz/*.swift the fuzzer is built from
#   Fuzz/out/fuzz-T       the fuzzer
#   Fuzz/out/T/corpus/    the working corpus, seeded from Fuzz/corpus/ on every run
#   Fuzz/out/T/crashes/   crash-*, timeout-*, oom-* inputs, one file each
#   Fuzz/out/T/fuzz.log   the output of the last run
#
# Any crash is a bug: reproduce it with --reproduce, then make it a regression test
# (a file under Tests/Malformed or a unit test).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/Fuzz/out"
target=log
seconds=60
mode=fuzz
files=()
extra=()

while (($#)); do
    case "$1" in
        --target) target="${2:-}"; shift 2 ;;
        --build-only) mode=build; shift ;;
        --reproduce) mode=reproduce; shift; files=("$@"); break ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *[!0-9]*|'') echo "run.sh: not a number of seconds: $1" >&2; exit 64 ;;
        *) seconds="$1"; shift ;;
    esac
done
case "$target" in
    log|replay) ;;
    *) echo "run.sh: unknown target '$target' (log or replay)" >&2; exit 64 ;;
esac

swiftc="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
more_sanitizers="${SANITIZERS-address}"
sanitizers="fuzzer${more_sanitizers:+,$more_sanitizers}"
flags=(-parse-as-library -O -g -sanitize="$sanitizers" -package-name ChatScroll)
work="$out/$target"
mkdir -p "$out/module" "$work/corpus" "$work/crashes"

# Each library of the package is compiled as its own module, with the package's name, so
# `package` declarations are visible across them; the fuzz target joins the last module
# (ChatReducer for log, ChatReplay for replay) and sees its internals too.
library() {
    local name="$1"
    shift
    "$swiftc" "${flags[@]}" -module-name "$name" -I "$out/module" \
        -emit-module -emit-module-path "$out/module/$name.swiftmodule" \
        -emit-library -static -o "$out/lib$name.a" "$@"
}

# Build from a copy of the sources, so that edits made during the build do not break it.
src="$out/src"
rm -rf "$src"
mkdir -p "$src"
for module in ChatScrollUtilities ChatPlatform ChatJSON ChatEvents ChatLogFormat ChatReducer ChatReplay; do
    cp -R "$root/Sources/$module" "$src/"
done
cp "$root"/Fuzz/*.swift "$src/"

echo "building $out/fuzz-$target (-sanitize=$sanitizers)" >&2
library ChatScrollUtilities "$src"/ChatScrollUtilities/*.swift
library ChatJSON "$src"/ChatJSON/*.swift
library ChatEvents "$src"/ChatEvents/*.swift
library ChatLogFormat "$src"/ChatLogFormat/*.swift
case "$target" in
    log)
        "$swiftc" "${flags[@]}" -use-ld=lld -module-name FuzzLog -I "$out/module" -L "$out" \
            -lChatLogFormat -lChatEvents -lChatJSON -lChatScrollUtilities "$src"/ChatReducer/*.swift "$src/FuzzLog.swift" -o "$out/fuzz-log"
        ;;
    replay)
        library ChatReducer "$src"/ChatReducer/*.swift
        library ChatPlatform "$src"/ChatPlatform/*.swift
        "$swiftc" "${flags[@]}" -use-ld=lld -module-name FuzzReplay -I "$out/module" -L "$out" \
            -lChatReducer -lChatPlatform -lChatLogFormat -lChatEvents -lChatJSON -lChatScrollUtilities \
            "$src"/ChatReplay/*.swift "$src/FuzzReplay.swift" -o "$out/fuzz-replay"
        ;;
esac

# libFuzzer reports a crash itself; the Swift runtime's backtracer would only race it.
export SWIFT_BACKTRACE=enable=no

case "$mode" in
    build) exit 0 ;;
    reproduce) exec "$out/fuzz-$target" -runs=1 "${files[@]}" ;;
esac

cp -n "$root"/Fuzz/corpus/* "$work/corpus/" 2>/dev/null || true
echo "fuzzing $target for ${seconds}s; corpus $work/corpus ($(ls "$work/corpus" | wc -l) files)" >&2
cd "$work"
set +e
"$out/fuzz-$target" \
    -max_total_time="$seconds" \
    -max_len="${MAX_LEN:-4096}" \
    -timeout=10 \
    -rss_limit_mb=4096 \
    -dict="$root/Fuzz/chatlog.dict" \
    -artifact_prefix="$work/crashes/" \
    -print_final_stats=1 \
    "${extra[@]}" \
    "$work/corpus" 2>&1 | tee "$work/fuzz.log"
status=${PIPESTATUS[0]}
set -e
echo "corpus: $(ls "$work/corpus" | wc -l) files; crashes: $(ls "$work/crashes" | wc -l) files in $work/crashes" >&2
exit "$status"
