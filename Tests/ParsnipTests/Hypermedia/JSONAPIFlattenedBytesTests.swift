import Foundation
import Testing

@testable import Parsnip

/// `JSONAPI.flattenedBytes`, the flatten that writes text straight from a `JSONDocument`, gives the bytes of
/// writing the tree flatten's result with the same options, and the same error for the same bad input.
@Suite struct JSONAPIFlattenedBytesTests {
  static let layouts: [JSON.WritingOptions] = [
    .compact, .pretty, .pretty(indent: 0), .pretty(indent: 3), .init(escapesSlashes: true),
    .init(indent: 2, asciiOnly: true), .init(sortsKeys: true), .canonical,
  ]

  enum Outcome: Equatable {
    case text(String)
    case flattenError(JSONAPIError)
    case writingError(JSONWritingError)
  }

  /// The tree's way: flatten into a tree, then write it.
  static func throughTheTree(
    _ document: JSONDocument, _ options: JSONAPI.FlattenOptions, _ layout: JSON.WritingOptions
  ) -> Outcome {
    do {
      return .text(
        String(decoding: try JSONAPI.flatten(document, options: options).bytes(options: layout), as: UTF8.self))
    } catch let error as JSONAPIError {
      return .flattenError(error)
    } catch let error as JSONWritingError {
      return .writingError(error)
    } catch {
      Issue.record("unexpected \(error)")
      return .text("")
    }
  }

  static func straight(
    _ document: JSONDocument, _ options: JSONAPI.FlattenOptions, _ layout: JSON.WritingOptions
  ) -> Outcome {
    do {
      return .text(
        String(decoding: try JSONAPI.flattenedBytes(document, options: options, writing: layout), as: UTF8.self))
    } catch let error as JSONAPIError {
      return .flattenError(error)
    } catch let error as JSONWritingError {
      return .writingError(error)
    } catch {
      Issue.record("unexpected \(error)")
      return .text("")
    }
  }

  /// Whether the text output wrote this document itself, rather than handing it to the tree.
  static func writesText(
    _ document: JSONDocument, _ options: JSONAPI.FlattenOptions = .init(), _ layout: JSON.WritingOptions = .compact
  ) -> Bool {
    let output = JSONAPITextOutput(configuration: JSONWriter.Configuration(layout), capacity: 256)
    var flattening = JSONAPIFlattening(document.root.node, options: options, output: output)
    defer { flattening.output.release() }
    try? flattening.run()
    return !flattening.output.needsTree
  }

  /// Checks every layout; returns the compact outcome.
  @discardableResult
  static func check(
    _ text: String, _ options: JSONAPI.FlattenOptions = .init(), layouts: [JSON.WritingOptions] = layouts,
    parsing: JSON.ParsingOptions = .default, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Outcome {
    let document = try JSONDocument(parsing: text, options: parsing)
    var first: Outcome?
    for layout in layouts {
      let expected = throughTheTree(document, options, layout)
      #expect(
        straight(document, options, layout) == expected, "\(layout) \(options)\n\(text)", sourceLocation: sourceLocation
      )
      first = first ?? expected
    }
    return first!
  }

  @Test func theSpecsExampleWritesAsItsTree() throws {
    let text = String(decoding: try Fixtures.example("jsonapi-articles.json"), as: UTF8.self)
    for options in [
      JSONAPI.FlattenOptions(), .init(include: try JSONAPIIncludePaths("comments.author")),
      .init(include: try JSONAPIIncludePaths("author")), .init(unresolved: .null), .init(maximumDepth: 1),
      .init(maximumDepth: 0), .init(maximumOutputSize: 10),
    ] {
      try Self.check(text, options)
    }
    // Written as text, not through the tree, in every layout with stored key order.
    for layout in Self.layouts.prefix(6) { #expect(Self.writesText(try JSONDocument(parsing: text), .init(), layout)) }
    // And the same bytes as the tree read from text.
    let tree = try JSON(parsing: text)
    #expect(
      try JSONAPI.flattenedBytes(JSONDocument(parsing: text), writing: .pretty)
        == JSONAPI.flatten(tree).bytes(options: .pretty))
  }

  @Test func aResourceReusedAtAnotherDepthIsReindented() throws {
    // Person 9 is written first inside a comment (deeper), then reused as the article's author (shallower), and
    // the other way round for person 2.
    let text = #"""
      {"data": [{"type": "a", "id": "1", "relationships": {
          "c": {"data": [{"type": "c", "id": "5"}]}, "author": {"data": {"type": "p", "id": "9"}}}},
        {"type": "a", "id": "2", "relationships": {"author": {"data": {"type": "p", "id": "2"}},
          "c": {"data": [{"type": "c", "id": "6"}]}}}],
       "included": [
        {"type": "c", "id": "5", "relationships": {"author": {"data": {"type": "p", "id": "9"}}}},
        {"type": "c", "id": "6", "relationships": {"author": {"data": {"type": "p", "id": "2"}}}},
        {"type": "p", "id": "9", "attributes": {"tags": ["x", {"y": [1, {}]}], "e": []}, "meta": {"m": {"n": 1}}},
        {"type": "p", "id": "2", "attributes": {"tags": [[["deep"]]]}, "links": {"self": "/p/2"}}]}
      """#
    try Self.check(text)
    #expect(Self.writesText(try JSONDocument(parsing: text), .init(), .pretty))
  }

  @Test func cyclesUnresolvedIdentifiersAndTheNullPolicy() throws {
    let text = #"""
      {"data": {"type": "a", "id": "1", "relationships": {
          "next": {"data": {"type": "a", "id": "2"}}, "gone": {"data": {"type": "x", "id": "0"}},
          "some": {"data": [{"type": "x", "id": "1"}, {"type": "a", "id": "2"}, {"type": "x", "lid": "l"}]},
          "none": {"data": null}, "empty": {"data": []}, "only": {"links": {"self": "/r"}, "meta": {"k": true}}}},
       "included": [{"type": "a", "id": "2", "relationships": {"back": {"data": {"type": "a", "id": "1"}},
          "self": {"data": {"type": "a", "id": "2"}}}}],
       "meta": {"total": 1}, "jsonapi": {"version": "1.1"}, "links": {"next": "/a?page=2"}}
      """#
    for options in [
      JSONAPI.FlattenOptions(), .init(unresolved: .null), .init(include: try JSONAPIIncludePaths("next.back,some")),
      .init(maximumDepth: 1), .init(unresolved: .null, maximumDepth: 0),
    ] {
      try Self.check(text, options)
    }
  }

  @Test func stringsAndNumbersAreWrittenAsTheWriterWritesThem() throws {
    let text = #"""
      {"data": {"type": "t\u0041", "id": "\u00e9/1", "attributes": {
        "plain": "a/b", "escaped": "q\"\\\/\b\f\n\r\t\u0001\u001f", "unicode": "Zoë 😀 \u2028", "bmp": "\ud83d\ude00",
        "n": [0, -0, 1, -1, 10, 1.0, 1.50, -0.0, 1e5, 1E+5, 2.5e-3, 0.1, 9007199254740993, 9223372036854775807,
              9223372036854775808, 18446744073709551615, 18446744073709551616, -9223372036854775809,
              123456789012345678901234567890, 1.2345678901234567890123, 1e400, 0e10, 0.000],
        "literals": [true, false, null], "\u0074ypo": "an escaped key"}}}
      """#
    try Self.check(text)
  }

  @Test func keysRepeatedInTheResultOrTheInputGiveTheTreesBytes() throws {
    // `throughTheTree`: whether the text output hands the document to the tree.
    for (text, throughTheTree) in [
      // Attributes named like the flatten's own members and like a relationship (`type` and `id` are errors).
      (
        #"{"data": {"type": "a", "id": "1", "attributes": {"r": 1, "_meta": 2, "_links": 3, "_relationships": 4}, "relationships": {"r": {"data": null, "links": {"self": "/"}}}, "meta": {"m": 1}, "links": {"l": 2}}}"#,
        true
      ),
      // Keys repeated in the text: in a copied value, and in what the flatten reads member by member (the
      // document, attributes, relationships: read as the tree keeps them, the last value at the first position).
      (
        #"{"data": {"type": "a", "id": "1", "attributes": {"x": 1, "x": {"y": 1, "y": 2}}}, "meta": 1, "meta": 2}"#,
        true
      ),
      (#"{"data": {"type": "a", "id": "1", "meta": {"k": [1, {"z": 1, "z": 2}]}}}"#, true),
      (#"{"data": {"type": "a", "id": "1", "attributes": {"x": 1, "y": 2, "x": 3}}, "meta": 1, "meta": 2}"#, false),
      (
        #"{"data": {"type": "a", "id": "1", "relationships": {"r": {"data": {"type": "a", "id": "2"}, "links": {"self": "/"}}, "r": {"data": null}}}, "included": [{"type": "a", "id": "2"}]}"#,
        false
      ),
      (#"{"data": {"type": "a", "id": "1"}, "data": [{"type": "a", "id": "1"}]}"#, false),
      (#"{"data": {"type": "a", "id": "1", "id": "2"}}"#, false),
    ] {
      try Self.check(text)
      try Self.check(text, JSONAPI.FlattenOptions(maximumOutputSize: 3))
      #expect(Self.writesText(try JSONDocument(parsing: text)) == !throughTheTree, "\(text)")
      // The document flattens as the tree read from the same text does.
      #expect(try JSONAPI.flatten(JSONDocument(parsing: text)) == JSONAPI.flatten(JSON(parsing: text)), "\(text)")
    }
  }

  @Test func invalidDocumentsFailWithTheTreesError() throws {
    for text in [
      #"[1]"#, #"{"meta": {}}"#, #"{"data": "x"}"#, #"{"data": {"type": "a", "id": "1"}, "included": {}}"#,
      #"{"data": {"id": "1"}}"#, #"{"data": [{"type": "a", "id": "1"}, {"type": "a"}]}"#,
      #"{"data": {"type": "a", "id": "1"}, "included": [{"type": "a", "id": "1"}]}"#,
      #"{"data": {"type": "a", "id": "1", "relationships": {"b": {}}}}"#,
      #"{"data": {"type": "a", "id": "1", "relationships": {"b": {"data": [{"type": "b"}]}}}}"#,
      #"{"data": {"type": "a", "id": "1", "attributes": [1]}}"#,
    ] {
      guard case .flattenError = try Self.check(text) else {
        Issue.record("expected an error for \(text)")
        continue
      }
    }
  }

  @Test func unwritableResultsFailAsWritingTheTreeDoes() throws {
    // A JSON5 NaN, and nesting past the writing limit (in a copied value, and in a reused resource).
    try Self.check(
      #"{data: {type: 'a', id: '1', attributes: {n: NaN, m: [Infinity]}}}"#,
      parsing: JSON.ParsingOptions(allowsJSON5: true))
    let deep = #"""
      {"data": [{"type": "a", "id": "1", "relationships": {"p": {"data": {"type": "p", "id": "1"}}}},
                {"type": "b", "id": "1", "attributes": {"x": [[[[]]]]}, "relationships": {"q": {"data": [{"type": "a", "id": "1"}]}}}],
       "included": [{"type": "p", "id": "1", "attributes": {"v": [[1]]}}]}
      """#
    for depth in 1..<9 {
      try Self.check(
        deep, layouts: [JSON.WritingOptions(maximumDepth: depth), JSON.WritingOptions(indent: 2, maximumDepth: depth)])
    }
  }

  /// Generated compound documents, written as text so that they can spell numbers and strings every way, repeat
  /// keys, reference resources that are missing, and form cycles.
  @Test func generatedDocumentsWriteAsTheirTrees() throws {
    var generator = SeededRandom(seed: 0xF1A7)
    func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
    func chance(_ n: UInt64) -> Bool { generator.next() % n == 0 }
    let scalars = [
      #""s""#, #""a/b""#, #""\u00e9\n""#, #""Zoë""#, "0", "-0", "12", "1.50", "1e3", "-2.5E-3", "18446744073709551616",
      "true", "false", "null", "[]", "{}", #"[1, "x", {"k": null}]"#, #"{"a": {"b": [true]}}"#,
    ]
    func value(_ depth: Int) -> String {
      if depth > 2 || chance(2) { return pick(scalars) }
      if chance(2) {
        return "[" + (0..<Int(generator.next() % 3)).map { _ in value(depth + 1) }.joined(separator: ", ") + "]"
      }
      return "{"
        + (0..<Int(generator.next() % 3)).map { k in #""k\#(k)": \#(value(depth + 1))"# }.joined(separator: ", ") + "}"
    }
    let types = ["a", "b", "c"]
    var written = 0
    for round in 0..<400 {
      let count = Int(generator.next() % 6) + 1
      func identifier() -> String {
        let id =
          chance(8) ? #""lid": "l\#(generator.next() % 3)""# : #""id": "\#(generator.next() % UInt64(count + 2))""#
        return #"{"type": "\#(pick(types))", \#(id)}"#
      }
      var resources: [String] = []
      var seen: Set<String> = []
      for _ in 0..<count * 2 {
        let type = pick(types)
        let id = String(generator.next() % UInt64(count + 2))
        guard seen.insert(type + "/" + id).inserted else { continue }
        var members = [#""type": "\#(type)""#, #""id": "\#(id)""#]
        if chance(2) {
          let names = (0..<Int(generator.next() % 4)).map { _ in pick(["x", "y", "z", "r", "s", "type", "_meta"]) }
          members.append(#""attributes": {"# + names.map { #""\#($0)": \#(value(0))"# }.joined(separator: ", ") + "}")
        }
        if chance(2) {
          let relationships = (0..<Int(generator.next() % 4)).map { _ -> String in
            var parts: [String] = []
            switch generator.next() % 4 {
            case 0: parts.append(#""data": null"#)
            case 1: parts.append(#""data": \#(identifier())"#)
            case 2:
              parts.append(
                #""data": ["# + (0..<Int(generator.next() % 4)).map { _ in identifier() }.joined(separator: ", ") + "]")
            default: break
            }
            if parts.isEmpty || chance(3) { parts.append(#""links": {"self": "/r/\#(generator.next() % 9)"}"#) }
            if chance(4) { parts.append(#""meta": \#(value(1))"#) }
            return #""\#(pick(["r", "s", "t", "u"]))": {"# + parts.joined(separator: ", ") + "}"
          }
          members.append(#""relationships": {"# + relationships.joined(separator: ", ") + "}")
        }
        if chance(4) { members.append(#""meta": \#(value(1))"#) }
        if chance(4) { members.append(#""links": {"self": "/\#(type)/\#(id)"}"#) }
        resources.append("{" + members.joined(separator: ", ") + "}")
      }
      let primary = Int(generator.next() % UInt64(resources.count)) + 1
      var document = [
        chance(5)
          ? #""data": \#(resources[0])"#
          : #""data": ["# + resources[..<primary].joined(separator: ", ") + "]",
        #""included": ["# + resources[(chance(5) ? 1 : primary)...].joined(separator: ", ") + "]",
      ]
      if chance(3) { document.append(#""meta": \#(value(0))"#) }
      if chance(4) { document.insert(#""jsonapi": {"version": "1.1"}"#, at: 0) }
      let text = "{" + document.joined(separator: ", ") + "}"
      let options = JSONAPI.FlattenOptions(
        include: chance(3) ? try JSONAPIIncludePaths(pick(["r", "r.s", "s,t.r", "u.u.u"])) : nil,
        unresolved: chance(2) ? .null : .identifier, maximumDepth: chance(3) ? Int(generator.next() % 4) : 32,
        maximumOutputSize: chance(4) ? Int(generator.next() % 60) : 20_000_000)
      let outcome = try Self.check(text, options, layouts: round % 4 == 0 ? Self.layouts : [.compact, .pretty])
      if Self.writesText(try JSONDocument(parsing: text), options) { written += 1 }
      if case .text(let compact) = outcome, let tree = try? JSON(parsing: text),
        let flattened = try? JSONAPI.flatten(tree, options: options)
      {
        // And the tree read from text flattens to the same result.
        #expect(compact == String(decoding: try flattened.bytes(), as: UTF8.self), "\(text)")
      }
    }
    // Most documents are written as text; the rest repeat a key (in the text, or between attributes and
    // relationships) and go through the tree.
    #expect(written > 150, "\(written) of 400 written as text")
  }
}
