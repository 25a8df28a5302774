#!/usr/bin/env python3
"""Reads an `rlab run --trace` file and says how visible the workqueues were during a rollout.

Window: from the `kubectl <verb>` request named by --from (default "kubectl set image") to the
last QueueDone of the deployment or replicaset queue. For each queue, and for the two together:
the share of the window during which at least one key was queued or held by a worker, and the
share of gets whose key had waited more than 0 ms. Prints one line per queue; with --json, JSON.
Usage: scripts/queue-occupancy.py TRACE.jsonl [--from "kubectl set image"] [--json]
"""
import json
import sys


def main():
    args = sys.argv[1:]
    as_json = "--json" in args
    start_agent = "kubectl set image"
    if "--from" in args:
        start_agent = args[args.index("--from") + 1]
    path = [a for a in args if not a.startswith("--") and a != start_agent][0]
    events = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    queues = ["queue/deployment", "queue/replicaset"]
    start = next((e["t"] for e in events if e["type"] == "Request"
                  and e.get("detail", {}).get("userAgent") == start_agent), None)
    if start is None:
        sys.exit(f"no request by {start_agent!r} in {path}")
    end = max(e["t"] for e in events if e["component"] in queues and e["type"] == "QueueDone")
    result = {"window_ms": end - start}
    for name in queues + ["both"]:
        members = queues if name == "both" else [name]
        queued, processing = set(), set()   # (queue, key)
        busy_since, busy_total = None, 0
        waited = gets = 0
        for e in events:
            if e["component"] not in members:
                continue
            k, t, kind = (e["component"], e.get("key")), e["t"], e["type"]
            before = bool(queued or processing)
            if kind in ("QueueAdd", "QueueRequeue"):
                queued.add(k)   # in the FIFO, or parked in the dirty set while processing
            elif kind == "QueueGet":
                queued.discard(k)
                processing.add(k)
                if t >= start:
                    gets += 1
                    # "worker N got KEY after M ms in the queue"
                    waited += int(e["text"].rsplit(" after ", 1)[1].split(" ms")[0]) > 0
            elif kind == "QueueDone":
                processing.discard(k)
            after = bool(queued or processing)
            if not before and after:
                busy_since = t
            elif before and not after:
                busy_total += max(0, min(t, end) - max(busy_since, start))
                busy_since = None
        if busy_since is not None:
            busy_total += max(0, end - max(busy_since, start))
        result[name] = {"occupied_ms": busy_total,
                        "occupied_share": round(busy_total / max(end - start, 1), 3),
                        "gets": gets, "gets_waited": waited,
                        "waited_share": round(waited / gets, 3) if gets else 0.0}
    if as_json:
        print(json.dumps(result, indent=1))
        return
    print(f"rollout window {result['window_ms']} ms (from the {start_agent!r} request to the last QueueDone)")
    for name in queues + ["both"]:
        r = result[name]
        print(f"{name:18s} queued-or-processing {r['occupied_share'] * 100:5.1f}% of the window; "
              f"{r['gets_waited']}/{r['gets']} gets waited > 0 ms ({r['waited_share'] * 100:.1f}%)")


if __name__ == "__main__":
    main()
