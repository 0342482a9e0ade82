import Foundation
import Testing

@testable import Parsnip

/// JSON:API flattening and building under hostile input: stack depth, byte budgets, reserved field names, include
/// lists through cycles, copies of a resource that differ.
@Suite struct JSONAPILimitsTests {
  /// `n` resources `a/0 → a/1 → … → a/(n-1)`, each linked to the next (a chain, no cycle).
  static func chain(_ n: Int) -> JSON {
    func resource(_ i: Int) -> JSON {
      var object: JSONObject = ["type": "a", "id": .string(String(i))]
      if i + 1 < n { object["relationships"] = ["next": ["data": ["type": "a", "id": .string(String(i + 1))]]] }
      return .object(object)
    }
    return ["data": resource(0), "included": .array((1..<n).map(resource))]
  }

  /// The finding N5: a raised depth on a 100 000-resource chain is an error where the stack would end, on a 512 KB
  /// thread, for every way to flatten (tree, document, text).
  @Test func aRaisedDepthStopsBeforeTheStackEnds() throws {
    let document = Self.chain(100_000)
    let text = try document.bytes()
    let failures = try DeepValues.onSmallStack { () -> [JSONAPIError?] in
      let options = JSONAPI.FlattenOptions(maximumDepth: 100_000, maximumOutputSize: .max)
      var failures: [JSONAPIError?] = []
      for run in 0..<3 {
        do {
          switch run {
          case 0: _ = try JSONAPI.flatten(document, options: options)
          case 1: _ = try JSONAPI.flatten(try JSONDocument(parsing: text), options: options)
          default: _ = try JSONAPI.flattenedBytes(try JSONDocument(parsing: text), options: options)
          }
          failures.append(nil)
        } catch let error as JSONAPIError {
          failures.append(error)
        }
      }
      return failures
    }
    for failure in failures {
      guard case .nestingTooDeep(let depth)? = failure?.kind else {
        Issue.record("expected nestingTooDeep, got \(String(describing: failure))")
        continue
      }
      #expect(depth >= 8 && depth < 100_000)
      #expect(failure!.pointer == ["included", String(depth - 2), "relationships", "next", "data"])
      #expect(failure!.description.count < 120)
    }
  }

  /// The finding N2: an include list of 100 000 names is parsed, compared, hashed and released on a 512 KB thread.
  @Test func aLongIncludeListNeedsNoStack() throws {
    let text = Array(repeating: "next", count: 100_000).joined(separator: ".")
    let same = try DeepValues.onSmallStack { () -> Bool in
      let one = try JSONAPIIncludePaths(text)
      let two = try JSONAPIIncludePaths(text + ",next")
      var level: JSONAPIIncludePaths? = one
      var depth = 0
      while let here = level { level = here["next"]; depth += 1 }
      let other = try JSONAPIIncludePaths(text + ".other")
      return one == two && one.hashValue == two.hashValue && depth == 100_001 && one != other
    }
    #expect(same)
  }

  @Test func includeListsCompareByThePathsTheyName() throws {
    #expect(try JSONAPIIncludePaths("a.b,c") == JSONAPIIncludePaths("c,a,a.b"))
    #expect(try JSONAPIIncludePaths("a.b") != JSONAPIIncludePaths("a,b"))
    #expect(try JSONAPIIncludePaths("a.b")["a"] == JSONAPIIncludePaths("b"))
    #expect(try Set([JSONAPIIncludePaths("x,y"), JSONAPIIncludePaths("y,x")]).count == 1)
    #expect(try JSONAPIIncludePaths("a.b.c")["a"]?["b"]?.names == ["c"])
  }

  /// Found by the hypermedia fuzzer: a combining mark after ',' or '.' made one Character with it, which hid the
  /// separator; lists are split by scalars.
  @Test func aCombiningMarkDoesNotHideASeparator() throws {
    let list = try JSONAPIIncludePaths("a,\u{301}b.\u{301}c")
    #expect(list.names == ["a", "\u{301}b"])
    #expect(list["\u{301}b"]?.names == ["\u{301}c"])
    let text = "\u{7AC}{,\"people\""
    #expect(try JSONAPIIncludePaths(text) == JSONAPIIncludePaths(text + "," + text))
    let document: JSON = ["links": ["posts.\u{301}x": "/{posts.id}"], "posts": [["id": "1"]]]
    #expect(HypermediaFormat.detect(document) == .jsonTemplates)
    #expect(try JSONTemplates.expand(document)["posts"][0]["\u{301}x"] == ["href": "/1"])
  }

  /// The finding S1: an attribute or relationship named `type` or `id` is rejected with its pointer.
  @Test func fieldsNamedTypeOrIdAreRejected() throws {
    let cases: [(JSON, JSONPointer, String)] = [
      (
        ["data": ["type": "a", "id": "1", "attributes": ["type": "evil", "id": "999"]]],
        ["data", "attributes", "type"], "type"
      ),
      (["data": [["type": "a", "id": "1", "attributes": ["id": "999"]]]], ["data", "0", "attributes", "id"], "id"),
      (
        ["data": nil, "included": [["type": "a", "id": "1", "relationships": ["type": ["data": nil]]]]],
        ["included", "0", "relationships", "type"], "type"
      ),
      (["data": ["type": "a", "lid": "x", "attributes": ["lid": "y"]]], ["data", "attributes", "lid"], "lid"),
    ]
    for (document, pointer, name) in cases {
      #expect(throws: JSONAPIError(.reservedFieldName(name), at: pointer)) { try JSONAPI.flatten(document) }
      #expect(throws: JSONAPIError(.reservedFieldName(name), at: pointer)) {
        try JSONAPI.flattenedBytes(try JSONDocument(parsing: document.bytes()))
      }
    }
    // `lid` is an ordinary attribute of a resource with an `id`.
    let fine: JSON = ["data": ["type": "a", "id": "1", "attributes": ["lid": "y"]]]
    #expect(try JSONAPI.flatten(fine)["data"] == ["type": "a", "id": "1", "lid": "y"])
  }

  /// The budget counts the bytes of the compact text exactly: the result's own size passes, one byte less fails,
  /// whichever way the document is flattened and written.
  @Test(arguments: [
    "jsonapi-articles.json", "", "include:comments.author", "include:author.articles.author",
  ])
  func theBudgetCountsTheCompactTextsBytes(variant: String) throws {
    let text: String
    var options = JSONAPI.FlattenOptions()
    if variant.hasSuffix(".json") {
      text = String(decoding: try Fixtures.example(variant), as: UTF8.self)
    } else {
      // Shared resources (reused), escapes, numbers, meta and links: each counted as written.
      text = #"""
        {"meta": {"n": [1, 2.5e3, -0.0, true, null]}, "data": [
          {"type": "articles", "id": "1", "attributes": {"title": "quote \" tab \t é"},
           "relationships": {"author": {"data": {"type": "people", "id": "9"}, "links": {"self": "/x"}}}},
          {"type": "articles", "id": "2", "relationships": {"author": {"data": {"type": "people", "id": "9"}}}}],
         "included": [{"type": "people", "id": "9", "attributes": {"name": "Dan \u0001"}, "meta": {"k": 1},
          "relationships": {"articles": {"data": [{"type": "articles", "id": "1"}, {"type": "articles", "id": "2"}]}}}]}
        """#
      if variant.hasPrefix("include:") { options.include = try JSONAPIIncludePaths(String(variant.dropFirst(8))) }
    }
    let tree = try JSON(parsing: text)
    let size = try JSONAPI.flatten(tree, options: options).bytes().count
    for limit in [size, size - 1] {
      options.maximumOutputSize = limit
      let fits = limit == size
      func outcome(_ body: () throws -> Void) -> Bool {
        do {
          try body()
          return true
        } catch let error as JSONAPIError {
          #expect(error.kind == .outputTooLarge(limit: limit))
          return false
        } catch {
          Issue.record("\(error)")
          return false
        }
      }
      #expect(outcome { _ = try JSONAPI.flatten(tree, options: options) } == fits, "tree, \(limit)")
      #expect(outcome { _ = try JSONAPI.flatten(try JSONDocument(parsing: text), options: options) } == fits)
      for layout in [JSON.WritingOptions.compact, .pretty] {
        #expect(
          outcome { _ = try JSONAPI.flattenedBytes(try JSONDocument(parsing: text), options: options, writing: layout) }
            == fits, "text, \(limit), \(layout)")
      }
    }
  }

  /// The finding U3: 3 000 references to one resource holding 1 MB stop at the budget, without writing 3 GB.
  @Test func manyReferencesToALargeResourceStopAtTheBudget() throws {
    let big = String(repeating: "x", count: 1 << 20)
    let document: JSON = [
      "data": .array(
        (0..<3000).map {
          ["type": "a", "id": .string(String($0)), "relationships": ["r": ["data": ["type": "b", "id": "1"]]]]
        }),
      "included": [["type": "b", "id": "1", "attributes": ["s": .string(big)]]],
    ]
    let text = try JSONDocument(parsing: document.bytes())
    let options = JSONAPI.FlattenOptions(maximumOutputSize: 8 << 20)
    #expect(throws: JSONAPIError(.outputTooLarge(limit: 8 << 20), at: ["included", "0"])) {
      try JSONAPI.flattenedBytes(text, options: options)
    }
    #expect(throws: JSONAPIError(.outputTooLarge(limit: 8 << 20), at: ["included", "0"])) {
      try JSONAPI.flatten(document, options: options)
    }
  }

  /// "Found as a new user would": an include list is followed as written through a cycle; without one the cycle
  /// ends at an identifier.
  @Test func anIncludeListIsFollowedThroughACycle() throws {
    let document: JSON = [
      "data": ["type": "articles", "id": "1", "relationships": ["author": ["data": ["type": "people", "id": "9"]]]],
      "included": [
        ["type": "people", "id": "9", "relationships": ["article": ["data": ["type": "articles", "id": "1"]]]]
      ],
    ]
    let included = try JSONAPI.flatten(document, options: .init(include: JSONAPIIncludePaths("author.article.author")))
    #expect(
      included["data"]["author"]["article"]["author"] == [
        "type": "people", "id": "9", "article": ["type": "articles", "id": "1"],
      ])
    let all = try JSONAPI.flatten(document)
    #expect(all["data"]["author"]["article"] == ["type": "articles", "id": "1"])
  }

  /// The finding S4: copies of a resource merge when they agree and are an error naming both when they differ.
  @Test func buildMergesAgreeingCopiesAndRejectsDifferentOnes() throws {
    let agreeing: JSON = [
      ["type": "a", "id": "1", "p": ["type": "people", "id": "9", "name": "Dan"]],
      ["type": "a", "id": "2", "p": ["type": "people", "id": "9", "twitter": "dgeb"]],
    ]
    let built = try JSONAPI.build(agreeing)
    #expect(built["included"] == [["type": "people", "id": "9", "attributes": ["name": "Dan", "twitter": "dgeb"]]])
    let differing: JSON = [
      ["type": "a", "id": "1", "p": ["type": "people", "id": "9", "name": "Dan"]],
      ["type": "a", "id": "2", "p": ["type": "people", "id": "9", "name": "Evil"]],
    ]
    let error = JSONAPIError(
      .conflictingResource(type: "people", id: "9", first: ["0", "p", "name"]), at: ["1", "p", "name"])
    #expect(throws: error) { try JSONAPI.build(differing) }
    #expect(error.description == "/1/p/name: resource (people, 9) differs from its copy at /0/p/name")
    // A primary resource met again nested, with more members: merged into `data`.
    let primary: JSON = [
      ["type": "a", "id": "1", "n": 1],
      ["type": "a", "id": "2", "other": ["type": "a", "id": "1", "m": 2]],
    ]
    let merged = try JSONAPI.build(primary)
    #expect(merged["data"][0]["attributes"] == ["n": 1, "m": 2])
    #expect(merged["included"].isNull)
    // Members a later copy adds take their usual place.
    let later: JSON = [
      ["type": "a", "id": "1", "_links": ["self": "/a/1"]],
      ["type": "b", "id": "2", "x": ["type": "a", "id": "1", "n": 1]],
    ]
    #expect(try JSONAPI.build(later)["data"][0].objectValue?.keys.map { $0 } == ["type", "id", "attributes", "links"])
  }

  /// "Found as a new user would": `build` takes `flatten`'s document as it is, keeping `meta`, `links`, `jsonapi`.
  @Test func buildTakesAFlattenedDocument() throws {
    let articles = try JSON(parsing: Fixtures.example("jsonapi-articles.json"))
    let flattened = try JSONAPI.flatten(articles)
    let rebuilt = try JSONAPI.build(flattened)
    #expect(rebuilt["links"] == articles["links"])
    #expect(rebuilt["data"] == articles["data"])
    #expect(try JSONAPI.flatten(rebuilt) == flattened)
  }

  /// Nested resources to build deeper than the stack holds are an error, on a 512 KB thread.
  @Test func buildStopsBeforeTheStackEnds() throws {
    let kind = try DeepValues.onSmallStack { () -> JSONAPIError.Kind? in
      var value: JSON = ["type": "a", "id": "leaf", "n": 1]
      for i in 0..<20_000 { value = ["type": "a", "id": .string(String(i)), "next": value] }
      // Released a level at a time: a release of the whole chain would recurse once per level.
      defer { DeepValues.dismantleResources(&value) }
      do {
        _ = try JSONAPI.build(value)
        return nil
      } catch let error as JSONAPIError {
        return error.kind
      }
    }
    guard case .nestingTooDeep? = kind else {
      Issue.record("expected nestingTooDeep, got \(String(describing: kind))")
      return
    }
  }
}

extension DeepValues {
  /// Takes a chain of nested resources (`next` members) apart one level at a time.
  static func dismantleResources(_ value: inout JSON) {
    while case .object(var object) = value, let next = object["next"] {
      object["next"] = nil
      value = next
    }
  }
}
