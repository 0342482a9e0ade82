// libFuzzer target for the paths that do not go through the tree parser and writer: `JSONDocument`,
// `ParsnipDecoder`, `ParsnipEncoder` and the parallel JSON Lines reader. Built by Fuzz/run.sh together with all of
// the Parsnip sources (one module, so internal helpers are visible); it is not part of the SwiftPM build.
//
// Properties checked for every input:
// - repeated past 12 000 bytes and read as JSON Lines in parts of about 4–5 KiB on 2 and 3 threads, it gives the
//   values, line numbers, errors and valid-line count one thread gives;
// - `JSONDocument` accepts exactly what `JSON(parsing:)` accepts, and its values agree with the tree's: kinds,
//   strings, numbers, `int` and `double`, counts, members in order, and lookups by every key and by a missing one;
// - `ParsnipDecoder` accepts exactly what the tree parser accepts, into a type that reads every value through the
//   generic containers (keyed, unkeyed, single value) as every scalar type a model might ask for;
// - what it decodes agrees with the tree: shape, keys, null, Booleans, strings, `Double` and every integer type
//   (exactly: `1.0` is an integer, `1e-400` is not);
// - where Foundation's `JSONDecoder` also decodes the input, it finds the same values (integers aside, which it
//   converts through `Double`), with default keys and with `convertFromSnakeCase`. Inputs on which the two are
//   documented to differ are left out of this comparison: repeated keys, keys that collide after conversion
//   (both decoders take the first, the tree the last), a key beside the snake_case form of its converted name
//   (`userID` and `user_id`: Parsnip takes the second), and zeros with exponents such as `0e1`, which Foundation
//   refuses (`hasFoundationZeroExponentBug`);
// - `ParsnipEncoder`, given the tree through the generic containers (nested ones, and a keyed container asked for
//   twice, which makes it fall back from streaming to its tree encoder), writes text that parses back to the tree,
//   `encodeToJSON` gives the same, and Foundation's `JSONEncoder` writes the same values, with default keys and with
//   `convertToSnakeCase`; with `sortedKeys` (and indentation), keys come in the order Foundation puts them and the
//   bytes are Foundation's exactly. A second replay writes members under a one-byte key type (names cached per key
//   byte, repeats found by byte; half of each object under string keys, which mixes the two checks in one object)
//   and arrays as `[Replay]` values (written in place, without an unkeyed container).

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func codableFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: size == 0 ? nil : UnsafeRawPointer(data), count: size)
  CodableFuzzer.check(Array(input))
  return 0
}

enum CodableFuzzer {
  static func check(_ bytes: [UInt8]) {
    checkLines(bytes)
    // UTF-16 and UTF-32 text: only the decoder reads it (as Foundation's does), as its UTF-8 transcoding.
    let (encoding, markLength) = bytes.withUnsafeBytes { TextEncoding.detect($0) }
    if encoding != .utf8 {
      let utf8 = try? bytes.withUnsafeBytes { buffer throws(JSONParseError) in
        try encoding.transcoded(buffer, skipping: markLength)
      }
      let direct = decode(bytes, snakeCase: false)
      guard let utf8 else {
        if direct != nil { fail("ParsnipDecoder accepted \(encoding) text that does not transcode", bytes) }
        return
      }
      // (Not the decoder on the transcoding: a UTF-8 text that starts with a NUL byte would be detected again.)
      let tree = try? JSON(parsing: utf8)
      guard (direct == nil) == (tree == nil) else {
        fail("ParsnipDecoder read \(encoding) text unlike its UTF-8 transcoding", bytes)
      }
      if let direct, let tree, (try? JSON(parsing: utf8, options: .init(duplicateKeys: .reject))) != nil,
        !direct.agrees(with: tree)
      {
        fail("ParsnipDecoder found\n\(direct)\nin \(encoding) text whose tree is\n\(tree)", bytes)
      }
      return
    }
    let tree = try? JSON(parsing: bytes)
    checkDocument(bytes, tree: tree)
    let parsnip = decode(bytes, snakeCase: false)
    guard (parsnip != nil) == (tree != nil) else {
      fail("ParsnipDecoder \(parsnip == nil ? "rejected" : "accepted") what the tree parser did not", bytes)
    }
    guard let tree, let parsnip else { return }
    checkEncoder(tree, bytes)
    // With a repeated key the decoder keeps the first (as Foundation does), the tree the last: compared without.
    guard (try? JSON(parsing: bytes, options: .init(duplicateKeys: .reject))) != nil else { return }
    guard parsnip.agrees(with: tree) else { fail("ParsnipDecoder found\n\(parsnip)\nin the tree\n\(tree)", bytes) }
    guard let parsnipSnake = decode(bytes, snakeCase: true) else { fail("convertFromSnakeCase rejected it", bytes) }
    guard !hasFoundationZeroExponentBug(bytes) else { return }
    if let foundation = foundationDecode(bytes, snakeCase: false),
      !foundation.sameIgnoringIntegers(parsnip, mayAlsoFind: [])
    {
      fail("default keys: ParsnipDecoder found\n\(parsnip)\nFoundation found\n\(foundation)", bytes)
    }
    guard !hasSnakeCaseCollision(tree), !hasSnakeCaseFormOfAnotherKey(tree) else { return }
    if let foundation = foundationDecode(bytes, snakeCase: true),
      !foundation.sameIgnoringIntegers(parsnipSnake, mayAlsoFind: Probe.keysFoundByTheirSnakeCaseForm)
    {
      fail("convertFromSnakeCase: ParsnipDecoder found\n\(parsnipSnake)\nFoundation found\n\(foundation)", bytes)
    }
  }

  // MARK: JSON Lines

  /// The input repeated past a few parts, as JSON Lines: read in parts on 2 and 3 threads, it gives the values,
  /// line numbers, errors and valid-line count one thread gives.
  static func checkLines(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    var text: [UInt8] = []
    while text.count < 12_000 { text += bytes }
    var lines = JSONLines(bytes: text, errorPolicy: .skip)
    lines.chunkSize = 4096 + bytes.count % 1024
    lines.maximumLineLength = 2000 + bytes.count % 3000
    func trace(_ lines: JSONLines) -> [String] {
      var out: [String] = []
      var iterator = lines.makeIterator()
      while true {
        do throws(JSONLinesError) {
          guard let line = try iterator.next() else { break }
          out.append("\(line.number) \(line.value)")
        } catch {
          out.append("thrown \(error) @\(error.byteOffset)")
        }
      }
      return out + iterator.skipped.map { "skipped \($0) @\($0.byteOffset)" }
    }
    func validation(_ lines: JSONLines) -> [String] {
      var errors: [String] = []
      let valid = (try? lines.validate { errors.append("\($0) @\($0.byteOffset)") }) ?? -1
      return errors + ["\(valid) valid"]
    }
    let serial = trace(lines)
    let serialValidation = validation(lines)
    for jobs in [2, 3] {
      lines.jobs = jobs
      if trace(lines) != serial { fail("JSON Lines read in parts on \(jobs) threads unlike on one", bytes) }
      if validation(lines) != serialValidation {
        fail("JSON Lines validated in parts on \(jobs) threads unlike on one", bytes)
      }
    }
  }

  // MARK: JSONDocument

  static func checkDocument(_ bytes: [UInt8], tree: JSON?) {
    let document = try? JSONDocument(parsing: bytes)
    guard (document != nil) == (tree != nil) else {
      fail("JSONDocument \(document == nil ? "rejected" : "accepted") what the tree parser did not", bytes)
    }
    guard let document, let tree else { return }
    guard FuzzEquality.same(document.root.json(), tree) else {
      fail("JSONDocument.Value.json() differs from the tree", bytes)
    }
    compare(document.root, tree, bytes)
  }

  static func compare(_ value: JSONDocument.Value, _ json: JSON, _ bytes: [UInt8]) {
    guard value.kind == json.kind else { fail("document kind \(value.kind), tree kind \(json.kind)", bytes) }
    guard value.isNull == json.isNull, value.boolValue == json.boolValue else {
      fail("document null or Boolean", bytes)
    }
    switch (value.stringValue, json.stringValue) {
    case (nil, nil): break
    case (let a?, let b?) where FuzzEquality.sameText(a, b): break
    default: fail("document string \(String(describing: value.stringValue))", bytes)
    }
    guard value.numberValue == json.numberValue, value.intValue == json.intValue,
      value.doubleValue?.bitPattern == json.doubleValue?.bitPattern
    else {
      fail("document number \(String(describing: value.numberValue)) int \(String(describing: value.intValue))", bytes)
    }
    // An object's count includes repeated keys, which the tree merges (checked with the members below).
    guard value.count == json.count || json.kind == .object else {
      fail("document count \(value.count), tree \(json.count)", bytes)
    }
    switch json {
    case .array(let elements):
      let documentElements = value.arrayValue ?? []
      guard documentElements.count == elements.count else { fail("document elements", bytes) }
      for (k, element) in elements.enumerated() {
        compare(documentElements[k], element, bytes)
        guard let at = value[k], at.byteOffset == documentElements[k].byteOffset else {
          fail("document subscript [\(k)]", bytes)
        }
      }
      guard value[elements.count] == nil, value[-1] == nil else { fail("document subscript past the end", bytes) }
    case .object(let object):
      // The document keeps every member, the tree the last of each key (at the first one's position).
      let members = value.members ?? []
      guard members.count == value.count, members.count >= object.count else { fail("document members", bytes) }
      for member in object.members {
        guard let found = value[member.key] else { fail("document lookup of \(member.key.debugDescription)", bytes) }
        compare(found, member.value, bytes)
      }
      let lastByKey = Dictionary(members.map { (Array($0.key.utf8), $0.value.byteOffset) }) { $1 }
      guard lastByKey.count == object.count else { fail("document keys differ from the tree's", bytes) }
      for (key, offset) in lastByKey {
        guard value[String(decoding: key, as: UTF8.self)]?.byteOffset == offset else { fail("document lookup", bytes) }
      }
      let missing = "\u{1}missing"
      guard object[missing] != nil || value[missing] == nil else { fail("document found a missing key", bytes) }
    default:
      break
    }
  }

  // MARK: Encoding

  static func checkEncoder(_ tree: JSON, _ bytes: [UInt8]) {
    guard !hasInfiniteNumber(tree) else { return }  // both encoders throw for those, as they are told to
    let expected = Replay.normalized(tree)
    TableKey.names = TableKey.memberNames(of: tree)
    for (snakeCase, byteKeys) in [(false, false), (true, false), (false, true), (true, true)] {
      if byteKeys && TableKey.names.count > 256 { continue }
      let parsnip = ParsnipEncoder()
      let foundation = JSONEncoder()
      if snakeCase {
        guard !hasSnakeCaseCollision(tree, convert: KeyConversion.convertToSnakeCase) else { continue }
        parsnip.keyEncodingStrategy = .convertToSnakeCase
        foundation.keyEncodingStrategy = .convertToSnakeCase
      }
      let replay = Replay(json: tree, byteKeys: byteKeys)
      guard let text = try? parsnip.encodeToBytes(replay), let written = try? JSON(parsing: text) else {
        fail("ParsnipEncoder (snake_case: \(snakeCase)) failed or wrote invalid JSON", bytes)
      }
      guard Replay.same(written, expected, snakeCase: snakeCase) else {
        fail("ParsnipEncoder (snake_case: \(snakeCase)) wrote \(String(decoding: text, as: UTF8.self))", bytes)
      }
      guard let json = try? parsnip.encodeToJSON(replay), Replay.same(json, written, snakeCase: false) else {
        fail("ParsnipEncoder.encodeToJSON (snake_case: \(snakeCase)) differs from its text", bytes)
      }
      guard let data = try? foundation.encode(replay), let theirs = try? JSON(parsing: data) else { continue }
      guard Replay.same(written, theirs, snakeCase: false) else {
        fail(
          "ParsnipEncoder wrote \(String(decoding: text, as: UTF8.self)), Foundation \(String(decoding: data, as: UTF8.self))",
          bytes)
      }
      // Sorted and indented: the same values, and keys in Foundation's order (by UTF-8 bytes).
      parsnip.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      foundation.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      guard let sortedText = try? parsnip.encodeToBytes(replay), let sorted = try? JSON(parsing: sortedText),
        Replay.same(sorted, expected, snakeCase: snakeCase)
      else { fail("ParsnipEncoder with sorted keys (snake_case: \(snakeCase))", bytes) }
      guard let sortedData = try? foundation.encode(replay), let theirsSorted = try? JSON(parsing: sortedData) else {
        continue
      }
      guard Replay.sameKeyOrder(sorted, theirsSorted) else {
        fail(
          "sorted keys: ParsnipEncoder wrote \(String(decoding: sortedText, as: UTF8.self)), Foundation \(String(decoding: sortedData, as: UTF8.self))",
          bytes)
      }
      // Sorted output has one order, so a drop-in writes Foundation's bytes exactly (layout, numbers, escapes).
      guard sortedText == [UInt8](sortedData) else {
        fail(
          "sorted bytes: ParsnipEncoder wrote \(String(decoding: sortedText, as: UTF8.self)), Foundation \(String(decoding: sortedData, as: UTF8.self))",
          bytes)
      }
    }
  }

  static func hasInfiniteNumber(_ json: JSON) -> Bool {
    switch json {
    case .number(let n): return n.int64Value == nil && n.uint64Value == nil && !n.doubleValue.isFinite
    case .array(let elements): return elements.contains(where: hasInfiniteNumber)
    case .object(let object): return object.values.contains(where: hasInfiniteNumber)
    default: return false
    }
  }

  // MARK: Decoding

  static func decode(_ bytes: [UInt8], snakeCase: Bool) -> Probe? {
    let decoder = ParsnipDecoder()
    if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
    return try? decoder.decode(Probe.self, from: bytes)
  }

  static func foundationDecode(_ bytes: [UInt8], snakeCase: Bool) -> Probe? {
    let decoder = JSONDecoder()
    if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
    return try? decoder.decode(Probe.self, from: Data(bytes))
  }

  /// Whether the text has a zero with an exponent (`0e1`, `-0.0e2`, `0.00e1`), which this toolchain's
  /// `JSONDecoder` refuses to decode as a `Double` or `Float` in most of their shapes (it decodes `-0e2`, `0.0e2`
  /// and `0e+1`; `JSONSerialization` reads them all). Such inputs are checked against the tree only. The test is on
  /// the raw bytes, so it also skips inputs that have the pattern inside a string.
  static func hasFoundationZeroExponentBug(_ bytes: [UInt8]) -> Bool {
    var k = 0
    while k < bytes.count {
      guard bytes[k] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[k]) else {
        k += 1
        continue
      }
      // One run of number characters: is it zero digits, then an exponent?
      var allZero = true
      var hasExponent = false
      while k < bytes.count, "0123456789.eE+-".utf8.contains(bytes[k]) {
        let c = bytes[k]
        if c | 0x20 == UInt8(ascii: "e") { hasExponent = true }
        if !hasExponent, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(c) { allZero = false }
        k += 1
      }
      if allZero && hasExponent { return true }
    }
    return false
  }

  /// Whether an object has a member `k` and another named by the snake_case form of `k`'s converted name (`userID`
  /// and `user_id`). For that name Parsnip takes the snake_case member, as documented; Foundation takes `k`.
  static func hasSnakeCaseFormOfAnotherKey(_ json: JSON) -> Bool {
    switch json {
    case .array(let elements): return elements.contains(where: hasSnakeCaseFormOfAnotherKey)
    case .object(let object):
      let keys = Set(object.keys.map { Array($0.utf8) })
      for key in object.keys {
        let name = KeyConversion.convertFromSnakeCase(key)
        let snake = KeyConversion.convertToSnakeCase(name)
        if snake != key, keys.contains(Array(snake.utf8)) { return true }
      }
      return object.values.contains(where: hasSnakeCaseFormOfAnotherKey)
    default: return false
    }
  }

  /// Whether an object has two keys that `convert` turns into the same name.
  static func hasSnakeCaseCollision(
    _ json: JSON, convert: (String) -> String = KeyConversion.convertFromSnakeCase
  ) -> Bool {
    switch json {
    case .array(let elements): return elements.contains { hasSnakeCaseCollision($0, convert: convert) }
    case .object(let object):
      let converted = object.keys.map { Array(convert($0).utf8) }
      return Set(converted).count != converted.count
        || object.values.contains { hasSnakeCaseCollision($0, convert: convert) }
    default: return false
    }
  }

  static func fail(_ message: String, _ bytes: [UInt8]) -> Never {
    let shown = bytes.count <= 512 ? bytes.map { String($0) }.joined(separator: ", ") : "\(bytes.count) bytes"
    fatalError("CodableFuzzer: \(message)\ninput: [\(shown)]")
  }
}

/// A one-byte key type whose names are the input's member names (distinct, at most 256), as an enum's would be.
struct TableKey: CodingKey {
  nonisolated(unsafe) static var names: [String] = []
  nonisolated(unsafe) static var bytes: [String: UInt8] = [:]
  let byte: UInt8
  init(_ name: String) { byte = Self.bytes[name]! }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
  var stringValue: String { Self.names[Int(byte)] }
  var intValue: Int? { nil }

  /// The distinct member names of `json`, in first-seen order; sets `bytes` too.
  static func memberNames(of json: JSON) -> [String] {
    var names: [String] = []
    bytes = [:]
    func collect(_ json: JSON) {
      switch json {
      case .array(let elements): elements.forEach(collect)
      case .object(let object):
        for member in object.members {
          if bytes[member.key] == nil, names.count < 257 {
            bytes[member.key] = UInt8(truncatingIfNeeded: names.count)
            names.append(member.key)
          }
          collect(member.value)
        }
      default: break
      }
    }
    collect(json)
    return names
  }
}

struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// A value read the way a hand-written `init(from:)` might: as an object, else an array, else a scalar asked for
/// as every type in turn.
indirect enum Probe: Decodable, Equatable, CustomStringConvertible {
  case scalar(Scalar)
  case array([Probe])
  case object([Bytes: Probe], lookups: [Bool])

  /// Strings compared by their bytes and UTF-16 count (not by canonical equivalence, as `String ==` does).
  struct Bytes: Hashable, CustomStringConvertible {
    let utf8: [UInt8]
    let utf16Count: Int
    init(_ string: String) {
      utf8 = Array(string.utf8)
      utf16Count = string.utf16.count
    }
    var description: String { String(decoding: utf8, as: UTF8.self).debugDescription }
  }

  /// What one value decodes to as each type (`nil` where that type threw).
  struct Scalar: Equatable {
    var isNil: Bool
    var bool: Bool?
    var int: Int?
    var int8: Int8?
    var uint8: UInt8?
    var int32: Int32?
    var uint64: UInt64?
    var double: UInt64?  // bit patterns: NaN equal to itself, -0.0 apart from 0.0
    var float: UInt32?
    var string: Bytes?
  }

  /// Keys every object is asked about, whether present or not: plain, camelCase, snake_case, and odd shapes.
  static let probedKeys = ["a", "id", "userId", "user_id", "userID", "URL", "_a", "a_", "aB", "a_b", "", "é"]

  init(from decoder: any Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [Bytes: Probe] = [:]
      for key in keyed.allKeys { members[Bytes(key.stringValue)] = try keyed.decode(Probe.self, forKey: key) }
      var lookups: [Bool] = []
      for name in Self.probedKeys {
        let key = AnyKey(stringValue: name)
        lookups.append(keyed.contains(key))
        lookups.append((try? keyed.decodeNil(forKey: key)) ?? false)
        lookups.append((try? keyed.decodeIfPresent(Probe.self, forKey: key)).flatMap { $0 } != nil)
      }
      self = .object(members, lookups: lookups)
      return
    }
    if var unkeyed = try? decoder.unkeyedContainer() {
      var elements: [Probe] = []
      while !unkeyed.isAtEnd {
        if try unkeyed.decodeNil() {
          elements.append(.scalar(Scalar(isNil: true)))
        } else {
          elements.append(try unkeyed.decode(Probe.self))
        }
      }
      self = .array(elements)
      return
    }
    let single = try decoder.singleValueContainer()
    self = .scalar(
      Scalar(
        isNil: single.decodeNil(), bool: try? single.decode(Bool.self), int: try? single.decode(Int.self),
        int8: try? single.decode(Int8.self), uint8: try? single.decode(UInt8.self),
        int32: try? single.decode(Int32.self), uint64: try? single.decode(UInt64.self),
        double: (try? single.decode(Double.self))?.bitPattern, float: (try? single.decode(Float.self))?.bitPattern,
        string: (try? single.decode(String.self)).map(Bytes.init)))
  }

  /// Whether this value, decoded with default keys, holds what the tree holds: the same shape and keys, and for
  /// each scalar the same null, Boolean, string, `Double` and integers.
  func agrees(with json: JSON) -> Bool {
    switch (self, json) {
    case (.array(let elements), .array(let values)):
      return elements.count == values.count && zip(elements, values).allSatisfy { $0.agrees(with: $1) }
    case (.object(let members, _), .object(let object)):
      return members.count == object.count
        && object.members.allSatisfy { member in members[Bytes(member.key)]?.agrees(with: member.value) ?? false }
    case (.scalar(let scalar), _):
      // Like Foundation, the decoder refuses a number whose nearest `Double` is infinite or (for a non-zero
      // number) zero.
      let double = json.numberValue.flatMap { number -> UInt64? in
        let mantissa = number.description.prefix { $0 != "e" && $0 != "E" }
        let isZero = mantissa.allSatisfy { $0 == "0" || $0 == "." || $0 == "-" }
        let value = number.doubleValue
        return value.isFinite && (value != 0 || isZero) ? value.bitPattern : nil
      }
      // Integers are exact: `1.0` and `1e2` are integers, `1.0000000000000000001` and `1e-400` are not. (Foundation
      // converts through `Double`, so it takes those two for 1 and 0, and refuses `9223372036854775807.0`.)
      let number = json.numberValue
      let int64 = number?.int64Value
      return scalar.isNil == json.isNull && scalar.bool == json.boolValue
        && scalar.string == json.stringValue.map(Bytes.init) && scalar.double == double
        && scalar.int == int64.flatMap { Int(exactly: $0) } && scalar.int8 == int64.flatMap { Int8(exactly: $0) }
        && scalar.uint8 == int64.flatMap { UInt8(exactly: $0) } && scalar.int32 == int64.flatMap { Int32(exactly: $0) }
        && scalar.uint64 == number?.uint64Value
    default:
      return false
    }
  }

  /// Positions in an object's `lookups` of the probed keys that `convertFromSnakeCase` cannot produce (`userID`,
  /// `user_id`, `URL`): Parsnip also finds them by their snake_case form (`user_id`, `url`), so that `userID` and
  /// `myURLProperty` round-trip; Foundation does not.
  static let keysFoundByTheirSnakeCaseForm: Set<Int> = Set(
    probedKeys.indices.filter { k in
      KeyConversion.convertFromSnakeCase(KeyConversion.convertToSnakeCase(probedKeys[k])) != probedKeys[k]
    }.flatMap { k in [3 * k, 3 * k + 1, 3 * k + 2] })

  /// Equality except for the integer types, on which Foundation is not exact (see `agrees(with:)`). `other` (what
  /// Parsnip found) may find the lookups at `mayAlsoFind` where this (Foundation's) does not.
  func sameIgnoringIntegers(_ other: Probe, mayAlsoFind: Set<Int>) -> Bool {
    switch (self, other) {
    case (.scalar(var a), .scalar(var b)):
      (a.int, a.int8, a.uint8, a.int32, a.uint64) = (nil, nil, nil, nil, nil)
      (b.int, b.int8, b.uint8, b.int32, b.uint64) = (nil, nil, nil, nil, nil)
      return a == b
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.sameIgnoringIntegers($1, mayAlsoFind: mayAlsoFind) }
    case (.object(let x, let xLookups), .object(let y, let yLookups)):
      let lookupsAgree = zip(xLookups, yLookups).enumerated().allSatisfy { k, pair in
        pair.0 == pair.1 || (mayAlsoFind.contains(k) && !pair.0)
      }
      return lookupsAgree && x.count == y.count
        && x.allSatisfy { key, value in y[key].map { value.sameIgnoringIntegers($0, mayAlsoFind: mayAlsoFind) } ?? false
        }
    default:
      return false
    }
  }

  var description: String {
    switch self {
    case .scalar(let s): "\(s)"
    case .array(let elements): "[\(elements.map(\.description).joined(separator: ", "))]"
    case .object(let members, let lookups):
      "{\(members.map { "\($0.key): \($0.value)" }.sorted().joined(separator: ", "))} lookups \(lookups.map { $0 ? 1 : 0 })"
    }
  }
}

/// Encodes a tree through the generic containers, the way a hand-written `encode(to:)` would: integers as the
/// narrowest of `Int8`, `Int32`, `Int64` and `UInt64` that holds them, other numbers as `Double`; every third array
/// element that is an object, and every third member that is an array, through a nested container; and an object
/// of two or more members through two requests for its keyed container (legal in Codable: the members merge).
struct Replay: Encodable {
  let json: JSON
  /// Members under ``TableKey`` (the first half of each object) and arrays as `[Replay]`.
  var byteKeys = false

  func encode(to encoder: any Encoder) throws {
    switch json {
    case .array(let elements) where byteKeys:
      var container = encoder.singleValueContainer()
      try container.encode(elements.map { Replay(json: $0, byteKeys: true) })
    case .object(let object) where byteKeys:
      let members = object.members
      let half = members.count >= 2 ? members.count / 2 : members.count
      var first = encoder.container(keyedBy: TableKey.self)
      for member in members[..<half] {
        try first.encode(Replay(json: member.value, byteKeys: true), forKey: TableKey(member.key))
      }
      if half < members.count {
        var second = encoder.container(keyedBy: AnyKey.self)
        for member in members[half...] {
          try second.encode(Replay(json: member.value, byteKeys: true), forKey: AnyKey(stringValue: member.key))
        }
      }
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      try Self.fill(&container, elements)
    case .object(let object):
      let members = object.members
      let half = members.count >= 2 ? members.count / 2 : members.count
      var first = encoder.container(keyedBy: AnyKey.self)
      try Self.fill(&first, members[..<half])
      if half < members.count {
        var second = encoder.container(keyedBy: AnyKey.self)
        try Self.fill(&second, members[half...])
      }
    default:
      var container = encoder.singleValueContainer()
      switch json {
      case .null: try container.encodeNil()
      case .bool(let b): try container.encode(b)
      case .string(let s): try container.encode(s)
      case .number(let n):
        if let i = n.int64Value {
          if let narrow = Int8(exactly: i) {
            try container.encode(narrow)
          } else if let narrow = Int32(exactly: i) {
            try container.encode(narrow)
          } else {
            try container.encode(i)
          }
        } else if let u = n.uint64Value {
          try container.encode(u)
        } else {
          try container.encode(n.doubleValue)
        }
      default: break
      }
    }
  }

  static func fill(_ container: inout some UnkeyedEncodingContainer, _ elements: [JSON]) throws {
    for (k, element) in elements.enumerated() {
      switch element {
      case .null where k % 2 == 0:
        try container.encodeNil()
      case .object(let object) where k % 3 == 2:
        var nested = container.nestedContainer(keyedBy: AnyKey.self)
        try fill(&nested, object.members[...])
      default:
        try container.encode(Replay(json: element))
      }
    }
  }

  static func fill(
    _ container: inout KeyedEncodingContainer<AnyKey>, _ members: ArraySlice<JSONObject.Member>
  ) throws {
    for (k, member) in members.enumerated() {
      let key = AnyKey(stringValue: member.key)
      switch member.value {
      case .null where k % 2 == 0:
        try container.encodeNil(forKey: key)
      case .array(let elements) where k % 3 == 2:
        var nested = container.nestedUnkeyedContainer(forKey: key)
        try fill(&nested, elements)
      default:
        try container.encode(Replay(json: member.value), forKey: key)
      }
    }
  }

  /// Whether every object in the two values lists its keys in the same order.
  static func sameKeyOrder(_ a: JSON, _ b: JSON) -> Bool {
    switch (a, b) {
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameKeyOrder($0, $1) }
    case (.object(let x), .object(let y)):
      return x.keys.map { Array($0.utf8) } == y.keys.map { Array($0.utf8) }
        && zip(x.values, y.values).allSatisfy { sameKeyOrder($0, $1) }
    default: return true
    }
  }

  /// The tree as `Replay` encodes it: numbers that are not integers become their nearest `Double`.
  static func normalized(_ json: JSON) -> JSON {
    switch json {
    case .number(let n) where n.int64Value == nil && n.uint64Value == nil: return .number(JSONNumber(n.doubleValue))
    case .array(let elements): return .array(elements.map(normalized))
    case .object(let object):
      return .object(JSONObject(object.members.map { ($0.key, normalized($0.value)) }))
    default: return json
    }
  }

  /// Equality of written values: members in any order, numbers by value (as the writer's shortest text parses
  /// back), strings by bytes; with `snakeCase`, `expected`'s keys are converted first.
  static func same(_ written: JSON, _ expected: JSON, snakeCase: Bool) -> Bool {
    switch (written, expected) {
    case (.number(let x), .number(let y)):
      // A `Double` compares as a `Double` (the writer may give a large one as digits without a point); integers
      // as integers (`-0` is encoded as the integer 0).
      if case .double = y.storage { return x.doubleValue.bitPattern == y.doubleValue.bitPattern }
      if y.int64Value != nil || y.uint64Value != nil {
        return x.int64Value == y.int64Value && x.uint64Value == y.uint64Value
      }
      return x.doubleValue.bitPattern == y.doubleValue.bitPattern
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { same($0, $1, snakeCase: snakeCase) }
    case (.object(let x), .object(let y)):
      guard x.count == y.count else { return false }
      let byKey = Dictionary(x.members.map { (Array($0.key.utf8), $0.value) }) { $1 }
      return y.members.allSatisfy { member in
        let key = snakeCase ? KeyConversion.convertToSnakeCase(member.key) : member.key
        return byKey[Array(key.utf8)].map { same($0, member.value, snakeCase: snakeCase) } ?? false
      }
    default:
      return FuzzEquality.same(written, expected)
    }
  }
}
