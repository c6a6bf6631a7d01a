#!/usr/bin/env bash
# The Windows zip as a user gets it, checked under Debian's wine64 on a virtual X display (Xvfb),
# where Wine's vulkan-1.dll hands Vulkan to the host's loader and so to Mesa's lavapipe:
#
#   tests/windows/run.sh [ZIP]     (default: the newest build/windows/sortscope-*-windows-x64.zip)
#
# Unpacks the zip into a folder whose path holds a space and non-ASCII letters, and from there:
# sortscope-cli.exe lists the device; sorts files with every algorithm (and other key types, pairs,
# descending, raw binary), each verified on the GPU (exit 0) and written byte for byte as the Linux
# build writes it (line ends aside); refuses the sample sort over MPI (exit 2); writes a lesson
# handout PDF (as many pages as Linux's), a WAV, pictures, an MP4 video with its soundtrack
# (through an ffmpeg.exe on PATH) and a lesson's web site (equal to Linux's, folders named with a
# trailing backslash); says what to install without
# vulkan-1.dll (exit 2); and sortscope.exe plays a built-in lesson to its end with PageDown in a
# window and writes a screenshot (build/windows-test/lesson-networks.png), as does the recorded
# sample sort's lesson. The Linux side is
# build/release/app/sortscope-cli (SORTSCOPE_LINUX_CLI). Exits non-zero when any check fails.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
if [ -z "${SORTSCOPE_WINDOWS_TEST_DISPLAY:-}" ]; then
  SORTSCOPE_WINDOWS_TEST_DISPLAY=1 exec xvfb-run -a -s "-screen 0 1920x1080x24" "$0" "$@"
fi

zip=${1:-$(ls -t "$repo"/build/windows/sortscope-*-windows-x64.zip 2>/dev/null | head -n 1)}
linux_cli=${SORTSCOPE_LINUX_CLI:-$repo/build/release/app/sortscope-cli}
[ -f "$zip" ] || { echo "no zip: build it with scripts/windows/package.sh" >&2; exit 2; }
[ -x "$linux_cli" ] || { echo "no Linux sortscope-cli at $linux_cli (cmake --build --preset default)" >&2; exit 2; }

work=$repo/build/windows-test
folder="$work/Vorlesung Übung à Köln"
rm -rf "$folder" "$work/linux"
mkdir -p "$folder" "$work/linux"
unzip -q "$zip" -d "$folder"
app=$(ls -d "$folder"/sortscope-*-windows-x64)
mkdir -p "$app/in put" "$app/out put"

export WINEPREFIX=${WINEPREFIX:-$work/wine} WINEDEBUG=${WINEDEBUG:--all}
# No Mono or Gecko installer; a crash ends the program instead of waiting in winedbg.
export WINEDLLOVERRIDES="mscoree,mshtml=;winedbg.exe=d"
# The host's locale must be UTF-8 for wine to hand non-ASCII arguments through intact.
export LC_ALL=C.UTF-8
# lavapipe's compiled shaders, shared with the Linux suites' runs.
export MESA_SHADER_CACHE_DIR=${MESA_SHADER_CACHE_DIR:-$repo/build/mesa-shader-cache}
# A wine server left from another display would hand this one's programs a dead X connection
# (vkCreateInstance fails): start afresh on this one.
wineserver -k 2>/dev/null
wineboot -i >/dev/null 2>&1

failures=0
pass() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
# A Windows path for a host path: wine's Z: drive is /.
windows_path() { local p=${1//\//\\}; printf 'Z:%s' "$p"; }
# win_cli ARGS...: sortscope-cli.exe run from the unpacked folder; its output in $work/last.log.
win_cli() { (cd "$app" && timeout 900 wine ./sortscope-cli.exe "$@") >"$work/last.log" 2>&1; }
same_text() { cmp -s <(tr -d '\r' <"$1") "$2"; }

# --- The device.
if win_cli list && grep -A1 '^devices:' "$work/last.log" | grep -q 'llvmpipe' &&
   grep -q '^  sample-sort .*this build has no MPI; a Linux build' "$work/last.log"; then
  pass "list names the device: $(grep -A1 '^devices:' "$work/last.log" | tail -n 1 | sed 's/^ *//')"
else
  fail "list names the device (and sample-sort as Linux's)"; cat "$work/last.log"
fi

# --- Every algorithm sorts a file, verified, and writes what Linux writes.
# algorithm|type|flags (comma-separated)|extension: the input is 3000 keys of the type from a fixed
# generator, in a file whose name holds a space (".bin": raw little-endian, the rest text).
awk 'BEGIN { srand(7); for (i = 0; i < 3000; i++) printf "%d\n", int(rand() * 4294967296) }' >"$app/in put/keys u32.txt"
awk 'BEGIN { srand(8); for (i = 0; i < 3000; i++) printf "%d\n", int(rand() * 4294967296) - 2147483648 }' >"$app/in put/keys i32.txt"
awk 'BEGIN { srand(9); for (i = 0; i < 3000; i++) printf "%.6g\n", (rand() - 0.5) * 1e6 }' >"$app/in put/keys f32.txt"
awk 'BEGIN { srand(10); for (i = 0; i < 3000; i++) printf "%d%09d\n", int(rand() * 1e9), int(rand() * 1e9) }' >"$app/in put/keys u64.txt"
"$linux_cli" run --algo radix4 --type i32 --input "$app/in put/keys i32.txt" --output "$app/in put/keys i32.bin" >/dev/null
cases="batcher|u32|| batcher-fused|u32|| bitonic|u32|| transposition|u32|| mergesort|u32||
       radix4|u32|| onesweep|u32|| onesweep|f32|--descending| mergesort|u64|--pairs|
       batcher|i32|--pairs,--descending| radix4|i32||.bin"
for c in $cases; do
  IFS='|' read -r algo type flags ext <<<"$c"
  ext=${ext:-.txt}
  flags=${flags//,/ }
  input="$app/in put/keys $type$ext"
  out="sorted $algo $type${flags// /}$ext"
  # shellcheck disable=SC2086 # flags are words
  if ! win_cli run --algo "$algo" --type "$type" $flags --input "$(windows_path "$input")" \
         --output "out put\\$out"; then
    fail "$algo $type $flags: exit $?"; tail -n 5 "$work/last.log"; continue
  fi
  # shellcheck disable=SC2086
  "$linux_cli" run --algo "$algo" --type "$type" $flags --input "$input" --output "$work/linux/$out" >/dev/null
  if [ "$ext" = .bin ] && cmp -s "$app/out put/$out" "$work/linux/$out"; then
    pass "$algo $type $flags: verified, output equal to Linux's ($(stat -c %s "$work/linux/$out") bytes)"
  elif [ "$ext" != .bin ] && same_text "$app/out put/$out" "$work/linux/$out"; then
    pass "$algo $type $flags: verified, output equal to Linux's ($(wc -l <"$work/linux/$out") lines)"
  else
    fail "$algo $type $flags: output differs from Linux's"
  fi
done

# --- The sample sort over MPI is Linux's alone: said, exit 2.
win_cli run --algo sample-sort --n 1024; code=$?
if [ $code -eq 2 ] && grep -q 'a Linux build with Open MPI' "$work/last.log"; then
  pass "run --algo sample-sort: exit 2, $(sed 's/^sortscope-cli: error: //' "$work/last.log" | cut -c1-80)..."
else
  fail "run --algo sample-sort: exit $code"; cat "$work/last.log"
fi

# --- A lesson's handout (PDF) and a soundtrack (WAV).
"$linux_cli" render --lesson networks --out "$work/linux/handout.pdf" >/dev/null 2>&1
if win_cli render --lesson networks --out "out put\\Handout Übung.pdf" &&
   [ "$(head -c 5 "$app/out put/Handout Übung.pdf")" = "%PDF-" ] &&
   pages=$(pdfinfo "$app/out put/Handout Übung.pdf" | awk '/^Pages:/ { print $2 }') &&
   [ "$pages" = "$(pdfinfo "$work/linux/handout.pdf" | awk '/^Pages:/ { print $2 }')" ] &&
   pdftotext "$app/out put/Handout Übung.pdf" - | grep -c 'Sorting networks' >/dev/null; then
  pass "render --lesson networks: a handout PDF of $pages pages, as on Linux"
else
  fail "render --lesson networks: handout PDF"; tail -n 5 "$work/last.log"
fi
# Its text is drawn in the bundled DejaVu (FreeType, render/cairo_fonts.cpp), so its words and its
# pages at 60 dpi are Linux's. (The files differ: the date, the font subsets' tags, which cairo
# hashes from unsigned longs, 4 bytes on Windows, and 3 pixels by 1 in 4 of the 40 pictures.)
pages_dir="$work/handout-pages"
rm -rf "$pages_dir"; mkdir -p "$pages_dir/linux" "$pages_dir/windows"
fonts=$(pdffonts "$app/out put/Handout Übung.pdf" 2>/dev/null | awk 'NR > 2 { sub(/^[A-Z]+\+/, "", $1); print $1 "," $2 }' | sort | tr '\n' ' ')
if pdftoppm -r 60 -png "$work/linux/handout.pdf" "$pages_dir/linux/p" &&
   pdftoppm -r 60 -png "$app/out put/Handout Übung.pdf" "$pages_dir/windows/p" &&
   diff -rq "$pages_dir/linux" "$pages_dir/windows" >/dev/null &&
   cmp -s <(pdftotext "$work/linux/handout.pdf" -) <(pdftotext "$app/out put/Handout Übung.pdf" -) &&
   [ "$fonts" = "DejaVuSans,TrueType DejaVuSans-Bold,TrueType " ]; then
  pass "handout: its text and its $(ls "$pages_dir/linux" | wc -l) pages at 60 dpi equal to Linux's, in the bundled DejaVu"
else
  fail "handout: text, pages at 60 dpi or fonts ($fonts) differ from Linux's"
fi
"$linux_cli" render --algo batcher --n 32 --steps all --audio "$work/linux/sound.wav" >/dev/null 2>&1
if win_cli render --algo batcher --n 32 --steps all --audio "out put\\Klang ü.wav" &&
   cmp -s "$app/out put/Klang ü.wav" "$work/linux/sound.wav"; then
  pass "render --audio: a WAV equal to Linux's ($(stat -c %s "$work/linux/sound.wav") bytes)"
else
  fail "render --audio: WAV"; tail -n 5 "$work/last.log"
fi

# --- Pictures: a step as PNG and SVG, a race, radix4's digits view, an animated GIF, each equal to
# Linux's; MP4 without ffmpeg.exe is refused with what to install, and made with one. (SVG: the diagram of the same
# step, beside the PNG. The digits view's heading once differed in a glyph's edge: the font atlas's
# order, render/font_atlas_order.hpp.)
renders="step.png|--algo batcher --n 32 --step 7 --view both --svg SVG
         race.png|--algo batcher --n 16 --race mergesort --step 3
         digits.png|--algo radix4 --n 64 --step 5 --view digits
         steps.gif|--algo batcher --n 16 --steps all"
while IFS='|' read -r out args; do
  out=${out//[[:space:]]/}
  # shellcheck disable=SC2086 # args are words
  "$linux_cli" render ${args//SVG/$work/linux/$out.svg} --out "$work/linux/$out" >/dev/null 2>&1
  # shellcheck disable=SC2086
  if win_cli render ${args//SVG/$out.svg} --out "out put\\$out" &&
     cmp -s "$app/out put/$out" "$work/linux/$out" &&
     { [ "${args#*--svg}" = "$args" ] || cmp -s "$app/$out.svg" "$work/linux/$out.svg"; }; then
    pass "render $out: equal to Linux's ($(stat -c %s "$work/linux/$out") bytes)"
  else
    fail "render $out"; tail -n 5 "$work/last.log"
  fi
done <<<"$renders"
win_cli render --algo batcher --n 16 --steps all --out "out put\\video.mp4"; code=$?
if [ $code -eq 2 ] && grep -q 'ffmpeg.exe from ffmpeg.org' "$work/last.log"; then
  pass "render video.mp4 without ffmpeg.exe: exit 2, says where to get it"
else
  fail "render video.mp4 without ffmpeg.exe: exit $code"; tail -n 5 "$work/last.log"
fi
# With an ffmpeg.exe on PATH: Debian has no Windows ffmpeg, so ffmpeg_relay.exe stands in for one
# (tests/windows/ffmpeg_relay.cpp: it takes sortscope's arguments and frames as ffmpeg.exe would
# and has the host's ffmpeg encode them). The video with its soundtrack equals Linux's.
relay=$work/ffmpeg-relay
mkdir -p "$relay"
${MINGW_CXX:-x86_64-w64-mingw32-g++-posix} -std=c++20 -O1 -Wall -Wextra -Werror -static -municode \
  -I"$repo/compute" -o "$relay/ffmpeg.exe" "$here/ffmpeg_relay.cpp" \
  "$repo/compute/platform/command_line_quoting.cpp" "$repo/compute/platform/wide_text_windows.cpp"
"$linux_cli" render --algo batcher --n 16 --steps all --sound --out "$work/linux/video.mp4" \
  >/dev/null 2>&1
if WINEPATH=$(windows_path "$relay") SORTSCOPE_HOST_FFMPEG=$(windows_path "$(command -v ffmpeg)") \
   win_cli render --algo batcher --n 16 --steps all --sound --out "out put\\Video ü.mp4" &&
   cmp -s "$app/out put/Video ü.mp4" "$work/linux/video.mp4" &&
   [ -z "$(ls "$app/out put" | grep -E 'partial|frames|done')" ]; then
  pass "render --sound 'Video ü.mp4' through ffmpeg.exe on PATH: equal to Linux's ($(grep -o '[0-9]* frames' "$work/last.log"), $(stat -c %s "$work/linux/video.mp4") bytes)"
else
  fail "render --sound 'Video ü.mp4' through ffmpeg.exe on PATH"; tail -n 5 "$work/last.log"
fi

# --- Folders named with Windows' own separator at the end: a step's PNGs, and a lesson's web
# site (render --web), each file equal to Linux's.
"$linux_cli" render --algo batcher --n 16 --steps all --out "$work/linux/frames/" >/dev/null 2>&1
if win_cli render --algo batcher --n 16 --steps all --out "out put\\Bilder\\" &&
   diff -r "$app/out put/Bilder" "$work/linux/frames" >/dev/null; then
  pass "render --steps all --out 'out put\\Bilder\\': $(ls "$work/linux/frames" | wc -l) PNGs equal to Linux's"
else
  fail "render --steps all --out 'out put\\Bilder\\'"; tail -n 5 "$work/last.log"
fi
"$linux_cli" render --lesson mergesort --web --out "$work/linux/site/" >/dev/null 2>&1
if win_cli render --lesson mergesort --web --out "out put\\Web Übung\\" &&
   diff -r "$app/out put/Web Übung" "$work/linux/site" >/dev/null; then
  pass "render --lesson mergesort --web: $(ls "$work/linux/site" | wc -l) files equal to Linux's"
else
  fail "render --lesson mergesort --web"; tail -n 5 "$work/last.log"
  diff -rq "$app/out put/Web Übung" "$work/linux/site" | head -n 5
fi

# --- Full speed against std::sort on one core and on all cores, each verified.
if win_cli bench --algo onesweep --n 2^16 --cpu all --reps 3 &&
   [ "$(tr -d '\r' <"$work/last.log" | grep -cE '^(sortscope-onesweep|std::sort|std::sort-par) .* yes$')" -eq 3 ]; then
  pass "bench --cpu all: onesweep, std::sort and std::sort-par (TBB) timed and verified"
else
  fail "bench --cpu all"; tail -n 8 "$work/last.log"
fi

# --- The app in a window plays built-in lessons to their end with PageDown, and screenshots them:
# networks (sorts stepped on the GPU) and sample-sort (the recorded run of 4 ranks, replayed).
keys=$(printf 'pagedown,%.0s' $(seq 59))pagedown
for lesson in networks sample-sort; do
  (cd "$app" && timeout 900 wine ./sortscope.exe --lesson $lesson --presenter --keys "$keys" \
     --screenshot "out put\\Lektion $lesson Übung.png" --frames 4 --width 1280 --height 720) \
    >"$work/last.log" 2>&1
  code=$?
  if [ $code -eq 0 ] && grep -q "lesson $lesson: .*, at its end" "$work/last.log" &&
     [ -s "$app/out put/Lektion $lesson Übung.png" ]; then
    cp "$app/out put/Lektion $lesson Übung.png" "$work/lesson-$lesson.png"
    pass "sortscope.exe --lesson $lesson: $(grep -o "lesson $lesson: .*, at its end" "$work/last.log"), screenshot $work/lesson-$lesson.png"
  else
    fail "sortscope.exe --lesson $lesson: exit $code"; grep -av '^ALSA' "$work/last.log" | tail -n 10
  fi
done

# --- Without vulkan-1.dll (wine told not to load its own): both programs start and say what to
# install, exit 2.
for exe in sortscope-cli sortscope; do
  args="run --algo batcher --n 16"
  [ $exe = sortscope ] && args="--headless --algo batcher --n 16 --screenshot none.png"
  # shellcheck disable=SC2086
  (cd "$app" && WINEDLLOVERRIDES="$WINEDLLOVERRIDES;vulkan-1=d" timeout 300 wine ./$exe.exe $args) \
    >"$work/last.log" 2>&1
  code=$?
  if [ $code -eq 2 ] && grep -q "graphics driver from your GPU's maker" "$work/last.log"; then
    pass "$exe.exe without vulkan-1.dll: exit 2, says to install the GPU maker's driver"
  else
    fail "$exe.exe without vulkan-1.dll: exit $code"; grep -av '^ALSA' "$work/last.log" | tail -n 5
  fi
done

wineserver -w
if [ $failures -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
