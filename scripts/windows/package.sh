#!/usr/bin/env bash
# Builds sortscope for Windows x64 and packs it into one zip, from a clean clone on Debian 12:
#
#   scripts/windows/package.sh          -> build/windows/sortscope-<version>-windows-x64.zip
#
# The dependency prefix (scripts/windows/build-deps.sh, seconds once built), the windows preset's
# sortscope.exe and sortscope-cli.exe, then a folder of: both programs (stripped), the Windows
# users' README (scripts/windows/README-windows.txt), and licenses/, the copyright file of every
# library linked into them, taken from the Debian source package it was built from (or the
# installed binary package, for the header-only Vulkan headers and toml++), of the statically
# linked MinGW and GCC runtimes, and of the bundled fonts. Fails when a program imports a DLL that
# Windows does not have itself: everything but vulkan-1.dll (loaded at run time, from the GPU
# driver) is linked in.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
say() { printf 'package: %s\n' "$*"; }
die() { say "error: $*" >&2; exit 1; }

PREFIX=${SORTSCOPE_WINDOWS_PREFIX:-$repo/build/windows-deps/prefix}
SRC=${SORTSCOPE_WINDOWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sortscope-windows}/sources
JOBS=${SORTSCOPE_WINDOWS_JOBS:-$(nproc)}
export SORTSCOPE_WINDOWS_PREFIX=$PREFIX

t0=$(date +%s)
scripts/windows/build-deps.sh "$PREFIX"
t1=$(date +%s)
cmake --preset windows >/dev/null
cmake --build --preset windows -j "$JOBS" --target sortscope sortscope-cli
t2=$(date +%s)
if ! command -v zip >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then apt-get install -y zip; else sudo apt-get install -y zip; fi
fi

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build/windows/CMakeCache.txt)
name=sortscope-$version-windows-x64
stage=build/windows/package/$name
rm -rf "build/windows/package" "build/windows/$name.zip"
mkdir -p "$stage/licenses"

# Only DLLs that come with Windows (KnownDLLs and the other system32 libraries the import lines
# name today); a new one means a library was linked as a DLL, which the zip would lack.
system_dlls="advapi32.dll gdi32.dll imm32.dll kernel32.dll msvcrt.dll ole32.dll oleaut32.dll \
setupapi.dll shell32.dll user32.dll version.dll winmm.dll"
for exe in sortscope sortscope-cli; do
  x86_64-w64-mingw32-strip -o "$stage/$exe.exe" "build/windows/app/$exe.exe"
  for dll in $(x86_64-w64-mingw32-objdump -p "$stage/$exe.exe" | awk '/DLL Name:/ { print tolower($3) }'); do
    case " $system_dlls " in
      *" $dll "*) ;;
      *) die "$exe.exe imports $dll, which Windows does not have; link it statically" ;;
    esac
  done
done

# Text for Notepad: CRLF line ends.
sed "s/@VERSION@/$version/; s/\$/\r/" scripts/windows/README-windows.txt >"$stage/README.txt"

# license FILE NAME: one license text into licenses/.
license() { sed 's/$/\r/' "$1" >"$stage/licenses/$2.txt"; }
# from_source PKG: debian/copyright from the source package the prefix's PKG was built from (its
# .dsc named in PREFIX/.stamps/PKG.version); the upstream tarball's COPYING where the archive
# served no Debian part (pixman).
from_source() {
  local pkg=$1 dsc debian orig tmp
  dsc=$(cut -f2 "$PREFIX/.stamps/$pkg.version")
  [ -f "$SRC/$dsc" ] || die "$SRC/$dsc is missing; run scripts/windows/build-deps.sh"
  debian=$(awk '/^Checksums-Sha256:/ { f = 1; next } /^[^ ]/ { f = 0 } f && $3 ~ /\.debian\.tar\./ { print $3 }' "$SRC/$dsc")
  tmp=$(mktemp)
  if [ -n "$debian" ] && [ -f "$SRC/$debian" ]; then
    tar -xOf "$SRC/$debian" debian/copyright >"$tmp"
  else
    orig=$(awk '/^Checksums-Sha256:/ { f = 1; next } /^[^ ]/ { f = 0 } f && $3 ~ /\.orig\.tar\./ { print $3; exit }' "$SRC/$dsc")
    tar -xOf "$SRC/$orig" --wildcards '*/COPYING' >"$tmp"
  fi
  [ -s "$tmp" ] || die "no license text found for $pkg in $dsc"
  license "$tmp" "$pkg"
  rm -f "$tmp"
}
for pkg in zlib libpng1.6 freetype pixman cairo libsdl2 glfw3 giflib onetbb libstb imgui \
           nlohmann-json3 cli11; do
  from_source "$pkg"
done
license /usr/share/doc/libvulkan-dev/copyright vulkan-headers
license /usr/share/doc/libtomlplusplus-dev/copyright tomlplusplus
license /usr/share/doc/mingw-w64-x86-64-dev/copyright mingw-w64-runtime
license /usr/share/doc/gcc-mingw-w64-base/copyright gcc-runtime
license assets/fonts/LICENSE-DejaVu.txt dejavu-fonts

(cd build/windows/package && zip -q -X -r "../$name.zip" "$name")
t3=$(date +%s)
say "build/windows/$name.zip: $(( $(stat -c %s "build/windows/$name.zip") / 1024 )) KiB," \
    "$(find "$stage" -type f | wc -l) files"
say "dependencies $(( t1 - t0 )) s, sortscope $(( t2 - t1 )) s, packing $(( t3 - t2 )) s"
