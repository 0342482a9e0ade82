#!/usr/bin/env python3
"""Runs a fixed set of hostile inputs through the parsnip binary, each under a time and a memory limit.

Each case is one of the attacks of the hardening issue: deep values, endless input, exploding queries, patches
and regexes, long lines, malformed escapes read on demand. A case passes when the binary ends within its time
limit, its peak resident memory stays under its bound, its exit status is the expected one, and its output says
what the case expects. A crash (signal), a timeout or a blown memory bound fails the run.

Usage: scripts/hostile-cases.py [path/to/parsnip]   (default: .build/debug/parsnip)

The limits are generous enough for a debug build on a busy two-core machine; each attack used to take 20 s to
minutes or gigabytes, so they still tell a fix from a regression.
"""

import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "parsnip")

MB = 1 << 20


class Case:
    def __init__(self, name, args, status=0, stdin=None, stdout=None, stderr=None, seconds=20, megabytes=512,
                 endless=False):
        self.name = name
        self.args = args
        self.status = status  # an int or a set of ints
        self.stdin = stdin  # None, a path to read from (e.g. /dev/zero), or ("pipe", path) to pipe a file in
        self.stdout = stdout  # None, a regex that must match, or a callable on the bytes
        self.stderr = stderr
        self.seconds = seconds
        self.megabytes = megabytes
        # Endless input (a pipe that never ends): the case still runs after `seconds`, in bounded memory.
        self.endless = endless


def write(directory, name, data):
    path = os.path.join(directory, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def cases(d):
    # Big inputs are written from temporaries, so that this process stays small: a child's peak memory, as the
    # kernel reports it, includes what the process that started it held.
    deep = 100_000
    n = 60_000
    yield Case("100 000 nested arrays are a depth error", ["validate", write(d, "deep.json", "[" * deep + "]" * deep)],
               1, stderr=r"deep\.json:1:\d+: error: nesting deeper than")
    # The depth limit counts from the root, as in a whole parse: the walk stops at level 513, at once.
    yield Case("100 000 nested objects on demand, 60 000-token pointer", [
        "query", "--on-demand", "--pointer", "/a" * n, write(d, "nested.json", '{"a":' * n + "1" + "}" * n)],
        1, stderr=r"nested\.json:1:2561: error: nesting deeper than 512 levels", seconds=10)
    yield Case("500 nested objects over a 20 MB string, on demand", [
        "query", "--on-demand", "--pointer", "/a" * 500 + "/t",
        write(d, "bigstring.json", '{"a":' * 500 + '{"s":"' + "x" * 20_000_000 + '","t":1}' + "}" * 500)],
        0, stdout=r"^1\n$", seconds=10)
    yield Case("a truncated \\u escape in a key read on demand", [
        "query", "--on-demand", "--pointer", "/a", write(d, "escape.json", '{"\\u')], 1, stderr=r"error:")
    yield Case("a key with a bad escape read on demand", [
        "query", "--on-demand", "--pointer", "/a", write(d, "escape2.json", '{"\\u12":1,"a":2}')], 1, stderr=r"error:")
    yield Case("endless NUL bytes on standard input", ["validate"], 1, stdin="/dev/zero",
               stderr=r"1:1: error: expected a value, found byte 0x00\n$", seconds=10, megabytes=256)
    yield Case("endless NUL bytes as JSON Lines read in bounded memory", ["validate", "--lines"], stdin="/dev/zero",
               seconds=5, megabytes=256, endless=True)
    yield Case("endless NUL bytes queried on demand", ["query", "--on-demand", "/a"], 1, stdin="/dev/zero",
               stderr=r"error:", seconds=10, megabytes=256)
    yield Case("numbers whose exponents differ past 2^40 differ", [
        "diff", "--compact", write(d, "e1.json", "[1e99999999999999999999]"),
        write(d, "e2.json", "[1e99999999999999999998]")], 0, stdout=r'"op":"replace"')
    yield Case("a byte order mark before an on-demand read", [
        "query", "--on-demand", "/a/b", write(d, "bom.json", b'\xef\xbb\xbf{"a": {"b": 42}}')], 0, stdout=r"^42\n$")
    yield Case("a regex over the program-size cap is an error, not false", [
        "query", '$[?match(@, "x{0,10000}")]', write(d, "strings.json", '["x", "y"]')], 2, stderr=r"error:")
    yield Case("NaN at the end of 200 KB of JSON5 writes nothing", [
        "format", "--json5", write(d, "nan.json5", "[" + "1," * 100_000 + "NaN]")], 1, stdout=lambda out: out == b"")
    yield Case("$..*..*..* on 400 levels stops at the node budget", [
        "query", "--compact", "$..*..*..*", write(d, "levels.json", '{"a":' * 400 + "1" + "}" * 400)],
        2, stderr=r"--max-nodes", seconds=30, megabytes=1024)
    yield Case("(.*){3300}b on a 1 MB string stops at the budget", [
        "query", '$[?search(@, "(.*){3300}b")]', write(d, "longstring.json", '["' + "a" * 1_000_000 + '"]')],
        2, stderr=r"error:", seconds=30)
    ops = ['{"op":"add","path":"/a","value":[0]}'] + ['{"op":"copy","from":"/a","path":"/a/-"}'] * 30
    yield Case("30 copy operations that each double a value stop at the size bound", [
        "patch", "--compact", write(d, "doubling.patch", "[" + ",".join(ops) + "]"), write(d, "doc.json", "{}")],
        1, stderr=r"error:", seconds=30, megabytes=1024)
    deep_copies = ['{"op":"copy","from":"","path":"' + "/a" * (2 ** k) + '"}' for k in range(0, 16)]
    yield Case("copies of the root into its own deepest member stop at the depth bound", [
        "patch", "--compact", write(d, "deep.patch", "[" + ",".join(deep_copies) + "]"), write(d, "empty.json", "{}")],
        1, stderr=r"error:", seconds=30, megabytes=1024)
    yield Case("a 100 MB JSON Lines line through a pipe", ["validate", "--lines"], 0,
               stdin=("pipe", write(d, "longline.jsonl", b'["' + b"y" * 100_000_000 + b'"]\n')), seconds=30,
               megabytes=1024)
    yield Case("a lone CR inside a JSON Lines line is located on its line", [
        "validate", "--lines", write(d, "cr.jsonl", "1\n2\n3\n4\n[1,\r2, x]\n")], 1, stderr=r"cr\.jsonl:5:\d+: error:")
    # Records shaped like an API's (about 20 bytes per value). `validate` holds the text and its tape, 9 bytes per
    # value, so text much denser in values (`[1,2,3,...]`) needs up to 3 times its size besides.
    big = write(d, "big.json", b"[" + b",".join(
        b'{"id": %d, "name": "Item number %d", "url": "https://example.com/items/%d", "in_stock": true}' % (i, i, i)
        for i in range(250_000)) + b"]")
    size = os.path.getsize(big) // MB
    # Twice the file's exact size (24.95 MB), not its rounded-down size: the text and its tape are all it holds, and
    # on Linux both are in 2 MiB huge pages (`TapeMemory.allocateLarge`), so each rounds up to whole ones.
    yield Case(f"validate holds a {size} MB file in at most twice its size", ["validate", big], 0,
               megabytes=2 * os.path.getsize(big) / MB + 24)
    with open(big, "rb") as f, open(os.path.join(d, "badstart.json"), "wb") as out:
        out.write(b"\x00" + f.read())
    yield Case(f"an invalid first byte of a {size} MB file fails before the rest is read", [
        "validate", os.path.join(d, "badstart.json")], 1, stderr=r"1:1: error:", seconds=10, megabytes=32)

    # Codegen (issue 42, S2 and U7): names that clash with what the generated code uses are renamed, `Sendable` is
    # declared only where everything held is, and many objects wanting one name are numbered in linear time.
    # (scripts/codegen-hostile-names.py type-checks such output with swiftc.)
    enum = write(d, "codegen-enum.json", "[" + ",".join('{"s": "%s"}' % ["fallback", "unknown", "a"][i % 3]
                                                         for i in range(12)) + "]")
    yield Case("codegen: an enum value named fallback is not the static fallback", ["codegen", enum], 0,
               stdout=lambda out: b'  case fallbackValue = "fallback"\n' in out and b"  case fallback\n" not in out
               and b"static var fallback: S { .unknownValue }" in out)
    yield Case("codegen: a class member named hasher is not hash(into:)'s parameter", [
        "codegen", "--class", write(d, "codegen-hasher.json", '{"hasher": 1}')], 0,
        stdout=r"let hasherValue: Int\n[^$]*hasher\.combine\(hasherValue\)")
    yield Case("codegen: a type named DecodingError beside a union is renamed", [
        "codegen", write(d, "codegen-decodingerror.json",
                         '{"DecodingError": {"a": 1}, "e": [{"type": "x", "a": 1}, {"type": "y", "b": "s"}]}')], 0,
        stdout=lambda out: b"let decodingError: RootDecodingError\n" in out
        and b"struct DecodingError" not in out and b"throw DecodingError.dataCorruptedError(" in out)
    yield Case("codegen: --class --var unions of the README's events are not Sendable", [
        "codegen", "--class", "--var", "--lines", os.path.join(ROOT, "Examples", "events.jsonl")], 0,
        stdout=lambda out: b"enum Root: Hashable, Codable {" in out and b"Sendable" not in out)
    yield Case("codegen: --name refuses a name the generated code uses", ["codegen", "--name", "Hasher"], 2,
               stdin="/dev/null", stderr=r"invalid type name 'Hasher' \(the generated code uses 'Hasher' itself\)")
    wanted = 40_000
    # Each `item` object has its own member, so each is a type of its own that wants `Item`, then `XItem`.
    names = write(d, "codegen-names.json", "{" + ",".join(
        '"k%d": {%s}' % (i, ",".join('"j%d": {"x": {"item": {"v%d_%d": 1}}}' % (j, i, j) for j in range(200)))
        for i in range(wanted // 200)) + "}")
    yield Case(f"codegen: {wanted} objects that want one type name", ["codegen", names], 0,
               stdout=lambda out: b"struct XItem%d: " % (wanted - 1) in out, seconds=60, megabytes=768)

    # CLI and JSON Lines (issue 42: N4, S3, E2, Old 12, Old 13, Old 15). N4 (`JSONLines.jobs` of `Int.max` or
    # 100 000) is not reachable from the binary, whose `--jobs` stops at 256: `ParallelJSONLinesTests`
    # `jobsAboveTheMaximumUseTheMaximum` covers the library.
    byte_dir = os.fsencode(d)
    with open(os.path.join(byte_dir, b"bad\xff.json"), "wb") as f:
        f.write(b'{"a": 1}')
    with open(os.path.join(byte_dir, "bad\ufffd.json".encode()), "wb") as f:
        f.write(b'{"b": 2}')
    yield Case("a file name that is not UTF-8 opens that file, by its bytes", [
        "format", "--compact", os.path.join(byte_dir, b"bad\xff.json")], 0, stdout=r'^\{"a":1\}\n$')
    yield Case("a JSON Pointer that is not UTF-8 is a usage error", [
        "query", "--pointer", b"/\xff", os.path.join(byte_dir, "bad\ufffd.json".encode())], 2,
        stdout=lambda out: out == b"", stderr=r"is not valid UTF-8")
    yield Case("endless NUL bytes as JSON Lines on 2 jobs report line 1 at once, as 1 job does", [
        "validate", "--lines", "--jobs", "2"], stdin="/dev/zero", stderr=r"<stdin>:1:1: error: expected a value",
        seconds=5, megabytes=256, endless=True)
    yield Case("endless NUL bytes with --json5 stop at the first byte", ["format", "--json5"], 1, stdin="/dev/zero",
               stderr=r"^<stdin>:1:1: error: expected a value, found byte 0x00\n$", seconds=10, megabytes=64)
    sparse = os.path.join(d, "sparse.json")
    with open(sparse, "wb") as f:
        f.truncate(4 << 30)
    yield Case("a 4 GB sparse file of NUL bytes with --json5 fails at its first byte", ["validate", "--json5", sparse], 1,
               stderr=r"sparse\.json:1:1: error: expected a value", seconds=10, megabytes=64)
    large = os.path.join(d, "large.json")
    with open(large, "wb") as f:
        f.write(b"[" + b" " * 70_000)
        f.truncate(5 << 30)
    yield Case("a 5 GB sparse file whose start is valid is refused by its size, not read", [
        "validate", "--json5", large], 2, stderr=r"input larger than 4 GiB", seconds=10, megabytes=64)
    yield Case("$..*..*..* --paths on 200 nested arrays stops at the path byte budget", [
        "query", "--paths", "$..*..*..*", write(d, "nested200.json", "[" * 200 + "1" + "]" * 200)], 2,
        stderr=r"--max-path-bytes", seconds=90, megabytes=768)
    doubling_string = ['{"op":"add","path":"/a","value":["' + "x" * 100_000 + '"]}'] + \
        ['{"op":"copy","from":"/a","path":"/a/-"}'] * 20
    yield Case("20 copies that double an array holding a 100 KB string stop at the byte bound", [
        "patch", "--compact", write(d, "doubling-string.patch", "[" + ",".join(doubling_string) + "]"),
        write(d, "object.json", "{}")], 1, stderr=r"bytes of values", seconds=30, megabytes=256)

    # Hypermedia (issue 42: N1, N2, S1, S4, U3, U4, U6, E1; N5 and U5 are library tests): expand, jsonapi-build and
    # uri-template.
    import json
    chain = 5000
    yield Case("a JTE chain of 5 000 linked resources stops at the depth limit", [
        "expand", write(d, "jte-chain.json", json.dumps({
            "links": {"items.next": {"href": "/i/{items.next}", "type": "items"}},
            "items": [{"id": str(i), "links": {"next": str(i + 1)}} for i in range(chain)]}))],
        1, stderr=r"^parsnip: error: \S+: /items/33: linked resources nested 33 deep .{0,80}\n$", seconds=10)
    yield Case("an include list of 52 000 names (a 104 KB argument)", [
        "expand", "--include", ".".join(["n"] * 52_000), write(d, "api-chain.json", json.dumps({
            "data": {"type": "a", "id": "0", "relationships": {"n": {"data": {"type": "a", "id": "1"}}}},
            "included": [{"type": "a", "id": str(i), "relationships": {"n": {"data": {"type": "a", "id": str(i + 1)}}}}
                         for i in range(1, chain)]}))], 0, stdout=r'"id": "31"', seconds=10)
    yield Case("attributes named type and id are rejected with their pointer", [
        "expand", write(d, "evil.json", '{"data":{"type":"a","id":"1","attributes":{"type":"evil","id":"999"}}}')],
        1, stderr=r"/data/attributes/type: a resource cannot have a field named 'type'")
    yield Case("copies of a resource that differ are an error naming both", [
        "jsonapi-build", write(d, "copies.json", '[{"type":"a","id":"1","n":1},{"type":"a","id":"1","n":2}]')],
        1, stderr=r"/1/n: resource \(a, 1\) differs from its copy at /0/n")
    big = "x" * 1_000_000
    yield Case("3 000 references to a 1 MB resource stop at the output budget", [
        "expand", "--compact", write(d, "refs.json", json.dumps({
            "data": [{"type": "a", "id": str(i), "relationships": {"r": {"data": {"type": "b", "id": "1"}}}}
                     for i in range(3000)],
            "included": [{"type": "b", "id": "1", "attributes": {"s": big}}]}))],
        1, stderr=r"larger than 67108864 bytes", stdout=lambda out: out == b"", seconds=20, megabytes=400)
    yield Case("3 000 JTE links to a 1 MB resource stop at the output budget", [
        "expand", "--compact", write(d, "jte-refs.json", json.dumps({
            "links": {"posts.author": {"href": "/{posts.author}", "type": "people"}},
            "posts": [{"id": str(i), "links": {"author": "1"}} for i in range(3000)],
            "people": [{"id": "1", "bio": big}]}))],
        1, stderr=r"larger than 67108864 bytes", stdout=lambda out: out == b"", seconds=20, megabytes=400)
    yield Case("30 resources that each relate to all 30 stop at the output budget", [
        "expand", "--compact", "--max-output", "4000000", write(d, "all30.json", json.dumps({"data": [
            {"type": "a", "id": str(i), "relationships": {"all": {"data": [{"type": "a", "id": str(j)} for j in range(30)]}}}
            for i in range(30)]}))], 1, stderr=r"larger than 4000000 bytes", seconds=30, megabytes=256)
    yield Case("uri-template: 3 000 sets of 1 MB URIs stream within the output budget", [
        "uri-template", "--compact", "{v}" * 10_000, write(d, "sets.json", json.dumps([{"v": "x" * 100}] * 3000))],
        1, stderr=r"output larger than 67108864 bytes", seconds=40, megabytes=128)
    yield Case("uri-template quotes at most 64 characters of a 120 KB template", [
        "uri-template", "/p/{a\x1b[31m" + "x" * 120_000], 2,
        stderr=lambda err: len(err) < 300 and b"\x1b" not in err and b"\\u001B" in err)


def run(case):
    stdin = subprocess.DEVNULL
    feeder = None
    if isinstance(case.stdin, str):
        stdin = open(case.stdin, "rb")
    elif isinstance(case.stdin, tuple):
        feeder = subprocess.Popen(["cat", case.stdin[1]], stdout=subprocess.PIPE)
        stdin = feeder.stdout
    start = time.monotonic()
    process = subprocess.Popen([BINARY] + case.args, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = process.communicate(timeout=case.seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        if not case.endless:
            return f"did not finish in {case.seconds} s"
        if process.returncode != -signal.SIGKILL:
            return f"ended with {process.returncode} on endless input"
        # What an endless run must have said by then (E2: the first bad line's error, at once).
        if case.stderr is not None and re.search(case.stderr, err.decode("utf-8", "replace")) is None:
            return [f"stderr {err[:300]!r} does not match {case.stderr} on endless input"], time.monotonic() - start
        return [], time.monotonic() - start
    finally:
        if not isinstance(stdin, int):
            stdin.close()
        if feeder:
            feeder.kill()
            feeder.wait()
    if case.endless:
        return f"ended (exit {process.returncode}) on endless input; stderr {err[:300]!r}"
    elapsed = time.monotonic() - start
    problems = []
    if process.returncode < 0:
        problems.append(f"killed by {signal.Signals(-process.returncode).name}")
    expected = case.status if isinstance(case.status, set) else {case.status}
    if process.returncode not in expected:
        problems.append(f"exit {process.returncode}, expected {sorted(expected)}; stderr: {err[:300]!r}")
    for what, data, check in (("stdout", out, case.stdout), ("stderr", err, case.stderr)):
        if check is None:
            continue
        ok = check(data) if callable(check) else re.search(check, data.decode("utf-8", "replace")) is not None
        if not ok:
            problems.append(f"{what} {data[:300]!r} does not match {check if not callable(check) else 'the check'}")
    return problems, elapsed


def main():
    if not os.access(BINARY, os.X_OK):
        print(f"hostile-cases: no binary at {BINARY} (build it first)", file=sys.stderr)
        return 2
    failures = 0
    with tempfile.TemporaryDirectory(prefix="parsnip-hostile-") as d:
        for case in cases(d):
            # Each case in its own child, so that its peak memory is its own.
            reader, writer = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(reader)
                result = run(case)
                peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
                with os.fdopen(writer, "w") as w:
                    if isinstance(result, str):
                        w.write(result + "\n")
                    else:
                        problems, elapsed = result
                        if peak > case.megabytes:
                            problems.append(f"peak memory {peak} MB over {case.megabytes:.4g} MB")
                        w.write("\n".join(problems) + "\n" if problems else f"ok {elapsed:.2f} s, {peak} MB\n")
                os._exit(0)
            os.close(writer)
            with os.fdopen(reader) as r:
                report = r.read().strip()
            os.waitpid(pid, 0)
            passed = report.startswith("ok ")
            failures += 0 if passed else 1
            print(f"{'PASS' if passed else 'FAIL'} {case.name}: {report}")
    print(f"hostile-cases: {failures} failed" if failures else "hostile-cases: all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
