#!/usr/bin/env bash
# Long fuzzing, outside CI (CI only replays tests/fuzz/<name>/ through tst_fuzz_<name>).
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     default: 300 s, every target
# Builds the libFuzzer binaries with clang + ASan/UBSan in build-fuzz/, runs each target from its
# corpus, keeps a crash input under tests/fuzz/<name>/crashes/ (add it to git: CI replays it),
# merges coverage-increasing inputs into tests/fuzz/<name>/corpus/, and prints executions.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
SECONDS_PER_TARGET="${1:-300}"
shift || true
command -v clang++ >/dev/null || { bash scripts/install-deps.sh; apt-get install -y clang; }
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DRLAB_FUZZ=ON -DRLAB_SANITIZE=address,undefined >/dev/null
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  for f in tests/fuzz/fuzz_*.cpp; do TARGETS+=("$(basename "$f" .cpp | sed 's/^fuzz_//')"); done
fi
for t in "${TARGETS[@]}"; do
  cmake --build build-fuzz -j"$(nproc)" --target "fuzz_$t"
done
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for t in "${TARGETS[@]}"; do
  dir="tests/fuzz/$t"
  work="build-fuzz/work-$t"
  mkdir -p "$dir/corpus" "$dir/crashes" "$work"
  echo "=== fuzz_$t: ${SECONDS_PER_TARGET} s"
  set +e
  "build-fuzz/tests/fuzz_$t" "$work" "$dir/corpus" -max_total_time="$SECONDS_PER_TARGET" -max_len=8192 \
    -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$dir/crashes/" -print_final_stats=1 2>"build-fuzz/fuzz-$t.log"
  rc=$?
  set -e
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY" "build-fuzz/fuzz-$t.log" || true
  "build-fuzz/tests/fuzz_$t" -merge=1 "$dir/corpus" "$work" >/dev/null 2>&1 || true
  [ $rc -eq 0 ] || echo "fuzz_$t found a crash: see $dir/crashes/ and build-fuzz/fuzz-$t.log"
done
