#!/usr/bin/env bash
# Codegen compile round trip: `parsnip codegen` writes models for every file of ../shared/bench-data and the seeds'
# examples (Examples/), all of them are compiled in ONE swiftc run (Swift 6 mode, warnings as errors) together with
# a small program that decodes each sample with ParsnipDecoder and with Foundation's JSONDecoder, encodes it again
# with the matching encoder and checks that the values survive (members that are null or missing aside). Partial
# mirrors (--partial-mirrors) are generated for a few samples, and snapshots of their prefixes must decode into them.
#
# Needs `swift build` first (it uses .build/debug/parsnip and links the Parsnip objects built there). Skips, exit 0, with a
# message when swiftc or ../shared is absent. Environment: PARSNIP_BUILD (default .build/debug), PARSNIP_SHARED
# (default ../shared), KEEP=1 keeps the scratch directory.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${PARSNIP_BUILD:-.build/debug}
shared=${PARSNIP_SHARED:-../shared}
if ! command -v swiftc >/dev/null; then echo "skipped: no swiftc on PATH"; exit 0; fi
if [ ! -d "$shared/bench-data" ]; then echo "skipped: $shared/bench-data is not present"; exit 0; fi
if [ ! -x "$build/parsnip" ] || ! ls "$build"/Parsnip.build/*.swift.o >/dev/null 2>&1; then
  echo "error: $build/parsnip or the objects in $build/Parsnip.build are missing; run 'swift build' first" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/parsnip-codegen.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then echo "scratch: $work"; else trap 'rm -rf "$work"' EXIT; fi

driver="$work/main.swift"
cat >"$driver" <<'EOF'
import Foundation
import Parsnip

/// The value with every null member removed, at every depth (generated optionals that are nil are not written),
/// and every number that is not an integer read as a `Double` (what the generated `Double` properties keep).
func withoutNulls(_ json: JSON) -> JSON {
  switch json {
  case .number(let number) where !number.isInteger: return .number(JSONNumber(number.doubleValue))
  case .object(let object):
    return .object(JSONObject(object.members.filter { $0.value != .null }.map { ($0.key, withoutNulls($0.value)) }))
  case .array(let elements): return .array(elements.map(withoutNulls))
  default: return json
  }
}

var failures = 0
var checked = 0
@MainActor func expectRoundTrip(_ label: String, _ sample: [UInt8], _ roundTrip: ([UInt8]) throws -> [UInt8]) {
  checked += 1
  do {
    let encoded = try roundTrip(sample)
    let before = withoutNulls(try JSON(parsing: sample))
    let after = withoutNulls(try JSON(parsing: encoded))
    if before != after {
      failures += 1
      let diff = JSONPatch.diff(from: before, to: after).json
      print("FAIL \(label): values differ: \(String(describing: try? diff.string()).prefix(600))")
    }
  } catch {
    failures += 1
    print("FAIL \(label): \(String(describing: error).prefix(600))")
  }
}

/// Each sample of a file: the whole file, or each non-blank line.
func samples(_ path: String, lines: Bool) -> [[UInt8]] {
  let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
  guard lines else { return [bytes] }
  return bytes.split(separator: UInt8(ascii: "\n")).map(Array.init).filter { !$0.allSatisfy { $0 == 32 || $0 == 13 } }
}

@MainActor func codable<T: Codable>(
  _ type: T.Type, _ path: String, lines: Bool, parsnip: (ParsnipDecoder, ParsnipEncoder),
  foundation: (JSONDecoder, JSONEncoder)
) {
  for (index, sample) in samples(path, lines: lines).enumerated() {
    let label = lines ? "\(path):\(index + 1)" : path
    expectRoundTrip("\(label) (ParsnipDecoder)", sample) {
      [UInt8](try parsnip.1.encode(try parsnip.0.decode(T.self, from: Data($0))))
    }
    expectRoundTrip("\(label) (JSONDecoder)", sample) {
      [UInt8](try foundation.1.encode(try foundation.0.decode(T.self, from: Data($0))))
    }
  }
}

/// Partial mirrors: the snapshot of every twentieth of the sample, still streaming, decodes into the mirror.
@MainActor func partial<T: Decodable>(_ type: T.Type, _ path: String, _ decoder: ParsnipDecoder) {
  let bytes = samples(path, lines: false)[0]
  for k in 1...20 {
    checked += 1
    var document = PartialJSON(mode: k % 2 == 0 ? .on : .trailingStrings)
    do {
      try document.append(bytes[..<(bytes.count * k / 20)])
      _ = try document.decode(T.self, using: decoder)
    } catch {
      failures += 1
      print("FAIL \(path) (partial mirror, \(k)/20 of it): \(String(describing: error).prefix(600))")
    }
  }
}

@MainActor func model<T: JSONModel>(_ type: T.Type, _ path: String) {
  for sample in samples(path, lines: false) {
    expectRoundTrip("\(path) (JSONModel)", sample) { Array(try T(jsonString: String(decoding: $0, as: UTF8.self)).jsonString().utf8) }
  }
}

EOF

# Generates one sample's models into an enum namespace (so that every sample's types compile together) and adds
# its check to the program. Arguments: namespace, check kind (codable|model), codegen arguments...
generate() {
  local namespace=$1 kind=$2
  shift 2
  local file="$work/$namespace.swift"
  if ! "$build/parsnip" codegen "$@" >"$work/$namespace.generated"; then
    echo "FAIL codegen $*" >&2
    exit 1
  fi
  { echo "import Foundation"; echo "import Parsnip"; echo "enum $namespace {";
    grep -v '^import ' "$work/$namespace.generated"; echo "}"; } >"$file"
  local path="${*: -1}" lines=false
  case " $* " in *" --lines "*) lines=true ;; esac
  local coder="$namespace.RootCoding.parsnipDecoder()"
  [ "$kind" = model ] && coder="ParsnipDecoder()"
  case " $* " in *" --partial-mirrors "*) echo "partial($namespace.RootPartial.self, \"$path\", $coder)" >>"$driver" ;; esac
  if [ "$kind" = model ]; then
    echo "model($namespace.Root.self, \"$path\")" >>"$driver"
  else
    echo "codable($namespace.Root.self, \"$path\", lines: $lines, parsnip: ($namespace.RootCoding.parsnipDecoder(), $namespace.RootCoding.parsnipEncoder()), foundation: ($namespace.RootCoding.foundationDecoder(), $namespace.RootCoding.foundationEncoder()))" >>"$driver"
  fi
}

n=0
for f in "$shared"/bench-data/*.json Examples/*.json; do
  n=$((n + 1))
  generate "Sample$n" codable "$f"
done
for f in Examples/*.jsonl; do
  n=$((n + 1))
  generate "Lines$n" codable --lines "$f"
done
generate ClassesWithVar codable --class --var --access public Examples/user.json
generate Classes codable --class Examples/shop.json
generate ShopModel model --model Examples/shop.json
generate UserModel model --model --class --var Examples/user.json
generate PartialTwitter codable --partial-mirrors "$shared/bench-data/twitter.json"
generate PartialEvents codable --partial-mirrors "$shared/bench-data/github_events.json"
generate PartialClasses codable --class --var --access public --partial-mirrors Examples/user.json
generate PartialModel model --model --partial-mirrors Examples/shop.json
cat >>"$driver" <<'EOF'
print("codegen round trip: \(checked - failures) of \(checked) checks passed")
exit(failures == 0 ? 0 : 1)
EOF

# Only the objects of sources that exist now: a build folder keeps objects of renamed or deleted files.
objects=()
while IFS= read -r source; do
  objects+=("$build/Parsnip.build/$(basename "$source").o")
done < <(find Sources/Parsnip -name '*.swift')
swiftc -swift-version 6 -warnings-as-errors -Onone -I "$build/Modules" "$work"/*.swift "${objects[@]}" \
  -o "$work/roundtrip"
"$work/roundtrip"
