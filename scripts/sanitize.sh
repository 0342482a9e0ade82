#!/usr/bin/env bash
# Runs the tests under the address and thread sanitizers, each in its own scratch path (so that neither rebuilds
# the main .build).
#
#   scripts/sanitize.sh                 both sanitizers, every test
#   scripts/sanitize.sh thread          one sanitizer (address or thread)
#   scripts/sanitize.sh thread FILTER   one sanitizer, the tests whose names match FILTER (as `swift test --filter`)
#   scripts/sanitize.sh all FILTER      both, filtered
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-all}"
filter="${2:-}"
case "$which" in
  all) sanitizers=(address thread) ;;
  address | thread) sanitizers=("$which") ;;
  *) echo "usage: $0 [all|address|thread] [FILTER]" >&2; exit 64 ;;
esac
for sanitizer in "${sanitizers[@]}"; do
  echo "== swift test --sanitize=$sanitizer${filter:+ --filter $filter}"
  # Races and memory errors stop the run: a report is a failure, not a warning.
  export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
  export ASAN_OPTIONS="halt_on_error=1 detect_leaks=0${ASAN_OPTIONS:+ $ASAN_OPTIONS}"
  swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" ${filter:+--filter "$filter"}
done
