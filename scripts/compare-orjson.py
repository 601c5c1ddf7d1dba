#!/usr/bin/env python3
"""Times `replay run LOG` against orjson parsing the same log, side by side.

For each of --runs rounds, alternating the order, it runs the release binary on the log
(`--format json`, and `--format jsonl` to /dev/null) and a fresh Python process that parses
every line with orjson (`for line in f: orjson.loads(line)`, timed around the loop). It prints
each pair and the median of the paired ratios replay / orjson.

    python3 scripts/compare-orjson.py LOG [--runs 5] [--binary .build/release/replay]
"""
import argparse
import statistics
import subprocess
import sys
import time

ORJSON = """
import orjson, sys, time
start = time.perf_counter()
with open(sys.argv[1], 'rb') as f:
    for line in f:
        orjson.loads(line)
print(time.perf_counter() - start)
"""


def time_replay(binary, log, fmt):
    start = time.perf_counter()
    with open("/dev/null", "wb") as sink:
        subprocess.run([binary, "run", log, "--format", fmt], stdout=sink, check=True)
    return time.perf_counter() - start


def time_orjson(log):
    out = subprocess.run([sys.executable, "-c", ORJSON, log], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--binary", default=".build/release/replay")
    parser.add_argument("--formats", default="json,jsonl")
    args = parser.parse_args()
    formats = args.formats.split(",")
    ratios = {fmt: [] for fmt in formats}
    times = {fmt: [] for fmt in formats}
    parses = []
    for run in range(args.runs):
        for fmt in formats:
            # Alternate which command goes first, so that neither always meets a warm cache.
            if run % 2 == 0:
                replay = time_replay(args.binary, args.log, fmt)
                parse = time_orjson(args.log)
            else:
                parse = time_orjson(args.log)
                replay = time_replay(args.binary, args.log, fmt)
            parses.append(parse)
            times[fmt].append(replay)
            ratios[fmt].append(replay / parse)
            print(f"run {run + 1} {fmt:5}: replay {replay:.3f} s, orjson {parse:.3f} s, ratio {replay / parse:.2f}", flush=True)
    print(f"orjson parse: median {statistics.median(parses):.3f} s over {len(parses)} runs")
    for fmt in formats:
        print(f"replay --format {fmt}: median {statistics.median(times[fmt]):.3f} s; "
              f"paired ratio median {statistics.median(ratios[fmt]):.2f} (min {min(ratios[fmt]):.2f}, max {max(ratios[fmt]):.2f})")


if __name__ == "__main__":
    main()
