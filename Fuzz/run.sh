#!/usr/bin/env bash
# Builds and runs the parser fuzzer (libFuzzer + AddressSanitizer). Not part of `swift build`.
#
#   Fuzz/run.sh [SECONDS]     fuzz for SECONDS (default 600), then print the run count
#   Fuzz/run.sh -- CRASHFILE  replay one input (for example a crash-* artifact)
#
# The seed corpus is copied at run time from ../shared/conformance/json-test-suite (never committed) plus a few
# JSON5 documents written here; the working corpus and crash artifacts live in Fuzz/.build/ (ignored by git).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/Fuzz/.build"
bin="$work/parser-fuzzer"
mkdir -p "$work/corpus" "$work/artifacts"

# The parser, the values it builds and the writer: the rest of the library is not needed, and an optimized,
# instrumented build of all of it takes many minutes.
sources=$(find "$root/Sources/Parsnip/Parsing" "$root/Sources/Parsnip/Value" "$root/Sources/Parsnip/Writing" \
  -name '*.swift' | sort)
newest=$(ls -t $sources "$root/Fuzz/ParserFuzzer/main.swift" | head -1)
if [ ! -x "$bin" ] || [ "$newest" -nt "$bin" ]; then
  echo "fuzz: building $bin" >&2
  # Compile a snapshot, so that editing the sources during the (long) optimized build does not break it.
  snapshot="$work/snapshot"
  rm -rf "$snapshot" && mkdir -p "$snapshot"
  i=0
  for f in $sources "$root/Fuzz/ParserFuzzer/main.swift"; do
    i=$((i + 1))
    cp "$f" "$snapshot/$i-$(basename "$f")"
  done
  swiftc -parse-as-library -sanitize=fuzzer,address -O -wmo -module-name Parsnip \
    "$snapshot"/*.swift -o "$bin" 2>&1 | { grep -v "Cannot export local symbol" || true; }
fi

if [ "${1:-}" = "--" ]; then
  shift
  SWIFT_BACKTRACE=enable=no exec "$bin" -runs=1 "$@"
fi
seconds=${1:-600}

suite="$root/../shared/conformance/json-test-suite/test_parsing"
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
if [ -d "$suite" ]; then
  cp "$suite"/y_*.json "$suite"/n_*.json "$suite"/i_*.json "$seeds"/
else
  echo "fuzz: $suite not found; starting from the JSON5 seeds only" >&2
fi
printf '%s' "{// comment
  unquoted: 'and you can quote me on that', \$key_1: /* block */ 0x1F,
  trailingComma: [.5, 5., +1e3, -Infinity, NaN,], 'sq': 'it\\'s \"ok\"\\x41\\u00e9\\
',
}" >"$seeds/json5-1.json5"
printf '%s' "[Infinity, -0x0, 0xFFFFFFFFFFFFFFFFFFFF, '\\0\\v\\a', {ünï_cödé: null, \\u0061b: true}]" >"$seeds/json5-2.json5"
printf '\xef\xbb\xbf{"a":\xc2\xa0[1,\xe2\x80\xa82]}' >"$seeds/json5-3.json5"

# The Swift runtime backtracer and AddressSanitizer both want the crash signal; leave it to the sanitizer.
export SWIFT_BACKTRACE=enable=no
log="$work/last-run.log"
set +e
"$bin" "$work/corpus" "$seeds" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
  -dict="$root/Fuzz/ParserFuzzer/json.dict" -artifact_prefix="$work/artifacts/" -print_final_stats=1 2>&1 | tee "$log" | grep --line-buffered -v '^#[0-9]*.*\(NEW\|REDUCE\|pulse\)'
status=${PIPESTATUS[0]}
set -e
runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
echo "fuzz: ${seconds}s requested, $runs executions, exit $status"
exit "$status"
