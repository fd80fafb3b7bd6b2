#!/usr/bin/env bash
# Installs every Debian package Vedette needs. Idempotent and non-interactive: when everything is
# already installed it only runs dpkg-query and returns in about a second.
# The package list with the reason for each lives in third_party/DEPENDENCIES.md.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev clang-format
  libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers vulkan-tools glslc
  libglfw3-dev libglm-dev libimgui-dev libtinygltf-dev nlohmann-json3-dev libstb-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  ffmpeg xvfb xauth fonts-dejavu-core
)

missing=()
for p in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = "installed" ] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
