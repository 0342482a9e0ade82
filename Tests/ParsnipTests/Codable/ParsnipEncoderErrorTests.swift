import Foundation
import Testing

@testable import Parsnip

/// Errors: what is reported and where, and that untrusted shapes never crash.
@Suite struct ParsnipEncoderErrorTests {
  /// The context of an `EncodingError.invalidValue`.
  func context(of error: any Error) -> EncodingError.Context? {
    guard case EncodingError.invalidValue(_, let context) = error else { return nil }
    return context
  }

  func path(_ context: EncodingError.Context?) -> String {
    CodingPathRendering.message(context?.codingPath ?? [])
  }

  struct Measurements: Encodable {
    var name = "m"
    var values = [1.0, 2.0, .nan]
    var single = 1.0
  }

  @Test func nonFiniteNumberFailsWithItsPath() throws {
    do {
      _ = try ParsnipEncoder().encode(["series": [Measurements()]])
      Issue.record("expected an error")
    } catch {
      #expect(path(context(of: error)) == "series[0].values[2]")
      #expect(context(of: error)?.debugDescription.contains("nan") == true)
    }
    var infinite = Measurements()
    infinite.values = []
    infinite.single = -.infinity
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encode(infinite) }
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encode(Float.nan) }
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encode(JSON.number(JSONNumber(Double.infinity))) }
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encodeToJSON(Measurements()) }
  }

  @Test func nonFiniteNumbersCanBeWrittenAsStrings() throws {
    try expectEncodesLikeFoundation([Double.nan, .infinity, -.infinity, 1]) { parsnip, foundation in
      parsnip.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
      foundation.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    }
    let encoder = ParsnipEncoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
    #expect(try encoder.encodeToString([Float.infinity]) == #"["INF"]"#)
  }

  @Test func topLevelValueThatEncodesNothingFails() throws {
    struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
    do {
      _ = try ParsnipEncoder().encode(Nothing())
      Issue.record("expected an error")
    } catch {
      #expect(context(of: error)?.debugDescription == "Top-level Nothing did not encode any values.")
    }
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encodeToJSON(Nothing()) }
  }

  final class Person: Encodable {
    var name: String
    var bff: Person?
    init(_ name: String) { self.name = name }
  }

  @Test func referenceCycleIsReportedWithItsPath() throws {
    let mike = Person("Mike")
    let erin = Person("Erin")
    mike.bff = erin
    erin.bff = mike
    defer { erin.bff = nil }
    for encode in [
      { try ParsnipEncoder().encode(mike) }, { try Data(ParsnipEncoder().encodeToJSON(mike).description.utf8) },
    ] {
      do {
        _ = try encode()
        Issue.record("expected an error")
      } catch {
        #expect(path(context(of: error)) == "bff.bff")
        #expect(context(of: error)?.debugDescription.contains("Reference cycle") == true)
      }
    }
  }

  @Test func sharedButAcyclicReferencesAreFine() throws {
    let shared = Person("Shared")
    let a = Person("A")
    a.bff = shared
    let text = try ParsnipEncoder().encodeToString([a, shared, a])
    #expect(try JSON(parsing: text)[2]["bff"]["name"] == "Shared")
  }

  final class Chain: Encodable {
    var next: Chain?
    init(next: Chain?) { self.next = next }
  }

  @Test func nestingDeeperThanTheLimitFailsInsteadOfOverflowingTheStack() throws {
    var chain: Chain? = nil
    for _ in 0..<3000 { chain = Chain(next: chain) }
    defer {
      // Unlink iteratively so that releasing the chain does not recurse 3000 levels.
      while let node = chain {
        chain = node.next
        node.next = nil
      }
    }
    do {
      _ = try ParsnipEncoder().encode(chain)
      Issue.record("expected an error")
    } catch {
      #expect(context(of: error)?.debugDescription.contains("maximum depth of 512") == true)
      #expect(context(of: error)?.codingPath.count ?? 0 >= 511)
    }
    let encoder = ParsnipEncoder()
    encoder.maximumDepth = 10
    #expect(throws: EncodingError.self) { try encoder.encode([[[[[[[[[[[1]]]]]]]]]]]) }
    #expect(try encoder.encodeToString([[[[[[[[[[1]]]]]]]]]]) == "[[[[[[[[[[1]]]]]]]]]]")
  }

  @Test func anyDepthLimitIsAccepted() throws {
    // `.max` (no limit) used to trap with an arithmetic overflow.
    for limit in [Int.max, Int.max - 1] {
      let encoder = ParsnipEncoder()
      encoder.maximumDepth = limit
      #expect(try encoder.encodeToString(["a": [1]]) == #"{"a":[1]}"#)
      #expect(try encoder.encodeToJSON(["a": [1]]) == ["a": [1]])
    }
    let model = DepthModel()
    #expect(try model.jsonString(configuration: JSONModelConfiguration(maximumDepth: .max)) == #"{"user_id":7}"#)
  }

  struct DepthModel: JSONModel, DefaultInitializable { var userId = 7 }

  final class Link: Encodable {
    var next: Link?
    init(next: Link?) { self.next = next }

    /// A list `count` long; `release` takes it apart iteratively (its own deinit would recurse once per link).
    static func list(_ count: Int) -> Link {
      var head = Link(next: nil)
      for _ in 1..<count { head = Link(next: head) }
      return head
    }

    static func release(_ head: Link) {
      var node = head
      while let next = node.next {
        node.next = nil
        node = next
      }
    }
  }

  /// Asks for its keyed container twice, which sends the encoder to its tree fallback.
  struct TwiceKeyed: Encodable {
    var head: Link
    enum Keys: CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
      var first = encoder.container(keyedBy: Keys.self)
      try first.encode(1, forKey: .a)
      var second = encoder.container(keyedBy: Keys.self)
      try second.encode(head, forKey: .b)
    }
  }

  @Test func aLimitBeyondTheStackFailsBeforeTheStackOverflows() throws {
    // 100 000 levels of encode(to:) with no depth limit used to overflow the stack (SIGSEGV).
    let message: String = try DeepValues.onSmallStack {
      let head = Link.list(100_000)
      defer { Link.release(head) }
      let encoder = ParsnipEncoder()
      encoder.maximumDepth = .max
      do {
        _ = try encoder.encode(head)
        return "encoded"
      } catch EncodingError.invalidValue(_, let context) {
        // The tree encoder (the fallback for containers asked for twice) has the same guard.
        let error = #expect(throws: EncodingError.self) { try encoder.encode(TwiceKeyed(head: head)) }
        guard case .invalidValue(_, let tree) = error, tree.debugDescription.contains("stack") else {
          return "tree encoder: \(String(describing: error))"
        }
        return context.debugDescription
      }
    }
    #expect(message.hasPrefix("Nesting deeper than this thread's stack can hold"), "\(message)")
    // A list the stack can hold still encodes with the limit raised.
    let short = Link.list(1_000)
    defer { Link.release(short) }
    let encoder = ParsnipEncoder()
    encoder.maximumDepth = 5_000
    #expect(try encoder.encode(short).count == 999 * #"{"next":}"#.utf8.count + 2)  // the last link is {}
  }

  // Seconds, not `Date`s, as arguments: Foundation's `Date.description` traps on a non-finite date.
  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteDatesUnderISO8601FailLikeNonFiniteNumbers(seconds: Double) throws {
    let date = Date(timeIntervalSince1970: seconds)
    for strategy in [ParsnipEncoder.DateEncodingStrategy.iso8601, .iso8601WithFractionalSeconds] {
      let encoder = ParsnipEncoder()
      encoder.dateEncodingStrategy = strategy
      #expect(throws: EncodingError.self) { try encoder.encode([date]) }
    }
  }

  @Test func deepJSONValueFailsWithTheDepthLimit() throws {
    var json: JSON = 1
    for _ in 0..<2000 { json = [json] }
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encode(json) }
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encodeToJSON(["deep": json]) }
  }

  struct Loop: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(Loop())
    }
  }

  @Test func runawayRecursionWithoutContainersFails() throws {
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encode(Loop()) }
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encodeToJSON(Loop()) }
  }

  struct TwoSingleValues: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(1)
      try container.encode(2)
    }
  }

  struct KeyedAfterSingle: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(1)
      var keyed = encoder.container(keyedBy: PathCodingKey.self)
      try keyed.encode(2, forKey: PathCodingKey(stringValue: "x"))
    }
  }

  @Test func misusedEncodersFailInsteadOfTrapping() throws {
    do {
      _ = try ParsnipEncoder().encode(["a": TwoSingleValues()])
      Issue.record("expected an error")
    } catch {
      #expect(path(context(of: error)) == "a")
      #expect(context(of: error)?.debugDescription.contains("second value") == true)
    }
    #expect(throws: EncodingError.self) { try ParsnipEncoder().encode(KeyedAfterSingle()) }
  }

  @Test func errorsFromEncodeToPropagateUnchanged() throws {
    struct Custom: Error, Equatable {}
    struct Thrower: Encodable {
      func encode(to encoder: any Encoder) throws { throw Custom() }
    }
    #expect(throws: Custom()) { try ParsnipEncoder().encode(["x": [Thrower()]]) }
  }
}
