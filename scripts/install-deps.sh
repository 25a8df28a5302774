#!/usr/bin/env bash
# One list of Debian 12 packages for everything: README commands and .ci/run call this.
# Idempotent: skips apt when every package is already installed.
set -euo pipefail
PKGS=(
  build-essential cmake ninja-build pkg-config ccache lld
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev
  qt6-httpserver-dev qt6-websockets-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
  libyaml-cpp-dev libmimalloc2.0
  xvfb xauth x11-apps imagemagick fonts-dejavu-core fonts-noto-cjk
  libclang-rt-14-dev curl openssl python3 python3-kubernetes
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# kubectl is used by the end-to-end tests; Debian's kubernetes-client is the fallback.
if ! command -v kubectl >/dev/null 2>&1; then missing+=(kubernetes-client); fi
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
