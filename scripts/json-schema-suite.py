#!/usr/bin/env python3
"""Runs JSON-Schema-Test-Suite through the `parsnip` binary: `parsnip validate --schema --lines --output basic`.

For each test case, the schema goes to a file and the tests' data to a JSON Lines file; the `basic` output lines
say which lines were valid. The suite's remotes are served from `remotes/` under `http://localhost:1234/` by
`--resolve`. Prints failures by file / case / test and the totals; exits 1 when any test fails.

Usage: scripts/json-schema-suite.py [--binary PATH] [--draft draft2020-12] [--suite DIR]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=None)
    parser.add_argument("--draft", default="draft2020-12")
    parser.add_argument("--suite", default=os.path.join(ROOT, "..", "shared", "conformance", "json-schema-test-suite"))
    args = parser.parse_args()
    binary = args.binary
    if binary is None:
        for mode in ("release", "debug"):
            candidate = os.path.join(ROOT, ".build", mode, "parsnip")
            if os.path.exists(candidate):
                binary = candidate
                break
    if binary is None or not os.path.isdir(args.suite):
        print("skipped: no parsnip binary (swift build) or no ../shared suite", file=sys.stderr)
        return 0
    draft = {"draft2020-12": "2020-12", "draft2019-09": "2019-09", "draft7": "7"}[args.draft]
    tests_dir = os.path.join(args.suite, "tests", args.draft)
    remotes = os.path.join(args.suite, "remotes")
    total = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        schema_path = os.path.join(tmp, "schema.json")
        data_path = os.path.join(tmp, "data.jsonl")
        for name in sorted(os.listdir(tests_dir)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(tests_dir, name)) as f:
                cases = json.load(f)
            for case in cases:
                with open(schema_path, "w") as f:
                    json.dump(case["schema"], f)
                with open(data_path, "w") as f:
                    for test in case["tests"]:
                        f.write(json.dumps(test["data"]) + "\n")
                run = subprocess.run(
                    [binary, "validate", "--schema", schema_path, "--draft", draft, "--lines", "--jobs", "1",
                     "--output", "basic", "--resolve", "http://localhost:1234/=" + remotes, data_path],
                    capture_output=True, text=True)
                outputs = [json.loads(line)["valid"] for line in run.stdout.splitlines() if line.strip()]
                for k, test in enumerate(case["tests"]):
                    total += 1
                    got = outputs[k] if k < len(outputs) and run.returncode != 2 else None
                    if got != test["valid"]:
                        failed += 1
                        reason = run.stderr.strip().splitlines()[0] if run.returncode == 2 and run.stderr else ""
                        print(f"FAIL {name}: {case['description']} / {test['description']}: expected "
                              f"{test['valid']}, got {got} {reason}")
    print(f"{args.draft} through {binary}: {total - failed} of {total} tests pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
