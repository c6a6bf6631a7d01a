#!/usr/bin/env bash
# Cross-compiles the smoke programs against the Windows dependency prefix and runs them under
# Debian's wine on a virtual X display (xvfb-run), where Wine's vulkan-1.dll hands Vulkan to the
# host's loader and so to Mesa's lavapipe:
#
#   scripts/windows/smoke/run.sh [PREFIX]        (default: build/windows-deps/prefix)
#
# Then runs both again with wine's vulkan-1.dll disabled: they must start and report that there
# is no Vulkan driver. Builds in build/windows-smoke (SORTSCOPE_WINDOWS_SMOKE_BUILD), with a wine
# prefix of its own there (WINEPREFIX); exits non-zero if a program reports a failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
PREFIX=$(cd "${1:-$repo/build/windows-deps/prefix}" && pwd)
B=${SORTSCOPE_WINDOWS_SMOKE_BUILD:-$repo/build/windows-smoke}
JOBS=${SORTSCOPE_WINDOWS_JOBS:-$(nproc)}

# Configured afresh each time: pkg_check_modules keeps what it found in the cache.
rm -f "$B/CMakeCache.txt"
cmake -S "$here" -B "$B" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$repo/cmake/toolchains/mingw-w64-x86_64.cmake" \
  -DSORTSCOPE_WINDOWS_PREFIX="$PREFIX" -DCMAKE_BUILD_TYPE=Release >"$B.configure.log" 2>&1 ||
  { cat "$B.configure.log"; exit 1; }
grep -E "glslc \(host\)" "$B.configure.log" || true
cmake --build "$B" -j "$JOBS"
for exe in smoke vulkan-import; do
  printf '%s.exe: %s KiB, imports %s\n' "$exe" "$(( $(stat -c %s "$B/$exe.exe") / 1024 ))" \
    "$(x86_64-w64-mingw32-objdump -p "$B/$exe.exe" | awk '/DLL Name:/ { printf "%s ", $3 }')"
done

export WINEPREFIX=${WINEPREFIX:-$B/wine} WINEDEBUG=${WINEDEBUG:--all} WINEDLLOVERRIDES="mscoree,mshtml="
mkdir -p "$B/out"
cd "$B/out"
rm -f smoke.png smoke.pdf smoke.gif smoke-stb.png
font=$repo/assets/fonts/DejaVuSans.ttf
status=0
xvfb-run -a -s "-screen 0 1280x720x24" bash -c '
  echo "--- under wine, Vulkan on the host'"'"'s lavapipe:"
  wine "$1/smoke.exe" "Z:$2" || exit 1
  wine "$1/vulkan-import.exe" || exit 2
  # Without a Vulkan driver (wine told not to load its vulkan-1.dll) both still start and say so.
  echo "--- without a Vulkan driver (vulkan-1.dll disabled): both programs start and say so"
  WINEDLLOVERRIDES="$WINEDLLOVERRIDES;vulkan-1=d" wine "$1/vulkan-import.exe"; test $? -eq 4 || exit 3
  WINEDLLOVERRIDES="$WINEDLLOVERRIDES;vulkan-1=d" wine "$1/smoke.exe" "Z:$2" 2>&1 | grep -E "^(vulkan|glfw) " || exit 3
  wineserver -w' smoke "$B" "$font" || status=$?
if pdftotext smoke.pdf - 2>/dev/null | grep -q "sortscope handout on Windows"; then
  echo "pdftotext reads the PDF's text back: \"$(pdftotext smoke.pdf - | head -n 1)\""
else
  echo "pdftotext cannot read the text back from smoke.pdf"; status=1
fi
echo "smoke outputs: $B/out (smoke.png, smoke.pdf, smoke.gif)"
exit $status
