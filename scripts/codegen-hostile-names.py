#!/usr/bin/env python3
"""Property test of `parsnip codegen`'s names: samples with hostile keys must give Swift that type-checks.

Seeded random samples are built from keys and values chosen to collide with what the generated code declares or
uses itself: Swift keywords, digits only, the empty key, emoji, backticks, quotes, newlines, `hasher`, `fallback`,
`DecodingError`, `CodingKeys`, `init`, `self`, `Type`, the standard library's and Parsnip's type names, and the
names codegen makes up (`Root`, `RootCoding`, `unknown`, `DiscriminatorKey`...). They are placed where each kind
of name is made: object members (properties, types), string enums (enum cases), discriminated unions (union cases,
variant types), arrays (singular element types), `--name` (the root). Every sample is generated with one of the
option combinations (`--class`, `--var`, `--model`, `--access`, `--name`), each sample's code is wrapped in an
enum namespace of its own (a name codegen never makes: it has an underscore inside), and all of them are
type-checked in ONE `swiftc -typecheck -wmo -swift-version 6 -warnings-as-errors` run (one compiler job: Foundation is
loaded once) against the Parsnip module of the
build folder, as scripts/codegen-roundtrip.sh compiles generated models. A failure prints the sample, its options
and swiftc's first errors for it.

Usage: scripts/codegen-hostile-names.py [path/to/parsnip]   (default: .build/debug/parsnip; needs `swift build`)
Environment: SEED (default 42), SAMPLES (default 160), KEEP=1 keeps the scratch directory.
Skips, exit 0, with a message when swiftc is not on PATH.
"""

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "parsnip")
MODULES = os.path.join(os.path.dirname(BINARY), "Modules")

# Keys chosen to collide with Swift and with the generated code's own names (and ordinary ones, so that samples
# mix both).
HOSTILE_KEYS = [
    # Keywords, contextual keywords and names that cannot be declared even in backticks.
    "class", "struct", "enum", "func", "let", "var", "init", "deinit", "self", "Self", "super", "Type", "Protocol",
    "Any", "default", "case", "in", "is", "as", "nil", "true", "false", "throws", "rethrows", "try", "await",
    "async", "return", "where", "switch", "repeat", "some", "any", "inout", "_", "__", "subscript", "operator",
    "static", "public", "private", "package", "internal", "open", "final", "lazy", "weak", "unowned", "mutating",
    "override", "required", "convenience", "dynamic", "indirect", "optional", "get", "set", "willSet", "didSet",
    "actor", "macro", "nonisolated", "consume", "copy", "discard", "each", "borrowing", "consuming", "sending",
    # What the generated code declares or uses itself.
    "hasher", "hash", "hashValue", "lhs", "rhs", "fallback", "unknown", "unknownValue", "rawValue", "stringValue",
    "intValue", "description", "debugDescription", "allCases", "encode", "decoder", "encoder", "container", "value",
    "coder", "discriminator", "keyOverrides", "ignoredKeys", "modelName", "dateFormat", "modelConfiguration",
    "didDecode", "willEncode", "json", "jsonString", "jsonData", "update", "updated", "combine", "CodingKeys",
    "codingKeys", "DiscriminatorKey", "discriminatorKey", "DecodingError", "decodingError", "EncodingError",
    "CodingKey", "Codable", "Decodable", "Encodable", "Decoder", "Encoder", "Sendable", "Hashable", "Equatable",
    "Hasher", "String", "Int", "Double", "Bool", "Date", "URL", "Decimal", "Data", "Array", "Dictionary",
    "Optional", "Set", "Error", "Never", "Void", "Result", "JSON", "JSONNumber", "JSONObject", "JSONModel",
    "JSONDecoder", "JSONEncoder", "ParsnipDecoder", "ParsnipEncoder", "UnknownFallback", "FallbackDecodable",
    "KeyedDecodingContainer", "KeyedEncodingContainer", "UnkeyedDecodingContainer", "SingleValueDecodingContainer",
    "CodingUserInfoKey", "RawRepresentable", "CaseIterable", "CustomStringConvertible", "AnyHashable", "AnyObject",
    "Foundation", "Parsnip", "Swift", "Root", "RootCoding", "Coding", "root", "rootCoding", "field", "Value",
    "Element", "element", "elements", "values", "types", "kinds",
    # Not identifiers at all.
    "", " ", "0", "1", "007", "2fa", "3d_model", "-", "--", ".", "$", "@", "@type", "@id", "$ref", "#", "`",
    "``", "`class`", '"', "a\"b", "'", "\\", "\n", "a\nb", "\t", "\u0000", "\u007f", "\u200b", "\u00e9t\u00e9",
    "\u2028", "\ufeff", "\u0085", "\u202e", "\U0001F600", "\U0001F600\U0001F600", "a\U0001F600",
    "\u0645\u0631\u062d\u0628\u0627", "\ud7ff",
    "x-y", "x.y", "x y", "X_Y", "xY", "XY", "ID", "id", "Id", "_id", "__id__",
    # Ordinary names, some plural (element types are made singular).
    "name", "user", "users", "items", "item", "children", "statuses", "status", "people", "data", "series",
]

# Values of `String`-backed enums (codegen only makes cases of identifier-like values).
ENUM_VALUES = [
    "fallback", "unknown", "unknownValue", "init", "self", "Self", "Type", "rawValue", "hashValue", "hash",
    "default", "case", "in", "encode", "allCases", "description", "a", "A", "b", "x-y", "x y", "x.y", "_", "-",
    "--", "value", "Value", "none", "some", "hasher", "CodingKeys", "DecodingError", "protocol", "Protocol",
]

# Discriminator values of unions (any string: they name cases and variant types).
VARIANT_VALUES = ENUM_VALUES + [
    "", "0", "42", "`", '"', "\n", "\U0001F600", "DiscriminatorKey", "Root", "RootCoding", "String", "JSON",
    "Decoder", "Hasher", "Codable", "Sendable", "Foundation", "Parsnip", "Swift", "Date", "Push", "push",
]

OPTIONS = [
    [], ["--class"], ["--var"], ["--class", "--var"], ["--model"], ["--model", "--class", "--var"],
    ["--access", "public"], ["--access", "package", "--class"], ["--class", "--var", "--access", "public"],
    ["--model", "--access", "public"],
]

# Root names `--name` takes, and names it must refuse (exit 2): the generated code uses them itself, or they are
# not type names.
ROOT_NAMES = ["Root", "Value", "Field", "Model", "X", "Coding", "User", "RootCoding", "Element", "A_b2"]
REFUSED_ROOT_NAMES = ["Hasher", "DecodingError", "CodingKeys", "DiscriminatorKey", "String", "user", "2fa", "",
                      "Self", "JSON", "Codable", "A-b", "Été"]


class Sample:
    def __init__(self, rng):
        self.rng = rng

    def key(self):
        return self.rng.choice(HOSTILE_KEYS)

    def keys(self, n):
        keys = []
        while len(keys) < n:
            k = self.key()
            if k not in keys:
                keys.append(k)
        return keys

    def schema(self, depth):
        """A description of an object place: (key, kind, payload) per member."""
        members = []
        for key in self.keys(self.rng.randint(1, 5)):
            kinds = ["int", "string", "double", "bool", "date", "url", "null"]
            if depth < 3:
                kinds += ["object", "object", "array", "union", "enum", "enum"]
            kind = self.rng.choice(kinds)
            payload = None
            if kind in ("object", "array"):
                payload = self.schema(depth + 1)
            elif kind == "enum":
                payload = self.rng.sample(ENUM_VALUES, self.rng.randint(2, 4))
            elif kind == "union":
                discriminator = self.rng.choice(["type", "kind", "event", "@type"])
                variants = []
                for value in self.rng.sample(VARIANT_VALUES, self.rng.randint(2, 4)):
                    variants.append((value, self.schema(depth + 1)))
                payload = (discriminator, variants)
            members.append((key, kind, payload, self.rng.random() < 0.2))
        return members

    def value(self, members, index):
        """The object for `members`, the `index`th of its place (enum values and variants cycle with it)."""
        obj = {}
        for key, kind, payload, sometimes in members:
            if sometimes and index % 3 == 1:
                continue
            if kind == "int":
                obj[key] = index
            elif kind == "double":
                obj[key] = index + 0.5
            elif kind == "string":
                obj[key] = f"text {index}"
            elif kind == "bool":
                obj[key] = index % 2 == 0
            elif kind == "date":
                obj[key] = "2015-03-25T15:49:1%dZ" % (index % 10)
            elif kind == "url":
                obj[key] = f"https://example.com/{index}"
            elif kind == "null":
                obj[key] = None if index % 2 else index
            elif kind == "object":
                obj[key] = self.value(payload, index)
            elif kind == "array":
                obj[key] = [self.value(payload, index + k) for k in range(2)]
            elif kind == "enum":
                obj[key] = payload[index % len(payload)]
            elif kind == "union":
                discriminator, variants = payload
                value, schema = variants[index % len(variants)]
                item = self.value(schema, index)
                # Variants of distinct shapes: each also has a member named after its own value.
                item["only " + value] = index
                item[discriminator] = value
                obj[key] = [item]
        return obj

    def document(self):
        members = self.schema(0)
        # Twelve objects: string enums need ten occurrences; each union variant appears more than once.
        return [self.value(members, index) for index in range(12)]


def main():
    if not shutil.which("swiftc"):
        print("skipped: no swiftc on PATH")
        return 0
    if not os.access(BINARY, os.X_OK) or not os.path.isdir(MODULES):
        print(f"error: {BINARY} or {MODULES} is missing; run 'swift build' first", file=sys.stderr)
        return 2
    seed = int(os.environ.get("SEED", "42"))
    count = int(os.environ.get("SAMPLES", "160"))
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="parsnip-codegen-names-")
    started = time.monotonic()
    samples = {}
    failures = 0
    try:
        for n in range(count):
            document = Sample(rng).document()
            options = list(OPTIONS[n % len(OPTIONS)])
            if n % 7 == 3:
                options += ["--name", rng.choice(ROOT_NAMES)]
            if n % 11 == 5:
                refused = ["codegen"] + options + ["--name", rng.choice(REFUSED_ROOT_NAMES), "-"]
                result = subprocess.run([BINARY] + refused, input=b"{}", capture_output=True)
                if result.returncode != 2 or b"invalid type name" not in result.stderr:
                    failures += 1
                    print(f"FAIL parsnip {' '.join(refused)} exited {result.returncode}, not 2 with "
                          f"'invalid type name': {result.stderr.decode(errors='replace')[:300]}")
            as_lines = n % 5 == 4
            sample_path = os.path.join(work, f"sample{n}.json" + ("l" if as_lines else ""))
            with open(sample_path, "w", encoding="utf-8") as f:
                if as_lines:
                    f.write("".join(json.dumps(item) + "\n" for item in document))
                else:
                    json.dump(document, f)
            arguments = ["codegen"] + options + (["--lines"] if as_lines else []) + [sample_path]
            result = subprocess.run([BINARY] + arguments, capture_output=True)
            if result.returncode != 0:
                failures += 1
                print(f"FAIL sample {n}: parsnip {' '.join(arguments)} exited {result.returncode}: "
                      f"{result.stderr.decode(errors='replace')[:400]}")
                continue
            source = result.stdout.decode()
            # Split at "\n" only: str.splitlines() also splits at U+2028 and U+0085, which literals may hold.
            body = "".join(line + "\n" for line in source.split("\n") if line and not line.startswith("import "))
            namespace = f"Sample_{n}"
            with open(os.path.join(work, f"{namespace}.swift"), "w", encoding="utf-8") as f:
                f.write(f"import Foundation\nimport Parsnip\n\nenum {namespace} {{\n{body}}}\n")
            samples[namespace] = (arguments, document)
        generated = time.monotonic()
        files = sorted(os.path.join(work, name + ".swift") for name in samples)
        check = subprocess.run(
            ["swiftc", "-typecheck", "-wmo", "-swift-version", "6", "-warnings-as-errors", "-package-name", "hostile",
             "-I", MODULES] + files, capture_output=True)
        output = check.stdout.decode(errors="replace") + check.stderr.decode(errors="replace")
        diagnostics = {}
        for match in re.finditer(r"^(?:.*/)?(Sample_\d+)\.swift:(\d+):\d+: (?:error|warning): (.*)$", output, re.M):
            diagnostics.setdefault(match.group(1), []).append(f"line {match.group(2)}: {match.group(3)}")
        if check.returncode != 0 and not diagnostics:
            failures += 1
            print(f"FAIL swiftc exited {check.returncode}:\n{output[-3000:]}")
        for namespace in sorted(diagnostics, key=lambda name: int(name.split("_")[1])):
            failures += 1
            arguments, document = samples[namespace]
            shown = json.dumps(document[0], ensure_ascii=True)
            print(f"FAIL {namespace}: parsnip {' '.join(arguments[:-1])} on a sample like {shown[:600]}")
            for line in diagnostics[namespace][:4]:
                print(f"    {line}")
        if os.environ.get("KEEP") == "1":
            print(f"scratch: {work}")
        print(f"codegen hostile names: {len(samples) - len(diagnostics)} of {count} samples type-check "
              f"(seed {seed}; generated in {generated - started:.1f} s, type-checked in "
              f"{time.monotonic() - generated:.1f} s)")
    finally:
        if os.environ.get("KEEP") != "1":
            shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
