#!/usr/bin/env python3
"""Where the scanner's instructions go: callgrind's self cost per source line, grouped by the scanner function each
line belongs to (whitespace, strings, UTF-8 validation, numbers, tape writes, the main loop's structure).

    BENCH_DATA=../shared/bench-data BENCH_FILES=twitter.json BENCH_ITERATIONS=10 valgrind --tool=callgrind \\
      --callgrind-out-file=/tmp/cg.scan '--toggle-collect=$s7Parsnip7ScannerV12scanDocument*' \\
      .build/release/parsnip-benchmarks profile-index
    scripts/scan-attribution.py /tmp/cg.scan BYTES_SCANNED     # BYTES_SCANNED: file size times iterations

Run from the project root (source files are read to find which function holds each line)."""
import collections
import re
import sys


def self_costs(path):
    """{(file, line, function symbol): instructions}, from a callgrind file with line positions (the default)."""
    names, cost = {}, collections.Counter()
    file = function = None
    line, after_call = 0, False

    def name(kind, text):
        m = re.match(r'\((\d+)\)(?: (.*))?', text)
        if not m:
            return text
        if m.group(2) is not None:
            names[(kind, m.group(1))] = m.group(2)
        return names.get((kind, m.group(1)))

    for raw in open(path):
        raw = raw.rstrip('\n')
        if not raw or raw[0] == '#':
            continue
        key, _, value = raw.partition('=')
        if key == 'fl':
            file = name('file', value)
        elif key in ('fi', 'fe'):
            file = name('file', value)
        elif key == 'fn':
            function = name('fn', value)
        elif key in ('cfi', 'cfl'):
            name('file', value)
        elif key == 'cfn':
            name('fn', value)
        elif key in ('ob', 'cob'):
            name('ob', value)
        elif key == 'calls':
            after_call = True  # the next cost line is the call's inclusive cost
        else:
            m = re.match(r'^([+-]\d+|\*|\d+)\s+(\d+)', raw)
            if not m:
                continue
            position = m.group(1)
            line = line if position == '*' else line + int(position) if position[0] in '+-' else int(position)
            if after_call:
                after_call = False
                continue
            cost[(file, line, function)] += int(m.group(2))
    return cost


declarations = {}


def function_at(path, line):
    """The name of the last `func` declared at or before `line` of `path`."""
    if path not in declarations:
        try:
            text = open(path).read().split('\n')
        except OSError:
            text = []
        pattern = r'^\s*(@\w+(\([^)]*\))?\s*)*((static|private|mutating|fileprivate|consuming|nonmutating)\s+)*func (\w+)'
        declarations[path] = [(i + 1, m.group(5)) for i, t in enumerate(text) if (m := re.search(pattern, t))]
    found = None
    for start, function in declarations[path]:
        if start <= line:
            found = function
    return found


GROUPS = [
    ('whitespace', {'skipWhitespace', 'firstNonSpaceByte', 'skipWhitespaceRun', 'firstNonWhitespaceByte', 'load32',
                    'skipSpacedColon', 'scanSpacedColon'}),
    ('strings: ASCII text, escapes', {'scanString', 'scanStringSlowly', 'firstStringSpecialByte', 'stringSpecialBytes',
                                      'isOneLetterEscape', 'scanEscape', 'hexQuad'}),
    ('strings: UTF-8 validation', {'skipTwoByteText', 'skipThreeByteText', 'plainTwoByteRun', 'utf8SequenceLength',
                                   'areFiveThreeByteSequences', 'bytes'}),
    ('numbers', {'scanNumber', 'scanNumberFailed'}),
    ('literals', {'scanLiteral', 'scanLiteralSlowly'}),
]


def group(file, line, symbol):
    base = (file or '').split('/')[-1]
    if base in ('Tape.swift', 'TapeMemory.swift', 'TapeCursor.swift'):
        return 'tape writes'
    if base == 'NumberParser.swift':
        return 'numbers'
    if line == 0:  # no line information: the enclosing (not inlined) function says what it was
        symbol = symbol or ''
        if 'skipTwoByteText' in symbol or 'skipThreeByteText' in symbol:
            return 'strings: UTF-8 validation'
        if 'scanStringSlowly' in symbol:
            return 'strings: ASCII text, escapes'
        if 'scanNumber' in symbol:
            return 'numbers'
        return 'no line information (inlined into the main loop)'
    if base == 'ASCII.swift':
        return 'byte classes and SIMD masks (strings and whitespace)'
    if base == 'Scanner.swift':
        function = function_at(file, line)
        for name, functions in GROUPS:
            if function in functions:
                return name
        if function in ('scanValues', 'push', 'pop'):
            return 'structure: dispatch, containers, commas, colons'
        return f'scanner: {function}'
    return f'other: {base}'


def main():
    costs = self_costs(sys.argv[1])
    scanned = float(sys.argv[2]) if len(sys.argv) > 2 else 0
    groups = collections.Counter()
    for (file, line, symbol), instructions in costs.items():
        groups[group(file, line, symbol)] += instructions
    total = sum(groups.values())
    for name, instructions in groups.most_common():
        if instructions * 1000 < total:
            continue
        per_byte = f'  {instructions / scanned:5.2f} instructions/byte' if scanned else ''
        print(f'{name:54s} {100 * instructions / total:5.1f}%{per_byte}')
    per_byte = f'  {total / scanned:5.2f} instructions/byte' if scanned else ''
    print(f'{"total":54s} {total:,}{per_byte}')


if __name__ == '__main__':
    main()
