#!/usr/bin/env python3
"""Writes a log the way an app's recorder would, independently of `replay generate`.

Streamed answers with their text, `"t"` stamps from a clock, drags with momentum, the
keyboard, jumps, server echoes, the end of every entrance animation, and keys the reducer does not know (a recorder's own
sequence number, a source tag, sometimes a nested debug object) — over 2,000 messages.

    python3 scripts/make-recorder-log.py --events 1000000 --seed 7 > recorder.jsonl
"""
import argparse
import json
import random

WORDS = ("the answer streams token by token and it grows while the reader reads, "
         "héllo wörld — ünïcode tôkens 😀 and \"quotes\" and a\\backslash, newline\n ok").split(" ")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = []
    written = 0
    clock = 1_700_000_000.0
    seq = 0
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

    def emit(event):
        nonlocal written, clock, seq
        if written >= args.events:
            return
        clock += rng.uniform(0.004, 0.03)
        seq += 1
        event["t"] = round(clock, 3)
        event["seq"] = seq
        if rng.random() < 0.3:
            event["source"] = rng.choice(["ui", "network", "keyboard"])
        if rng.random() < 0.02:
            event["debug"] = {"thread": "main", "frame": seq % 997, "tags": ["a", "b"]}
        out.append(dumps(event))
        written += 1
        if len(out) >= 10_000:
            print("\n".join(out))
            out.clear()

    print(dumps({"chatlog": 1, "config": {"layout": "bottom"}, "meta": {"app": "Recorder 2.3 (812)", "os": "iOS 18.1"}}))
    emit({"type": "viewportChanged", "height": 844, "insetTop": 91, "insetBottom": 83})
    history = [{"id": f"srv-{i:06d}", "direction": rng.choice(["incoming", "outgoing"]), "height": rng.randint(40, 400)}
               for i in range(400)]
    emit({"type": "historyLoaded", "messages": history, "hasMoreOlder": True})
    next_id = 400
    offset = 0.0
    while written < args.events:
        roll = rng.random()
        if roll < 0.35:
            # A question, its echo, and a long streamed answer with text.
            local = f"local-{next_id}"
            emit({"type": "messageAppended", "id": local, "direction": "outgoing", "height": rng.randint(44, 120)})
            emit({"type": "messageConfirmed", "id": local, "newID": f"srv-{next_id:06d}"})
            emit({"type": "entranceAnimationFinished", "id": f"srv-{next_id:06d}"})
            answer = f"srv-{next_id + 1:06d}"
            next_id += 2
            emit({"type": "messageAppended", "id": answer, "direction": "incoming", "height": 44, "streaming": True})
            emit({"type": "entranceAnimationFinished", "id": answer})
            for _ in range(rng.randint(20, 160)):
                text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
                emit({"type": "tokensAppended", "id": answer, "text": text, "heightDelta": rng.choice([0, 0, 0, 22])})
            emit({"type": "streamFinished", "id": answer})
            emit({"type": "itemMeasured", "id": answer, "height": rng.randint(60, 900)})
        elif roll < 0.75:
            # A drag, momentum, and the settle.
            emit({"type": "dragBegan"})
            direction = -1 if rng.random() < 0.7 else 1
            for _ in range(rng.randint(5, 30)):
                offset = max(0.0, offset + direction * rng.uniform(2, 40))
                emit({"type": "scrolled", "offset": round(offset, 2)})
            velocity = direction * rng.uniform(100, 4000)
            emit({"type": "dragEnded", "offset": round(offset, 2), "velocity": round(velocity, 1)})
            while abs(velocity) > 60:
                offset = max(0.0, offset + velocity / 60)
                velocity *= 0.9
                emit({"type": "scrolled", "offset": round(offset, 2)})
            emit({"type": "scrollSettled", "offset": round(offset, 2)})
        elif roll < 0.85:
            emit({"type": "inputFocused"})
            emit({"type": "keyboardWillShow", "height": 336, "duration": 0.25})
            emit({"type": "keyboardWillHide", "duration": 0.25})
            emit({"type": "inputBlurred"})
        elif roll < 0.95:
            message = f"srv-{next_id:06d}"
            next_id += 1
            emit({"type": "messageAppended", "id": message, "direction": "incoming", "height": rng.randint(40, 240)})
            emit({"type": "entranceAnimationFinished", "id": message})
        else:
            emit({"type": "jumpToMessage", "id": f"srv-{rng.randint(0, next_id - 1):06d}"})
            emit({"type": "highlightFinished"})
            emit({"type": "jumpToLatestTapped"})
    if out:
        print("\n".join(out))


if __name__ == "__main__":
    main()
