#!/usr/bin/env bash
# Callgrind instruction counts of the readers over the tape, each workload on each corpus file: the numbers issue 41
# compares before and after a change ("no speed lost", none worse than +1%).
#
# Usage: scripts/callgrind-matrix.sh [--skip-build] OUT [EARLIER]
#   OUT      the table to write: `workload file instructions runs spread check`, one row per workload and file:
#            the median count of the runs, their number and spread ((max - min) / median), and what the last run
#            read or wrote (its `check:` lines, to see that two tables measured the same work).
#   EARLIER  a table this script wrote before: also prints each row's ratio OUT/EARLIER, flags rows above +1% and
#            rows whose check differs, and exits 1 when any row is flagged.
# Environment: BENCH_DATA (the corpora, default ../shared/bench-data), WORKLOADS, FILES, ITERATIONS (default 1),
# RUNS (default 2), MAX_RUNS (default 9: the runs of a row whose first RUNS counts differ).
#
# Each run counts only the work inside `profiledWork` (Benchmarks/parsnip-benchmarks/Harness.swift): not start-up,
# not loading the file, not the set-up a workload does first (parsing the document a query reads, deriving the
# JSON:API document). `setarch -R` turns address randomization off, and SWIFT_DETERMINISTIC_HASHING fixes the
# standard library's hash seed and the tree builder's string table's (drawn from it), so that the counts repeat:
# the spread column shows that they did.
set -euo pipefail

skip_build=0
if [[ ${1:-} == --skip-build ]]; then
  skip_build=1
  shift
fi
out=$(realpath -m "${1:?usage: scripts/callgrind-matrix.sh [--skip-build] OUT [EARLIER]}")
earlier=${2:+$(realpath "$2")}
cd "$(dirname "$0")/.."
data=${BENCH_DATA:-$(cd .. && pwd)/shared/bench-data}
workloads=${WORKLOADS:-tree index document decode pipeline flatten-files jsonpath}
files=${FILES:-twitter.json citm_catalog.json canada.json}
iterations=${ITERATIONS:-1}
runs=${RUNS:-2}
max_runs=${MAX_RUNS:-9}

if [[ $skip_build == 0 ]]; then swift build -c release --product parsnip-benchmarks; fi
bin="$(swift build -c release --product parsnip-benchmarks --show-bin-path)/parsnip-benchmarks"

# The commit, and the last one that changed the library (the harness may be newer).
commit="$(git rev-parse --short HEAD), Sources of $(git log -1 --format=%h -- Sources)"
git diff --quiet HEAD || commit="$commit (with uncommitted changes)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  echo "# callgrind instructions (Ir) inside profiledWork, $iterations iteration(s), median of $runs to $max_runs runs;" \
    "commit $commit; $(date -u +%FT%TZ)"
  echo "# $(valgrind --version), $(swift --version 2>/dev/null | head -1)"
  printf '%-14s %-18s %14s %4s %7s  %s\n' workload file instructions runs spread check
} >"$out"
for workload in $workloads; do
  for file in $files; do
    counts=()
    for ((run = 0; run < runs || (run < max_runs && $(printf '%s\n' "${counts[@]}" | sort -u | wc -l) > 1); run++)); do
      SWIFT_DETERMINISTIC_HASHING=1 BENCH_DATA=$data BENCH_FILES=$file BENCH_ITERATIONS=$iterations \
        setarch "$(uname -m)" -R valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --collect-atstart=no '--toggle-collect=*profiledWork*' "$bin" "profile-$workload" >"$tmp/stdout" 2>"$tmp/stderr" || {
        cat "$tmp/stderr" >&2
        echo "error: profile-$workload on $file failed" >&2
        exit 1
      }
      counts+=("$(sed -n 's/^==[0-9]*== Collected : *//p' "$tmp/stderr")")
    done
    read -r instructions spread < <(printf '%s\n' "${counts[@]}" | sort -n | awk '
      { c[NR] = $1 } END { m = c[int((NR + 1) / 2)]; printf "%.0f %.2f%%\n", m, (c[NR] - c[1]) * 100 / m }')
    check=$(sed -n 's/^check: //p' "$tmp/stdout" | paste -sd ';' -)
    printf '%-14s %-18s %14s %4s %7s  %s\n' "$workload" "$file" "$instructions" "$run" "$spread" "${check:--}" |
      tee -a "$out"
  done
done

if [[ -n $earlier ]]; then
  python3 - "$earlier" "$out" <<'PY'
import sys

def read(path):
    rows = {}
    for line in open(path):
        if line.startswith("#") or line.startswith("workload "):
            continue
        workload, file, instructions, _, _, check = (line.rstrip("\n").split(None, 5) + ["-"])[:6]
        rows[(workload, file)] = (int(instructions), check)
    return rows

before, after = read(sys.argv[1]), read(sys.argv[2])
flagged = 0
print(f"\n{'workload':<14} {'file':<18} {'before':>14} {'after':>14} {'ratio':>8}")
for key, (count, check) in after.items():
    if key not in before:
        print(f"{key[0]:<14} {key[1]:<18} {'-':>14} {count:>14} {'-':>8}  (no earlier row)")
        continue
    earlier_count, earlier_check = before[key]
    ratio = count / earlier_count
    flags = []
    if ratio > 1.01:
        flags.append("ABOVE +1%")
    if check != earlier_check:
        flags.append(f"CHECK DIFFERS (was {earlier_check})")
    flagged += bool(flags)
    print(f"{key[0]:<14} {key[1]:<18} {earlier_count:>14} {count:>14} {ratio:>8.4f}  {' '.join(flags)}".rstrip())
sys.exit(1 if flagged else 0)
PY
fi
