#!/usr/bin/env bash
# Builds the DocC documentation of the Parsnip library with the toolchain's own `docc` (no plugin dependency):
# symbol graphs from `swift package dump-symbol-graph`, then `docc convert --warnings-as-errors`, so a broken
# ``Symbol`` link in a doc comment or an article fails. Output: .build/docs (a static DocC archive).
# Usage: scripts/build-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
docc=$(command -v docc || true)
if [ -z "$docc" ]; then
  docc=$(dirname "$(readlink -f "$(command -v swift)")")/docc
fi
if [ ! -x "$docc" ]; then
  echo "build-docs: skipped: no docc in this toolchain" >&2
  exit 0
fi
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=.build/docs-symbol-graphs
rm -rf "$graphs" .build/docs
mkdir -p "$graphs"
# Only the library's graphs: the test targets' would add their symbols (and their links) to the documentation.
cp "$(swift build --show-bin-path)"/../symbolgraph/Parsnip.symbols.json "$(swift build --show-bin-path)"/../symbolgraph/Parsnip@*.symbols.json "$graphs"/
"$docc" convert Sources/Parsnip/Parsnip.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name Parsnip --fallback-bundle-identifier dev.parsnip.Parsnip \
  --output-path .build/docs --warnings-as-errors
echo "build-docs: documentation in .build/docs"
