#!/usr/bin/env python3
"""Times two builds of `replay` on the same log, side by side.

For each of --runs rounds, alternating which goes first, it runs `OLD run LOG --format F` and
`NEW run LOG --format F` (output to /dev/null, whole process) and prints the medians and the
median of the paired ratios NEW / OLD. Pairs taken a moment apart see the same load, so the
ratio holds where single timings on a shared machine swing by half.

    python3 scripts/compare-builds.py OLD NEW LOG [--format jsonl] [--runs 21]
"""
import argparse
import statistics
import subprocess
import time


def time_run(binary, log, fmt):
    start = time.perf_counter()
    with open("/dev/null", "wb") as sink:
        subprocess.run([binary, "run", log, "--format", fmt], stdout=sink, check=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", help="the build to compare against")
    parser.add_argument("new", help="the build being measured")
    parser.add_argument("log")
    parser.add_argument("--format", default="jsonl", choices=["json", "jsonl", "text"])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    old_times, new_times, ratios = [], [], []
    for run in range(args.runs):
        if run % 2 == 0:
            old = time_run(args.old, args.log, args.format)
            new = time_run(args.new, args.log, args.format)
        else:
            new = time_run(args.new, args.log, args.format)
            old = time_run(args.old, args.log, args.format)
        old_times.append(old)
        new_times.append(new)
        ratios.append(new / old)
    print(f"old: median {statistics.median(old_times):.3f} s; new: median {statistics.median(new_times):.3f} s")
    print(f"new / old: paired ratio median {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f}) over {args.runs} pairs")


if __name__ == "__main__":
    main()
