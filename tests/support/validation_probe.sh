#!/bin/sh
# Runs the validation listener's hidden probes (validation_listener_test.cpp) in one process and
# checks what the listener must make of them: the probe whose GPU work drew a message fails, named
# with that message, the probe after it passes, and the process ends by exit code, not a signal.
# Usage: validation_probe.sh SORTSCOPE_TESTS [LOG]   (ctest and scripts/device-tests.sh use it)
set -u
log=${2:-$(mktemp)}
SORTSCOPE_VALIDATION=1 "$1" '[.validation-probe]' >"$log" 2>&1
code=$?
cat "$log"
[ $code -ne 0 ] && [ $code -lt 128 ] &&
  grep -q 'a test case whose GPU work draws a message fails' "$log" &&
  grep -q 'injected message' "$log" && grep -q 'test cases: 2 | 1 passed | 1 failed' "$log"
