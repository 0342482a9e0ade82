import Foundation
import Testing

@testable import Parsnip

/// The public writing API: layouts, options, errors with paths, and the outputs (bytes, data, string, files).
@Suite struct WriterTests {
  static let sample: JSON = [
    "name": "Zoë", "tags": ["a", "b/c"], "empty": [], "none": [:], "n": nil, "ok": true, "ratio": 0.25,
    "nested": ["z": 1, "a": [[], [1]]],
  ]

  @Test func compactIsTheDefault() throws {
    #expect(
      try Self.sample.string()
        == #"{"name":"Zoë","tags":["a","b/c"],"empty":[],"none":{},"n":null,"ok":true,"ratio":0.25,"#
        + #""nested":{"z":1,"a":[[],[1]]}}"#)
    #expect(try Self.sample.string() == (try Self.sample.string(options: .compact)))
  }

  @Test func prettyMatchesJSONStringifyWithTwoSpaces() throws {
    // node -e 'console.log(JSON.stringify(<sample>, null, 2))'
    let expected = """
      {
        "name": "Zoë",
        "tags": [
          "a",
          "b/c"
        ],
        "empty": [],
        "none": {},
        "n": null,
        "ok": true,
        "ratio": 0.25,
        "nested": {
          "z": 1,
          "a": [
            [],
            [
              1
            ]
          ]
        }
      }
      """
    #expect(try Self.sample.string(options: .pretty) == expected)
  }

  @Test func prettyWithOtherIndents() throws {
    let json: JSON = ["a": [1]]
    #expect(try json.string(options: .pretty(indent: 4)) == "{\n    \"a\": [\n        1\n    ]\n}")
    #expect(try json.string(options: .pretty(indent: 0)) == "{\n\"a\": [\n1\n]\n}")
    #expect(try json.string(options: .pretty(indent: -3)) == "{\n\"a\": [\n1\n]\n}")
    let clamped = try json.string(options: .pretty(indent: 1_000_000))
    #expect(
      clamped == "{\n" + String(repeating: " ", count: 32) + "\"a\": [\n" + String(repeating: " ", count: 64)
        + "1\n" + String(repeating: " ", count: 32) + "]\n}")
  }

  @Test func scalarsAtTheTopLevel() throws {
    #expect(try JSON.null.string(options: .pretty) == "null")
    #expect(try JSON(true).string() == "true")
    #expect(try JSON(false).string() == "false")
    #expect(try JSON("x").string(options: .pretty) == "\"x\"")
    #expect(try JSON(-12).string() == "-12")
    #expect(try JSON.array([]).string(options: .pretty) == "[]")
    #expect(try JSON.object([:]).string(options: .pretty) == "{}")
  }

  @Test func sortedKeysUseUnicodeScalarOrder() throws {
    let json: JSON = ["b": 1, "a": ["d": 1, "c": 2], "B": 0, "é": 3, "😀": 4, "\u{FB33}": 5, "aa": 6, "": 7]
    #expect(
      try json.string(options: .init(sortsKeys: true))
        == #"{"":7,"B":0,"a":{"c":2,"d":1},"aa":6,"b":1,"é":3,"דּ":5,"😀":4}"#)
  }

  /// What Foundation's `.sortedKeys` does on this platform, checked in this process. swift-foundation's
  /// `JSONEncoder` (its `JSONWriter`) sorts keys by their UTF-8 bytes, which is Unicode scalar order and Parsnip's;
  /// only on Apple platforms, for apps linked against old SDKs, does it fall back to `NSString` numeric,
  /// case-insensitive comparison.
  @Test func sortedKeysAreFoundationJSONEncodersOrder() throws {
    // Canonically equivalent keys would collapse in a `Dictionary`, so there is only one spelling of "é".
    let keys = ["zeta", "Alpha", "alpha", "_x", "10", "9", "é", "😀", "\u{FB33}", ""]
    let json = JSON.object(
      JSONObject(keys.enumerated().map { (key: $0.element, value: JSON.number(JSONNumber($0.offset))) }))
    let parsnip = try json.string(options: .init(sortsKeys: true))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let dictionary = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
    let foundation = String(decoding: try encoder.encode(dictionary), as: UTF8.self)
    #expect(parsnip == foundation)
    #expect(parsnip.hasPrefix(#"{"":9,"10":4,"9":5,"Alpha":1,"_x":3,"alpha":2,"zeta":0,"é":6"#))
  }

  @Test func allOutputsAgree() throws {
    for options in [JSON.WritingOptions.compact, .pretty, .canonical, .init(sortsKeys: true, asciiOnly: true)] {
      let bytes = try Self.sample.bytes(options: options)
      #expect(Array(try Self.sample.data(options: options)) == bytes)
      #expect(Array(try Self.sample.string(options: options).utf8) == bytes)
      var appended: [UInt8] = [0x5B]
      try Self.sample.write(to: &appended, options: options)
      #expect(appended == [0x5B] + bytes)
    }
    #expect(Self.sample.description == (try Self.sample.string()))
  }

  @Test func nonFiniteNumbersFailWithTheirPath() throws {
    let json: JSON = ["a": [1, 2, 3, .number(JSONNumber(Double.nan))], "b": 1]
    let error = try #require(throws: JSONWritingError.self) { try json.bytes() }
    #expect(error.kind == .nonFiniteNumber)
    #expect(error.path == "$['a'][3]")
    #expect(error.pathComponents == [.key("a"), .index(3)])
    #expect(error.description == "$['a'][3]: cannot write NaN: JSON has no representation for NaN or infinity")

    let odd: JSON = ["first name": [["it's": .number(JSONNumber(-Double.infinity))]]]
    let oddError = try #require(throws: JSONWritingError.self) { try odd.string(options: .pretty) }
    #expect(oddError.path == #"$['first name'][0]['it\'s']"#)
    #expect(oddError.message.contains("-infinity"))

    let root = try #require(throws: JSONWritingError.self) { try JSON(Double.infinity).data() }
    #expect(root.path == "$")
    #expect(throws: JSONWritingError.self) { try JSON(Double.nan).string(options: .canonical) }
  }

  @Test func descriptionNeverFails() {
    let json: JSON = [
      .number(JSONNumber(Double.nan)), .number(JSONNumber(Double.infinity)), .number(JSONNumber(-Double.infinity)),
    ]
    #expect(json.description == "[NaN,Infinity,-Infinity]")
  }

  @Test func nestingBeyondTheLimitFailsWithoutOverflowingTheStack() throws {
    var deep: JSON = 1
    for _ in 0..<100_000 { deep = [deep] }
    let error = try #require(throws: JSONWritingError.self) { try deep.bytes() }
    #expect(error.kind == .nestingTooDeep)
    #expect(error.pathComponents.count == 512)
    #expect(error.description.hasSuffix(": nesting deeper than 512 levels"))

    // With the limit lifted, the writer's heap stack handles it.
    let text = try deep.bytes(options: .init(maximumDepth: 200_000))
    #expect(text.count == 200_001)
    #expect(text.prefix(3) == [0x5B, 0x5B, 0x5B])
    #expect(deep.description.utf8.count == 200_001)
    // Take the value apart iteratively: releasing 100 000 nested arrays recursively could itself overflow.
    while case .array(let elements) = deep, let first = elements.first { deep = first }
  }

  @Test func depthLimitCountsContainersLikeTheParser() throws {
    var json: JSON = []
    for _ in 0..<511 { json = [json] }  // 512 levels
    #expect(try json.bytes().count == 1024)
    let parsed = try JSON(parsing: try json.bytes())
    #expect(parsed == json)
    let deeper: JSON = [json]
    let error = try #require(throws: JSONWritingError.self) { try deeper.bytes() }
    #expect(error.pathComponents.count == 512)
    #expect(throws: JSONParseError.self) {
      try JSON(parsing: String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
    }
    var objects: JSON = 0
    for _ in 0..<3 { objects = ["k": objects] }
    let objectError = try #require(throws: JSONWritingError.self) { try objects.bytes(options: .init(maximumDepth: 2)) }
    #expect(objectError.path == "$['k']['k']")
  }

  /// Sorted members are copies the writer keeps while their object is open; siblings and nesting at several levels
  /// read the right copy, and an error's path names the sorted position's key.
  @Test func nestedSortedObjectsAndErrorPathsInsideThem() throws {
    let json: JSON = [
      "b": ["z": [3, ["y": 2, "x": 1]], "c": [:]], "a": ["q": ["n": 1, "m": [true]]], "d": [["f": 1, "e": 0]],
    ]
    let sorted = try json.string(options: .init(sortsKeys: true))
    #expect(sorted == #"{"a":{"q":{"m":[true],"n":1}},"b":{"c":{},"z":[3,{"x":1,"y":2}]},"d":[{"e":0,"f":1}]}"#)
    #expect(try json.string(options: .canonical) == sorted)
    let bad: JSON = ["b": ["y": [1, ["k": .number(JSONNumber(Double.nan))]], "a": 1], "a": 0]
    let error = try #require(throws: JSONWritingError.self) { try bad.bytes(options: .init(sortsKeys: true)) }
    #expect(error.path == "$['b']['y'][1]['k']")
    #expect(error.kind == .nonFiniteNumber)
  }

  @Test func streamsToAFileHandleInChunks() throws {
    let big = JSON.array(
      (0..<20_000).map { i in ["id": JSON(i), "name": JSON("item \(i) é/\"q\""), "x": JSON(Double(i) / 7)] })
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-stream-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    for options in [JSON.WritingOptions.compact, .pretty] {
      _ = FileManager.default.createFile(atPath: url.path, contents: nil)
      let handle = try FileHandle(forWritingTo: url)
      try big.write(to: handle, options: options)
      try handle.close()
      let written = try Data(contentsOf: url)
      #expect(written.count > OutputBuffer.streamingCapacity * 4)
      #expect(Array(written) == (try big.bytes(options: options)))
    }
    // A single string longer than the buffer.
    let long = JSON.string(String(repeating: "0123456789", count: 30_000))
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    try long.write(to: handle)
    try handle.close()
    #expect(Array(try Data(contentsOf: url)) == (try long.bytes()))
  }

  @Test(arguments: [2_000, 1_200_000])  // held in memory, and past the 16 MiB hold (checked first, then streamed)
  func aFileHandleGetsNothingOfAValueThatCannotBeWrittenWhole(count: Int) throws {
    // A NaN at the very end used to leave everything before it written.
    let strings = (0..<count).map { JSON.string("element \($0) of the list") }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-held-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    var handle = try FileHandle(forWritingTo: url)
    let error = #expect(throws: JSONWritingError.self) {
      try JSON.array(strings + [.number(JSONNumber(Double.nan))]).write(to: handle)
    }
    #expect(error?.path == "$[\(count)]")
    try handle.close()
    #expect(try Data(contentsOf: url).isEmpty)
    // The same value without the NaN is written whole, either way.
    handle = try FileHandle(forWritingTo: url)
    let good = JSON.array(strings)
    try good.write(to: handle, options: .pretty)
    try handle.close()
    #expect(Array(try Data(contentsOf: url)) == (try good.bytes(options: .pretty)))
  }

  @Test func writesFilesAtomically() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("out.json")
    try Self.sample.write(toFileAt: url, options: .pretty)
    #expect(Array(try Data(contentsOf: url)) == (try Self.sample.bytes(options: .pretty)))

    // A failing write leaves the previous file intact and no temporary file behind.
    let bad: JSON = ["ok": 1, "bad": .number(JSONNumber(Double.nan))]
    #expect(throws: JSONWritingError.self) { try bad.write(toFileAt: url) }
    #expect(Array(try Data(contentsOf: url)) == (try Self.sample.bytes(options: .pretty)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])

    // A missing directory is a file system error, not a crash.
    #expect(throws: (any Error).self) {
      try Self.sample.write(toFileAt: directory.appendingPathComponent("missing/out.json"))
    }
  }

  @Test func foundationReadsWhatWeWrite() throws {
    for options in [JSON.WritingOptions.compact, .pretty, .init(escapesSlashes: true, asciiOnly: true), .canonical] {
      let data = try Self.sample.data(options: options)
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect(object["name"] as? String == "Zoë")
      #expect(object["tags"] as? [String] == ["a", "b/c"])
      #expect((object["ratio"] as? NSNumber)?.doubleValue == 0.25)
    }
  }
}
