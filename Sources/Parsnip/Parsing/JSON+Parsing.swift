import Foundation

extension JSON {
  /// How the parser treats input beyond the strict RFC 8259 grammar.
  public struct ParsingOptions: Sendable, Hashable {
    /// What to do when an object has the same key twice.
    public enum DuplicateKeyPolicy: Sendable, Hashable {
      /// Keep the last value, at the position of the first occurrence (the default, as most parsers do).
      case useLast
      /// Fail with ``JSONParseError/Kind-swift.enum/duplicateKey``.
      case reject
    }

    /// The deepest nesting of arrays and objects accepted; deeper input fails with
    /// ``JSONParseError/Kind-swift.enum/nestingTooDeep``. Default 512.
    public var maximumDepth: Int
    /// Accept JSON5: comments, trailing commas, single-quoted strings, unquoted keys, hexadecimal numbers,
    /// `Infinity` and `NaN`. Default `false`.
    public var allowsJSON5: Bool
    /// Duplicate key handling. Default ``DuplicateKeyPolicy/useLast``.
    public var duplicateKeys: DuplicateKeyPolicy

    /// Creates options.
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting accepted (default 512).
    ///   - allowsJSON5: Whether JSON5 syntax is accepted (default `false`).
    ///   - duplicateKeys: Duplicate key handling (default ``DuplicateKeyPolicy/useLast``).
    public init(maximumDepth: Int = 512, allowsJSON5: Bool = false, duplicateKeys: DuplicateKeyPolicy = .useLast) {
      self.maximumDepth = maximumDepth
      self.allowsJSON5 = allowsJSON5
      self.duplicateKeys = duplicateKeys
    }

    /// Strict RFC 8259 with the defaults.
    public static var `default`: ParsingOptions { ParsingOptions() }
  }

  /// Parses JSON text from bytes.
  ///
  /// ```swift
  /// let json = try JSON(parsing: Array(#"{"a": [1, 2.5, "x"]}"#.utf8))
  /// json["a"][1].doubleValue  // → 2.5
  /// ```
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing bytes: some ContiguousBytes, options: ParsingOptions = .default) throws(JSONParseError) {
    let result: Result<JSON, JSONParseError> = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) -> JSON in try JSON(parsing: buffer, options: options) }
    }
    self = try result.get()
  }

  /// Parses JSON text from a string.
  /// - Parameters:
  ///   - text: JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing text: some StringProtocol, options: ParsingOptions = .default) throws(JSONParseError) {
    var string = String(text)
    let result: Result<JSON, JSONParseError> = string.withUTF8 { buffer in
      Result { () throws(JSONParseError) -> JSON in try JSON(parsing: UnsafeRawBufferPointer(buffer), options: options) }
    }
    self = try result.get()
  }

  /// Parses JSON text from raw memory that stays valid for the duration of the call.
  /// - Parameters:
  ///   - buffer: UTF-8 JSON text.
  ///   - options: Grammar and limits (default: strict RFC 8259).
  /// - Throws: ``JSONParseError`` naming what was wrong and where.
  public init(parsing buffer: UnsafeRawBufferPointer, options: ParsingOptions = .default) throws(JSONParseError) {
    self = try Document.withTape(buffer, options: options) { tape, source throws(JSONParseError) in
      try TreeBuilder(tape: tape, source: source, options: options).value(at: 0)
    }
  }
}

/// Entry point shared by every reader of the tape (tree building, decoding, on-demand queries).
enum Document {
  /// Scans `buffer` into a tape and calls `body` with the tape and the bytes that its offsets refer to.
  static func withTape<R>(
    _ buffer: UnsafeRawBufferPointer, options: JSON.ParsingOptions,
    _ body: (Tape, UnsafeRawBufferPointer) throws(JSONParseError) -> R
  ) throws(JSONParseError) -> R {
    let tape = Tape()
    if options.allowsJSON5 {
      let (normalized, offsets) = try JSON5.normalizeKeepingOffsets(buffer, maximumDepth: options.maximumDepth)
      let result: Result<R, JSONParseError> = normalized.withUnsafeBytes { source in
        Result { () throws(JSONParseError) -> R in
          var scanner = Scanner(input: source, tape: tape, maxDepth: options.maximumDepth)
          scanner.allowsNonFiniteLiterals = true
          try scanner.scanDocument()
          return try body(tape, source)
        }
      }
      // Errors found in the normalized text (duplicate keys) are reported at their place in the JSON5 text.
      return try result.mapError { offsets.originalError($0, in: buffer) }.get()
    }
    var scanner = Scanner(input: buffer, tape: tape, maxDepth: options.maximumDepth)
    try scanner.scanDocument()
    return try body(tape, buffer)
  }
}

/// Builds a `JSON` tree from a tape.
struct TreeBuilder {
  let tape: Tape
  let source: UnsafeRawBufferPointer
  let base: UnsafePointer<UInt8>
  let rejectDuplicates: Bool

  init(tape: Tape, source: UnsafeRawBufferPointer, options: JSON.ParsingOptions) {
    self.tape = tape
    self.source = source
    self.base = source.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
    self.rejectDuplicates = options.duplicateKeys == .reject
  }

  func string(at i: Int) -> String {
    StringDecoding.string(
      base, from: tape.offset(i), count: tape.aux(i), hasEscapes: tape.flags(i) & Tape.Flag.hasEscapes != 0)
  }

  func number(at i: Int) -> JSONNumber {
    let start = tape.offset(i)
    if tape.flags(i) & Tape.Flag.json5 != 0 {
      return JSONNumber(NumberParser.nonFiniteLiteral(base, from: start, count: tape.aux(i)))
    }
    // The scanner validated the grammar; rescanning the few bytes is cheaper than storing the result.
    let scanned = (try? NumberParser.scan(base, from: start, end: start + tape.aux(i))) ?? ScannedNumber(end: start)
    if tape.flags(i) & Tape.Flag.isBigInteger != 0, !scanned.isNegative,
      let v = UInt64(String(decoding: UnsafeBufferPointer(start: base + start, count: tape.aux(i)), as: UTF8.self))
    {
      return JSONNumber(storage: .uint(v))
    }
    return NumberParser.number(base, from: start, scanned)
  }

  func value(at i: Int) throws(JSONParseError) -> JSON {
    switch tape.kind(i) {
    case .null: return .null
    case .false: return .bool(false)
    case .true: return .bool(true)
    case .number: return .number(number(at: i))
    case .string: return .string(string(at: i))
    case .array:
      var elements: [JSON] = []
      elements.reserveCapacity(tape.containerCount(i))
      var j = i + 1
      let endNode = tape.aux(i)
      while j < endNode {
        elements.append(try value(at: j))
        j = tape.next(j)
      }
      return .array(elements)
    case .object:
      let count = tape.containerCount(i)
      var members: [JSONObject.Member] = []
      members.reserveCapacity(count)
      var j = i + 1
      let endNode = tape.aux(i)
      var seen: [String: Int]? = count >= JSONObject.indexThreshold ? [String: Int](minimumCapacity: count) : nil
      while j < endNode {
        let key = string(at: j)
        let value = try value(at: j + 1)
        // Duplicate keys: last value wins at the first position, unless rejected.
        let existing: Int? =
          if seen != nil { seen![key] } else { members.firstIndex { $0.key == key } }
        if let existing {
          if rejectDuplicates {
            throw JSONParseError(.duplicateKey, "duplicate key \"\(key)\" in object", at: tape.offset(j) - 1, in: source)
          }
          members[existing].value = value
        } else {
          if seen != nil { seen![key] = members.count }
          members.append(JSONObject.Member(key: key, value: value))
        }
        j = tape.next(j + 1)
      }
      var object = JSONObject(uniqueMembers: [])
      object._members = members
      object._index = seen
      return .object(object)
    case .end:
      preconditionFailure("value(at:) called on an end node")
    }
  }
}
