import Foundation
import Testing

@testable import Parsnip

/// Decode pipelines under hostile input (issue 42): deep recursion on a 512 KB thread (N3, N5), Foundation object
/// graphs that nest without end (N6), many failures collected (U1) and alternatives that repeat work (U2).
@Suite struct PipelineHostileInputTests {
  /// The README's recursive decoder: nested arrays through `.array(.lazy { … })`.
  struct Nest: Sendable { var children: [Nest] }
  static let nest: JSONDecoding<Nest> = JSONDecoding<[Nest]>.array(.lazy { nest }).map(Nest.init)

  static func arrays(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  }

  @Test func recursionPastTheStackIsAnErrorAtAnyLimit() throws {
    // N5: the limit raised far past what the stack holds; a tree built in code, 100 000 levels deep.
    let error: JSONDecodingError? = try DeepValues.onSmallStack {
      var tree = DeepValues.nested(100_000, leaf: [])
      defer { DeepValues.dismantle(&tree) }
      return decodeJSON(tree, with: Self.nest, options: JSONDecodingOptions(maximumDepth: 100_000)).failure
    }
    guard case .nestingTooDeep(let levels) = error?.kind else {
      Issue.record("expected nestingTooDeep, got \(String(describing: error))")
      return
    }
    // Stopped by the stack guard, well before the limit, with the path to where it stopped.
    #expect(levels < 100_000)
    #expect(error?.path.components.count == levels + 1)
    #expect(error?.description.hasSuffix("recursive decoders nested deeper than \(levels) levels") == true)
  }

  @Test func recursionThroughAndThenIsGuardedToo() throws {
    // `andThen` can recurse without `lazy`: a decoder whose continuation runs the decoder again.
    let error: JSONDecodingError? = try DeepValues.onSmallStack {
      var tree = DeepValues.nested(100_000, objects: true)
      defer { DeepValues.dismantle(&tree) }
      return decodeJSON(tree, with: Self.unwrap, options: JSONDecodingOptions(maximumDepth: 100_000)).failure
    }
    guard case .nestingTooDeep(let levels) = error?.kind else {
      Issue.record("expected nestingTooDeep, got \(String(describing: error))")
      return
    }
    #expect(levels > 64 && levels < 100_000)
  }

  /// Unwraps `{"k": …}` until a number, recursing through `andThen` alone.
  static let unwrap: JSONDecoding<Int> = JSONDecoding<JSON>.json.andThen { json in
    json.intValue != nil ? .int : .field("k", unwrap)
  }

  @Test func theReadmeDecoderEndsInAValueOrAnErrorOnA512KBThread() throws {
    // N3: 511 levels of nested arrays (Foundation's JSONDecoder depth), within the default limits. A level takes
    // about 0.8 KB of stack in a release build (587 levels fit; 161 when the error was thrown inline, 120-odd
    // bytes a buffer) and several KB in a debug one, where the guard stops it cleanly; it died at 155 without one.
    let result: String = try DeepValues.onSmallStack {
      switch decodeJSON(Self.arrays(511), with: Self.nest) {
      case .success: return "decoded"
      case .failure(let error): return "\(error)"
      }
    }
    #expect(result == "decoded" || result.contains("recursive decoders nested deeper than"), "\(result)")
    // Shallower values decode on the same thread.
    let shallow: Bool = try DeepValues.onSmallStack { (try? decodeJSON(Self.arrays(30), with: Self.nest).get()) != nil }
    #expect(shallow)
  }

  #if !DEBUG
    // Release builds: the README's decoder as deep as Foundation's JSONDecoder goes on the same thread (505-511).
    @Test func theReadmeDecoderReachesFoundationsDepthOnA512KBThread() throws {
      let result: String = try DeepValues.onSmallStack {
        switch decodeJSON(Self.arrays(511), with: Self.nest) {
        case .success: return "decoded"
        case .failure(let error): return "\(error)"
        }
      }
      #expect(result == "decoded")
    }
  #endif

  @Test func aSelfContainingArrayIsAnErrorNotACrash() throws {
    // N6: on Linux `as? [Any]` bridged the whole graph first, forever.
    let array = NSMutableArray()
    array.add(1)
    array.add(array)
    defer { array.removeAllObjects() }
    let error = decodeJSON(array as Any, with: JSONDecoding<JSON>.json).failure
    #expect(error?.kind == .nestingTooDeep(limit: 512))
    #expect(error?.path.components.count == 512)
    #expect(error?.path.components.first == .index(1))
  }

  @Test func aDeepFoundationGraphIsAnErrorNotACrash() throws {
    // N6: an NSArray nested 100 000 deep, with the default limit and with the limit raised past the stack.
    let levels = Self.graph()
    let error = decodeJSON(levels[0] as Any, with: JSONDecoding<JSON>.json).failure
    #expect(error?.kind == .nestingTooDeep(limit: 512))
    let raised: JSONDecodingError? = try DeepValues.onSmallStack {
      let levels = Self.graph()
      return decodeJSON(
        levels[0] as Any, with: JSONDecoding<JSON>.json, options: JSONDecodingOptions(maximumDepth: 1_000_000)
      ).failure
    }
    guard case .nestingTooDeep(let levels) = raised?.kind else {
      Issue.record("expected nestingTooDeep, got \(String(describing: raised))")
      return
    }
    #expect(levels < 100_000)
    // Shallow graphs, Foundation's and Swift's, still convert.
    let object: [String: Any] = ["a": [1, "x", NSNull()] as [Any], "b": NSDictionary(dictionary: ["c": true])]
    let json = try decodeJSON(object as Any, with: JSONDecoding<JSON>.json).get()
    #expect(json == ["a": [1, "x", nil], "b": ["c": true]])
  }

  /// An `NSArray` nested 100 000 deep, and each array inside it, outermost first: released in that order, no
  /// array's release releases the next (its release would recurse once per level).
  static func graph() -> [NSArray] {
    var levels: [NSArray] = [[]]
    for _ in 0..<100_000 { levels.append(NSArray(object: levels[levels.count - 1])) }
    return levels.reversed()
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // Duration, ContinuousClock
  @Test func collectingManyFailuresIsLinear() throws {
    // U1: 100 000 failures in about 200 KB took 114 s; each failure copied every one before it.
    let text = "[" + Array(repeating: "\"x\"", count: 100_000).joined(separator: ",") + "]"
    let start = ContinuousClock.now
    let error = decodeJSON(text, with: .array(.int), options: .accumulating).failure
    let elapsed = ContinuousClock.now - start
    #expect(error?.failures.count == 100_000)
    #expect(error?.failures.last?.path == JSONKeyPath(components: [.index(99_999)]))
    #expect(error?.failures.last?.column == text.utf8.count - 3)
    #expect(elapsed < .seconds(30), "\(elapsed)")
  }

  /// A node whose two alternatives both decode the child before failing (U2): each level doubles the work.
  struct Node: Sendable { var child: Indirect?; var tag: Int }
  final class Indirect: Sendable {
    let node: Node
    init(_ node: Node) { self.node = node }
  }
  static let node: JSONDecoding<Node> = .oneOf([
    decode(Node.init) |> .optional("c", JSONDecoding<Node>.lazy { node }.map(Indirect.init)) |> .required("a", .int),
    decode(Node.init) |> .optional("c", JSONDecoding<Node>.lazy { node }.map(Indirect.init)) |> .required("b", .int),
  ])

  static func chain(_ depth: Int) -> String {
    String(repeating: #"{"c":"#, count: depth) + #"{"b":1}"# + String(repeating: #","b":1}"#, count: depth)
  }

  @Test func alternativesThatRepeatWorkStopAtTheBudget() {
    // U2: 2^depth runs; 285 bytes took 12 s and 1.5 GB. The default budget, 1 000 000 runs, takes about a second
    // in a release build (half a minute in a debug one): the test runs a budget of 20 000.
    #expect(JSONDecodingOptions().maximumDecoderRuns == 1_000_000)
    #expect((try? decodeJSON(Self.chain(8), with: Self.node).get())?.tag == 1)
    let text = Self.chain(40)
    var options = JSONDecodingOptions(maximumDecoderRuns: 20_000)
    let error = decodeJSON(text, with: Self.node, options: options).failure
    #expect(error?.kind == .tooExpensive(limit: 20_000))
    #expect(
      error?.description.hasSuffix(
        "the decode ran recursive and alternative decoders more than 20000 times (maximumDecoderRuns)")
        == true, "\(String(describing: error))")
    // Accumulating does not go on past it.
    options.accumulatesErrors = true
    #expect(decodeJSON(text, with: Self.node, options: options).failure?.kind == .tooExpensive(limit: 20_000))
  }
}
