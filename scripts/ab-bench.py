#!/usr/bin/env python3
"""Compares two rlab builds (or settings) at one `rlab bench --size` preset, run by run in turn.

On the VMs measured for issue #16 the lab's CPU moved by up to half between runs minutes apart
(medium: 3.95 s, then 6.14 s, same binary), so two builds run one after the other compare the
machine's moods, not the builds. Alternating A, B, A, B... puts both in the same moods; the
summary gives each side's range and median. A side is a command line: a binary, or `env VAR=1
BINARY` for a setting. E.g.
  scripts/ab-bench.py build-old/app/rlab build-rel/app/rlab --size medium --runs 4
  scripts/ab-bench.py build-rel/app/rlab "env MIMALLOC_LARGE_OS_PAGES=1 build-rel/app/rlab"
Per run: the lab's CPU (its kernel share), the floor (its compaction share), pipeline/floor (in
user time) and peak RSS, from `--json`. For instructions instead of seconds (no drift at all):
scripts/profile-bench.sh.
--pause S sleeps S seconds before each run: on a VM whose balloon reports freed memory to the
host (~2 s after it is freed), each run then starts cold, as a single `rlab bench` after a build
does; back to back, a run reuses the pages the run before freed (session 46: medium with 2 MiB
pages spent 0.6-0.9 s in the kernel cold, ~0.13 s warm). E.g. --pause 25.
"""
import argparse
import json
import shlex
import statistics
import subprocess
import sys
import time

FIELDS = [
    ("cpu s", "cpuSeconds", "{:.2f}"),
    ("kernel s", "kernelCpuSeconds", "{:.2f}"),
    ("floor s", "floorCpuSeconds", "{:.3f}"),
    ("compact s", "floorCompactionCpuSeconds", "{:.3f}"),
    ("ratio", "pipelineOverFloor", "{:.1f}"),
    ("user ratio", "userPipelineOverFloor", "{:.1f}"),
    ("RSS MiB", "peakRssBytes", "{:.0f}"),
]


def one_round(command):
    # A build that runs the bench in rounds (session 49: small and medium 3) runs one here: the
    # alternation does the repeating. An older build knows no --rounds.
    usage = subprocess.run(shlex.split(command) + ["--help"], capture_output=True, text=True)
    return ["--rounds", "1"] if "--rounds" in usage.stdout + usage.stderr else []


def run(command, size):
    out = subprocess.run(shlex.split(command) + ["bench", "--size", size, "--json"] + one_round(command),
                         check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    r["peakRssBytes"] = r.get("peakRssBytes", 0) / (1024 * 1024)
    return r


def row(label, r):
    # A field an older build does not report (floorCompactionCpuSeconds before session 37): "-".
    cells = [(fmt.format(r[key]) if key in r else "-").rjust(len(name)) for name, key, fmt in FIELDS]
    return "  ".join([f"{label:<3}"] + cells)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a", help="side A: a command line that runs rlab")
    p.add_argument("b", help="side B")
    p.add_argument("--size", default="medium", choices=["small", "medium", "large"])
    p.add_argument("--runs", type=int, default=3, help="runs of each side (default 3)")
    p.add_argument("--pause", type=float, default=0, help="seconds to wait before each run (cold runs; default 0)")
    args = p.parse_args()
    pause = f", {args.pause:g} s before each" if args.pause > 0 else ""
    print(f"A: {args.a}\nB: {args.b}\nrlab bench --size {args.size}, {args.runs} run(s) each, alternated{pause}")
    print("     " + "  ".join(name for name, _, _ in FIELDS))
    seen = {"A": [], "B": []}
    for i in range(args.runs):
        for label, command in (("A", args.a), ("B", args.b)):
            if args.pause > 0:
                time.sleep(args.pause)
            try:
                r = run(command, args.size)
            except (subprocess.CalledProcessError, json.JSONDecodeError, OSError) as e:
                print(f"{label}: {command}: {e}", file=sys.stderr)
                return 1
            seen[label].append(r)
            print(row(label, r), flush=True)
    print("median and range:")
    for label in ("A", "B"):
        parts = []
        for name, key, fmt in FIELDS:
            values = [r[key] for r in seen[label] if key in r]
            if not values:
                continue
            parts.append(f"{name} {fmt.format(statistics.median(values))} "
                         f"({fmt.format(min(values))}-{fmt.format(max(values))})")
        print(f"  {label}: " + "; ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
