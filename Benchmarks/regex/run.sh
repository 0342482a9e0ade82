#!/usr/bin/env bash
# Builds main.swift with the regular expression engine's sources (they depend on nothing else in Parsnip), with -O,
# and runs it. Usage: Benchmarks/regex/run.sh   (BENCH_ITERATIONS=N to change the runs per row)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
swiftc -O -parse-as-library -module-name RegexBench Sources/Parsnip/Regex/*.swift Benchmarks/regex/main.swift \
  -o "$out/regex-bench" 2>/dev/null || swiftc -O -module-name RegexBench Sources/Parsnip/Regex/*.swift \
  Benchmarks/regex/main.swift -o "$out/regex-bench"
"$out/regex-bench"
