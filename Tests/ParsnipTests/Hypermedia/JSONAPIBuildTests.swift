import Testing

@testable import Parsnip

/// Building compound documents from nested resources, and the property flatten(build(x)) == x.
@Suite struct JSONAPIBuildTests {
  @Test func theSpecsExampleRoundTrips() throws {
    let document = try JSON(parsing: Fixtures.example("jsonapi-articles.json"))
    let flattened = try JSONAPI.flatten(document)["data"]
    let built = try JSONAPI.build(flattened)
    #expect(try JSONAPI.flatten(built)["data"] == flattened)
    // Same resources as the spec's document, de-duplicated (people 2 was never included, so it is not now).
    #expect(built["data"] == document["data"])
    #expect(Set(built["included"].arrayValue ?? []) == Set(document["included"].arrayValue ?? []))
  }

  @Test func relationshipsAreSplitFromAttributes() throws {
    let resource: JSON = [
      "type": "articles", "id": "1", "title": "Hi", "tags": [], "location": ["type": "point", "x": 1],
      "author": ["type": "people", "id": "9", "name": "Dan"],
    ]
    let built = try JSONAPI.build(resource)
    #expect(
      built == [
        "data": [
          "type": "articles", "id": "1",
          "attributes": ["title": "Hi", "tags": [], "location": ["type": "point", "x": 1]],
          "relationships": ["author": ["data": ["type": "people", "id": "9"]]],
        ],
        "included": [["type": "people", "id": "9", "attributes": ["name": "Dan"]]],
      ])
  }

  @Test func aListOfNamesRestrictsRelationships() throws {
    let resource: JSON = [
      "type": "articles", "id": "1", "author": ["type": "people", "id": "9"], "editor": nil, "tags": [],
    ]
    let built = try JSONAPI.build(resource, options: .init(relationships: ["editor", "tags"]))
    #expect(built["data"]["attributes"] == ["author": ["type": "people", "id": "9"]])
    #expect(built["data"]["relationships"] == ["editor": ["data": nil], "tags": ["data": []]])
  }

  @Test func resourcesWithoutTypeOrIdAreErrors() {
    #expect(throws: JSONAPIError(.missingMember("id"), at: ["1"])) {
      try JSONAPI.build([["type": "a", "id": "1"], ["type": "a"]])
    }
  }

  /// Generated resource graphs: trees of resources over a small pool, shared resources identical wherever they
  /// appear, no resource inside itself (which the cycle rule would cut).
  @Test func flattenOfBuildIsIdentityOnGeneratedGraphs() throws {
    var generator = SeededRandom(seed: 0x5EED)
    for round in 0..<300 {
      var pool: [Int: JSON] = [:]
      func resource(_ number: Int, depth: Int, ancestors: Set<Int>) -> JSON {
        if let made = pool[number] { return made }
        var object: JSONObject = ["type": .string("t\(number % 3)"), "id": .string(String(number))]
        for a in 0..<Int(generator.next() % 3) { object["attr\(a)"] = .number(JSONNumber(Int(generator.next() % 100))) }
        if generator.next() % 4 == 0 { object["_meta"] = ["n": .number(JSONNumber(number))] }
        if depth < 3 {
          let candidates = (0..<12).filter { !ancestors.contains($0) && $0 != number }
          if let one = candidates.randomElement(using: &generator), generator.next() % 2 == 0 {
            object["one"] = resource(one, depth: depth + 1, ancestors: ancestors.union([number]))
          }
          if generator.next() % 2 == 0 {
            let many = (0..<Int(generator.next() % 3 + 1)).compactMap { _ in candidates.randomElement(using: &generator)
            }
            let unique = many.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
            object["many"] = .array(unique.map { resource($0, depth: depth + 1, ancestors: ancestors.union([number])) })
          }
        }
        pool[number] = .object(object)
        return .object(object)
      }
      // A resource's content must not depend on where it was first made; regenerate until the pool is consistent.
      let roots = (0..<Int(generator.next() % 3 + 1)).map { 20 + round * 10 + $0 }
      let x = JSON.array(roots.map { resource($0, depth: 0, ancestors: []) })
      guard isConsistent(x) else { continue }
      let built = try JSONAPI.build(x)
      #expect(try JSONAPI.flatten(built)["data"] == x, "round \(round): \(x)")
    }
  }

  /// Every (type, id) has the same content everywhere and never appears inside itself.
  private func isConsistent(_ x: JSON) -> Bool {
    var seen: [String: JSON] = [:]
    func visit(_ value: JSON, ancestors: Set<String>) -> Bool {
      guard case .object(let object) = value, let id = object["id"]?.stringValue else {
        return value.arrayValue?.allSatisfy { visit($0, ancestors: ancestors) } ?? true
      }
      let key = "\(object["type"]?.stringValue ?? "")/\(id)"
      if ancestors.contains(key) { return false }
      if let other = seen[key], other != value { return false }
      seen[key] = value
      for member in object.members where member.key == "one" || member.key == "many" {
        if !visit(member.value, ancestors: ancestors.union([key])) { return false }
      }
      return true
    }
    return visit(x, ancestors: [])
  }
}
