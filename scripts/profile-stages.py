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
Usage: scripts/profile-stages.py ANNOTATE.txt BENCH.txt
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
        for label, function in STAGES:
            if label not in costs and function in name:   # the first: the largest
                costs[label] = value
    return total, costs


def read_writes(lines):
    """The sum of the phase lines' API writes (the fifth column of the bench's table)."""
    writes = 0
    for line in lines:
        parts = line.split()
        if len(parts) >= 9 and parts[0] in ("create", "roll", "scale") and parts[4].isdigit():
            writes += int(parts[4])
    return writes


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    with (sys.stdin if argv[1] == "-" else open(argv[1], encoding="utf-8")) as f:
        total, costs = read_costs(f)
    with open(argv[2], encoding="utf-8") as f:
        writes = read_writes(f)
    if not total or not writes:
        print("profile-stages: no PROGRAM TOTALS or no phase lines with API writes", file=sys.stderr)
        return 1
    print(f"== where the lab goes, per store write ({writes:,} writes, {total // writes:,} instructions each;"
          " inclusive: stages nest)")
    for label, _ in STAGES:
        if label in costs:
            c = costs[label]
            print(f"  {label:<48} {c / 1e6:>8,.0f} M  {100.0 * c / total:5.1f} %  {c // writes:>7,} a write")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
