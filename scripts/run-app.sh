#!/usr/bin/env bash
# Builds Reconcile Lab and starts the GUI on the built-in simulated cluster (README command #1).
# Extra arguments are passed to reconcile-lab (manifests or scenarios to open).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
bash "$ROOT/scripts/install-deps.sh"
BUILD="$ROOT/build-release"
cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$BUILD" -j"$(nproc)" --target reconcile-lab rlab
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "No display found: starting under xvfb-run (set QT_QPA_PLATFORM=offscreen to run without one)." >&2
  exec xvfb-run -a -s "-screen 0 1920x1080x24" "$BUILD/app/reconcile-lab" "$@"
fi
exec "$BUILD/app/reconcile-lab" "$@"
