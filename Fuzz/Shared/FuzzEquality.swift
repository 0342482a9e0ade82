// Compiled into every fuzz target by Fuzz/run.sh.

/// Equality of trees for the fuzzers: holds for NaN, tells `-0.0` from `0.0`, and compares strings and keys by
/// their bytes and UTF-16 counts (the count also checks the ASCII bit the library gives its strings, see
/// `StringDecoding.validated`), not by canonical equivalence as `String ==` does.
enum FuzzEquality {
  static func same(_ a: JSON, _ b: JSON) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)):
      let dx = x.doubleValue
      let dy = y.doubleValue
      if dx.isNaN || dy.isNaN { return dx.isNaN && dy.isNaN }
      return x == y && dx.bitPattern == dy.bitPattern
    case (.string(let x), .string(let y)):
      return sameText(x, y)
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (.object(let x), .object(let y)):
      return x.count == y.count
        && zip(x.members, y.members).allSatisfy { sameText($0.key, $1.key) && same($0.value, $1.value) }
    default:
      return a == b
    }
  }

  static func sameText(_ x: String, _ y: String) -> Bool {
    Array(x.utf8) == Array(y.utf8) && x.utf16.count == y.utf16.count
  }
}
