#!/usr/bin/env python3
"""Where the lab's instructions go, per store write: scripts/profile-bench.sh's last table.

Reads `callgrind_annotate --inclusive=yes` output (a file, or - for stdin) and the bench's text
report (its phase lines give the API writes), and prints each stage of the pipeline with its
inclusive instructions, its share of the lab and its instructions per store write, so the lab's
cost reads against the floor's (issue #16): the floor replays only the store's writes and their
deliveries, the "store put" line's work.
Stages nest (a kubelet's Events include their API creates, which include the store's put): the
shares do not add up to 100 %.
E.g. at --size medium (session 38): kubelet syncPod 4,934 M, 37.8 %, 15,129 a write.
Given a third file, the same output of a second run that collected only the floor's replays
(profile-bench.sh RLAB SIZE OUT floor), the last line is pipeline/floor in instructions: the lab
against one replay's timed work (replayOnce less its untimed reading of the spilled writes,
readNext and standIn, over the bench's rounds), the ratio rlab bench prints in CPU seconds without
the machine's noise, its page faults or its caches. E.g. at --size medium (session 39): lab
11,557 M, floor 1,059 M a replay, 10.9.
Usage: scripts/profile-stages.py ANNOTATE.txt BENCH.txt [FLOOR_ANNOTATE.txt]
"""
import re
import sys

# (label, the function's name as callgrind_annotate prints it, up to its parameters)
STAGES = [
    ("kubelet syncPod", "rlab::controller::Kubelet::syncPod("),
    ("scheduler scheduleOne", "rlab::controller::Scheduler::scheduleOne("),
    ("ReplicaSet syncReplicaSet", "rlab::controller::ReplicaSetController::syncReplicaSet("),
    ("Deployment syncDeployment", "rlab::controller::DeploymentController::syncDeployment("),
    ("informers (reflectors, caches, handlers)", "rlab::client::SharedInformerFactory::processPending("),
    ("Events recorded (correlator + API create)", "rlab::controller::EventRecorder::event("),
    ("API creates", "rlab::apiserver::ApiServer::create("),
    ("API updates (status included)", "rlab::apiserver::ApiServer::update(rlab::apiserver::ResourceType"),
    ("API binds", "rlab::apiserver::ApiServer::bind("),
    ("API deletes", "rlab::apiserver::ApiServer::remove("),
    ("trace appends", "rlab::TraceLog::appendCompact("),
    ("trace appends (TraceEvent)", "rlab::TraceLog::append(rlab::TraceEvent)"),
    ("store put and watch delivery (the floor's work)", "rlab::store::KvStore::put("),
    ("store compaction", "rlab::store::KvStore::compact("),
    ("  of which packing cold values", "rlab::store::KeyGenerations::packNewest("),
]

# The floor's replay (collected when profile-bench.sh asks) and its untimed parts.
FLOOR = "rlab::cli::BenchFloor::replayOnce("
FLOOR_UNTIMED = ["rlab::cli::BenchSpill::readNext(", "rlab::cli::BenchFloor::standIn("]

LINE = re.compile(r"^\s*([0-9,]+)\s+\(\s*[0-9.]+%\)\s+(.*)$")


def read_costs(lines):
    """The inclusive cost of each stage and the program's total. A stage's is the first line
    naming its function: the lines come largest first, and a caller that names it (a handler,
    appendFields<appendCompact…>) costs less or is listed on its own."""
    total = None
    costs = {}
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        value = int(m.group(1).replace(",", ""))
        name = m.group(2)
        if "PROGRAM TOTALS" in name:
            total = value
            continue
        for label, function in STAGES + [(f, f) for f in [FLOOR] + FLOOR_UNTIMED]:
            if label not in costs and function in name:   # the first: the largest
                costs[label] = value
    return total, costs


def read_bench(lines):
    """The sum of the phase lines' API writes (the fifth column of the bench's table), and how
    many times the floor was replayed ("each phase's median of 3 replays"; 1 if not said)."""
    writes = 0
    rounds = 1
    for line in lines:
        parts = line.split()
        if len(parts) >= 9 and parts[0] in ("create", "roll", "scale") and parts[4].isdigit():
            writes += int(parts[4])
        m = re.search(r"median of (\d+) replays", line)
        if m:
            rounds = int(m.group(1))
    return writes, rounds


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    with (sys.stdin if argv[1] == "-" else open(argv[1], encoding="utf-8")) as f:
        total, costs = read_costs(f)
    with open(argv[2], encoding="utf-8") as f:
        writes, rounds = read_bench(f)
    if not total or not writes:
        print("profile-stages: no PROGRAM TOTALS or no phase lines with API writes", file=sys.stderr)
        return 1
    floor = None
    if len(argv) == 4:
        with open(argv[3], encoding="utf-8") as f:
            _, floor_costs = read_costs(f)
        if FLOOR not in floor_costs:
            print(f"profile-stages: {argv[3]} has no {FLOOR}", file=sys.stderr)
            return 1
        floor = (floor_costs[FLOOR] - sum(floor_costs.get(f, 0) for f in FLOOR_UNTIMED)) // rounds
    print(f"== where the lab goes, per store write ({writes:,} writes, {total // writes:,} instructions each;"
          " inclusive: stages nest)")
    for label, _ in STAGES:
        if label in costs:
            c = costs[label]
            print(f"  {label:<48} {c / 1e6:>8,.0f} M  {100.0 * c / total:5.1f} %  {c // writes:>7,} a write")
    if floor:
        print(f"== pipeline/floor in instructions: lab {total / 1e6:,.0f} M, floor {floor / 1e6:,.0f} M a replay"
              f" ({floor // writes:,} a write, {rounds} replays), {total / floor:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
