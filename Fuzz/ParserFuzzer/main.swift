// libFuzzer target for the parser. Built by Fuzz/run.sh together with the Parsnip sources (one module, so internal
// types are visible); it is not part of the SwiftPM build.
//
// Properties checked for every input, in strict and in JSON5 mode:
// - parsing never crashes, and fails only with a JSONParseError whose position lies inside the input;
// - a parsed value written with `description` parses again to an equal value, and writing that gives the same text;
//   written with sorted keys, it parses again, and sorting that changes nothing;
// - the tree agrees with a direct walk of the tape (kinds, strings, numbers as doubles, containers, duplicate keys);
// - every number's double equals `Double(String)` of its text (Eisel–Lemire against the standard library);
// - JSON5 is a superset: strict input parses to the same value in JSON5 mode;
// - JSON5 normalization never produces text that the strict scanner rejects.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func parserFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: size == 0 ? nil : UnsafeRawPointer(data), count: size)
  ParserFuzzer.check(input)
  return 0
}

enum ParserFuzzer {
  static let strict = JSON.ParsingOptions()
  static let json5 = JSON.ParsingOptions(allowsJSON5: true)

  static func check(_ input: UnsafeRawBufferPointer) {
    let strictValue = parse(input, options: strict)
    let json5Value = parse(input, options: json5)
    if let strictValue {
      guard let json5Value else { fail("strict JSON rejected in JSON5 mode", input) }
      guard FuzzEquality.same(strictValue, json5Value) else { fail("strict and JSON5 values differ", input) }
    }
    checkNormalization(input)
    for (base, value) in [(strict, strictValue), (json5, json5Value)] {
      guard let value else { continue }
      // Rejecting duplicates either gives the same value or names a duplicate key.
      var reject = base
      reject.duplicateKeys = .reject
      checkVariant(input, options: reject, expected: value, allowedError: .duplicateKey)
      // A lower depth limit either gives the same value or reports the nesting.
      var shallow = base
      shallow.maximumDepth = 3
      checkVariant(input, options: shallow, expected: value, allowedError: .nestingTooDeep)
    }
  }

  static func checkVariant(
    _ input: UnsafeRawBufferPointer, options: JSON.ParsingOptions, expected: JSON, allowedError: JSONParseError.Kind
  ) {
    do {
      let value = try JSON(parsing: input, options: options)
      guard FuzzEquality.same(value, expected) else { fail("\(options) changed the value", input) }
    } catch {
      guard error.kind == allowedError, error.byteOffset <= input.count else {
        fail("\(options) failed with \(error.kind): \(error)", input)
      }
    }
  }

  /// Parses, checks the error or the round trip and the tape, and returns the value.
  static func parse(_ input: UnsafeRawBufferPointer, options: JSON.ParsingOptions) -> JSON? {
    let value: JSON
    do {
      value = try JSON(parsing: input, options: options)
    } catch {
      guard error.byteOffset >= 0, error.byteOffset <= input.count, error.line >= 1, error.column >= 1,
        !error.message.isEmpty
      else { fail("bad error location \(error.byteOffset) \(error)", input) }
      return nil
    }
    // Round trip through the writer: `description` always, and the strict writer's compact and pretty layouts
    // when the value has no non-finite number (only JSON5 text can produce those).
    var texts = [value.description]
    for layout in [JSON.WritingOptions.compact, .pretty] {
      do {
        texts.append(try value.string(options: layout))
      } catch {
        guard options.allowsJSON5 else { fail("strict value cannot be written: \(error)", input) }
      }
    }
    for text in texts {
      let reparsed: JSON
      do {
        reparsed = try JSON(parsing: text, options: options)
      } catch {
        fail("written text does not parse: \(error)\n\(text)", input)
      }
      guard FuzzEquality.same(value, reparsed) else { fail("round trip changed the value:\n\(text)", input) }
      guard reparsed.description == texts[0] else { fail("writing is not idempotent:\n\(text)", input) }
    }
    // Sorted keys (the writer's own sorted copies of members): the text parses, and sorting it again changes nothing.
    if let sorted = try? value.string(options: .init(sortsKeys: true)) {
      guard let again = try? JSON(parsing: sorted, options: options).string(options: .init(sortsKeys: true)),
        again == sorted
      else { fail("sorted writing is not idempotent:\n\(sorted)", input) }
    } else if !options.allowsJSON5 {
      fail("strict value cannot be written with sorted keys", input)
    }
    // The tape, read directly, agrees with the tree.
    do {
      try ScanPipeline.withScan(input, options: options) { text throws(JSONParseError) in
        let tape = text.tape
        let walker = TapeWalker(tape: tape, source: text.source)
        var index = 0
        let fromTape = walker.value(at: &index)
        guard index == tape.count else { fail("tape has \(tape.count) nodes, walk ended at \(index)", input) }
        guard FuzzEquality.same(fromTape, value) else { fail("tape walk and tree differ", input) }
      }
    } catch {
      fail("second parse failed: \(error)", input)
    }
    return value
  }

  /// Normalized JSON5 must always be accepted by the strict scanner.
  static func checkNormalization(_ input: UnsafeRawBufferPointer) {
    guard let normalized = try? JSON5.normalize(input, maximumDepth: json5.maximumDepth) else { return }
    normalized.withUnsafeBytes { source in
      var scanner = Scanner(input: source, maxDepth: json5.maximumDepth)
      scanner.allowsNonFiniteLiterals = true
      do {
        _ = try scanner.scanDocument()
      } catch {
        fail("normalized JSON5 rejected: \(error)\n\(String(decoding: normalized, as: UTF8.self))", input)
      }
    }
  }

  static func fail(_ message: String, _ input: UnsafeRawBufferPointer) -> Never {
    let bytes = Array(input)
    let shown = bytes.count <= 512 ? bytes.map { String($0) }.joined(separator: ", ") : "\(bytes.count) bytes"
    fatalError("ParserFuzzer: \(message)\ninput: [\(shown)]")
  }
}

/// Builds values from the tape without the tree builder, checking every number against `Double(String)`.
struct TapeWalker {
  let tape: Tape
  let source: UnsafeRawBufferPointer
  var base: UnsafePointer<UInt8> { source.baseAddress!.assumingMemoryBound(to: UInt8.self) }

  func text(_ i: Int) -> String {
    String(
      decoding: UnsafeRawBufferPointer(rebasing: source[tape.offset(i)..<(tape.offset(i) + tape.aux(i))]), as: UTF8.self
    )
  }

  func value(at i: inout Int) -> JSON {
    let node = i
    i += 1
    switch tape.kind(node) {
    case .null: return .null
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .string:
      // Escape-free strings through the standard library's validating initializer: the library skips that check.
      guard tape.flags(node) & Tape.Flag.hasEscapes != 0 else { return .string(text(node)) }
      return .string(
        StringDecoding.string(base, from: tape.offset(node), count: tape.aux(node), flags: tape.flags(node)))
    case .number:
      let text = text(node)
      if tape.flags(node) & Tape.Flag.json5 != 0 {
        switch text {
        case "Infinity": return .number(JSONNumber(Double.infinity))
        case "-Infinity": return .number(JSONNumber(-Double.infinity))
        case "NaN": return .number(JSONNumber(Double.nan))
        default: fatalError("ParserFuzzer: unknown JSON5 number node \(text)")
        }
      }
      let (start, end) = (tape.offset(node), tape.offset(node) + tape.aux(node))
      guard let checked = try? NumberParser.validate(base, from: start, end: end), checked.end == end,
        checked.tapeKind == tape.kinds[node]
      else { fatalError("ParserFuzzer: number node does not validate again with its flags: \(text)") }
      let scanned = NumberParser.read(base, from: start, end: end)
      guard scanned.end == end else { fatalError("ParserFuzzer: number node does not read to its end: \(text)") }
      let fast = NumberParser.double(base, from: start, scanned)
      guard let reference = Double(text), fast.bitPattern == reference.bitPattern else {
        fatalError("ParserFuzzer: double mismatch for \(text): \(fast) vs \(String(describing: Double(text)))")
      }
      guard let number = JSONNumber(text: text) else { fatalError("ParserFuzzer: JSONNumber(text:) rejects \(text)") }
      guard number.doubleValue.bitPattern == reference.bitPattern else {
        fatalError("ParserFuzzer: JSONNumber.doubleValue mismatch for \(text): \(number.doubleValue)")
      }
      return .number(number)
    case .array:
      var elements: [JSON] = []
      let endNode = tape.aux(node)
      while i < endNode { elements.append(value(at: &i)) }
      guard tape.aux(endNode) == elements.count else { fatalError("ParserFuzzer: array count mismatch") }
      i = endNode + 1
      return .array(elements)
    case .object:
      var keys: [String] = []
      var values: [[UInt8]: JSON] = [:]  // names compare by code points (RFC 8259), not canonical equivalence
      let endNode = tape.aux(node)
      var members = 0
      while i < endNode {
        guard tape.kind(i) == .string else { fatalError("ParserFuzzer: object key is not a string node") }
        var keyIndex = i
        guard case .string(let key) = value(at: &keyIndex) else { fatalError() }
        i = keyIndex
        if values[Array(key.utf8)] == nil { keys.append(key) }
        values[Array(key.utf8)] = value(at: &i)
        members += 1
      }
      guard tape.aux(endNode) == members else { fatalError("ParserFuzzer: object count mismatch") }
      i = endNode + 1
      return .object(JSONObject(uniqueMembers: keys.map { JSONObject.Member(key: $0, value: values[Array($0.utf8)]!) }))
    case .end:
      fatalError("ParserFuzzer: unexpected end node")
    }
  }
}
