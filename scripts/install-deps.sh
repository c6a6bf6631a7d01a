#!/bin/sh
# Installs the Debian 12 packages sortscope builds and tests with, if any are missing.
# Everything sortscope uses comes from these packages; nothing is downloaded at build time.
set -eu

PACKAGES="
  cmake ninja-build g++ pkg-config
  libvulkan-dev glslc vulkan-validationlayers mesa-vulkan-drivers vulkan-tools
  libglfw3-dev libimgui-dev libglm-dev libstb-dev libgif-dev
  libcli11-dev nlohmann-json3-dev catch2 libtbb-dev libpugixml-dev libtomlplusplus-dev
  libcairo2-dev libfreetype-dev poppler-utils libsdl2-dev ffmpeg
  openmpi-bin libopenmpi-dev
  fonts-dejavu-core xvfb xauth
  chromium
"

missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "installing:$missing"
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
