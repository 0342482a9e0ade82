// libFuzzer target for key paths, JSON Pointers, JSONPath queries and JSON Patch. Built by `Fuzz/run.sh paths`
// together with the Parsnip sources (one module, so internal types are visible); not part of the SwiftPM build.
//
// Each input is read as text (invalid UTF-8 repaired) and tried as every kind of path, then as JSON. Properties:
// - compiling never crashes; a key path's and a pointer's text forms (plain, fragment, normalized path) parse back
//   to the same path, token by token and byte by byte;
// - reading a compiled path from the fixed document agrees across the tree (`value(at:)`, `resolve`), the
//   on-demand text reader, `JSONDocument` cursors, and the other path kinds it converts to;
// - edits (set, insert, remove; with and without intermediates) either succeed and leave the value where the path
//   says, or fail and leave the document unchanged;
// - every JSONPath result's normalized path is itself a query selecting just that node, and resolves back to the
//   same value as a pointer and as a key path;
// - as JSON, the input is a patch for the fixed document, or an RFC 6902 test case `{"doc", "patch"}`: malformed
//   patches fail with an error, applied patches survive `diff`, and `JSONPatch.diff` and `JSONMergePatch.diff`
//   between the fixed document and the input apply back.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func pathFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: size == 0 ? nil : UnsafeRawPointer(data), count: size)
  PathFuzzer.check(input)
  return 0
}

enum PathFuzzer {
  /// The fixed document: the RFC 9535 bookstore, the RFC 6901 example, keys that need quoting or escaping in each
  /// syntax, a deep value, and a wide array and object (wide enough for `JSONObject`'s hash index).
  static let documentText: [UInt8] = {
    var deep = #""bottom""#
    for level in 0..<64 { deep = level % 2 == 0 ? "[\(level), \(deep)]" : #"{"d": \#(deep), "n": \#(level)}"# }
    let wideArray = (0..<300).map { String($0 * 7 % 101) }.joined(separator: ",")
    let wideObject = (0..<300).map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
    let text = #"""
      {"store": {"book": [
          {"category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95},
          {"category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99},
          {"category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3",
           "price": 8.99},
          {"category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings",
           "isbn": "0-395-19395-8", "price": 22.99}],
        "bicycle": {"color": "red", "price": 399}},
       "rfc6901": {"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6,
                   " ": 7, "m~n": 8},
       "keys": {"0": "zero", "-": "dash", "01": "leading zero", "a.b": [1, {"c": null}], "x[0]": true,
                "'": "apostrophe", "\"": "quote", "\\": "backslash", "\u0001\n\t": "controls", "é": "e acute",
                "😀": ["emoji"], "$": {"@": ["at"]}, "~1": "tilde one", "%2F": "percent"},
       "empty": {"object": {}, "array": [], "string": "", "null": null},
       "numbers": [0, -0, 1.0, 1e2, -12.5e-3, 12345678901234567890, 1.7976931348623157e308],
       "deep": \#(deep),
       "wideArray": [\#(wideArray)],
       "wideObject": {\#(wideObject)}}
      """#
    return Array(text.utf8)
  }()

  static let document: JSON = {
    do { return try JSON(parsing: documentText) } catch { fatalError("PathFuzzer: fixed document: \(error)") }
  }()

  static let parsedDocument: JSONDocument = {
    do { return try JSONDocument(parsing: documentText) } catch { fatalError("PathFuzzer: fixed document: \(error)") }
  }()

  /// The RFC 9535 bookstore alone: small and shallow, for queries too costly to run on `document`.
  static let bookstore: JSON = document["store"]

  static let documentShape = JSONPathCost.Shape(document)
  static let bookstoreShape = JSONPathCost.Shape(bookstore)

  static let marker: JSON = ["fuzz": [1, "marker"]]

  /// JSONPath results checked one by one (a descendant query on the fixed document returns about 1,000).
  static let checkedNodes = 2_000
  /// JSONPath results whose normalized path is compiled again as a query.
  static let requeriedNodes = 40

  static func check(_ input: UnsafeRawBufferPointer) {
    let text = String(decoding: input, as: UTF8.self)
    checkKeyPath(text, input)
    checkPointer(text, input)
    checkJSONPath(text, input)
    checkNormalizedPath(text, input)
    checkPatch(input)
    checkOnDemandText(input)
    checkDeepValues(input)
  }

  // MARK: The input as a document read on demand

  /// The input as a document: reading on demand never crashes or reads past the text (AddressSanitizer), and on
  /// text that parses it answers what the tree answers, for paths into the document (the last of repeated keys
  /// wins), just past it, and a few fixed ones.
  static func checkOnDemandText(_ input: UnsafeRawBufferPointer) {
    let tree = try? JSON(parsing: input)
    var pointers: [JSONPointer] = [
      .root, JSONPointer(tokens: ["a"]), JSONPointer(tokens: ["0"]), JSONPointer(tokens: ["a", "b"]),
      JSONPointer(tokens: ["0", "0"]), JSONPointer(tokens: ["é"]), JSONPointer(tokens: [""]),
    ]
    if let tree {
      var pending: [(JSON, [String])] = [(tree, [])]
      while let (value, tokens) = pending.popLast(), pointers.count < 200 {
        pointers.append(JSONPointer(tokens: tokens))
        switch value {
        case .array(let elements):
          pointers.append(JSONPointer(tokens: tokens + [String(elements.count)]))
          for (index, element) in elements.enumerated().prefix(20) {
            pending.append((element, tokens + [String(index)]))
          }
        case .object(let object):
          pointers.append(JSONPointer(tokens: tokens + ["missing"]))
          for member in object.members.prefix(20) { pending.append((member.value, tokens + [member.key])) }
        default:
          pointers.append(JSONPointer(tokens: tokens + ["x"]))
        }
      }
    }
    for pointer in pointers {
      let onDemand = Result { () throws(JSONParseError) in
        try JSON.resolveOnDemand(pointer, inText: input, options: .default)
      }
      guard let tree else { continue }
      let expected = Result { () throws(JSONPointerError) in try tree.resolve(pointer) }
      guard case .success(let found) = onDemand else { fail("on-demand read of \(pointer) threw on valid text", input) }
      switch (found, expected) {
      case (.success(let a), .success(let b)) where FuzzEquality.same(a, b): break
      case (.failure(let a), .failure(let b)) where a == b: break
      default: fail("on-demand read of \(pointer): \(found) != \(expected)", input)
      }
    }
  }

  // MARK: Deep and wide values

  /// Values nested as deep as the input's first bytes say (up to 3 000 levels, past what a parse builds) and
  /// as wide: comparing, hashing, diffing, merge-patching and releasing them never overflows the stack. (A diff
  /// builds a pointer per level, so its cost grows with the square of the depth; 3 000 keeps an input well
  /// under libFuzzer's time limit.)
  static func checkDeepValues(_ input: UnsafeRawBufferPointer) {
    // Only inputs that start with 0xFE (never JSON text or a path), so that the other checks keep their pace.
    guard input.count >= 4, input[0] == 0xFE else { return }
    let depth = (Int(input[1]) << 8 | Int(input[2])) * 3_000 / 65_536
    let width = Int(input[3]) * 4
    func build(_ leaf: JSON) -> JSON {
      var value = leaf
      for level in 0..<depth {
        value = level % 3 == 0 ? ["k": value, "n": JSON(level)] : [value]
      }
      return ["deep": value, "wide": .array((0..<width).map { JSON($0) })]
    }
    let a = build("a")
    let b = build("b")
    let c = build("a")
    guard a == c, a != b, a.hashValue == c.hashValue else {
      fail("deep values compare wrongly at depth \(depth)", input)
    }
    let merge = JSONMergePatch.diff(from: a, to: b)
    guard JSONMergePatch.apply(merge, to: a) == b else { fail("deep merge patch does not apply back", input) }
    // Applying checks the depth of what it builds, so a patch deeper than a parse allows may be refused.
    if let patched = try? JSONPatch.diff(from: a, to: b).apply(to: a), patched != b {
      fail("deep patch does not apply back at depth \(depth)", input)
    }
  }

  // MARK: Key paths

  static func checkKeyPath(_ text: String, _ input: UnsafeRawBufferPointer) {
    let keyPath: JSONKeyPath
    do { keyPath = try JSONKeyPath(text) } catch {
      guard case .invalidKeyPath(_, let offset, let expected) = error.kind, offset >= 0, offset <= text.utf8.count,
        !expected.isEmpty, !error.description.isEmpty
      else { fail("bad key path error \(error)", input) }
      return
    }
    // Text forms round-trip exactly.
    expectSame(keyPath, try? JSONKeyPath(keyPath.description), "description", input)
    expectSame(keyPath, try? JSONKeyPath(normalizedPath: keyPath.normalizedPath), "normalized path", input)
    checkKeyPathReads(keyPath, input)
    checkKeyPathEdits(keyPath, input)
  }

  static func checkKeyPathReads(_ keyPath: JSONKeyPath, _ input: UnsafeRawBufferPointer) {
    let found: JSON?
    do { found = try document.resolve(keyPath) } catch {
      guard !error.description.isEmpty else { fail("empty key path error", input) }
      found = nil
    }
    // The text reader walks the same path without building the tree.
    do {
      let onDemand = try JSON.value(at: keyPath, inText: documentText)
      guard onDemand == found else { fail("on-demand read \(String(describing: onDemand)) != \(desc(found))", input) }
    } catch {
      fail("on-demand read threw on valid text: \(error)", input)
    }
    checkDocumentRead(found, parsedDocument.root.value(at: keyPath), "key path", input)
    let documentString = try? parsedDocument.root.value(at: keyPath, as: String.self)
    guard documentString == found?.stringValue else { fail("document String read \(desc(documentString))", input) }
    let documentInt = try? parsedDocument.root.value(at: keyPath, as: Int?.self)
    guard documentInt == (try? document.value(at: keyPath, as: Int?.self)) else {
      fail("document Int? read \(desc(documentInt))", input)
    }
    // Typed reads agree with the untyped one.
    let string = try? document.value(at: keyPath, as: String.self)
    guard string == found?.stringValue else { fail("String read \(desc(string)) != \(desc(found))", input) }
    let int = try? document.value(at: keyPath, as: Int.self)
    if let int, found?.numberValue.map({ $0 == JSONNumber(int) }) != true {
      fail("Int read \(int) != \(desc(found))", input)
    }
    _ = try? document.value(at: keyPath, as: [String: JSON].self)
    _ = try? document.value(at: keyPath, as: [Double?].self)
    guard let found else { return }
    // A key path that leads somewhere converts to a pointer and a normalized path that lead to the same value.
    let pointer = JSONPointer(keyPath)
    guard document.value(at: pointer) == found else { fail("pointer \(pointer) from key path differs", input) }
    if let converted = try? JSONKeyPath(pointer, in: document) {
      expectSame(keyPath, converted, "pointer conversion in the document", input)
    } else {
      fail("pointer \(pointer) from a key path does not convert back", input)
    }
    guard let query = try? JSONPath(keyPath.normalizedPath) else {
      fail("normalized path \(keyPath.normalizedPath) is not a query", input)
    }
    guard let nodes = try? query.nodes(in: document) else {
      fail("normalized path \(keyPath.normalizedPath) failed", input)
    }
    guard nodes.count == 1, nodes[0].value == found, nodes[0].path.description == keyPath.normalizedPath else {
      fail("query \(keyPath.normalizedPath) found \(nodes)", input)
    }
  }

  static func checkKeyPathEdits(_ keyPath: JSONKeyPath, _ input: UnsafeRawBufferPointer) {
    checkEdits(
      "key path", before: document.value(at: keyPath), isRoot: keyPath.isRoot,
      set: { json, create in try json.setValue(marker, at: keyPath, createIntermediates: create) },
      insert: { json, create in try json.insert(marker, at: keyPath, createIntermediates: create) },
      remove: { json in try json.removeValue(at: keyPath) },
      landed: { json, _ in json.value(at: keyPath) == marker }, input)
  }

  /// Edits either succeed and put the marker where the path leads (as `landed` checks), or fail and leave the
  /// document unchanged; removal returns the value that was there.
  static func checkEdits(
    _ what: String, before: JSON?, isRoot: Bool,
    set: (inout JSON, Bool) throws -> Void, insert: (inout JSON, Bool) throws -> Void,
    remove: (inout JSON) throws -> JSON, landed: (JSON, _ createIntermediates: Bool) -> Bool,
    _ input: UnsafeRawBufferPointer
  ) {
    for createIntermediates in [false, true] {
      for name in ["set", "insert"] {
        var copy = document
        do {
          try (name == "set" ? set : insert)(&copy, createIntermediates)
          guard landed(copy, createIntermediates) else { fail("\(what) \(name) did not land", input) }
        } catch {
          guard copy == document else { fail("failed \(what) \(name) changed the document: \(error)", input) }
        }
      }
    }
    var copy = document
    do {
      let removed = try remove(&copy)
      guard removed == before else { fail("\(what) removed \(removed), expected \(desc(before))", input) }
    } catch {
      guard before == nil || isRoot else { fail("\(what) remove failed on a value: \(error)", input) }
      guard copy == document else { fail("failed \(what) remove changed the document: \(error)", input) }
    }
  }

  // MARK: Pointers

  static func checkPointer(_ text: String, _ input: UnsafeRawBufferPointer) {
    do {
      checkPointer(try JSONPointer(text), input)
    } catch {
      checkPointerError(error, text, input)
    }
    do {
      checkPointer(try JSONPointer(fragment: text), input)
    } catch {
      checkPointerError(error, text, input)
    }
  }

  static func checkPointerError(_ error: JSONPointerError, _ text: String, _ input: UnsafeRawBufferPointer) {
    guard let offset = error.byteOffset, offset >= 0, offset <= text.utf8.count, !error.description.isEmpty else {
      fail("bad pointer syntax error \(error) offset \(String(describing: error.byteOffset))", input)
    }
  }

  static func checkPointer(_ pointer: JSONPointer, _ input: UnsafeRawBufferPointer) {
    expectSame(pointer, try? JSONPointer(pointer.description), "description", input)
    expectSame(pointer, try? JSONPointer(fragment: pointer.fragment), "fragment", input)
    let found = document.value(at: pointer)
    let resolved: JSON?
    do { resolved = try document.resolve(pointer) } catch {
      guard let token = error.tokenIndex, token >= 0, token < pointer.tokens.count || pointer.isRoot,
        !error.description.isEmpty
      else { fail("bad pointer resolution error \(error)", input) }
      resolved = nil
    }
    guard found == resolved else { fail("value(at:) \(desc(found)) != resolve \(desc(resolved))", input) }
    do {
      let onDemand = try JSON.value(at: pointer, inText: documentText)
      guard onDemand == found else { fail("on-demand read \(desc(onDemand)) != \(desc(found))", input) }
    } catch {
      fail("on-demand read threw on valid text: \(error)", input)
    }
    checkDocumentRead(found, parsedDocument.root.value(at: pointer), "pointer", input)
    if let found {
      guard let keyPath = try? JSONKeyPath(pointer, in: document) else {
        fail("pointer \(pointer) to a value does not convert to a key path", input)
      }
      guard document.value(at: keyPath) == found else { fail("converted key path \(keyPath) differs", input) }
      expectSame(pointer, JSONPointer(keyPath), "key path conversion", input)
      guard let normalized = try? pointer.normalizedPath(in: document), normalized == keyPath.normalizedPath else {
        fail("normalized path of \(pointer) differs from its key path's", input)
      }
    }
    checkPointerEdits(pointer, found, input)
  }

  static func checkPointerEdits(_ pointer: JSONPointer, _ before: JSON?, _ input: UnsafeRawBufferPointer) {
    // Where an edit lands, in the edited document: `-` (the end of an array) becomes the new element's index.
    let target = try? JSONKeyPath(pointer, in: document)
    checkEdits(
      "pointer", before: before, isRoot: pointer.isRoot,
      set: { json, create in try json.setValue(marker, at: pointer, createIntermediates: create) },
      insert: { json, create in try json.insert(marker, at: pointer, createIntermediates: create) },
      remove: { json in try json.removeValue(at: pointer) },
      landed: { json, createIntermediates in
        if !createIntermediates { return target.flatMap { json.value(at: $0) } == marker }
        // Created containers are not in `document`; `-` (also inside them) cannot be read back.
        return pointer.tokens.contains("-") || json.value(at: pointer) == marker
      }, input)
  }

  // MARK: JSONPath

  static func checkJSONPath(_ text: String, _ input: UnsafeRawBufferPointer) {
    let path: JSONPath
    do { path = try JSONPath(text) } catch {
      guard !error.description.isEmpty else { fail("empty JSONPath error", input) }
      return
    }
    // RFC 9535 nodelists keep duplicates, so their size can grow exponentially with the query (`$..*..*..*`,
    // `$[*,*][*,*]...`), and `query` has no limit (RFC 9535 section 4.1). Run each query on the largest fixed
    // document where a static bound on its work stays small, so that the fuzzer looks for wrong answers, not for
    // this known cost.
    for (target, shape) in [(document, documentShape), (bookstore, bookstoreShape)]
    where JSONPathCost.estimate(path.compiled, shape).work <= JSONPathCost.budget {
      checkJSONPath(path, on: target, input)
      return
    }
  }

  static func checkJSONPath(_ path: JSONPath, on target: JSON, _ input: UnsafeRawBufferPointer) {
    let nodes: [JSONPath.Node]
    do throws(JSONPathError) {
      nodes = try path.nodes(in: target)
      guard try path.values(in: target) == nodes.map(\.value) else { fail("values(in:) differs from query", input) }
      guard try path.firstValue(in: target) == nodes.first?.value else { fail("firstValue differs from query", input) }
    } catch {
      // The evaluation budget is the one way a compiled query may fail.
      guard error.kind == .queryTooExpensive else { fail("query failed: \(error)", input) }
      return
    }
    if path.isSingular, nodes.count > 1 { fail("singular query found \(nodes.count) nodes", input) }
    for (position, node) in nodes.prefix(checkedNodes).enumerated() {
      let normalized = node.path.description
      guard let pointer = try? JSONPointer(normalizedPath: normalized) else {
        fail("normalized path \(normalized) does not parse as a pointer", input)
      }
      guard target.value(at: pointer) == node.value else { fail("pointer \(pointer) of \(normalized)", input) }
      guard let keyPath = try? JSONKeyPath(normalizedPath: normalized) else {
        fail("normalized path \(normalized) does not parse as a key path", input)
      }
      expectSame(JSONKeyPath(node.path), keyPath, "conversion of \(normalized)", input)
      expectSame(JSONPointer(node.path), pointer, "conversion of \(normalized)", input)
      guard keyPath.normalizedPath == normalized else {
        fail("key path formats \(normalized) as \(keyPath.normalizedPath)", input)
      }
      guard target.value(at: keyPath) == node.value else {
        fail("key path \(keyPath) of \(normalized)", input)
      }
      if position < requeriedNodes {
        guard let again = try? JSONPath(normalized) else { fail("normalized path \(normalized) is no query", input) }
        guard let found = try? again.nodes(in: target) else { fail("normalized path \(normalized) failed", input) }
        guard found.count == 1, found[0].value == node.value, found[0].path == node.path else {
          fail("normalized path \(normalized) selects \(found)", input)
        }
      }
    }
  }

  /// Both parsers of normalized paths accept the same texts and agree on the steps.
  static func checkNormalizedPath(_ text: String, _ input: UnsafeRawBufferPointer) {
    let keyPath = try? JSONKeyPath(normalizedPath: text)
    let pointer = try? JSONPointer(normalizedPath: text)
    guard (keyPath == nil) == (pointer == nil) else { fail("key path and pointer disagree on \(text)", input) }
    guard let keyPath, let pointer else { return }
    expectSame(JSONPointer(keyPath), pointer, "normalized path", input)
    expectSame(keyPath, try? JSONKeyPath(normalizedPath: keyPath.normalizedPath), "normalized path", input)
  }

  // MARK: JSON Patch

  static func checkPatch(_ input: UnsafeRawBufferPointer) {
    // The bytes as a patch: malformed patches and text are errors, never crashes.
    _ = try? JSONPatch(parsing: Array(input))
    guard let json = try? JSON(parsing: input) else { return }
    if case .object(let object) = json, let doc = object["doc"], let patch = object["patch"] {
      checkPatch(patch, on: doc, input)
    } else {
      checkPatch(json, on: document, input)
    }
    checkDiff(from: document, to: json, input)
    checkDiff(from: json, to: document, input)
    if case .array(let elements) = json, let first = elements.first {
      checkDiff(from: first, to: json, input)
      checkDiff(from: json, to: .array(elements.reversed()), input)
    }
  }

  static func checkPatch(_ json: JSON, on target: JSON, _ input: UnsafeRawBufferPointer) {
    let patch: JSONPatch
    do { patch = try JSONPatch(json) } catch {
      guard error.isMalformed, !error.description.isEmpty else { fail("bad malformed-patch error \(error)", input) }
      return
    }
    guard (try? JSONPatch(patch.json)) == patch else { fail("patch JSON form does not round-trip", input) }
    do {
      let result = try patch.apply(to: target)
      checkDiff(from: target, to: result, input)
    } catch {
      guard !error.isMalformed, let index = error.operationIndex, index >= 0, index < patch.operations.count,
        !error.description.isEmpty
      else { fail("bad patch application error \(error)", input) }
    }
  }

  static func checkDiff(from source: JSON, to target: JSON, _ input: UnsafeRawBufferPointer) {
    let diff = JSONPatch.diff(from: source, to: target)
    do {
      guard try diff.apply(to: source) == target else { fail("diff applies to a different value: \(diff)", input) }
    } catch {
      fail("diff does not apply: \(error)\n\(diff)", input)
    }
    guard (try? JSONPatch(diff.json)) == diff else { fail("diff JSON form does not round-trip", input) }
    let merge = JSONMergePatch.diff(from: source, to: target)
    let merged = JSONMergePatch.apply(merge, to: source)
    // A merge patch cannot create null members; compare with them removed (see `JSONMergePatch.diff`).
    guard withoutNullMembers(merged) == withoutNullMembers(target) else { fail("merge diff does not apply", input) }
    if !hasNullMembers(target), merged != target { fail("merge diff does not apply exactly", input) }
  }

  // MARK: Helpers

  /// `JSONDocument` reads agree with the tree.
  static func checkDocumentRead(
    _ expected: JSON?, _ value: JSONDocument.Value?, _ what: String, _ input: UnsafeRawBufferPointer
  ) {
    guard let value else {
      if expected != nil { fail("document \(what) read found nothing, tree found \(desc(expected))", input) }
      return
    }
    guard value.json() == expected else {
      fail("document \(what) read \(value.json()) != \(desc(expected))", input)
    }
  }

  static func hasNullMembers(_ json: JSON) -> Bool {
    var stack = [json]
    while let value = stack.popLast() {
      switch value {
      case .object(let object):
        for member in object.members {
          if case .null = member.value { return true }
          if case .object = member.value { stack.append(member.value) }
        }
      default: break
      }
    }
    return false
  }

  /// `json` with null members of objects removed, outside arrays (recursion bounded by the parser's depth limit).
  static func withoutNullMembers(_ json: JSON) -> JSON {
    guard case .object(let object) = json else { return json }
    var result = JSONObject()
    for member in object.members where member.value != .null {
      result[member.key] = withoutNullMembers(member.value)
    }
    return .object(result)
  }

  static func expectSame(_ a: JSONKeyPath, _ b: JSONKeyPath?, _ what: String, _ input: UnsafeRawBufferPointer) {
    guard let b, a.components.count == b.components.count,
      zip(a.components, b.components).allSatisfy({ pair in
        switch pair {
        case (.key(let x), .key(let y)): Array(x.utf8) == Array(y.utf8)
        case (.index(let x), .index(let y)): x == y
        default: false
        }
      })
    else { fail("key path \(what) round trip: \(a.components) vs \(String(describing: b?.components))", input) }
  }

  static func expectSame(_ a: JSONPointer, _ b: JSONPointer?, _ what: String, _ input: UnsafeRawBufferPointer) {
    guard let b, a.tokens.map({ Array($0.utf8) }) == b.tokens.map({ Array($0.utf8) }) else {
      fail("pointer \(what) round trip: \(a.tokens) vs \(String(describing: b?.tokens))", input)
    }
  }

  static func desc(_ value: (some Any)?) -> String { value.map { "\($0)" } ?? "nil" }

  static func fail(_ message: String, _ input: UnsafeRawBufferPointer) -> Never {
    let bytes = Array(input)
    let shown = bytes.count <= 512 ? bytes.map { String($0) }.joined(separator: ", ") : "\(bytes.count) bytes"
    fatalError("PathFuzzer: \(message)\ninput: \(String(decoding: bytes.prefix(512), as: UTF8.self))\n[\(shown)]")
  }
}

/// A static upper bound on the work of evaluating a JSONPath query on a document of a given shape.
enum JSONPathCost {
  /// Queries estimated above this many steps are not run on a document.
  static let budget = 5_000_000.0

  /// The size of a document: all its nodes, and the most children any node has.
  struct Shape {
    var nodes = 0.0
    var fanout = 0.0

    init(_ json: JSON) {
      var stack = [json]
      while let value = stack.popLast() {
        nodes += 1
        switch value {
        case .array(let elements):
          fanout = max(fanout, Double(elements.count))
          stack.append(contentsOf: elements)
        case .object(let object):
          fanout = max(fanout, Double(object.count))
          stack.append(contentsOf: object.values)
        default: break
        }
      }
    }
  }

  /// Bounds on the size of the result nodelist and the steps taken, starting from one node.
  static func estimate(_ query: CompiledQuery, _ shape: Shape) -> (count: Double, work: Double) {
    var count = 1.0
    var work = 0.0
    for segment in query.segments {
      // A descendant segment visits every node below each input node; a child segment only the node itself.
      let visited = segment.isDescendant ? shape.nodes : 1
      var selected = 0.0
      for selector in segment.selectors {
        switch selector {
        case .name, .index:
          selected += visited
        case .wildcard, .slice:
          selected += segment.isDescendant ? shape.nodes : shape.fanout
        case .filter(let filter):
          let candidates = segment.isDescendant ? shape.nodes : shape.fanout
          selected += candidates
          work += count * candidates * (1 + estimate(filter, shape))
        }
      }
      work += count * (visited + selected)
      count = min(count * selected, 1e300)
      work = min(work, 1e300)
    }
    return (count, work)
  }

  /// The work of evaluating a filter once.
  static func estimate(_ filter: FilterNode, _ shape: Shape) -> Double {
    switch filter {
    case .or(let parts), .and(let parts): parts.reduce(0) { $0 + estimate($1, shape) }
    case .not(let part): estimate(part, shape)
    case .exists(let query): estimate(query, shape).work
    case .test(let call): estimate(call, shape)
    case .comparison(let left, _, let right): estimate(left, shape) + estimate(right, shape)
    }
  }

  static func estimate(_ operand: ValueOperand, _ shape: Shape) -> Double {
    switch operand {
    case .literal: 1
    case .singularQuery(let query): estimate(query, shape).work
    case .function(let call): estimate(call, shape)
    }
  }

  static func estimate(_ call: FunctionCall, _ shape: Shape) -> Double {
    call.arguments.reduce(1) { total, argument in
      switch argument {
      case .value(let operand): total + estimate(operand, shape)
      case .nodes(let query): total + estimate(query, shape).work
      case .logical(let filter): total + estimate(filter, shape)
      }
    }
  }
}
