// The player's page: markup, style and script in one file, with the data put in last. It asks
// for nothing over the network, so it works from `file://` and offline.
extension ReplayPlayer {
    /// The page for `title` playing `data` (base64 of the zlib-compressed ``dataJSON``).
    static func page(title: String, data: String) -> String {
        pageHead.replacing("{{TITLE}}", with: xmlEscaped(title)) + data + pageTail
    }

    private static let pageHead = #"""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{TITLE}}</title>
        <style>
        :root { font: 13px/1.35 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1c1c1e; }
        body { margin: 0; background: #f2f2f7; }
        #app { display: grid; grid-template-columns: auto 1fr; gap: 16px; padding: 12px; }
        #stage { position: relative; display: flex; gap: 4px; align-items: flex-start; }
        .lane { position: relative; }
        .lane-title { font-weight: 600; text-align: center; margin: 2px 0 4px; font-size: 12px; }
        .row.flagged .bubble { outline: 3px solid #ff3b30; outline-offset: 1px; }
        .phone { position: relative; width: 390px; overflow: hidden; background: #fff; border-radius: 36px;
          box-shadow: 0 0 0 10px #1c1c1e, 0 8px 30px rgba(0,0,0,.35); transform-origin: top left; margin: 10px; }
        .content { position: absolute; left: 0; top: 0; width: 100%; will-change: transform; }
        .row { position: absolute; left: 0; width: 100%; box-sizing: border-box; }
        .row .bubble { position: absolute; top: 3px; bottom: 3px; max-width: 72%; min-width: 40px; border-radius: 16px;
          padding: 4px 10px; box-sizing: border-box; overflow: hidden; font-size: 11px; color: #3a3a3c; }
        .row.in .bubble { left: 10px; width: 66%; background: #e9e9eb; }
        .row.out .bubble { right: 10px; width: 66%; background: #0a84ff; color: #fff; }
        .row.system .bubble { left: 50%; transform: translateX(-50%); width: 44%; background: transparent;
          color: #8e8e93; text-align: center; font-size: 10px; border-radius: 8px; }
        .row.animating .bubble { opacity: .45; outline: 2px dashed #ff9f0a; }
        .row.highlighted .bubble { box-shadow: 0 0 0 3px #ffd60a; }
        .row .divider { position: absolute; left: 0; right: 0; top: 0; height: 0; border-top: 2px solid #ff3b30; }
        .row .divider span { position: absolute; right: 10px; top: -9px; background: #fff; color: #ff3b30;
          font-size: 10px; padding: 0 4px; }
        .waiting { position: absolute; top: 380px; width: 100%; text-align: center; color: #8e8e93; }
        .band { position: absolute; left: 0; width: 100%; box-sizing: border-box; background: repeating-linear-gradient(
          45deg, #fff4d6, #fff4d6 6px, #ffe9b3 6px, #ffe9b3 12px); color: #8a6d1f; font-size: 10px;
          text-align: center; overflow: hidden; }
        .navbar { position: absolute; left: 0; top: 0; width: 100%; background: rgba(249,249,249,.92);
          border-bottom: 1px solid #d1d1d6; box-sizing: border-box; font-weight: 600; text-align: center; }
        .navbar span { position: absolute; bottom: 8px; left: 0; right: 0; }
        .inputbar { position: absolute; left: 0; width: 100%; background: rgba(249,249,249,.98);
          border-top: 1px solid #d1d1d6; box-sizing: border-box; }
        .inputbar div { margin: 8px 12px; height: 32px; border: 1px solid #c7c7cc; border-radius: 16px;
          color: #8e8e93; padding: 7px 12px; box-sizing: border-box; font-size: 12px; }
        .keyboard { position: absolute; left: 0; width: 100%; background: #d1d4db; }
        .jump { position: absolute; right: 14px; width: 40px; height: 40px; border-radius: 20px; background: #fff;
          box-shadow: 0 2px 8px rgba(0,0,0,.25); display: none; text-align: center; line-height: 40px;
            font-size: 18px; }
        .jump b { position: absolute; top: -6px; right: -6px; min-width: 18px; height: 18px; line-height: 18px;
          border-radius: 9px; background: #ff3b30; color: #fff; font-size: 11px; padding: 0 4px;
            box-sizing: border-box; }
        #side { min-width: 0; }
        #controls { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 4px 0 8px; }
        #controls button { font: inherit; padding: 3px 10px; }
        #scrub { width: 100%; height: 56px; display: block; cursor: pointer; background: #fff;
          border: 1px solid #d1d1d6; }
        #legend { color: #636366; font-size: 11px; margin: 4px 0 10px; }
        #legend i { display: inline-block; width: 10px; height: 10px; margin: 0 3px 0 10px; vertical-align: -1px; }
        pre { background: #fff; border: 1px solid #d1d1d6; padding: 8px; margin: 0 0 10px; overflow: auto;
          white-space: pre-wrap; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
        #state { max-height: 52vh; }
        h2 { font-size: 12px; margin: 10px 0 4px; color: #636366; font-weight: 600; }
        #loading { padding: 20px; }
        </style></head>
        <body>
        <div id="loading">Unpacking the replay…</div>
        <div id="app" hidden>
          <div id="stage"></div>
          <div id="side">
            <div id="controls"><button id="prev" title="previous step (←)">◀</button>
              <button id="play" title="play at the log's times (space)">▶ play</button>
              <button id="next" title="next step (→)">▶</button>
              <label>speed <select id="speed"><option>0.25</option><option>0.5</option><option selected>1</option>
              <option>2</option><option>4</option><option>16</option></select></label>
              <span id="where"></span></div>
            <canvas id="scrub" height="56"></canvas>
            <div id="legend"><i style="background:#34c759"></i>following<i style="background:#ff9f0a"></i>detached
              <i style="background:#af52de"></i>pinned<i style="background:#1c1c1e"></i>held by the user
              <i style="background:#0a84ff"></i>command<i style="background:#30b0c7"></i>effect
              <i style="background:#ff3b30"></i>warning or violated check</div>
            <div id="texts"></div>
            <h2>State</h2><pre id="state"></pre>
          </div>
        </div>
        <script type="application/octet-stream" id="data">
        """#

    private static let pageTail = #"""
        </script>
        <script>
        "use strict";
        (function () {
          const $ = (id) => document.getElementById(id);
          const MODES = { following: "#34c759", detached: "#ff9f0a", pinned: "#af52de" };
          let data, lanes, K, count, steps;
          let times, modes, held, commands;
          // Each lane's step shown, and the state and rows rebuilt up to it.
          let shown = -1, timer = null, scale = 1;

          async function unpack() {
            const text = $("data").textContent.replace(/\s+/g, "");
            const binary = atob(text);
            const bytes = new Uint8Array(binary.length);
            for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
            const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
            return JSON.parse(await new Response(stream).text());
          }

          // The scrubber's marks, from the first lane (and the warnings of every lane).
          function index() {
            times = new Float64Array(count); modes = new Array(count); held = new Uint8Array(count);
            commands = [];
            // (A lane of simulated frames has no mode: its band is grey.)
            let mode = null, hold = 0, t = NaN;
            for (let i = 0; i < count; i++) {
              const r = steps[i], s = r.s;
              if (s.mode !== undefined) mode = s.mode;
              if (s.userHoldsView !== undefined) hold = s.userHoldsView ? 1 : 0;
              if (r.t !== undefined) t = r.t;
              times[i] = t; modes[i] = mode; held[i] = hold;
              if (r.c) commands.push(i);
            }
          }

          function apply(lane, r) {
            const cur = lane.cur;
            if (r.k) { cur.state = Object.assign({}, r.s); cur.rows = new Map(); }
            else Object.assign(cur.state, r.s);
            if (r.z) cur.rows = new Map();
            for (const row of r.r) cur.rows.set(row[0], row);
            if (r.q) for (const id of r.q) cur.rows.delete(id);
            if (r.v) cur.view = r.v;
            if (r.f !== undefined) cur.footer = r.f;
            cur.n = r.n;
          }

          // Rebuilds a lane's state and rows at step `n`: forward from the step it shows, or from
          // the keyframe at or before it.
          function rebuild(lane, n) {
            const last = lane.steps.length - 1;
            n = Math.min(n, last);
            const from = lane.cur.state && lane.at >= 0 && lane.at <= n && n - lane.at <= K ? lane.at + 1
              : Math.floor(n / K) * K;
            for (let i = from; i <= n; i++) apply(lane, lane.steps[i]);
            lane.at = n;
          }

          const PHONE = '<div class="content"></div><div class="navbar"><span></span></div>' +
            '<div class="jump">↓<b></b></div><div class="inputbar"><div>Message</div></div>' +
            '<div class="keyboard"></div>';
          function build() {
            const stage = $("stage");
            stage.innerHTML = "";
            for (const lane of lanes) {
              const box = document.createElement("div");
              box.className = "lane";
              box.innerHTML = (lanes.length > 1 ? '<div class="lane-title"></div>' : "") +
                '<div class="frame"><div class="phone">' + PHONE + "</div></div>";
              if (lanes.length > 1) box.firstChild.textContent = lane.title;
              stage.appendChild(box);
              lane.el = box;
              lane.part = (name) => box.querySelector("." + name);
            }
          }

          const DIRS = ["in", "out", "system"];
          function draw(lane, animated) {
            const cur = lane.cur, s = cur.state, [H, top, bottom] = cur.view;
            const height = H > 0 ? H : 844, offset = s.offset === null || s.offset === undefined ? 0 : s.offset;
            const keyboard = s.keyboardHeight || 0;
            const phone = lane.part("phone");
            phone.style.height = height + "px";
            phone.style.transform = scale === 1 ? "" : "scale(" + scale + ")";
            const frame = lane.part("frame");
            frame.style.height = (height * scale + 20) + "px";
            frame.style.width = (390 * scale + 20) + "px";
            const content = lane.part("content");
            content.style.transition = animated ? "transform 0.3s ease-in-out" : "none";
            content.style.transform = "translateY(" + (top - offset) + "px)";
            const parts = [];
            if (s.headerHeight > 0) {
              parts.push('<div class="band header-row" style="top:0px;height:' + s.headerHeight +
                'px;line-height:' + s.headerHeight + 'px">loading older messages…</div>');
            }
            const rows = Array.from(cur.rows.values()).sort((a, b) => a[1] - b[1]);
            for (const [id, rowTop, h, code] of rows) {
              const style = 'style="top:' + rowTop + "px;height:" + h + "px";
              if (code & 32) {
                const words = id === "~header" ? "loading older messages…" : "typing…";
                parts.push('<div class="band" data-id="' + escape(id) + '" ' + style + ";line-height:" + h + 'px">' +
                  words + "</div>");
                continue;
              }
              const classes = ["row", DIRS[code & 3] || "in"];
              if (code & 4) classes.push("animating");
              if (code & 8) classes.push("highlighted");
              if (code & 64) classes.push("flagged");
              const divider = code & 16 ? '<div class="divider"><span>new messages</span></div>' : "";
              parts.push('<div class="' + classes.join(" ") + '" data-id="' + escape(id) + '" ' + style + '">' +
                divider + '<div class="bubble">' + escape(id) + "</div></div>");
            }
            if (s.footerHeight > 0) {
              parts.push('<div class="band footer-row" style="top:' + cur.footer + "px;height:" + s.footerHeight +
                "px;line-height:" + s.footerHeight + 'px">typing…</div>');
            }
            if (s.pendingRestore && rows.length === 0) {
              // A restore waits for the messages (specification §13): nothing is drawn yet.
              parts.push('<div class="waiting">opens at ' + escape(s.pendingRestore.anchorID) + "…</div>");
            }
            content.innerHTML = parts.join("");
            const navbar = lane.part("navbar");
            navbar.style.height = top + "px";
            navbar.style.display = top > 0 ? "block" : "none";
            navbar.firstChild.textContent = lanes.length > 1 ? lane.title : data.title;
            const input = lane.part("inputbar");
            input.style.top = (height - bottom - keyboard) + "px";
            input.style.height = bottom + "px";
            input.style.display = bottom > 0 ? "block" : "none";
            const kb = lane.part("keyboard");
            kb.style.top = (height - keyboard) + "px";
            kb.style.height = keyboard + "px";
            const jump = lane.part("jump");
            jump.style.display = s.showJumpToLatest ? "block" : "none";
            jump.style.top = (height - bottom - keyboard - 52) + "px";
            const badge = jump.firstElementChild;
            badge.textContent = s.unreadCount > 0 ? String(s.unreadCount) : "";
            badge.style.display = s.unreadCount > 0 ? "block" : "none";
          }

          function escape(text) {
            const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
            return String(text).replace(/[&<>"]/g, (c) => entities[c]);
          }

          function panel(n) {
            const r = steps[n];
            const texts = $("texts");
            texts.innerHTML = "";
            for (const lane of lanes) {
              const title = document.createElement("h2");
              title.textContent = lanes.length > 1 ? lane.title : "Step";
              const pre = document.createElement("pre");
              pre.className = "text";
              pre.textContent = lane.steps[Math.min(n, lane.steps.length - 1)].x;
              texts.append(title, pre);
            }
            $("state").textContent = JSON.stringify(lanes[0].cur.state, null, 2);
            $("where").textContent = "step " + r.n + " of " + steps[count - 1].n +
              (isNaN(times[n]) ? "" : " · t = " + times[n].toFixed(3) + " s");
          }

          // Whether a step after `from`, up to `to`, scrolls by an animated command.
          function animatedBetween(from, to) {
            if (to <= from || to - from > 50) return false;
            for (let i = from + 1; i <= to; i++) if (steps[i].a === 1) return true;
            return false;
          }

          // Shows step `n`; going forward, an animated command on the way scrolls there in 0.3 s.
          function show(n, options) {
            n = Math.max(0, Math.min(count - 1, n | 0));
            const started = performance.now();
            const animated = !!(options && options.animate) && animatedBetween(shown, n);
            for (const lane of lanes) { rebuild(lane, n); draw(lane, animated); }
            shown = n;
            panel(n);
            drawScrubber();
            const hash = "#step=" + steps[n].n;
            if (location.hash !== hash) history.replaceState(null, "", hash);
            api.lastDrawMs = performance.now() - started;
            return api.lastDrawMs;
          }

          let scrubBase = null;
          function drawScrubber() {
            const canvas = $("scrub");
            const width = canvas.clientWidth || 600;
            if (!scrubBase || scrubBase.width !== width) {
              canvas.width = width;
              canvas.height = 56 + 6 * (lanes.length - 1);
              canvas.style.height = canvas.height + "px";
              const ctx = canvas.getContext("2d");
              const per = count / width, base = 30 + 6 * (lanes.length - 1);
              for (let x = 0; x < width; x++) {
                const i = Math.min(count - 1, Math.floor(x * per));
                ctx.fillStyle = MODES[modes[i]] || "#8e8e93";
                ctx.fillRect(x, base, 1, 16);
                let hold = 0;
                for (let j = i; j < Math.min(count, Math.floor((x + 1) * per) + 1); j++) hold |= held[j];
                if (hold) { ctx.fillStyle = "#1c1c1e"; ctx.fillRect(x, base + 16, 1, 6); }
              }
              lanes.forEach((lane, k) => {
                for (let i = 0; i < lane.steps.length; i++) {
                  const r = lane.steps[i], x = Math.floor(i / per);
                  if (k === 0 && r.c) { ctx.fillStyle = "#0a84ff"; ctx.fillRect(x, 4, 2, 12); }
                  if (k === 0 && r.e) { ctx.fillStyle = "#30b0c7"; ctx.fillRect(x, 18, 1, 5); }
                  if (r.w) { ctx.fillStyle = "#ff3b30"; ctx.fillRect(x, 24 + 6 * k, 2, 5); }
                }
              });
              scrubBase = { width, image: ctx.getImageData(0, 0, width, canvas.height) };
            }
            const ctx = canvas.getContext("2d");
            ctx.putImageData(scrubBase.image, 0, 0);
            const x = Math.floor(shown / count * width);
            ctx.fillStyle = "rgba(0,0,0,.55)";
            ctx.fillRect(Math.max(0, x - 1), 0, 2, canvas.height);
          }

          function stepAt(event) {
            const canvas = $("scrub"), box = canvas.getBoundingClientRect();
            return Math.floor((event.clientX - box.left) / box.width * count);
          }

          // The last step at or before the log's time `t` (steps without "t" keep the last one's).
          function stepAtTime(t) {
            let low = 0, high = count - 1;
            while (low < high) {
              const mid = (low + high + 1) >> 1;
              if (!(times[mid] > t)) low = mid; else high = mid - 1;
            }
            return low;
          }

          // The log's time at step `n`: its own, or the first one after it (step 0 has none).
          function timeOf(n) {
            for (let i = n; i < count; i++) if (!isNaN(times[i])) return times[i];
            return NaN;
          }

          // Plays from the step shown at the log's own times ("t", scaled by the speed; a log
          // without times goes ten steps a second), drawing the last step due at each frame. A
          // step the user goes to meanwhile is where play goes on from.
          function play() {
            if (timer) { stop(); return; }
            if (shown >= count - 1) show(0);
            $("play").textContent = "❚❚ pause";
            const timed = !isNaN(times[count - 1]);
            let clock = 0, played = -1;
            let last = performance.now();
            const frame = (now) => {
              if (shown !== played) clock = timed ? timeOf(shown) : shown / 10;
              const speed = Number($("speed").value) || 1;
              clock += (now - last) / 1000 * speed;
              last = now;
              const due = timed ? stepAtTime(clock) : Math.floor(clock * 10);
              if (due > shown) show(due, { animate: true });
              played = shown;
              if (shown >= count - 1) { stop(); return; }
              timer = requestAnimationFrame(frame);
            };
            timer = requestAnimationFrame(frame);
          }
          function stop() { cancelAnimationFrame(timer); timer = null; $("play").textContent = "▶ play"; }

          function stepFromHash() {
            // (The page may keep a range of steps: the link names the step, not its place.)
            const match = /step=(\d+)/.exec(location.hash);
            return match ? Number(match[1]) - steps[0].n : null;
          }

          const api = {
            show, lastDrawMs: 0, get step() { return shown; }, get count() { return count; },
            get state() { return lanes[0].cur.state; }, get view() { return lanes[0].cur.view; },
            get footerTop() { return lanes[0].cur.footer; }, get lanes() { return lanes.length; },
            get scale() { return scale; }, play, stop, get playing() { return timer !== null; },
          };
          window.player = api;

          api.ready = unpack().then((unpacked) => {
            data = unpacked; K = data.keyframeEvery;
            lanes = data.lanes.map((lane) => ({
              title: lane.title, steps: lane.steps, at: -1,
              cur: { n: -1, state: null, rows: null, view: [844, 0, 0], footer: 0 },
            }));
            steps = lanes[0].steps;
            count = Math.max(...lanes.map((lane) => lane.steps.length));
            index();
            const param = /[?&]scale=([\d.]+)/.exec(location.search);
            $("loading").hidden = true;
            $("app").hidden = false;
            let tallest = 844;
            for (const lane of lanes) for (const r of lane.steps) if (r.v && r.v[0] > tallest) tallest = r.v[0];
            const wide = (window.innerWidth * 0.62) / (410 * lanes.length);
            const fit = Math.min((window.innerHeight - 60) / tallest, wide);
            scale = param ? Number(param[1]) : Math.min(1, fit);
            build();
            show(stepFromHash() ?? count - 1);
            $("prev").onclick = () => show(shown - 1);
            $("next").onclick = () => show(shown + 1, { animate: true });
            $("play").onclick = play;
            const canvas = $("scrub");
            let dragging = false;
            canvas.onmousedown = (e) => { dragging = true; show(stepAt(e)); };
            window.addEventListener("mouseup", () => { dragging = false; });
            canvas.onmousemove = (e) => {
              const n = Math.max(0, Math.min(count - 1, stepAt(e)));
              let near = null;
              const reach = Math.max(1, count / canvas.clientWidth * 3);
              for (const i of commands) if (Math.abs(i - n) <= reach) { near = i; break; }
              canvas.title = near === null ? "step " + n : "step " + near + ": command " + steps[near].c;
              if (dragging) show(n);
            };
            window.addEventListener("keydown", (e) => {
              const by = e.shiftKey ? 10 : 1;
              if (e.key === "ArrowRight") { show(shown + by, { animate: by === 1 }); e.preventDefault(); }
              else if (e.key === "ArrowLeft") { show(shown - by); e.preventDefault(); }
              else if (e.key === "Home") { show(0); e.preventDefault(); }
              else if (e.key === "End") { show(count - 1); e.preventDefault(); }
              else if (e.key === " ") { play(); e.preventDefault(); }
            });
            window.addEventListener("hashchange", () => {
              const n = stepFromHash();
              if (n !== null && n !== shown) show(n);
            });
            window.addEventListener("resize", () => { scrubBase = null; drawScrubber(); });
            return api;
          });
        })();
        </script>
        </body></html>

        """#
}
