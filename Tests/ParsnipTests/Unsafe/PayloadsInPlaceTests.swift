import Testing

@testable import Parsnip

/// The writer reads a string value's payload by address where `JSON`'s layout allows it (StandardLibraryLayout.swift): the
/// layout check must hold where the tests run (or the fast path is never tested), every kind of string must read
/// back through its address as the same string, and the writer must give the same bytes either way.
@Suite struct PayloadsInPlaceTests {
  /// Small (inline), large (native storage), bridged-like (from other storage), non-ASCII, escapes, empty.
  static let strings: [String] = [
    "", "a", "fifteen bytes!!", "sixteen bytes!!!", "Zoë", "日本語", "\u{1F600}", "tab\there \"quoted\" \\ / \u{1}",
    String(repeating: "long string, stored out of line; ", count: 20),
    String(decoding: Array("from bytes: ünïcödé \u{7F} end".utf8), as: UTF8.self),
    String(repeating: "é", count: 1000) + "\n",
    "sub" + String(repeating: "x", count: 40).dropFirst(3),
  ]

  @Test func layoutCheckHoldsOnThisPlatform() {
    #expect(JSON.storesPayloadsInPlace)
  }

  @Test func everyKindOfStringReadsBackByAddress() throws {
    try #require(JSON.storesPayloadsInPlace)
    for string in Self.strings {
      let value = JSON.string(string)
      let read = withUnsafePointer(to: value) { JSON.payload(of: $0, as: String.self).pointee }
      #expect(read == string)
      #expect(Array(read.utf8) == Array(string.utf8))
    }
  }

  /// Arrays and objects made in every way a caller might (literals, grown by appending past their capacity, with
  /// spare capacity, emptied, with a key index): the writer finds their elements from the value's first word.
  static var containers: [JSON] {
    var grown: [JSON] = []
    for k in 0..<100 { grown.append(.number(JSONNumber(k))) }
    var spare: [JSON] = [.null]
    spare.reserveCapacity(64)
    var emptied: [JSON] = [true, false]
    emptied.removeAll(keepingCapacity: true)
    var indexed = JSONObject((0..<40).map { ("key \($0)", JSON.number(JSONNumber($0))) })
    _ = indexed["key 3"]  // builds the key index
    indexed["added"] = "after the index"
    var edited: JSONObject = ["a": 1, "b": 2, "c": 3]
    edited["b"] = nil
    return [
      .array([]), .array([1, "two", nil]), .array(grown), .array(spare), .array(emptied),
      .array(Array(grown[10..<20])), .object(JSONObject()), .object(["k": "v"]), .object(indexed), .object(edited),
    ]
  }

  @Test func everyKindOfContainerIsFoundByAddress() throws {
    try #require(JSON.storesPayloadsInPlace)
    for value in Self.containers {
      let (count, first) = withUnsafePointer(to: value) { pointer in
        let (elements, count) = JSON.elements(ofArrayAt: pointer, as: JSON.self)
        return (count, count == 0 ? nil : UnsafeRawPointer(elements))
      }
      switch value {
      case .array(let elements):
        #expect(count == elements.count)
        elements.withUnsafeBufferPointer { #expect(count == 0 || first == UnsafeRawPointer($0.baseAddress)) }
      case .object(let object):
        #expect(count == object.count)
        object._members.withUnsafeBufferPointer { #expect(count == 0 || first == UnsafeRawPointer($0.baseAddress)) }
      default:
        Issue.record("not a container")
      }
    }
  }

  /// The same tree written through addresses and through copies, in every layout that changes how a string is
  /// written (escaped slashes, ASCII only, sorted keys for the copies sorting makes).
  @Test(arguments: [
    JSON.WritingOptions.compact, .pretty, .init(sortsKeys: true), .init(escapesSlashes: true),
    .init(asciiOnly: true), .canonical,
  ])
  func writerGivesTheSameBytesByAddressAndByCopy(options: JSON.WritingOptions) throws {
    var object = JSONObject()
    for (index, string) in Self.strings.enumerated() { object["k\(index)"] = .string(string) }
    let nested: JSON = .array([.string("nested"), .array(Self.strings.map(JSON.string))])
    let tree: JSON = .array(
      Self.strings.map(JSON.string) + [.object(object), nested] + Self.containers
        + [.object(["containers": .array(Self.containers)])])
    let expected = try Self.bytes(of: tree, options: options, inPlace: false)
    #expect(try Self.bytes(of: tree, options: options, inPlace: true) == expected)
    // And a string alone, the root case.
    for string in Self.strings {
      #expect(
        try Self.bytes(of: .string(string), options: options, inPlace: true)
          == Self.bytes(of: .string(string), options: options, inPlace: false))
    }
    // The copying path is itself right: it reads back as the tree.
    #expect(try JSON(parsing: expected) == tree)
  }

  /// `value` written with `options`, reading payloads (and, with `strings`, strings' bytes) in place or by copy.
  static func bytes(
    of value: JSON, options: JSON.WritingOptions, inPlace: Bool, strings: Bool = true
  ) throws -> [UInt8] {
    var configuration = JSONWriter.Configuration(options)
    configuration.readsPayloadsInPlace = inPlace && JSON.storesPayloadsInPlace
    configuration.readsStringsInPlace = strings && String.readsBytesInPlace
    var writer = JSONWriter(out: OutputBuffer(capacity: 64), configuration: configuration)
    defer { writer.out.release() }
    try writer.write(value)
    return writer.out.bytes()
  }
}
