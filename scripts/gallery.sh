#!/usr/bin/env bash
# Builds docs/gallery.md and its pictures: the replay player (`replay render --player`) on each
# shipped example, at a step that shows what the example is about, screenshot by headless
# Chromium. Needs Debian's chromium (scripts/browser-tests.sh installs it).
#
#   scripts/gallery.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product replay
replay=.build/debug/replay
work="$(mktemp -d)"
chromium="$(command -v chromium)"

# name, step, what it shows
shots=(
    "messaging 46|detached above the keyboard: three messages arrived below, counted on the jump-to-latest button"
    "messenger 40|a reply's quote tapped: the list jumped into history that was not loaded, and reads there"
    "question-answer 30|layout top: the question stays pinned under the navigation bar while the answer streams below it"
    "typing-indicators 10|following: the typing indicator shows in the room kept for it (footerReserve 44), and nothing moves"
    "typing-indicators 63|reading above while the other side types: a message arrived below the screen, counted on the button"
)

{
    echo "# Gallery"
    echo
    echo "The replay player on the shipped examples: \`replay render LOG --player OUT.html\` makes one"
    echo "page per log, which plays the log back on a phone-shaped screen. Each picture is a step of it,"
    echo "made by \`scripts/gallery.sh\` (headless Chromium); [render.md](render.md) says how to read it."
} > docs/gallery.md

# Screenshots `page` at `step`, `width` wide and scaled by `scale`, into docs/gallery/`png`, and
# adds it to the gallery under `heading` with `caption` and `alt`.
shoot() {
    local page="$1" step="$2" width="$3" scale="$4" png="$5" heading="$6" caption="$7" alt="$8"
    "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$width,940" \
        --virtual-time-budget=5000 --screenshot="docs/gallery/$png" "file://$page?scale=$scale#step=$step" 2> /dev/null
    printf '\n%s\n\n%s.\n\n![%s](gallery/%s)\n' "$heading" "${caption^}" "$alt" "$png" >> docs/gallery.md
}

for shot in "${shots[@]}"; do
    spec="${shot%%|*}"
    name="${spec% *}"
    step="${spec#* }"
    "$replay" render "Examples/$name.jsonl" --player "$work/$name.html"
    shoot "$work/$name.html" "$step" 1280 0.95 "$name-$step.png" "## \`$name.jsonl\`, step $step" "${shot#*|}" \
        "$name.jsonl at step $step"
done
{
    echo
    echo "## Simulated sessions"
    echo
    echo "\`replay simulate --frames NAME --policy BASELINE --player OUT.html\` plays a simulated session"
    echo "frame by frame at 120 Hz, the package's driver on the left and the hand-written approach on the"
    echo "right; the red ticks on the scrubber are the frames that violate a check, and the row a check"
    echo "names is outlined ([simulation.md](simulation.md) describes the checks)."
} >> docs/gallery.md

# session, policy, frame, what it shows
sessions=(
    "spinner-while-reading-history baseline-typing-indicator-row 55|a fling through older history as the spinner shows above the oldest message: the driver keeps the rows where the fling carries them; in the baseline m21, outlined, moves 7 points farther than the fling carries it, which check b catches"
    "typing-indicators baseline-typing-indicator-row 61|the typing indicator shows while the list follows: the driver shows it in the room \`footerReserve\` keeps, moving nothing; the baseline adds it as a row below the screen and has not scrolled to it yet, so check c counts 36 points of new content below the screen"
)
for shot in "${sessions[@]}"; do
    read -r name policy frame <<< "${shot%%|*}"
    "$replay" simulate --sessions 0 --frames "$name" --policy "$policy" --player "$work/$name.html"
    shoot "$work/$name.html" "$frame" 1400 0.9 "$name-$frame.png" "### \`$name\`, frame $frame" "${shot#*|}" \
        "$name at frame $frame, the driver beside $policy"
done
rm -rf "$work"
echo "wrote docs/gallery.md and docs/gallery/"
