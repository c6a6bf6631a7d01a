#!/usr/bin/env bash
# The Windows leg, the end of the README's test command (docs/windows-build.md, "Time in the
# test command"); run after the Linux suites, whose build/release/app/sortscope-cli it compares
# with:
#
#   tests/windows/build-and-test.sh
#
# 1. scripts/windows/package.sh: the dependency prefix, sortscope.exe and sortscope-cli.exe, the
#    zip. The prefix is kept outside the clone (SORTSCOPE_WINDOWS_PREFIX, by default
#    ~/.cache/sortscope-windows/prefix), where build-deps.sh rebuilds a library only when its
#    Debian source package, its recipe or the compiler changed: a fresh clone on a machine that
#    built it once pays seconds for it, a cold one about 3.5 minutes on two idle cores.
# 2. tests/windows/run.sh: the zip, unpacked into a folder whose path holds a space and non-ASCII
#    letters, under wine64, Xvfb and lavapipe, its outputs against the Linux build's.
# 3. The test binary, cross-built while step 2 runs, under wine: every test case tagged gpu, cli or
#    render, but the hidden ones and those tagged slow (the failure injections at 2^20 keys and the
#    long sweeps, whose Windows-specific parts, the process, file and interrupt calls, the quick
#    cases cover), in two wine processes side by side. Without the Vulkan validation layer, which
#    wine does not bring (SORTSCOPE_TESTS_WITHOUT_VALIDATION); the three cases that ask for it
#    themselves ([validation]) and those that need the host (tagged no-wine, each saying why) are
#    left out.
# 4. tests/platform/windows/run.sh: the platform room's Windows side on its own.
#
# SORTSCOPE_WINDOWS_TEST_SPEC replaces step 3's test spec. Exits non-zero when any step fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
say() { printf 'windows tests: %s\n' "$*"; }

export SORTSCOPE_WINDOWS_PREFIX=${SORTSCOPE_WINDOWS_PREFIX:-${SORTSCOPE_WINDOWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sortscope-windows}/prefix}
started=$(date +%s)
scripts/windows/package.sh
packed=$(date +%s)
# The test binary builds while the zip's checks run, which leave the cores partly idle (they wait on
# wine and on single programs): the two took 81 s and 109 s one after the other.
build_log=$repo/build/windows/tests-build.log
cmake --build --preset windows --target sortscope_tests >"$build_log" 2>&1 &
build_job=$!
checks=0
tests/windows/run.sh || checks=$?
checked=$(date +%s)
compiled=0
wait "$build_job" || compiled=$?
built=$(date +%s)
grep -i 'warning' "$build_log" || true
[ "$compiled" -eq 0 ] || { cat "$build_log"; say "the test binary did not build"; exit 1; }
[ "$checks" -eq 0 ] || exit "$checks"
exe=$repo/build/windows/tests/sortscope_tests.exe
spec=${SORTSCOPE_WINDOWS_TEST_SPEC:-"[gpu]~[.]~[slow]~[validation]~[no-wine],[cli]~[.]~[slow]~[validation]~[no-wine],[render]~[.]~[slow]~[validation]~[no-wine]"}

work=$repo/build/windows-test/suite
rm -rf "$work"
mkdir -p "$work"
export WINEPREFIX=${WINEPREFIX:-$repo/build/windows-test/wine} WINEDEBUG=${WINEDEBUG:--all}
export WINEDLLOVERRIDES="mscoree,mshtml=;winedbg.exe=d" LC_ALL=C.UTF-8
export MESA_SHADER_CACHE_DIR=${MESA_SHADER_CACHE_DIR:-$repo/build/mesa-shader-cache}
export SORTSCOPE_TESTS_WITHOUT_VALIDATION=1
# Two processes share lavapipe's threads on two cores: a onesweep tile spinning on a neighbour
# that the other process keeps from running took longer than the 20 s hang limit on a loaded
# machine. A hang still ends the run, later.
export SORTSCOPE_GPU_TIMEOUT_S=${SORTSCOPE_GPU_TIMEOUT_S:-120}

# The cases' names, dealt alternately to two lists, one wine process each.
xvfb-run -a wine "$exe" "$spec" --list-test-names-only 2>/dev/null | tr -d '\r' |
  grep -v '^$' | grep -v ' test cases\?$' >"$work/names.txt" || true
total=$(wc -l <"$work/names.txt")
[ "$total" -gt 0 ] || { say "no test case matches $spec"; exit 1; }
# Catch's test specs treat , [ ] * " and \ in a name as syntax unless escaped.
: >"$work/half-1.txt"
: >"$work/half-2.txt"
sed 's/[][,*"\\]/\\&/g' "$work/names.txt" |
  awk -v dir="$work" '{ print > (dir "/half-" (NR % 2 == 1 ? 1 : 2) ".txt") }'
say "$total test cases under wine, in two processes"
status=0
xvfb-run -a -s "-screen 0 1920x1080x24" bash -c '
  cd "$1"
  for half in 1 2; do
    # A case that hangs (wine once left a CLI waiting without end) fails the run, not stalls it.
    timeout 1500 wine "$2" --input-file "Z:${1//\//\\}\\half-$half.txt" --reporter compact \
      --durations yes >"half-$half.log" 2>&1 &
  done
  code=0
  for job in $(jobs -p); do wait "$job" || code=1; done
  exit $code' _ "$work" "$exe" || status=1
# Each half must have run every case it was given: a name Catch could not match runs nothing.
ran=0
for half in 1 2; do
  tr -d '\r' <"$work/half-$half.log" | grep -vE '^[0-9]+\.[0-9]+ s: ' |
    grep -E '(failed|FAILED|error)' | grep -v '^Passed' | head -n 40 || true
  tr -d '\r' <"$work/half-$half.log" | grep -E '^(Passed all|test cases:)' || true
  cases=$(tr -d '\r' <"$work/half-$half.log" |
    sed -n 's/^Passed all \([0-9]*\) test cases.*/\1/p; s/^test cases: *\([0-9]*\) .*/\1/p' | tail -n 1)
  ran=$((ran + ${cases:-0}))
done
[ "$ran" -eq "$total" ] || { say "$ran of $total test cases ran"; status=1; }
say "the slowest cases under wine:"
# (sort's output whole before head: head leaving early would fail the pipeline, pipefail)
cat "$work"/half-*.log | tr -d '\r' | grep -E '^[0-9]+\.[0-9]+ s: ' | sort -rn >"$work/durations.txt" || true
head -n 8 "$work/durations.txt" | sed 's/^/  /'
# The Windows side of the platform room on its own (Ctrl-C, child processes, replacement, the
# message box): tests/platform/windows/run.sh.
platform_started=$(date +%s)
wineserver -k 2>/dev/null || true  # its server knew the display that xvfb-run just closed
tests/platform/windows/run.sh "$repo/build/windows-test/platform" >"$work/platform.log" 2>&1 ||
  { grep -E '^(FAIL|ok|skip)' "$work/platform.log" | grep -v '^ok' || tail -n 20 "$work/platform.log"; status=1; }
say "platform room's Windows side: $(tr -d '\r' <"$work/platform.log" | grep -a 'failure(s)$' | tail -n 1)"
finished=$(date +%s)
say "package $((packed - started)) s, zip checks $((checked - packed)) s, test binary built" \
    "beside them, $((built - checked)) s more, its $total cases under wine" \
    "$((platform_started - built)) s," \
    "platform room $((finished - platform_started)) s"
[ $status -eq 0 ] || { say "FAILED: see $work/half-*.log"; exit 1; }
say "all passed"
