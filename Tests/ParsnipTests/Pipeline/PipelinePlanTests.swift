import Foundation
import Testing

@testable import Parsnip

/// The plan a `decode(f)` pipeline runs (`PipelinePlan`) gives what the curried steps give: values, errors,
/// accumulated errors; arguments decoded before a failure are discarded; an unfinished pipeline still curries.
@Suite struct PipelinePlanTests {
  struct Entry: Equatable {
    let name: String
    let count: Int
    let tags: [String]?
    let kind: String
  }

  /// The pipeline, through `decode(_:)` (a plan).
  static let planned: JSONDecoding<Entry> =
    decode(Entry.init) |> .required("name", .string) |> .required("count", .int) |> .optional("tags", .array(.string))
    |> .hardcoded("entry")

  /// The same steps after `map`, which drops the plan: the curried steps.
  static let curried: JSONDecoding<Entry> =
    decode(Entry.init).map { $0 }
    |> .required("name", .string) |> .required("count", .int) |> .optional("tags", .array(.string))
    |> .hardcoded("entry")

  @Test func planAndCurriedStepsAgree() {
    #expect(Self.planned.plan == nil && Self.curried.plan == nil)
    let texts = [
      #"{"name": "a", "count": 1, "tags": ["x"]}"#, #"{"name": "a", "count": 1, "tags": null}"#,
      #"{"count": "1", "tags": [2]}"#, #"{"name": 1, "count": 1, "tags": 3}"#, #"[1]"#, #"{"name": "a"}"#,
      #"{"name": "a", "name": "b", "count": 2}"#,
    ]
    for text in texts {
      for options in [JSONDecodingOptions.default, .accumulating] {
        let planned = decodeJSON(text, with: Self.planned, options: options)
        let curried = decodeJSON(text, with: Self.curried, options: options)
        #expect(planned == curried, "\(text)")
        let tree = try! JSON(parsing: text)
        #expect(
          decodeJSON(tree, with: Self.planned, options: options)
            == decodeJSON(tree, with: Self.curried, options: options))
      }
    }
    #expect(
      decodeJSON(#"{"count": "1", "tags": [2]}"#, with: Self.planned, options: .accumulating).failure?.failures
        .map(\.path.description) == ["", "count", "tags[0]"])
  }

  static let made = Lock(0)
  static let freed = Lock(0)
  final class Tracked: Sendable {
    let value: Int
    init(_ value: Int) {
      self.value = value
      PipelinePlanTests.made.withLock { $0 += 1 }
    }
    deinit { PipelinePlanTests.freed.withLock { $0 += 1 } }
  }

  @Test func argumentsBeforeAFailureAreDiscarded() {
    let tracked = JSONDecoding.int.map { Tracked($0) }
    let pair: JSONDecoding<Int> =
      decode { (a: Tracked, b: Int, c: Tracked) in a.value + b + c.value } |> .required("a", tracked)
      |> .required("b", .int) |> .required("c", tracked)
    for options in [JSONDecodingOptions.default, .accumulating] {
      #expect(decodeJSON(#"{"a": 1, "b": 2, "c": 3}"#, with: pair, options: options) == .success(6))
      #expect(decodeJSON(#"{"a": 1, "b": "x", "c": 3}"#, with: pair, options: options).failure != nil)
      #expect(decodeJSON(#"{"a": 1, "b": 2, "c": "x"}"#, with: pair, options: options).failure != nil)
    }
    #expect(Self.made.withLock { $0 } == Self.freed.withLock { $0 })
    #expect(Self.made.withLock { $0 } == 9)
  }

  @Test func anUnfinishedPipelineCurries() throws {
    let start = decode { (a: Int, b: Int, c: Int) in a * 100 + b * 10 + c } |> .required("a", .int)
    let function = try #require(decodeJSON(#"{"a": 1}"#, with: start).success)
    #expect(function(2)(3) == 123)
    // One unfinished pipeline, finished two ways.
    let left = start |> .required("b", .int) |> .hardcoded(7)
    let right = start |> .hardcoded(5) |> .required("c", .int)
    #expect(decodeJSON(#"{"a": 1, "b": 2, "c": 3}"#, with: left) == .success(127))
    #expect(decodeJSON(#"{"a": 1, "b": 2, "c": 3}"#, with: right) == .success(153))
    // Steps after `map` curry.
    let mapped = start.map { f in { (b: Int) in f(b)(0) } } |> .required("b", .int)
    #expect(decodeJSON(#"{"a": 1, "b": 2}"#, with: mapped) == .success(120))
  }

  @Test func aFunctionThatReturnsAFunction() {
    let adder = decode { (a: Int) in { (b: Int) in a + b } } |> .required("a", .int) |> .required("b", .int)
    #expect(decodeJSON(#"{"a": 1, "b": 2}"#, with: adder) == .success(3))
    #expect(decodeJSON(#"{"a": 1, "b": true}"#, with: adder).failure?.path.description == "b")
  }
}
