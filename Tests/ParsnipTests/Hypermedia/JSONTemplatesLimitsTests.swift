import Foundation
import Testing

@testable import Parsnip

/// JSON Templates Expander under hostile input: chains of linked resources, byte budgets, huge templates.
@Suite struct JSONTemplatesLimitsTests {
  /// `n` resources of `items`, each linking to the next by id (a chain, no cycle).
  static func chain(_ n: Int) -> JSON {
    [
      "links": ["items.next": ["href": "/items/{items.next}", "type": "items"]],
      "items": .array((0..<n).map { i in ["id": .string(String(i)), "links": ["next": .string(String(i + 1))]] }),
    ]
  }

  /// The finding N1: a chain stops at the depth limit with an error at the resource reached (a short pointer).
  @Test func aChainStopsAtTheDepthLimit() throws {
    #expect(throws: JSONTemplatesError(.nestingTooDeep(depth: 33), at: ["items", "33"])) {
      try JSONTemplates.expand(Self.chain(5000))
    }
    #expect(throws: JSONTemplatesError(.nestingTooDeep(depth: 4), at: ["items", "4"])) {
      try JSONTemplates.expand(Self.chain(10), options: .init(maximumDepth: 3))
    }
    // Within the limit, the whole chain is embedded.
    let short = try JSONTemplates.expand(Self.chain(5))
    #expect(short["items"][0]["next"]["next"]["next"]["next"]["next"] == ["href": "/items/5"])
  }

  /// With the limit raised, the stack guard ends the recursion on a 512 KB thread.
  @Test func aRaisedDepthStopsBeforeTheStackEnds() throws {
    let document = Self.chain(100_000)
    let error = try DeepValues.onSmallStack { () -> JSONTemplatesError? in
      do {
        _ = try JSONTemplates.expand(document, options: .init(maximumOutputSize: .max, maximumDepth: .max))
        return nil
      } catch let error as JSONTemplatesError {
        return error
      }
    }
    guard case .nestingTooDeep(let depth)? = error?.kind else {
      Issue.record("expected nestingTooDeep, got \(String(describing: error))")
      return
    }
    #expect(depth >= 8 && depth < 100_000)
    #expect(error!.pointer == ["items", String(depth)])
  }

  /// The budget counts the bytes of the compact text exactly (findings U3, U4).
  @Test(arguments: ["posts-jte.json", "posts-jte-compound.json"])
  func theBudgetCountsTheCompactTextsBytes(example: String) throws {
    let document = try JSON(parsing: Fixtures.example(example))
    let size = try JSONTemplates.expand(document).bytes().count
    #expect(throws: Never.self) { try JSONTemplates.expand(document, options: .init(maximumOutputSize: size)) }
    #expect(throws: JSONTemplatesError.self) {
      try JSONTemplates.expand(document, options: .init(maximumOutputSize: size - 1))
    }
  }

  /// The finding U4: a resource holding 1 MB linked 3 000 times stops at the budget.
  @Test func manyLinksToALargeResourceStopAtTheBudget() {
    let document: JSON = [
      "links": ["posts.author": ["href": "/{posts.author}", "type": "people"]],
      "posts": .array((0..<3000).map { _ in ["links": ["author": "1"]] }),
      "people": [["id": "1", "bio": .string(String(repeating: "x", count: 1 << 20))]],
    ]
    do {
      _ = try JSONTemplates.expand(document, options: .init(maximumOutputSize: 8 << 20))
      Issue.record("expected the budget to stop the expansion")
    } catch {
      #expect(error.kind == .outputTooLarge(limit: 8 << 20))
    }
  }

  /// The finding U5: the names of a 200 000-variable template come in linear time, each once, in order.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // Duration, ContinuousClock
  @Test(.timeLimit(.minutes(1))) func variableNamesAreLinear() throws {
    let names = (0..<200_000).map { "v\($0)" }
    let template = try URITemplate("{" + names.joined(separator: ",") + "}{v0,v1}")
    #expect(template.variableNames == names)
  }
}
