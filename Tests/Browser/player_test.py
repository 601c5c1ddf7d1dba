"""The replay player (`replay render LOG --player OUT.html`) in a real, headless Chromium.

Run by scripts/browser-tests.sh, which installs what it needs. Every expectation comes from
outside the page: the offsets, the keyboard and the button from `replay run --format jsonl`,
the rows' heights and order from the log's own events, the insets from its viewportChanged.

    python3 Tests/Browser/player_test.py REPLAY_BINARY ARTIFACT_DIR
"""

import json
import os
import random
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

REPLAY, ARTIFACTS = sys.argv[1], sys.argv[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
EXAMPLES = ["Examples/messaging.jsonl", "Examples/messenger.jsonl", "Examples/question-answer.jsonl",
            "Examples/typing-indicators.jsonl"]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("  FAIL " + what)


def replay(*arguments):
    return subprocess.run([REPLAY, *arguments], check=True, capture_output=True, text=True).stdout


def player(log, folder):
    out = os.path.join(folder, os.path.basename(log).replace(".jsonl", ".html"))
    replay("render", log, "--player", out)
    return out


def events(log):
    with open(log) as file:
        lines = [json.loads(line) for line in file if line.strip()]
    return [line for line in lines if "type" in line]


def geometry(log):
    """For each step (1-based, as the player's), the loaded rows in order as [id, height] and
    the viewport, folded from the log's events alone."""
    rows, viewport = [], [844, 0, 0]
    result = [([], viewport)]
    for event in events(log):
        kind = event["type"]
        loaded = {row[0] for row in rows}
        # (Messages whose id is loaded already are skipped, specification §4.)
        fresh = lambda: [[m["id"], max(0, m["height"])] for m in event["messages"] if m["id"] not in loaded]
        if kind == "viewportChanged":
            viewport = [event["height"], event["insetTop"], event["insetBottom"]]
        elif kind == "windowLoaded":
            loaded = set()
            rows = fresh()
        elif kind == "historyLoaded" or kind == "newerLoaded":
            rows = rows + fresh()
        elif kind == "olderLoaded":
            rows = fresh() + rows
        elif kind == "messageAppended" and event["id"] not in loaded:
            rows = rows + [[event["id"], max(0, event["height"])]]
        elif kind == "messageRemoved":
            rows = [row for row in rows if row[0] != event["id"]]
        elif kind == "messageConfirmed" and event.get("newID"):
            rows = [[event["newID"], h] if i == event["id"] else [i, h] for i, h in rows]
        elif kind == "itemMeasured":
            rows = [[i, max(0, event["height"])] if i == event["id"] else [i, h] for i, h in rows]
        elif kind == "tokensAppended":
            def grown(i, h):
                if i != event["id"]:
                    return [i, h]
                if event.get("height") is not None:
                    return [i, max(0, event["height"])]
                return [i, max(0, h + (event.get("heightDelta") or 0))]
            rows = [grown(i, h) for i, h in rows]
        result.append(([list(row) for row in rows], viewport))
    return result


def states(log):
    return [None] + [json.loads(line) for line in replay("run", log, "--format", "jsonl").splitlines()]


def open_page(browser, path, fragment="", query="?scale=1", height=1000):
    page = browser.new_page(viewport={"width": 1280, "height": height})
    errors, requests = [], []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto("file://" + path + query + fragment)
    page.wait_for_function("window.player && window.player.count > 0", timeout=20000)
    page.evaluate("window.player.ready")
    return page, errors, requests


def drawn(page):
    return page.evaluate("""() => {
        const lane = document.querySelector('.lane');
        const phone = lane.querySelector('.phone').getBoundingClientRect();
        const rect = (el) => { const r = el.getBoundingClientRect(); return [r.top - phone.top, r.height]; };
        const jump = lane.querySelector('.jump');
        return {
            rows: Array.from(lane.querySelectorAll('.row')).map(el => [el.dataset.id, ...rect(el)]),
            classes: Object.fromEntries(Array.from(lane.querySelectorAll('.row')).map(el => [el.dataset.id,
                ['in', 'out', 'system', 'animating', 'highlighted'].filter(c => el.classList.contains(c))
                    .concat(el.querySelector('.divider') ? ['divider'] : [])])),
            inputbar: rect(lane.querySelector('.inputbar')),
            header: Array.from(lane.querySelectorAll('.header-row')).map(rect),
            footer: Array.from(lane.querySelectorAll('.footer-row')).map(rect),
            waiting: lane.querySelector('.waiting')?.textContent ?? null,
            keyboard: rect(lane.querySelector('.keyboard')),
            navbar: rect(lane.querySelector('.navbar')),
            jump: getComputedStyle(jump).display !== 'none',
            badge: jump.firstElementChild.textContent,
            phone: [phone.height],
        };
    }""")


def check_step(page, log, n, folded, state, label):
    page.evaluate(f"window.player.show({n})")
    seen = drawn(page)
    rows, (height, inset_top, inset_bottom) = folded
    offset = state["offset"] or 0
    header = state["headerHeight"]
    tops, y = {}, header
    for row_id, row_height in rows:
        tops[row_id] = (y, row_height)
        y += row_height
    check(abs(seen["phone"][0] - height) <= 0.5, f"{label}: the phone is {seen['phone'][0]} tall, not {height}")
    check(abs(seen["navbar"][1] - inset_top) <= 0.5 or inset_top == 0 and seen["navbar"][1] == 0,
          f"{label}: the navigation bar is not the top inset")
    keyboard = state["keyboardHeight"]
    check(abs(seen["keyboard"][1] - keyboard) <= 0.5, f"{label}: the keyboard is not its height")
    if keyboard > 0:
        check(abs(seen["keyboard"][0] - (height - keyboard)) <= 0.5, f"{label}: the keyboard is not at the bottom")
    check(inset_bottom == 0 and seen["inputbar"][1] == 0
          or abs(seen["inputbar"][0] - (height - inset_bottom - keyboard)) <= 0.5
          and abs(seen["inputbar"][1] - inset_bottom) <= 0.5, f"{label}: the input bar is not on the keyboard")
    check(len(seen["rows"]) > 0 or not rows or state["offset"] is None, f"{label}: no row drawn")
    for row_id, top, row_height in seen["rows"]:
        if row_id not in tops:
            check(False, f"{label}: {row_id} is drawn but not loaded")
            continue
        want_top, want_height = tops[row_id]
        screen = inset_top + want_top - offset
        check(abs(top - screen) <= 0.5 and abs(row_height - want_height) <= 0.5,
              f"{label}: {row_id} drawn at {top:.2f} × {row_height:.2f}, not {screen:.2f} × {want_height:.2f}")
    # Every row that overlaps the visible window is drawn.
    visible = [row_id for row_id, (top, h) in tops.items()
               if top < offset + state["visibleHeight"] and top + h > offset and h > 0]
    drawn_ids = {row[0] for row in seen["rows"]}
    check(all(row_id in drawn_ids for row_id in visible), f"{label}: a visible row is not drawn")
    check(seen["jump"] == state["showJumpToLatest"], f"{label}: the jump button shows {seen['jump']}")
    if state["showJumpToLatest"]:
        want = str(state["unreadCount"]) if state["unreadCount"] > 0 else ""
        check(seen["badge"] == want, f"{label}: the badge says {seen['badge']!r}, not {want!r}")
    if header > 0:
        check(len(seen["header"]) == 1 and abs(seen["header"][0][0] - (inset_top - offset)) <= 0.5,
              f"{label}: the header is not drawn at the content's top")
    if state["footerHeight"] > 0:
        footer_top = inset_top + y - offset
        check(len(seen["footer"]) == 1 and abs(seen["footer"][0][0] - footer_top) <= 0.5
              and abs(seen["footer"][0][1] - state["footerHeight"]) <= 0.5,
              f"{label}: the footer is not drawn below the last row")
    else:
        check(not seen["footer"], f"{label}: a footer is drawn")
    # A restore that waits for the messages (specification §13) says where the screen will open.
    restore = state.get("pendingRestore")
    want_waiting = f"opens at {restore['anchorID']}…" if restore and state["messageCount"] == 0 else None
    check(seen["waiting"] == want_waiting, f"{label}: the waiting label says {seen['waiting']!r}, not {want_waiting!r}")
    directions = {row_id: kind for row_id, kind in directions_of(log).items()}
    for row_id, classes in seen["classes"].items():
        want = {directions.get(row_id, "in")}
        if row_id in state["animating"]:
            want.add("animating")
        if row_id == state["highlightedID"]:
            want.add("highlighted")
        if row_id == state["unreadDividerID"]:
            want.add("divider")
        check(set(classes) == want, f"{label}: {row_id} is drawn as {sorted(classes)}, not {sorted(want)}")
    return seen


def directions_of(log):
    """Each message's direction as the page names it, from the log's events."""
    names = {"incoming": "in", "outgoing": "out", "system": "system"}
    found = {}
    for event in events(log):
        for message in event.get("messages", []) + ([event] if event["type"] == "messageAppended" else []):
            found[message["id"]] = names[message["direction"]]
        if event["type"] == "messageConfirmed" and event.get("newID") and event["id"] in found:
            found[event["newID"]] = found[event["id"]]
    return found


def main():
    os.makedirs(ARTIFACTS, exist_ok=True)
    folder = tempfile.mkdtemp()
    figures = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for log in EXAMPLES:
            name = os.path.basename(log)
            print(name)
            path = player(log, folder)
            folded, all_states = geometry(log), states(log)
            count = len(all_states)
            page, errors, requests = open_page(browser, path)
            check(page.evaluate("window.player.count") == count, f"{name}: the page has not {count} steps")
            for n in sorted(set([1, 2, 3, count // 4, count // 2, 3 * count // 4, count - 1] +
                                random.Random(name).sample(range(1, count), min(12, count - 1)))):
                check_step(page, log, n, folded[n], all_states[n], f"{name} step {n}")
            for n in [2, count // 2, count - 1]:
                page.evaluate(f"window.player.show({n})")
                page.screenshot(path=os.path.join(ARTIFACTS, f"{name[:-6]}-step-{n}.png"))
            # Keys, the scrubber and the link.
            page.evaluate("window.player.show(5)")
            page.keyboard.press("ArrowRight")
            check(page.evaluate("window.player.step") == 6, f"{name}: → does not go to step 6")
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowLeft")
            check(page.evaluate("window.player.step") == 4, f"{name}: ← does not go back to step 4")
            page.keyboard.press("End")
            check(page.evaluate("window.player.step") == count - 1, f"{name}: End does not go to the last step")
            check(page.evaluate("location.hash") == f"#step={count - 1}", f"{name}: the link does not follow")
            box = page.locator("#scrub").bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 10)
            want = int(box["width"] / 2 / box["width"] * count)
            check(abs(page.evaluate("window.player.step") - want) <= 1, f"{name}: the scrubber's middle is not step {want}")
            check(not errors, f"{name}: console errors {errors[:3]}")
            check(all(url.startswith("file://") for url in requests), f"{name}: network requests {requests[:3]}")
            page.close()
            # A deep link opens at its step.
            page, errors, _ = open_page(browser, path, fragment=f"#step={count // 2}")
            check(page.evaluate("window.player.step") == count // 2, f"{name}: #step={count // 2} does not open there")
            page.close()

        # A restore that waits for its history, step by step.
        waits = "Tests/Golden/open-restore-waits-for-the-history.jsonl"
        path = player(waits, folder)
        folded, all_states = geometry(waits), states(waits)
        page, errors, _ = open_page(browser, path)
        for n in range(1, len(all_states)):
            check_step(page, waits, n, folded[n], all_states[n], f"{os.path.basename(waits)} step {n}")
        check(not errors, f"{waits}: console errors {errors[:3]}")
        page.close()

        # A generated log past two keyframes, visited out of order: every key of the state and
        # every row, whatever step came before.
        gen = os.path.join(folder, "gen.jsonl")
        with open(gen, "w") as file:
            file.write(replay("generate", "--events", "1600", "--seed", "3"))
        path = player(gen, folder)
        folded, all_states = geometry(gen), states(gen)
        page, errors, _ = open_page(browser, path)
        order = [499, 500, 1001, 1, 999, 1000, 501, 1500, 498, 1499, 2] + random.Random(3).sample(range(1, 1601), 15)
        for n in order:
            check_step(page, gen, n, folded[n], all_states[n], f"generated step {n}")
            check(page.evaluate("window.player.state") == all_states[n], f"generated step {n}: the state differs")
        check(not errors, f"generated: console errors {errors[:3]}")
        page.close()

        # Play advances by the log's own times.
        log = "Examples/messenger.jsonl"
        path = player(log, folder)
        page, errors, _ = open_page(browser, path, fragment="#step=1")
        times = page.evaluate("Array.from({length: window.player.count}, (_, i) => i)")
        stamps = [None] + [e.get("t") for e in events(log)]
        page.evaluate("document.getElementById('speed').value = '1'")
        started = time.monotonic()
        page.evaluate("window.player.play()")
        page.wait_for_timeout(1500)
        reached = page.evaluate("window.player.step")
        page.evaluate("window.player.stop()")
        elapsed = time.monotonic() - started
        expected = max(i for i in range(1, len(stamps)) if stamps[i] is not None and stamps[i] - stamps[1] <= elapsed)
        check(abs(reached - expected) <= 3 or stamps[reached] is not None and abs(stamps[reached] - stamps[1] - 1.5) < 0.3,
              f"play reached step {reached} after {elapsed:.2f} s, the log's times say about {expected}")
        # Going back while it plays: play goes on from there.
        page.evaluate("window.player.play()")
        page.wait_for_timeout(300)
        page.evaluate("window.player.show(2)")
        page.wait_for_timeout(300)
        at = page.evaluate("window.player.step")
        page.evaluate("window.player.stop()")
        check(2 <= at < reached, f"play went on from step {at}, not from the step shown (2)")
        page.close()
        # A log whose times start late: play from step 0 starts at the first event's time.
        shifted = os.path.join(folder, "shifted.jsonl")
        with open(log) as source, open(shifted, "w") as out:
            for line in source:
                line = json.loads(line)
                if "t" in line:
                    line["t"] += 1000
                out.write(json.dumps(line) + "\n")
        page, errors, _ = open_page(browser, player(shifted, folder), fragment="#step=0")
        page.evaluate("window.player.play()")
        page.wait_for_timeout(1500)
        late = page.evaluate("window.player.step")
        page.evaluate("window.player.stop()")
        check(late >= 3, f"play from step 0 of a log whose times start at 1000 s reached only step {late}")
        page.close()

        # A simulated session: the driver beside a baseline, frame by frame, violations marked.
        sim = os.path.join(folder, "sim.html")
        session, baseline = "spinner-while-reading-history", "baseline-typing-indicator-row"
        replay("simulate", "--sessions", "0", "--frames", session, "--policy", baseline, "--player", sim)
        drawn_frames = {}
        for policy in ["driver", baseline]:
            text = replay("simulate", "--sessions", "0", "--frames", session, "--policy", policy)
            frames, current = [], None
            for line in text.splitlines():
                if line.startswith("frame "):
                    head, _, rest = line.partition(": ")
                    rows = [part.rsplit("@", 1) for part in rest.split("  <-")[0].split() if "@" in part]
                    current = {"rows": {i: float(y) for i, y in rows}, "violates": []}
                    frames.append(current)
                elif line.startswith("  violates "):
                    current["violates"].append(line[len("  violates "):])
            drawn_frames[policy] = frames
        page, errors, requests = open_page(browser, sim)
        check(page.evaluate("[window.player.lanes, window.player.count]") == [2, len(drawn_frames["driver"])],
              "sim: two lanes, a step per frame")
        bad = [i for i, f in enumerate(drawn_frames[baseline]) if any(v.startswith("reading-stays-put: ") for v in f["violates"])]
        for n in [10, len(drawn_frames["driver"]) // 2] + bad[:3]:
            page.evaluate(f"window.player.show({n})")
            lanes = page.evaluate("""() => Array.from(document.querySelectorAll('.lane')).map(lane => {
                const phone = lane.querySelector('.phone').getBoundingClientRect();
                const top = lane.querySelector('.navbar').getBoundingClientRect().bottom - phone.top;
                const bottom = lane.querySelector('.inputbar').getBoundingClientRect().top - phone.top;
                return Array.from(lane.querySelectorAll('.row, .band')).map(el => {
                    const r = el.getBoundingClientRect();
                    return [el.dataset.id, r.top - phone.top, el.classList.contains('flagged'),
                        r.bottom - phone.top > top + 0.5 && r.top - phone.top < bottom - 0.5];
                });
            })""")
            for policy, rows in zip(["driver", baseline], lanes):
                frame = drawn_frames[policy][n]
                visible = {r[0] for r in rows if r[3]}
                check(visible == set(frame["rows"]),
                      f"sim {policy} frame {n}: the visible rows are {sorted(visible)}, --frames says {sorted(frame['rows'])}")
                for row_id, top, flagged, _ in rows:
                    if row_id in frame["rows"]:
                        check(abs(top - frame["rows"][row_id]) <= 0.51,
                              f"sim {policy} frame {n}: {row_id} at {top:.2f}, --frames says {frame['rows'][row_id]}")
                named = {v.split(" ")[1].rstrip(",") for v in frame["violates"]}
                check({r[0] for r in rows if r[2]} == named & {r[0] for r in rows},
                      f"sim {policy} frame {n}: outlined rows are not the ones the checks name")
            if n in bad:
                check(any(r[2] for r in lanes[1]), f"sim frame {n}: the violating row is not outlined")
        page.screenshot(path=os.path.join(ARTIFACTS, "simulated-spinner.png"))
        check(not errors, f"sim: console errors {errors[:3]}")
        check(all(url.startswith("file://") for url in requests), f"sim: network requests {requests[:3]}")
        page.close()

        # A 100,000-event log.
        big = os.path.join(folder, "big.jsonl")
        with open(big, "w") as file:
            file.write(replay("generate", "--events", "100000", "--seed", "1"))
        path = player(big, folder)
        size = os.path.getsize(path)
        page, errors, _ = open_page(browser, path, query="")
        opened = page.evaluate("performance.now()")
        count = page.evaluate("window.player.count")
        draws = [page.evaluate(f"window.player.show({n})") for n in random.Random(1).sample(range(count), 60)]
        page.screenshot(path=os.path.join(ARTIFACTS, "generated-100000.png"))
        check(not errors, f"big: console errors {errors[:3]}")
        # (Speed is reported, not asserted: a slow machine is no defect of the page.)
        figures.append(f"100,000 events: page {size / 1e6:.1f} MB, open {opened:.0f} ms, "
                       f"scrub median {sorted(draws)[len(draws) // 2]:.1f} ms, max {max(draws):.1f} ms")
        page.close()
        # Past the limit, a range of steps: the link names the step, and the state is the replay's.
        part = os.path.join(folder, "part.html")
        replay("render", big, "--player", part, "--steps", "50000..60000")
        page, errors, _ = open_page(browser, part, fragment="#step=55000")
        shown = page.evaluate("[window.player.step, window.player.count, window.player.state.step]")
        check(shown == [5000, 10001, 55000], f"part: #step=55000 shows {shown}")
        line = replay("run", big, "--format", "jsonl").splitlines()[55000 - 1]
        check(page.evaluate("window.player.state.offset") == json.loads(line)["offset"], "part: the offset of step 55000")
        check(not errors, f"part: console errors {errors[:3]}")
        page.close()
        browser.close()
    for line in figures:
        print(line)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)
    print("browser tests passed")


main()
