#!/usr/bin/env python3
"""Whole-process JSON Schema validation of JSON Lines: `parsnip validate --schema --lines` beside jsonschema-rs
(orjson parsing each line) and Python's jsonschema, on the same files.

Inputs (generated under $TMPDIR once): twitter.json's statuses, compacted one per line and repeated to ~100 MB
(BENCH_TWITTER_MB), against twitter-status.schema.json; canada.json compacted to one line and repeated
BENCH_CANADA_LINES times (default 20), against canada.geojson.schema.json. Each tool runs as its own process and is
timed from start to exit (best of BENCH_RUNS, default 3); jsonschema-rs's validation loop (parse + is_valid per
line, after the schema is compiled) is also timed inside its process. Python jsonschema runs on a prefix of the
file (about BENCH_SLOW_MB megabytes, default 2) and is scaled to the whole file, as it is far slower.

Usage: scripts/schema-bench.py [--binary .build/release/parsnip]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.environ.get("BENCH_DATA", os.path.join(ROOT, "..", "shared", "bench-data"))

RS_LOOP = r"""
import sys, time, orjson, jsonschema_rs
schema = orjson.loads(open(sys.argv[1], 'rb').read())
validator = jsonschema_rs.validator_for(schema)
start = time.perf_counter()
valid = 0
with open(sys.argv[2], 'rb') as f:
    for line in f:
        if line.strip():
            valid += validator.is_valid(orjson.loads(line))
print(time.perf_counter() - start, valid)
"""

PY_LOOP = r"""
import sys, time, json, itertools, jsonschema
schema = json.load(open(sys.argv[1]))
cls = jsonschema.validators.validator_for(schema)
validator = cls(schema)
limit = int(sys.argv[3])
start = time.perf_counter()
valid = 0
with open(sys.argv[2], 'rb') as f:
    for line in itertools.islice(f, limit):
        if line.strip():
            valid += validator.is_valid(json.loads(line))
print(time.perf_counter() - start, valid)
"""


def prepare(tmp):
    twitter_mb = float(os.environ.get("BENCH_TWITTER_MB", "100"))
    canada_lines = int(os.environ.get("BENCH_CANADA_LINES", "20"))
    twitter_path = os.path.join(tmp, f"twitter-statuses-{int(twitter_mb)}mb.jsonl")
    canada_path = os.path.join(tmp, f"canada-{canada_lines}.jsonl")
    if not os.path.exists(twitter_path):
        statuses = json.load(open(os.path.join(DATA, "twitter.json")))["statuses"]
        lines = [json.dumps(s, ensure_ascii=False, separators=(",", ":")).encode() + b"\n" for s in statuses]
        block = b"".join(lines)
        with open(twitter_path, "wb") as f:
            written = 0
            while written < twitter_mb * 1e6:
                f.write(block)
                written += len(block)
    if not os.path.exists(canada_path):
        line = json.dumps(json.load(open(os.path.join(DATA, "canada.json"))), separators=(",", ":")).encode() + b"\n"
        with open(canada_path, "wb") as f:
            f.write(line * canada_lines)
    return [
        ("twitter statuses", os.path.join(DATA, "schemas", "twitter-status.schema.json"), twitter_path),
        ("canada", os.path.join(DATA, "schemas", "canada.geojson.schema.json"), canada_path),
    ]


def best(command, runs):
    times = []
    out = None
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
    return min(times), out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "parsnip"))
    args = parser.parse_args()
    runs = int(os.environ.get("BENCH_RUNS", "3"))
    slow_mb = float(os.environ.get("BENCH_SLOW_MB", "2"))
    tmp = os.environ.get("BENCH_TMP", tempfile.gettempdir())
    print(f"cores: {os.cpu_count()}, runs: best of {runs}")
    for name, schema, path in prepare(tmp):
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            count = sum(1 for _ in f)
        print(f"\n{name}: {path} ({size / 1e6:.1f} MB, {count} lines), schema {os.path.basename(schema)}")
        slow_lines = max(1, int(slow_mb * 1e6 / (size / count)))
        rows = []
        for jobs in ("1", str(os.cpu_count())):
            seconds, out = best([args.binary, "validate", "--schema", schema, "--lines", "--jobs", jobs, path], runs)
            assert out.returncode == 0, out.stderr[:500]
            rows.append((f"parsnip validate --schema --lines --jobs {jobs} (whole process)", seconds))
        seconds, out = best([sys.executable, "-c", RS_LOOP, schema, path], runs)
        loop, valid = out.stdout.split()
        assert int(valid) == count, out.stdout
        rows.append(("jsonschema-rs + orjson (whole process)", seconds))
        rows.append(("jsonschema-rs + orjson (validation loop only)", float(loop)))
        _, out = best([sys.executable, "-c", PY_LOOP, schema, path, str(slow_lines)], 1)
        loop, valid = out.stdout.split()
        rows.append((f"python jsonschema (loop, {int(valid)} lines scaled to {count})", float(loop) * count / int(valid)))
        rs_loop = rows[3][1]
        for label, seconds in rows:
            print(f"  {label:62s} {seconds:8.3f} s  {size / seconds / 1e6:8.1f} MB/s  "
                  f"{rs_loop / seconds:6.2f}x jsonschema-rs loop")


if __name__ == "__main__":
    main()
