#!/usr/bin/env bash
# Where the lab's work goes in `rlab bench --size SIZE`, in instructions (callgrind), so that two
# builds or two commits compare closely on a machine whose timings drift (issue #16: on the VMs
# measured, the lab's and the floor's CPU moved by 10-15 % between runs minutes apart).
# Only the lab is counted (collection is on inside DeterministicRunner::runUntilIdle: the
# floor's replay and the bench's own bookkeeping are out). Prints the total and the functions
# with the largest inclusive share, then their self cost, then each stage of the pipeline per
# store write (scripts/profile-stages.py; the floor is the "store put" line's work); the
# callgrind file stays in OUT for callgrind_annotate --tree=calling (who calls what) or
# kcachegrind.
# With a fourth argument `floor`, a second run collects only the floor's replays (OUT.floor) and the
# table ends with pipeline/floor in instructions (twice the time).
# With `cache` instead, the run simulates the caches too (a 64 KiB D1, a 32 MiB last level, as
# the VMs measured have; --cache-sim is ~2.5x slower) and the tables are of last-level read
# misses: where the lab waits on memory, which instructions do not show and which a VM's
# neighbours make slower from one run to the next. E.g. session 48, --size medium: 12.68 M
# misses, 32 % of them in compaction (packing Events ~50,000 revisions cold) with 4 % of the
# instructions; packing them when written: 10.00 M.
# Usage: scripts/profile-bench.sh RLAB [SIZE=medium] [OUT=profile-bench.out] [floor|cache]
# E.g. scripts/profile-bench.sh build-rel/app/rlab medium /tmp/cg.medium  (~3 min at medium; a
# -O3 -g1 build adds file:line, `callgrind_annotate --auto=yes`). Needs valgrind (not installed
# by scripts/install-deps.sh: `apt-get install valgrind`).
set -euo pipefail
RLAB="${1:?usage: scripts/profile-bench.sh RLAB [SIZE] [OUT] [floor]}"
SIZE="${2:-medium}"
OUT="${3:-profile-bench.out}"
FLOOR="${4:-}"
command -v valgrind >/dev/null || { echo "valgrind is not installed: apt-get install valgrind" >&2; exit 1; }
# One round, in this process (a build with rounds forks a process per round: callgrind would
# write each its own file under one name).
ROUNDS=()
"$RLAB" --help 2>&1 | grep -q -- --rounds && ROUNDS=(--rounds 1)
CACHE=()
[ "$FLOOR" = cache ] && CACHE=(--cache-sim=yes --I1=65536,8,64 --D1=65536,8,64 --LL=33554432,16,64)
valgrind --tool=callgrind "${CACHE[@]}" --callgrind-out-file="$OUT" --toggle-collect='rlab::DeterministicRunner::runUntilIdle*' \
  "$RLAB" bench --size "$SIZE" "${ROUNDS[@]}" >"$OUT.bench.txt" 2>"$OUT.valgrind.txt"
if [ "$FLOOR" = cache ]; then
  echo "== the lab's last-level read misses (DLmr), inclusive, then self; then instructions (Ir)"
  callgrind_annotate --inclusive=yes --show=DLmr,DLmw,Ir --sort=DLmr --threshold=95 "$OUT" 2>/dev/null \
    | grep -E '^ *[0-9,]+ \( *[0-9.]+%\)' | grep -vE '/usr/include|libc-start|below main|ld-linux|:main |benchCommand|runRlab|runSizeBench|runLab|DeterministicRunner::' \
    | head -40 | cut -c1-220 || true
  callgrind_annotate --show=DLmr,DLmw,Ir --sort=DLmr --threshold=80 "$OUT" 2>/dev/null | grep -E '^ *[0-9,]+ \( *[0-9.]+%\)' | head -25 | cut -c1-220 || true
  exit 0
fi
echo "== rlab bench --size $SIZE (its own figures, under callgrind): $OUT.bench.txt"
grep -E "total:" "$OUT.bench.txt" || true
echo "== the lab, inclusive (share of the lab's instructions)"
callgrind_annotate --inclusive=yes --threshold=95 "$OUT" 2>/dev/null \
  | grep -E '^ *[0-9,]+ \( *[0-9.]+%\)' | grep -vE 'libc-start|below main|ld-linux|:main |benchCommand|runRlab|runSizeBench|runLab|DeterministicRunner::(runTo|runUntilIdle|stepWithin|step\(\))' \
  | head -40 | cut -c1-200 || true   # head's early exit is a SIGPIPE upstream: under pipefail it ended the script here
echo "== the lab, self"
callgrind_annotate --threshold=60 "$OUT" 2>/dev/null | grep -E '^ *[0-9,]+ \( *[0-9.]+%\)' | grep -v "PROGRAM TOTALS" | head -25 | cut -c1-200 || true
if [ "$FLOOR" = floor ]; then
  valgrind --tool=callgrind --callgrind-out-file="$OUT.floor" --toggle-collect='rlab::cli::BenchFloor::replayOnce*' \
    "$RLAB" bench --size "$SIZE" "${ROUNDS[@]}" >/dev/null 2>"$OUT.floor.valgrind.txt"
  python3 "$(dirname "$0")/profile-stages.py" <(callgrind_annotate --inclusive=yes --threshold=99.9 "$OUT" 2>/dev/null) "$OUT.bench.txt" \
    <(callgrind_annotate --inclusive=yes --threshold=99.9 "$OUT.floor" 2>/dev/null) || true
else
  python3 "$(dirname "$0")/profile-stages.py" <(callgrind_annotate --inclusive=yes --threshold=99.9 "$OUT" 2>/dev/null) "$OUT.bench.txt" || true
fi
