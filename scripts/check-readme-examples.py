#!/usr/bin/env python3
"""Compiles and runs every `swift` block of README.md and of the DocC articles as a reader would paste it, and checks
what it prints.

Each block becomes the `main.swift` of its own executable in one scratch package that depends on this checkout by
path; one `swift build` compiles them all. Every block is then run from the repository root (so it can read
`Examples/`), and its standard output is compared, line by line, with its `// → ` comments:

- a `// → TEXT` comment stands on a line with a `print(...)` call, or alone on the line after one, and TEXT is the
  exact line that print writes; several lines printed by one call are written `// → A ⏎ B`, or as more `// → `
  lines straight after the first (their indentation is kept);
- every line a block prints must be expected, and every `// → ` comment must be on a print (so none goes unchecked);
- a block must compile without warnings and exit with status 0.

Two first lines mark a block that is not run (use them sparingly: a block that runs is a block that stays true):
- `// Package.swift` marks a fragment of a package manifest;
- `// fragment` marks any other fragment that cannot run alone (a declaration shown out of its context).
Usage: scripts/check-readme-examples.py [FILE.md ...]   (exit 0 when every block holds, 1 otherwise)
With no file named, it checks README.md and every article of Sources/Parsnip/Parsnip.docc.
"""

import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARROW = "// → "
SKIP_MARKERS = ("// Package.swift", "// fragment")


def blocks(text):
    """(line number, code) of each ```swift block."""
    found, lines, start, current = [], text.split("\n"), None, []
    for number, line in enumerate(lines, 1):
        if start is None and line.strip() == "```swift":
            start, current = number + 1, []
        elif start is not None and line.strip() == "```":
            found.append((start, "\n".join(current)))
            start = None
        elif start is not None:
            current.append(line)
    return found


def expectations(code, name, first_line):
    """The lines a block must print, or a list of problems."""
    expected, problems, previous = [], [], None  # previous: "print", "arrow" or None
    for offset, line in enumerate(code.split("\n")):
        where = f"{name}:{first_line + offset}"
        if ARROW not in line:
            if line.strip():
                previous = "print" if "print(" in line else None
            continue
        code_part, _, text = line.partition(ARROW)
        if code_part.strip():
            if "print(" not in code_part:
                problems.append(f"{where}: a `// → ` comment on a line that prints nothing: {line.strip()}")
                previous = None
                continue
        elif previous == "arrow":
            # A continuation: the next line of what the same print wrote, indentation kept.
            expected.append(text.rstrip())
            continue
        elif previous != "print":
            problems.append(f"{where}: a `// → ` comment that follows no print: {line.strip()}")
            continue
        previous = "arrow"
        expected.extend(part.strip() for part in text.split(" ⏎ "))
    return expected, problems


def target_prefix(path):
    """The executable targets' name prefix for a file: ReadmeBlock for README.md, the article's name otherwise."""
    stem = re.sub(r"\W", "", os.path.splitext(os.path.basename(path))[0])
    return "ReadmeBlock" if stem.lower() == "readme" else f"{stem}Block"


def main():
    files = sys.argv[1:] or [os.path.join(ROOT, "README.md")] + sorted(
        glob.glob(os.path.join(ROOT, "Sources", "Parsnip", "Parsnip.docc", "*.md")))
    problems, plans = [], []  # plans: (target, file's name, first line, code, expected)
    for path in files:
        name = os.path.relpath(os.path.abspath(path), ROOT)
        with open(path, encoding="utf-8") as f:
            found = [(n, c) for n, c in blocks(f.read()) if not c.lstrip().startswith(SKIP_MARKERS)]
        for index, (first_line, code) in enumerate(found):
            expected, issues = expectations(code, name, first_line)
            problems.extend(issues)
            plans.append((f"{target_prefix(path)}{index + 1}", name, first_line, code, expected))

    scratch = os.path.join(ROOT, ".build", "readme-examples")
    os.makedirs(scratch, exist_ok=True)
    identity = os.path.basename(ROOT).lower()  # SwiftPM names a path dependency after its folder
    targets = []
    for target, name, first_line, code, _ in plans:
        directory = os.path.join(scratch, "Sources", target)
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, "main.swift"), "w", encoding="utf-8") as f:
            f.write(f"// {name} line {first_line}\n{code}\n")
        targets.append(
            f'    .executableTarget(name: "{target}", dependencies: [.product(name: "Parsnip", package: "{identity}")]),'
        )
    manifest = "\n".join([
        "// swift-tools-version: 6.0",
        "import PackageDescription",
        "let package = Package(",
        '  name: "ReadmeExamples",',
        '  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],',
        f'  dependencies: [.package(path: "{ROOT}")],',
        "  targets: [",
        *targets,
        "  ],",
        "  swiftLanguageModes: [.v6]",
        ")",
        "",
    ])
    with open(os.path.join(scratch, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(manifest)
    # Blocks that no longer exist must not linger from an earlier run.
    for entry in os.listdir(os.path.join(scratch, "Sources")):
        if entry not in {p[0] for p in plans}:
            subprocess.run(["rm", "-rf", os.path.join(scratch, "Sources", entry)], check=True)

    build = subprocess.run(["swift", "build", "--package-path", scratch], capture_output=True, text=True)
    if build.returncode != 0:
        print(build.stdout[-20000:] + build.stderr[-5000:])
        print("readme-examples: the swift blocks do not compile (sources in .build/readme-examples)")
        return 1
    # A block a reader pastes should compile cleanly, so its warnings are problems too.
    for warning in sorted(set(re.findall(r"readme-examples/Sources/(\w+Block\d+)/main\.swift:(\d+):\d+: warning: (.*)",
                                         build.stdout + build.stderr))):
        block, line, message = warning
        name, first_line = next((p[1], p[2]) for p in plans if p[0] == block)
        problems.append(f"{name}:{first_line + int(line) - 2}: warning: {message}")
    bin_path = subprocess.run(
        ["swift", "build", "--package-path", scratch, "--show-bin-path"], capture_output=True, text=True, check=True
    ).stdout.strip()

    for target, name, first_line, _, expected in plans:
        run = subprocess.run([os.path.join(bin_path, target)], cwd=ROOT, capture_output=True, text=True, timeout=120)
        output = run.stdout.rstrip("\n").split("\n") if run.stdout.strip() else []
        where = f"{name}:{first_line}"
        if run.returncode != 0:
            problems.append(f"{where}: the block exits with status {run.returncode}: {run.stderr.strip()[:500]}")
        for i in range(max(len(output), len(expected))):
            got = output[i] if i < len(output) else "(nothing)"
            want = expected[i] if i < len(expected) else "(no // → comment)"
            if got != want:
                problems.append(f"{where}: printed line {i + 1} is {got!r}, the block says {want!r}")
                break
    for problem in problems:
        print(problem)
    print(f"readme-examples: {len(plans)} blocks in {len(files)} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
