#!/usr/bin/env bash
# Runs every sample scenario (and the 1,000-replica bench scenario) with `rlab run` and writes
# the trace, the dump and the summary (wall time masked) under OUT; with a second directory,
# compares the two byte for byte. Used to show that a refactor changes no behaviour.
# Usage: scripts/trace-identity.sh RLAB OUT [BASELINE]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RLAB="$1"; OUT="$2"; BASE="${3:-}"
mkdir -p "$OUT"
status=0
for f in "$ROOT"/resources/scenarios/*.yaml "$ROOT"/resources/bench/*.yaml; do
  n="$(basename "$(dirname "$f")")_$(basename "$f" .yaml)"
  "$RLAB" run "$f" ${RLAB_RUN_ARGS:-} --trace "$OUT/$n.jsonl" --dump "$OUT/$n.dump.json" \
    | sed -E 's/in [0-9]+ ms wall time/in N ms wall time/' > "$OUT/$n.out" || true
  if [ -n "$BASE" ]; then
    same=yes
    for x in jsonl dump.json out; do cmp -s "$BASE/$n.$x" "$OUT/$n.$x" || same=no; done
    echo "$n: $([ $same = yes ] && echo identical || echo DIFFERENT) ($(wc -l < "$OUT/$n.jsonl") trace events)"
    [ $same = yes ] || status=1
  fi
done
exit $status
