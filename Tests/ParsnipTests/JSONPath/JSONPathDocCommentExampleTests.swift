import Testing

@testable import Parsnip

/// The doc comments' examples, run as written so that they cannot rot (the README's blocks run in scripts/check-readme-examples.py).
@Suite struct JSONPathDocCommentExampleTests {
  static let store = """
    {"store": {"book": [
      {"title": "Sayings of the Century", "author": "Nigel Rees", "price": 8.95},
      {"title": "Sword of Honour", "author": "Evelyn Waugh", "price": 12.99},
      {"title": "Moby Dick", "author": "Herman Melville", "price": 8.99, "isbn": "0-553-21311-3"}
    ], "bicycle": {"color": "red", "price": 399}}}
    """

  @Test func docCommentExamples() throws {
    // JSONPath
    let library = try JSON(
      parsing: """
        {"store": {"book": [{"title": "Sayings of the Century", "price": 8.95},
                            {"title": "Moby Dick", "price": 8.99},
                            {"title": "The Lord of the Rings", "price": 22.99}]}}
        """)
    let cheap = try JSONPath("$.store.book[?@.price < 10].title")
    #expect(
      try cheap.nodes(in: library).map { "\($0.path) \($0.value)" } == [
        #"$['store']['book'][0]['title'] "Sayings of the Century""#,
        #"$['store']['book'][1]['title'] "Moby Dick""#,
      ])
    // nodes(in:), values(in:), firstValue(in:)
    let numbers: JSON = ["a": [10, 20, 30]]
    let nodes = try JSONPath("$.a[1:]").nodes(in: numbers)
    #expect(nodes.map(\.value) == [20, 30])
    #expect(nodes.map(\.path.description) == ["$['a'][1]", "$['a'][2]"])
    #expect(try JSONPath("$.a[?@ > 15]").values(in: numbers) == [20, 30])
    #expect(try JSONPath("$.user.name").firstValue(in: ["user": ["name": "Ada"]]) == "Ada")
    // JSON.nodes(matching:), values(matching:), firstValue(matching:)
    let json: JSON = ["a": [1, 2, 3]]
    #expect(try json.nodes(matching: "$.a[-1]").map(\.value) == [3])
    #expect(try json.values(matching: "$.a[1:]") == [2, 3])
    #expect(try json.firstValue(matching: "$.a[0]") == 1)
    // NormalizedPath
    #expect(
      JSONPath.NormalizedPath([.name("store"), .name("book"), .index(0)]).description == "$['store']['book'][0]")
    // JSONPathError
    let error = try #require(throws: JSONPathError.self) { try JSONPath("$.store[0") }
    #expect(
      error.description == """
        error: expected ']' to close the bracketed selection
        $.store[0
                 ^
        """)
  }
}
