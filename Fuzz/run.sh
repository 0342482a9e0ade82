#!/usr/bin/env bash
# Builds and runs a libFuzzer target (libFuzzer + AddressSanitizer). Not part of `swift build`.
#
#   Fuzz/run.sh [SECONDS]               fuzz the parser for SECONDS (default 600), then print the run count
#   Fuzz/run.sh check                   type-check every target against the library (no build; CI runs it)
#   Fuzz/run.sh -- CRASHFILE            replay one parser input (for example a crash-* artifact)
#   Fuzz/run.sh paths [SECONDS]         fuzz key paths, JSON Pointers, JSONPath and JSON Patch (Fuzz/PathFuzzer)
#   Fuzz/run.sh paths -- CRASHFILE      replay one input of the path fuzzer
#   Fuzz/run.sh codable [SECONDS]       fuzz JSONDocument, ParsnipDecoder and ParsnipEncoder against the tree and
#                                       Foundation (Fuzz/CodableFuzzer); `codable -- CRASHFILE` replays
#   Fuzz/run.sh codegen [SECONDS]       fuzz codegen's names: samples built from random keys must give identifiers
#                                       that are valid, unique and clash with nothing the code uses (no compiling;
#                                       Fuzz/CodegenFuzzer); `codegen -- CRASHFILE` replays
#   Fuzz/run.sh hypermedia [SECONDS]    fuzz URI templates, JTE and JSON:API flatten and build against reference
#                                       rules and each other (Fuzz/HypermediaFuzzer); `hypermedia -- CRASHFILE`
#                                       replays
#   Fuzz/run.sh pipeline [SECONDS]      fuzz decode pipelines against the tree, text against tree, and their budgets
#                                       (Fuzz/PipelineFuzzer); `pipeline -- CRASHFILE` replays
#   (`parser` may also be named explicitly: `Fuzz/run.sh parser 60`.)
#
# The parser's seed corpus is copied at run time from ../shared/conformance/json-test-suite (never committed) plus a
# few JSON5 documents written here; the path fuzzer's seeds (RFC 6901, 6902, 9535 examples) are written here too.
# Working corpora and crash artifacts live in Fuzz/.build/ (ignored by git).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/Fuzz/.build"

# Sets main, dict, bin, corpus and sources for target $1.
configure() {
  case "$1" in
    paths)
      main="$root/Fuzz/PathFuzzer/main.swift"
      dict="$root/Fuzz/PathFuzzer/paths.dict"
      bin="$work/path-fuzzer"
      corpus="$work/corpus-paths"
      ;;
    hypermedia)
      main="$root/Fuzz/HypermediaFuzzer/main.swift"
      dict="$root/Fuzz/HypermediaFuzzer/hypermedia.dict"
      bin="$work/hypermedia-fuzzer"
      corpus="$work/corpus-hypermedia"
      ;;
    codable)
      main="$root/Fuzz/CodableFuzzer/main.swift"
      dict="$root/Fuzz/CodableFuzzer/codable.dict"
      bin="$work/codable-fuzzer"
      corpus="$work/corpus-codable"
      ;;
    codegen)
      main="$root/Fuzz/CodegenFuzzer/main.swift"
      dict="$root/Fuzz/CodegenFuzzer/codegen.dict"
      bin="$work/codegen-fuzzer"
      corpus="$work/corpus-codegen"
      ;;
    pipeline)
      main="$root/Fuzz/PipelineFuzzer/main.swift"
      dict="$root/Fuzz/CodableFuzzer/codable.dict"
      bin="$work/pipeline-fuzzer"
      corpus="$work/corpus-pipeline"
      ;;
    *)
      main="$root/Fuzz/ParserFuzzer/main.swift"
      dict="$root/Fuzz/ParserFuzzer/json.dict"
      bin="$work/parser-fuzzer"
      corpus="$work/corpus"
      ;;
  esac
  if [ "$1" != parser ]; then
    sources=$(find "$root/Sources/Parsnip" -name '*.swift' | sort)
  else
    # The parser, the values it builds and the writer: the rest of the library is not needed, and an optimized,
    # instrumented build of all of it takes many minutes.
    sources=$(for dir in Scanning Tape Rewrites Numbers TreeBuilding Diagnostics Platform Unsafe Value Writing; do
      find "$root/Sources/Parsnip/$dir" -name '*.swift'
    done | sort)
  fi
  sources="$sources $(find "$root/Fuzz/Shared" -name '*.swift' | sort)"
}

if [ "${1:-}" = check ]; then
  # Type-checks every target against the library as it is now (CI runs this: a fuzzer that no longer compiles is
  # a fuzzer nobody runs).
  for target in parser paths codable codegen hypermedia pipeline; do
    configure "$target"
    swiftc -parse-as-library -typecheck -module-name Parsnip -package-name parsnip $sources "$main"
  done
  echo "fuzz: parser, paths, codable, codegen, hypermedia and pipeline targets type-check"
  exit 0
fi

target=parser
case "${1:-}" in
  parser | paths | codable | codegen | hypermedia | pipeline)
    target=$1
    shift
    ;;
esac
configure "$target"
mkdir -p "$corpus" "$work/artifacts"

newest=$(ls -t $sources "$main" | sed -n 1p)  # not head: ls would get SIGPIPE, fatal with pipefail
if [ ! -x "$bin" ] || [ "$newest" -nt "$bin" ]; then
  echo "fuzz: building $bin" >&2
  # Compile a snapshot, so that editing the sources during the (long) optimized build does not break it.
  snapshot="$work/snapshot-$target"
  rm -rf "$snapshot" && mkdir -p "$snapshot"
  i=0
  for f in $sources "$main"; do
    i=$((i + 1))
    cp "$f" "$snapshot/$i-$(basename "$f")"
  done
  swiftc -parse-as-library -sanitize=fuzzer,address -O -wmo -module-name Parsnip -package-name parsnip \
    "$snapshot"/*.swift -o "$bin" 2>&1 | { grep -v "Cannot export local symbol" || true; }
fi

if [ "${1:-}" = "--" ]; then
  shift
  exec "$bin" -runs=1 "$@"
fi
seconds=${1:-600}

seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
if [ "$target" = paths ]; then
  "$root/Fuzz/PathFuzzer/seeds.sh" "$seeds"
elif [ "$target" = codegen ]; then
  # Programs (see Fuzz/CodegenFuzzer/main.swift): options, then members as key and kind bytes; an even key byte
  # picks a hostile key, an odd one is followed by the key's bytes.
  printf '\x00\x00\x01\x05\x0c\x08\x03\x3c\x40\x42\x09\x00\x00\x02\x06\x04' >"$seeds/enum-union.bin"
  printf '\x07\x01\x00\x04\x0bclass\x05\x09\xf0\x9f\x98\x80\x07\x05\x01\x01"\x01\x05\x60\x01' >"$seeds/raw-keys.bin"
  printf '\x02\x02\x03\x0dHasher\x03\x1bDecodingError\x06\x07\x02\x0a\x09\x03\x0342\x00\x037\x01\x38' >"$seeds/names.bin"
else
  suite="$root/../shared/conformance/json-test-suite/test_parsing"
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
fi
if [ "$target" = hypermedia ]; then
  # The seed examples (JTE, JSON:API) and templates of every operator.
  cp "$root"/Examples/posts-jte*.json "$root"/Examples/jsonapi-*.json "$seeds"/ 2>/dev/null || true
  printf '%s' 'http://example.com/{+path}/{x,y}{?q,lang}{#frag}{.ext*}{/seg:3}{;p*}{&c}' >"$seeds/template-1.txt"
  printf '%s' 'comments.author,author' >"$seeds/include-1.txt"
fi
if [ "$target" = pipeline ]; then
  # Objects the record pipeline reads, whole and with members missing or mistyped, and recursive values.
  printf '%s' '[{"id":1,"name":"a","tags":["x"],"list":[2],"child":{"c":[null]}},{"name":"b","list":[3]}]' >"$seeds/records-1.json"
  printf '%s' '[{"id":"1","name":2,"tags":[1,"y",null],"list":[]},{"list":["4"]},{"name":"c","list":[5],"id":1e400}]' >"$seeds/records-2.json"
  printf '%s' '{"name":"d","list":[[[[[[1]]]]]],"child":[[{"a":{"b":[true,false,-0.0,1e-400]}}]]}' >"$seeds/records-3.json"
fi
if [ "$target" = codable ]; then
  # Objects whose keys exercise the snake_case conversion and the probed lookups, and numbers at the types' edges.
  printf '%s' '{"user_id":1,"a_b":[true,null,"x"],"_private_":{"URL_value":2.5},"aB":"é","id":-0}' >"$seeds/keys-1.json"
  printf '%s' '{"__a__b__":1,"a__b":2,"userID":3,"user_i_d":4,"é_é":5,"":6,"_":7,"a_":8}' >"$seeds/keys-2.json"
  printf '%s' '[-9223372036854775808,9223372036854775807,18446744073709551615,18446744073709551616,127,-128,255,256,2147483648,1e2,1.0,-0.0,3.4028235e38,3.5e38,1e-46,1e400,0.1]' >"$seeds/numbers.json"
  printf '%s' '{"a":null,"id":"\u0041\u00e9\ud83d\ude00","userId":{"user_id":[[],{}]}}' >"$seeds/keys-3.json"
fi

# The Swift runtime backtracer and AddressSanitizer both want the crash signal; leave it to the sanitizer.
export SWIFT_BACKTRACE=enable=no
log="$work/last-run-$target.log"
set +e
"$bin" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
  -dict="$dict" -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 2>&1 | tee "$log" | grep --line-buffered -v '^#[0-9]*.*\(NEW\|REDUCE\|pulse\)'
status=${PIPESTATUS[0]}
set -e
runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
echo "fuzz: $target: ${seconds}s requested, $runs executions, exit $status"
exit "$status"
