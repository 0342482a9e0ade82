#!/usr/bin/env python3
"""Checks the library's public API against its committed baseline, `api/Parsnip.public-api.txt`.

The baseline is every public declaration of the `Parsnip` module as the compiler's symbol graph gives it (the
module's own symbols and its extensions of other modules' types), one per line, sorted: its kind, its path and its
declaration with the generic constraints that apply. A change to the public API must change the baseline in the same
commit, so that it is declared and reviewed; CI fails on any difference.

Usage:
  scripts/check-public-api.py            compare (exit 1 and a diff on any difference)
  scripts/check-public-api.py --update   rewrite the baseline from the current sources
  scripts/check-public-api.py --self-test  prove the comparison fails on a changed declaration
Needs a built package (`swift build`); runs `swift package dump-symbol-graph` (a few seconds once built). The
baseline is Linux's (extensions of Foundation's types are listed as `FoundationEssentials`'s, as on Linux); CI runs the
check there.
"""

import difflib
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, "api", "Parsnip.public-api.txt")


def symbol_graph_files():
    dump = subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"], cwd=ROOT,
                          capture_output=True, text=True)
    if dump.returncode != 0:
        sys.exit(f"check-public-api: dump-symbol-graph failed:\n{dump.stdout}{dump.stderr}")
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout.strip()
    directory = os.path.join(os.path.dirname(bin_path), "symbolgraph")
    files = [os.path.join(directory, "Parsnip.symbols.json")] + sorted(
        glob.glob(os.path.join(directory, "Parsnip@*.symbols.json")))
    if not os.path.exists(files[0]):
        sys.exit(f"check-public-api: no symbol graph at {files[0]}")
    return files


def constraints(symbol):
    found = []
    for source in (symbol.get("swiftExtension", {}), symbol.get("swiftGenerics", {})):
        for c in source.get("constraints", []):
            relation = {"conformance": ":", "sameType": "==", "superclass": ":"}.get(c["kind"], c["kind"])
            found.append(f"{c['lhs']} {relation} {c['rhs']}")
    return sorted(set(found))


def lines(files):
    result = set()
    for path in files:
        extended = os.path.basename(path)[len("Parsnip@"):-len(".symbols.json")] if "@" in path else ""
        for symbol in json.load(open(path))["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            # Another module's type that gains a conformance here lists every default implementation it inherits
            # (all of `Collection`'s for `Data`): those are not Parsnip's declarations.
            if extended and "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            where = constraints(symbol)
            line = f"{symbol['kind']['identifier']} {'.'.join(symbol['pathComponents'])}: {declaration}"
            if where:
                line += " where " + ", ".join(where)
            if extended:
                line += f" [extends {extended}]"
            result.add(" ".join(line.split()))
    return sorted(result)


def compare(current, baseline_lines):
    diff = list(difflib.unified_diff(baseline_lines, current, "api/Parsnip.public-api.txt", "current sources",
                                     lineterm="", n=0))
    return diff


def main():
    if "--self-test" in sys.argv:
        base = ["swift.func a(): func a()", "swift.func b(): func b() -> Int"]
        changed = ["swift.func a(): func a()", "swift.func b(): func b() -> String"]
        assert compare(base, base) == [], "identical lists differ"
        assert any(l.startswith("+swift.func b") for l in compare(changed, base)), "a change went unseen"
        print("check-public-api: self-test ok")
        return
    current = lines(symbol_graph_files())
    if "--update" in sys.argv:
        os.makedirs(os.path.dirname(BASELINE), exist_ok=True)
        with open(BASELINE, "w") as f:
            f.write("\n".join(current) + "\n")
        print(f"check-public-api: wrote {len(current)} declarations to api/Parsnip.public-api.txt")
        return
    if not os.path.exists(BASELINE):
        sys.exit("check-public-api: no baseline; run scripts/check-public-api.py --update")
    baseline_lines = open(BASELINE).read().splitlines()
    diff = compare(current, baseline_lines)
    if diff:
        print("\n".join(diff))
        print(f"check-public-api: the public API differs from api/Parsnip.public-api.txt "
              f"({sum(l.startswith('-') for l in diff[2:])} removed, {sum(l.startswith('+') for l in diff[2:])} "
              "added); if the change is meant, run scripts/check-public-api.py --update and commit the baseline",
              file=sys.stderr)
        sys.exit(1)
    print(f"check-public-api: {len(current)} public declarations, as the baseline says")


main()
