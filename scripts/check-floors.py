#!/usr/bin/env python3
"""Fails on an include that goes up a floor, a cycle between folders, or a forbidden reach.

The floors (docs/architecture.md, design.md §1), bottom to top. A file may include headers of
its own floor and of the floors below it, never above. On top of that:
  - controllers never include the concrete ApiServer (they talk to client::Interface) or sim/;
  - ui/ never includes core/store/, core/server/ or the workqueue's internals (it reads the
    sim floor's read-only view: values only).
Folder cycles are checked on the core's whole folder paths (core/controller/deployment, ...);
ui/ is one library and counts as one folder.
Usage: scripts/check-floors.py [ROOT]; exit 1 with one line per problem.
"""
import os
import re
import sys

FLOORS = ["core/api", "core/base", "core/store", "core/apiserver", "core/client", "core/http", "core/kubectl",
          "core/controller", "core/sim", ("core/server", "core/cli", "core/live"), "ui", "app"]
RANK = {}
for i, f in enumerate(FLOORS):
    for name in (f if isinstance(f, tuple) else (f,)):
        RANK[name] = i
FORBIDDEN = [
    ("core/controller/", re.compile(r"^core/(apiserver/apiserver\.h|sim/)"),
     "controllers reach the API only through client::Interface"),
    ("ui/", re.compile(r"^core/(store|server)/"), "the window reads the sim view, not the store or the HTTP server"),
    ("ui/", re.compile(r"^core/client/(workqueue|delayingqueue|ratelimitingqueue)\.h$"),
     "the window sees workqueues through snapshots"),
]
INCLUDE = re.compile(r'^\s*#\s*include\s+"((?:core|ui|app)/[^"]+)"')


def floor_of(path):
    parts = path.split("/")
    if parts[0] == "core" and len(parts) > 2:
        return "core/" + parts[1]
    return parts[0]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    problems, edges = [], {}
    for top in ("core", "ui", "app"):
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if not name.endswith((".h", ".cpp")):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
                src_floor = floor_of(rel)
                src_dir = "ui" if rel.startswith("ui/") else os.path.dirname(rel)
                with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
                    for lineno, line in enumerate(fh, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        inc = m.group(1)
                        dst_floor = floor_of(inc)
                        where = f"{rel}:{lineno}: includes {inc}"
                        if src_floor in RANK and dst_floor in RANK:
                            if RANK[dst_floor] > RANK[src_floor] or (
                                    RANK[dst_floor] == RANK[src_floor] and dst_floor != src_floor):
                                problems.append(f"{where}: {src_floor} may not include {dst_floor} (up a floor)")
                        for prefix, pattern, why in FORBIDDEN:
                            if rel.startswith(prefix) and pattern.match(inc):
                                problems.append(f"{where}: {why}")
                        dst_dir = "ui" if inc.startswith("ui/") else os.path.dirname(inc)
                        if dst_dir != src_dir:
                            edges.setdefault(src_dir, set()).add(dst_dir)
    problems += [f"include cycle between folders: {' -> '.join(c + [c[0]])}" for c in cycles(edges)]
    for p in problems:
        print(p)
    if problems:
        print(f"check-floors: {len(problems)} problem(s)")
        return 1
    print("check-floors: ok (floors respected, no folder cycles)")
    return 0


def cycles(edges):
    """Strongly connected components with more than one folder (Tarjan), as sorted lists."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


if __name__ == "__main__":
    sys.exit(main())
