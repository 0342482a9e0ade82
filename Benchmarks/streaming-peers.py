#!/usr/bin/env python3
"""One big top-level array streamed element by element: `parsnip validate --framing array` beside
`parsnip validate --lines` on the same values as JSON Lines, Python's ijson (its C backend, yajl2_c) and
`jq --stream`, all from a file, in alternating rounds (the median of each, and of the per-round ratios).

Usage: Benchmarks/streaming-peers.py [PARSNIP_BINARY] [MEGABYTES]   (defaults: .build/release/parsnip, 100)
The values are the statuses of ../shared/bench-data/twitter.json (BENCH_DATA to point elsewhere), repeated to the
size asked for; the files are written once to $TMPDIR/parsnip-streaming-peers/.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/parsnip")
megabytes = int(sys.argv[2]) if len(sys.argv) > 2 else 100
rounds = int(os.environ.get("BENCH_ROUNDS", "3"))
data = os.environ.get("BENCH_DATA", os.path.join(ROOT, "../shared/bench-data"))

directory = os.path.join(tempfile.gettempdir(), "parsnip-streaming-peers")
os.makedirs(directory, exist_ok=True)
array_path = os.path.join(directory, f"statuses-{megabytes}MB.json")
lines_path = os.path.join(directory, f"statuses-{megabytes}MB.jsonl")
if not (os.path.exists(array_path) and os.path.exists(lines_path)):
    statuses = json.load(open(os.path.join(data, "twitter.json"), encoding="utf-8"))["statuses"]
    texts = [json.dumps(s, separators=(",", ":"), ensure_ascii=False).encode() for s in statuses]
    values, size = [], 0
    while size < megabytes * 1_000_000:
        values.append(texts[len(values) % len(texts)])
        size += len(values[-1]) + 1
    with open(array_path, "wb") as f:
        f.write(b"[" + b",".join(values) + b"]")
    with open(lines_path, "wb") as f:
        f.write(b"\n".join(values) + b"\n")
count = None

IJSON = """
import ijson, sys
assert ijson.backend == 'yajl2_c', ijson.backend
n = 0
with open(sys.argv[1], 'rb') as f:
    for _ in ijson.items(f, 'item', use_float=True):
        n += 1
print(n)
"""

readers = [
    ("`parsnip validate --framing array` (array)", [binary, "validate", "--framing", "array", array_path]),
    ("`parsnip validate --lines --jobs 1` (JSON Lines)", [binary, "validate", "--lines", "--jobs", "1", lines_path]),
    ("`parsnip validate --lines` (JSON Lines, every core)", [binary, "validate", "--lines", lines_path]),
    ("`parsnip format --framing array --compact` (array, to /dev/null)",
     [binary, "format", "--framing", "array", "--compact", array_path]),
    ("ijson `items(f, 'item')`, yajl2_c (array)", [sys.executable, "-c", IJSON, array_path]),
    ("`jq -cn --stream 'fromstream(1|truncate_stream(inputs))'` (array)",
     ["jq", "-cn", "--stream", "fromstream(1|truncate_stream(inputs))", array_path]),
]

times = {label: [] for label, _ in readers}
for round_ in range(rounds):
    order = readers if round_ % 2 == 0 else list(reversed(readers))
    for label, command in order:
        start = time.perf_counter()
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            sys.exit(f"{label}: exit {result.returncode}: {result.stderr.decode()[:500]}")
        times[label].append(elapsed)
        print(f"round {round_ + 1}: {label}: {elapsed:.2f} s", file=sys.stderr, flush=True)

size = os.path.getsize(array_path)
subject = readers[0][0]
head = git = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
print(f"\n### One top-level array element by element: {size / 1e6:.0f} MB, twitter.json statuses "
      f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, build {head}, median of {rounds} alternating rounds)\n")
print("| reader | seconds | MB/s | `--framing array` is … × as fast |")
print("| --- | ---: | ---: | ---: |")
for label, _ in readers:
    seconds = statistics.median(times[label])
    ratios = [b / a for a, b in zip(times[subject], times[label])]
    print(f"| {label} | {seconds:.2f} | {size / 1e6 / seconds:.0f} | {statistics.median(ratios):.2f} |")
