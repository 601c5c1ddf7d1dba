#!/usr/bin/env bash
# Checks that an app embedding the reducer and the driver links no JSON, log-format or Foundation
# code: the modules ChatScrollDriver depends on, transitively, are ChatEvents, ChatReducer and
# ChatScrollUtilities only, and their built object files refer to no symbol of ChatJSON,
# ChatLogFormat or Foundation. The UIKit adapter, ChatScrollUIKit, adds UIKit (which brings
# Foundation) to them; here, without UIKit, the stand-in UIKitStandIn instead. The SwiftUI adapter,
# ChatScrollSwiftUI, adds SwiftUI and the UIKit adapter's hooks (SwiftUIStandIn here), and
# Observation.
#
#   scripts/check-layers.sh        # after `swift build`; exits non-zero on a violation
set -euo pipefail
cd "$(dirname "$0")/.."

swift package describe --type json | python3 -c '
import json, sys
targets = {t["name"]: t.get("target_dependencies") or [] for t in json.load(sys.stdin)["targets"]}
def closure(name):
    seen, todo = set(), [name]
    while todo:
        for dependency in targets[todo.pop()]:
            if dependency not in seen:
                seen.add(dependency)
                todo.append(dependency)
    return seen
expected = {
    "ChatEvents": set(),
    "ChatScrollUtilities": set(),
    "ChatReducer": {"ChatEvents", "ChatScrollUtilities"},
    "ChatScrollDriver": {"ChatEvents", "ChatReducer", "ChatScrollUtilities"},
    # With UIKit, the stand-in is not a dependency; UIKit itself is imported by the sources.
    "ChatScrollUIKit": {"ChatEvents", "ChatReducer", "ChatScrollDriver", "ChatScrollUtilities", "UIKitStandIn"},
    "UIKitStandIn": set(),
    "ChatScrollSwiftUI": {
        "ChatEvents", "ChatReducer", "ChatScrollDriver", "ChatScrollUIKit", "ChatScrollUtilities", "SwiftUIStandIn",
        "UIKitStandIn",
    },
    "SwiftUIStandIn": {"UIKitStandIn"},
}
status = 0
for name, allowed in expected.items():
    found = closure(name)
    print(name, "depends on:", ", ".join(sorted(found)) or "nothing")
    if found != allowed:
        print(f"error: {name} should depend on {sorted(allowed)} only", file=sys.stderr)
        status = 1
sys.exit(status)
'

status=0
for module in ChatEvents ChatScrollUtilities ChatReducer ChatScrollDriver ChatScrollUIKit UIKitStandIn ChatScrollSwiftUI \
    SwiftUIStandIn; do
    if grep -rlE --include="*.swift" "^\s*import (Foundation|FoundationEssentials|Glibc|Darwin|ChatJSON|ChatLogFormat)\b" "Sources/$module"; then
        echo "error: $module imports more than the standard library and its layers" >&2
        status=1
    fi
    # The objects of the module's current sources (a stale object of a moved file is not linked).
    for source in Sources/"$module"/*.swift; do
        object=".build/debug/$module.build/$(basename "$source").o"
        if [ ! -f "$object" ]; then
            echo "error: $object is missing; run swift build first" >&2
            exit 1
        fi
        # Demangled, since a mangled name may spell a module by substitution.
        if nm "$object" | swift demangle | grep -qE '\b(ChatJSON|ChatLogFormat|Foundation|FoundationEssentials)\b'; then
            echo "error: $object refers to JSON, log-format or Foundation code" >&2
            status=1
        fi
    done
done
[ "$status" = 0 ] && echo "ChatEvents, ChatScrollUtilities, ChatReducer and ChatScrollDriver link no JSON, log-format or \
Foundation code; ChatScrollUIKit and ChatScrollSwiftUI link them and, where UIKit is absent, the stand-ins only"

# The operating system is asked in one file only.
if grep -rlE --include="*.swift" "^\s*import (Foundation|FoundationEssentials|Dispatch|Glibc|Musl|Darwin)\b" Sources \
    | grep -v '^Sources/ChatPlatform/Platform.swift$'; then
    echo "error: only Sources/ChatPlatform/Platform.swift may import Foundation, Dispatch or the C library" >&2
    status=1
else
    echo "only ChatPlatform/Platform.swift imports Foundation, Dispatch or the C library"
fi

# As an app embeds them: Examples/Client builds two programs, a UIKit screen and three SwiftUI screens
# against the products.
# DriverOnly (the reducer and the driver) must hold no symbol of the other modules; BugReport (with
# the log format) must link on its own, without Foundation, and export a log; UIKitMessenger (the
# adapter) compiles here against the stand-in of UIKit.
(cd Examples/Client && swift build >/dev/null)
client="Examples/Client/.build/debug"
"$client/DriverOnly"
found="$(nm "$client/DriverOnly" | swift demangle \
    | grep -E '\b(ChatJSON|ChatLogFormat|ChatPlatform|ChatReplay|Foundation|FoundationEssentials)\.' || true)"
if [ -n "$found" ]; then
    printf "%s\n" "$found" | head -5 || true
    echo "error: an app with the reducer and the driver links JSON, log-format, tool or Foundation code" >&2
    status=1
fi
"$client/BugReport" | head -1 | grep -q '"chatlog":1' || { echo "error: BugReport exported no log" >&2; status=1; }
[ "$status" = 0 ] && echo "Examples/Client: DriverOnly links only the values, the reducer and the driver; BugReport \
exports a log; UIKitMessenger and the SwiftUI screens compile"
exit "$status"
