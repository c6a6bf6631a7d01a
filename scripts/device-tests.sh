#!/bin/sh
# device-tests.sh: the whole test suite on the GPU this machine has (CI has only lavapipe), with
# the Vulkan validation layer on. Run it on the GPU before committing a change to kernels, plans or
# read-backs; BENCHMARKS.md names the commit whose suite passed there for each record.
#
# Usage: scripts/device-tests.sh [BUILD_DIR [CATCH_TEST_SPEC]]
#   BUILD_DIR        a build of the default preset (default: build/release), with its
#                    tests/sortscope_tests and app/sortscope-cli
#   CATCH_TEST_SPEC  which test cases (default: all but the hidden ones)
# Needs at run time: the Vulkan loader and the GPU's driver, VK_LAYER_KHRONOS_validation and the
# libraries the binaries link (Debian 12: libvulkan1 vulkan-validationlayers libtbb12 libhwloc15
# libgif7 libpugixml1v5 libstb0 libopenmpi3, openmpi-bin for the sample sort's runs under
# mpirun, and poppler-utils, whose pdftotext reads the handout test's PDF back; 'ldd
# BUILD_DIR/tests/sortscope_tests' lists the libraries). The device is
# the one sortscope picks (a discrete GPU first; SORTSCOPE_DEVICE chooses another).
#
# Runs every test case in one process (each fails on the validation messages it caused, named),
# then the validation-listener probe, then the app's smoke tests windowless (sortscope
# --headless: no X server, no swapchain, frames drawn offscreen; DISPLAY is unset for them): a
# lesson played to its end with PageDown, a full-speed run and a race, each its own verdict,
# with SDL's dummy audio driver unless SDL_AUDIODRIVER says otherwise. SORTSCOPE_TEST_XVFB=1
# adds the app under xvfb-run, where xvfb-run is installed (left out by default: against Xvfb,
# NVIDIA's Vulkan driver 580.159.04 cannot create a swapchain, with or without Mesa's GLX in the
# server: the app then says so and exits 2); SORTSCOPE_TEST_APP=0 leaves the app out, SORTSCOPE_TEST_MPI=0 the sample sort under
# mpirun (for a run that repeats only some test cases). Any run that ends on a signal (a crash at
# exit included) fails. Exit 0 when all passed.
set -u

build=${1:-build/release}
spec=${2:-}
tests=$build/tests/sortscope_tests
cli=$build/app/sortscope-cli
app=$build/app/sortscope
if [ ! -x "$tests" ] || [ ! -x "$cli" ]; then
  echo "device-tests: $tests or $cli is missing; build the default preset first" >&2
  exit 2
fi

export SORTSCOPE_VALIDATION=1
failed=0
passed=0
# Exit status of a run, with a word for one ended by a signal (128 + N from the shell).
verdict() {
  if [ "$2" -eq 0 ]; then
    passed=$((passed + 1))
    echo "device-tests: $1: passed"
  else
    failed=$((failed + 1))
    if [ "$2" -gt 128 ]; then
      echo "device-tests: $1: FAILED, ended by signal $(($2 - 128)) (exit $2)"
    else
      echo "device-tests: $1: FAILED (exit $2)"
    fi
  fi
}

echo "device-tests: commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)," \
  "$(date -u +%Y-%m-%dT%H:%MZ)"
"$cli" list 2>&1 | sed 's/^/device-tests: /'

if [ -n "$spec" ]; then
  "$tests" "$spec"
else
  "$tests"
fi
verdict "sortscope_tests ${spec:-(every test case)}" $?

probe=$(mktemp)
sh "$(dirname "$0")/../tests/support/validation_probe.sh" "$tests" "$probe" >/dev/null
code=$?
[ $code -eq 0 ] || cat "$probe"
verdict "validation listener probe" $code
rm -f "$probe"

if [ "${SORTSCOPE_TEST_MPI:-1}" = 0 ]; then
  echo "device-tests: the sample sort not run under mpirun (SORTSCOPE_TEST_MPI=0)"
elif command -v mpirun >/dev/null 2>&1; then
  for part in sorts failures; do
    sh "$(dirname "$0")/../tests/app/sample_sort_mpi_test.sh" $part "$cli" "$(mktemp -d)"
    verdict "sample sort under mpirun: $part" $?
  done
else
  echo "device-tests: the sample sort not run under mpirun (Open MPI's mpirun is not installed)"
fi

# One windowless app run: exit 0, its PNG written and a line matching PATTERN printed. Prints the
# app's output; returns the app's exit status when it failed (so a signal is named), else 0 or 1.
app_run() {
  pattern=$1
  shift
  png=$(mktemp --suffix=.png)
  log=$(mktemp)
  rm -f "$png"
  # Bounded, so that a run that never ends still reports what it printed (exit 124).
  timeout 240 env -u DISPLAY -u WAYLAND_DISPLAY SDL_AUDIODRIVER="${SDL_AUDIODRIVER:-dummy}" \
    "$app" --headless --screenshot "$png" "$@" >"$log" 2>&1
  code=$?
  [ $code -ne 124 ] || echo "  (still running after 240 s: ended)"
  sed 's/^/  /' "$log"
  if [ $code -eq 0 ] && { ! grep -q "$pattern" "$log" || [ ! -s "$png" ]; }; then
    echo "  (no line matching '$pattern', or no $png)"
    code=1
  fi
  rm -f "$png" "$log"
  return $code
}

if [ "${SORTSCOPE_TEST_APP:-1}" != 0 ] && [ -x "$app" ]; then
  app_run 'lesson networks: .*, at its end' --lesson networks --presenter --fullspeed-n 2^20 \
    --reps 3 --warmup 1 --keys "$(printf 'pagedown,%.0s' $(seq 40))pagedown" --frames 4 \
    --width 1280 --height 720
  verdict "app windowless: the networks lesson played to its end with PageDown" $?
  app_run '^full speed: onesweep, .*, verified$' --algo onesweep --n 4096 --fullspeed-n 2^20 \
    --reps 3 --warmup 1 --actions fullspeed-run --frames 4 --width 1600 --height 900
  verdict "app windowless: onesweep timed at full speed, verified" $?
  app_run 'race: .* is .*x faster than' --algo batcher --n 1024 --race mergesort \
    --race-sync fraction --reps 3 --warmup 1 --actions next,next,next,race-run --frames 4 \
    --width 1280 --height 720
  verdict "app windowless: batcher raced against mergesort, timed at full speed" $?
else
  echo "device-tests: app not run (needs the app built and SORTSCOPE_TEST_APP unset)"
fi

if [ "${SORTSCOPE_TEST_XVFB:-0}" = 1 ] && [ -x "$app" ] && command -v xvfb-run >/dev/null 2>&1; then
  png=$(mktemp --suffix=.png)
  xvfb-run -a -s '-screen 0 1280x800x24' "$app" --algo onesweep --n 4096 \
    --actions next,next,next,next,back --screenshot "$png" --frames 4 --width 1280 --height 800
  verdict "app under Xvfb: onesweep stepped, screenshot, clean exit" $?
  rm -f "$png"
elif [ "${SORTSCOPE_TEST_XVFB:-0}" = 1 ]; then
  echo "device-tests: app not run under Xvfb (needs the app built and xvfb-run)"
fi

echo "device-tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
