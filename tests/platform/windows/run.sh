#!/bin/sh
# Builds the Windows side of the platform room (compute/platform/*_windows.cpp) with mingw-w64
# into a standalone checker and runs it under wine64. Not part of the CMake build, which cannot
# cross-build yet. Needs g++-mingw-w64-x86-64-posix and wine64 (Debian packages).
#   tests/platform/windows/run.sh [OUT_FOLDER]        (default: build/platform-windows)
# Without a terminal the checker makes itself a console (AllocConsole) for the Ctrl-C check; run
# under a terminal (e.g. `script -qec tests/platform/windows/run.sh /dev/null`) stderr is a console
# and stderr_is_terminal() says true. Wine 8 cannot generate Ctrl-Break: that check says skip.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:-$root/build/platform-windows}
cxx=${MINGW_CXX:-x86_64-w64-mingw32-g++-posix}
# -static: the checker needs no libstdc++ or winpthread DLL beside it.
flags="-std=c++20 -O1 -Wall -Wextra -Wpedantic -Wshadow -Werror -static"
platform=$root/compute/platform
mkdir -p "$out"
for side in "$platform"/*_windows.cpp; do
  echo "compiling $(basename "$side")"
  $cxx $flags -I"$root/compute" -c "$side" -o "$out/$(basename "$side" .cpp).o"
done
$cxx $flags -I"$root/compute" -o "$out/windows_side_check.exe" "$here/windows_side_check.cpp" \
  "$out"/*_windows.o "$platform/command_line_quoting.cpp" "$platform/replacement_file.cpp" \
  "$root/compute/core/interrupt.cpp" "$root/compute/core/interruptible.cpp" -lshell32
$cxx $flags -municode -o "$out/echo_child.exe" "$here/echo_child.cpp"
export WINEPREFIX="${WINEPREFIX:-$out/wineprefix}"
export WINEDEBUG="${WINEDEBUG:--all}"
cd "$out"
# The message box check needs a display: a virtual one where there is none.
if [ -n "${DISPLAY:-}" ]; then
  wine "$out/windows_side_check.exe" work "déjà vu"
else
  xvfb-run -a wine "$out/windows_side_check.exe" work "déjà vu"
fi
