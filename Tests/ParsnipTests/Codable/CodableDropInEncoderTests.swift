import Foundation
import Testing

@testable import Parsnip

/// Expects ParsnipEncoder's bytes to be JSONEncoder's. Foundation orders the members of an unsorted object by
/// hashing (a new order in every process), so without `.sortedKeys` the bytes are compared as a multiset, with the
/// same length and the same parsed value.
func expectSameBytesAsFoundation<T: Encodable>(
  _ value: T, formatting: ParsnipEncoder.OutputFormatting = [],
  _ configure: (ParsnipEncoder, JSONEncoder) -> Void = { _, _ in },
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let parsnip = ParsnipEncoder()
  let foundation = JSONEncoder()
  parsnip.outputFormatting = formatting
  foundation.outputFormatting = JSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
  configure(parsnip, foundation)
  let ours = try parsnip.encode(value)
  let theirs = try foundation.encode(value)
  let message: Comment =
    "Parsnip:\n\(String(decoding: ours, as: UTF8.self))\nFoundation:\n\(String(decoding: theirs, as: UTF8.self))"
  if formatting.contains(.sortedKeys) {
    #expect(ours == theirs, message, sourceLocation: sourceLocation)
  } else {
    #expect(ours.sorted() == theirs.sorted(), message, sourceLocation: sourceLocation)
    #expect(try JSON(parsing: ours) == JSON(parsing: theirs), message, sourceLocation: sourceLocation)
  }
}

/// Every combination of the three output formatting options.
let allOutputFormattings: [ParsnipEncoder.OutputFormatting] = (0..<8).map { bits in
  var formatting: ParsnipEncoder.OutputFormatting = []
  if bits & 1 != 0 { formatting.insert(.prettyPrinted) }
  if bits & 2 != 0 { formatting.insert(.sortedKeys) }
  if bits & 4 != 0 { formatting.insert(.withoutEscapingSlashes) }
  return formatting
}

/// Foundation encoder behaviours that ParsnipEncoder must share (issue 13), each checked against JSONEncoder on this
/// toolchain: the same bytes wherever Foundation's are deterministic.
@Suite struct CodableDropInEncoderTests {
  // MARK: 3. Strategies that encode nothing

  @Test(arguments: [[], ParsnipEncoder.OutputFormatting.prettyPrinted])
  func dateOrDataWhoseCustomStrategyEncodesNothingIsAnEmptyObject(formatting: ParsnipEncoder.OutputFormatting) throws {
    let silent: (ParsnipEncoder, JSONEncoder) -> Void = { parsnip, foundation in
      parsnip.dateEncodingStrategy = .custom { _, _ in }
      foundation.dateEncodingStrategy = .custom { _, _ in }
      parsnip.dataEncodingStrategy = .custom { _, _ in }
      foundation.dataEncodingStrategy = .custom { _, _ in }
    }
    try expectSameBytesAsFoundation(Date(timeIntervalSince1970: 0), formatting: formatting, silent)
    try expectSameBytesAsFoundation(Data([1, 2]), formatting: formatting, silent)
    try expectSameBytesAsFoundation([Date(timeIntervalSince1970: 0)], formatting: formatting, silent)
    try expectSameBytesAsFoundation(["data": [Data([1])]], formatting: formatting, silent)
  }

  // MARK: 4. Containers requested twice

  struct NestedTwice: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: PathCodingKey.self)
      var first = container.nestedContainer(keyedBy: PathCodingKey.self, forKey: PathCodingKey(stringValue: "object"))
      try first.encode(1, forKey: PathCodingKey(stringValue: "a"))
      var second = container.nestedContainer(keyedBy: PathCodingKey.self, forKey: PathCodingKey(stringValue: "object"))
      try second.encode(2, forKey: PathCodingKey(stringValue: "b"))
      var list = container.nestedUnkeyedContainer(forKey: PathCodingKey(stringValue: "list"))
      try list.encode(1)
      var again = container.nestedUnkeyedContainer(forKey: PathCodingKey(stringValue: "list"))
      try again.encode(2)
      try first.encode(3, forKey: PathCodingKey(stringValue: "c"))
      try container.encode(Twice(), forKey: PathCodingKey(stringValue: "member"))
    }
  }

  /// Asks its encoder for a keyed container twice.
  struct Twice: Encodable {
    func encode(to encoder: any Encoder) throws {
      var first = encoder.container(keyedBy: PathCodingKey.self)
      try first.encode(1, forKey: PathCodingKey(stringValue: "x"))
      var second = encoder.container(keyedBy: PathCodingKey.self)
      try second.encode(2, forKey: PathCodingKey(stringValue: "y"))
    }
  }

  @Test func containersRequestedTwiceMergeAsInFoundation() throws {
    let encoder = ParsnipEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      try encoder.encodeToString(NestedTwice())
        == #"{"list":[1,2],"member":{"x":1,"y":2},"object":{"a":1,"b":2,"c":3}}"#)
    for formatting in allOutputFormattings {
      try expectSameBytesAsFoundation(NestedTwice(), formatting: formatting)
      try expectSameBytesAsFoundation([Twice(), Twice()], formatting: formatting)
    }
  }

  // MARK: 6. Output formatting bits

  @Test func outputFormattingRawValuesAreFoundations() {
    #expect(
      ParsnipEncoder.OutputFormatting.prettyPrinted.rawValue == JSONEncoder.OutputFormatting.prettyPrinted.rawValue)
    #expect(ParsnipEncoder.OutputFormatting.sortedKeys.rawValue == JSONEncoder.OutputFormatting.sortedKeys.rawValue)
    #expect(
      ParsnipEncoder.OutputFormatting.withoutEscapingSlashes.rawValue
        == JSONEncoder.OutputFormatting.withoutEscapingSlashes.rawValue)
    let stored = JSONEncoder.OutputFormatting([.sortedKeys, .withoutEscapingSlashes]).rawValue
    #expect(ParsnipEncoder.OutputFormatting(rawValue: stored) == [.sortedKeys, .withoutEscapingSlashes])
  }

  // MARK: 8. Same bytes

  /// Values that exercise the number layout, escapes and every container shape.
  struct Sampler: Codable {
    var doubles: [Double] = [
      0, -0.0, 1, 1.5, 100, 1e15, 1e16, 9007199254740992, 9007199254740994, 1e21, 1e22, 0.1, 0.0001, 0.00012,
      0.00001, 0.000099, 1e-7, 1.5e-7, 123456789012345678, 5e-324, 1.7976931348623157e308, 2.5e-5, 12345.678, 4.35,
      1e100, -1e-300, 2.2250738585072014e-308, 1000000000000000.5,
    ]
    var floats: [Float] = [0.1, 1e10, 3.4028235e38, 1e-5, 16777216, 16777218, 1.5, 100, -0.0, 0.0001]
    var integers: [Int64] = [0, -1, .min, .max]
    var unsigned: [UInt64] = [0, .max]
    var small: [Int8] = [-128, 127]
    var decimals: [Decimal] = [
      Decimal(string: "1.50")!, Decimal(string: "-0.001")!, Decimal(string: "12345678901234567890.123")!,
      Decimal(string: "1e-10")!, Decimal(string: "1e30")!, 0,
    ]
    var strings = [
      "", "plain", "\u{0}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\"\\/\u{7f}\u{80}\u{2028}\u{2029}\u{fffe}😀", "a/b</script>",
      "é", "\u{10FFFF}",
    ]
    var url = URL(string: "https://example.com/a/b?c=d&e=f")!
    var bools = [true, false]
    var optional: Int? = nil
    var present: String? = "here"
    var emptyArray: [Int] = []
    var emptyObject: [String: Int] = [:]
    var nestedEmpty: [[String: [Int]]] = [[:], ["k": []]]
    var dictionary = ["z/": 1, "a": 2, "é": 3, "B": 4, "b\"": 5]
    var nested = ["outer": ["inner": [1, 2]], "other": [:]]
    var deep: [[[Int]]] = [[[1], []], []]
    var camelCaseKey = 1
    var date = Date(timeIntervalSince1970: 1_427_298_550.357)
    var data = Data([0, 1, 2, 253, 254, 255])
  }

  @Test(arguments: allOutputFormattings)
  func sampledValuesHaveFoundationsBytes(formatting: ParsnipEncoder.OutputFormatting) throws {
    try expectSameBytesAsFoundation(Sampler(), formatting: formatting)
    for value in Sampler().doubles { try expectSameBytesAsFoundation(value, formatting: formatting) }
    for value in Sampler().floats { try expectSameBytesAsFoundation(value, formatting: formatting) }
    for value in Sampler().strings { try expectSameBytesAsFoundation(value, formatting: formatting) }
    try expectSameBytesAsFoundation([Int](), formatting: formatting)
    try expectSameBytesAsFoundation([String: Int](), formatting: formatting)
    try expectSameBytesAsFoundation([[Int]()], formatting: formatting)
  }

  @Test(arguments: allOutputFormattings)
  func everyStrategyHasFoundationsBytes(formatting: ParsnipEncoder.OutputFormatting) throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
    let dates: [(ParsnipEncoder.DateEncodingStrategy, JSONEncoder.DateEncodingStrategy)] = [
      (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
      (.millisecondsSince1970, .millisecondsSince1970), (.iso8601, .iso8601),
      (.formatted(formatter), .formatted(formatter)),
      (
        .custom { date, encoder in
          var container = encoder.singleValueContainer()
          try container.encode(date.timeIntervalSince1970 / 2)
        },
        .custom { date, encoder in
          var container = encoder.singleValueContainer()
          try container.encode(date.timeIntervalSince1970 / 2)
        }
      ),
    ]
    for (ours, theirs) in dates {
      try expectSameBytesAsFoundation(Sampler(), formatting: formatting) { parsnip, foundation in
        parsnip.dateEncodingStrategy = ours
        foundation.dateEncodingStrategy = theirs
      }
    }
    let datas: [(ParsnipEncoder.DataEncodingStrategy, JSONEncoder.DataEncodingStrategy)] = [
      (.base64, .base64), (.deferredToData, .deferredToData),
      (
        .custom { data, encoder in
          var container = encoder.unkeyedContainer()
          try container.encode(data.count)
        },
        .custom { data, encoder in
          var container = encoder.unkeyedContainer()
          try container.encode(data.count)
        }
      ),
    ]
    for (ours, theirs) in datas {
      try expectSameBytesAsFoundation(Sampler(), formatting: formatting) { parsnip, foundation in
        parsnip.dataEncodingStrategy = ours
        foundation.dataEncodingStrategy = theirs
      }
    }
    try expectSameBytesAsFoundation(Sampler(), formatting: formatting) { parsnip, foundation in
      parsnip.keyEncodingStrategy = .convertToSnakeCase
      foundation.keyEncodingStrategy = .convertToSnakeCase
    }
    try expectSameBytesAsFoundation(Sampler(), formatting: formatting) { parsnip, foundation in
      parsnip.keyEncodingStrategy = .custom { path in PathCodingKey(stringValue: path.last!.stringValue.uppercased()) }
      foundation.keyEncodingStrategy = .custom { path in PathCodingKey(stringValue: path.last!.stringValue.uppercased())
      }
    }
    let special: [Double] = [.infinity, -.infinity, .nan, 1.5]
    let floats: [Float] = [.infinity, -.infinity, .nan, 2.5]
    try expectSameBytesAsFoundation(["d": special], formatting: formatting) { parsnip, foundation in
      parsnip.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "+Inf", negativeInfinity: "-Inf/", nan: "NaN\"")
      foundation.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "+Inf", negativeInfinity: "-Inf/", nan: "NaN\"")
    }
    try expectSameBytesAsFoundation(floats, formatting: formatting) { parsnip, foundation in
      parsnip.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "i", negativeInfinity: "-i", nan: "n")
      foundation.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "i", negativeInfinity: "-i", nan: "n")
    }
  }

  /// `JSON` values are written by the tree writer inside the encoder's output; Foundation encodes them through
  /// `JSON.encode(to:)`. Sorted keys only: Foundation's unsorted order for dictionaries is hash order.
  @Test(arguments: allOutputFormattings.filter { $0.contains(.sortedKeys) })
  func jsonValuesInsideEncodedValuesHaveFoundationsBytes(formatting: ParsnipEncoder.OutputFormatting) throws {
    struct Holder: Encodable {
      var name = "h/1"
      var payload: JSON
      var list: [JSON]
    }
    let payload: JSON = [
      "b": [1, -2, 0.1, 100.0, 1e21, 2.2250738585072014e-308, -0.0, "\u{1}/\"", [], [:], [[]], ["k": [:]]],
      "a": ["z": true, "y": nil, "é": "x", "B": [["deep": [1, [2, [3, []]]]]]],
      "": [:],
    ]
    let value = Holder(payload: payload, list: [payload, [], [:], 3, "s"])
    try expectSameBytesAsFoundation(value, formatting: formatting)
    try expectSameBytesAsFoundation(payload, formatting: formatting)
    try expectSameBytesAsFoundation([payload, payload], formatting: formatting)
    let nonFinite: JSON = ["n": [.number(JSONNumber(Double.nan)), .number(JSONNumber(-Double.infinity)), [:]]]
    try expectSameBytesAsFoundation(Holder(payload: nonFinite, list: [nonFinite]), formatting: formatting) {
      parsnip, foundation in
      parsnip.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "+", negativeInfinity: "-/", nan: "nan")
      foundation.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "+", negativeInfinity: "-/", nan: "nan")
    }
  }

  @Test func nonFiniteNumbersAndDeepNestingInsideJSONValuesAreLocated() throws {
    struct Holder: Encodable { var payload: JSON }
    let nonFinite: JSON = ["a": [1, ["b": .number(JSONNumber(Double.infinity))]]]
    #expect {
      try ParsnipEncoder().encode(Holder(payload: nonFinite))
    } throws: { error in
      guard case EncodingError.invalidValue(let value, let context) = error else { return false }
      return (value as? Double) == .infinity
        && context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["payload", "a", "1", "b"]
    }
    var deep: JSON = 1
    for _ in 0..<20 { deep = [deep] }
    let encoder = ParsnipEncoder()
    encoder.maximumDepth = 10
    #expect {
      try encoder.encode(Holder(payload: ["x": deep]))
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      // `payload` is level 1, `x` level 2: the array at index path 0^7 is the 11th container.
      return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == [
        "payload", "x", "0", "0", "0", "0", "0", "0", "0", "0",
      ]
        && context.debugDescription.contains("maximum depth of 10")
    }
  }

  @Test func prettyPrintingIsFoundationsLayout() throws {
    struct Record: Codable {
      var name = "x"
      var list = [1, 2]
      var empty: [Int] = []
      var object: [String: Int] = [:]
      var inner = ["k": [true]]
    }
    let encoder = ParsnipEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let expected = """
      {
        "empty" : [

        ],
        "inner" : {
          "k" : [
            true
          ]
        },
        "list" : [
          1,
          2
        ],
        "name" : "x",
        "object" : {

        }
      }
      """
    #expect(try encoder.encodeToString(Record()) == expected)
    try expectSameBytesAsFoundation(Record(), formatting: [.prettyPrinted, .sortedKeys])
  }
}
