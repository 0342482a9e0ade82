import Foundation
import Testing

@testable import Parsnip

/// Every example of `../shared/seeds/swift-decode-pipeline.md`, in Swift 6 syntax with leading dots.
@Suite struct PipelineSeedExampleTests {
  struct User: Equatable {
    let name: String
    let surname: String
    let image: String?
    let score: Int
    let sports: [String]
    let role: String
  }

  static let usersText = """
    [
        {
            "uuid": "...",
            "name": "John",
            "last_name": "Doe",
            "image": null,
            "sports": ["basketball", "tennis"],
            "score": 5
        }
    ]
    """

  static let john = User(
    name: "John", surname: "Doe", image: nil, score: 5, sports: ["basketball", "tennis"], role: "athlete")

  let decodeUser: JSONDecoding<User> =
    decode(User.init)
    |> .required("name", .string)
    |> .required("last_name", .string)
    |> .optional("image", .string)
    |> .required("score", .int)
    |> .required("sports", .array(.string))
    |> .hardcoded("athlete")

  @Test func exampleDecodesTheUsersEndpoint() throws {
    let data: String! = Self.usersText
    let result = decodeJSON(data, with: .array(decodeUser))
    switch result {
    case .failure(let error): Issue.record("Invalid format: \(error)")
    case .success(let users): #expect(users == [Self.john])
    }
  }

  @Test func requiredAndOptional() throws {
    struct Named: Equatable {
      let name: String
      let image: String?
    }
    let decodeNamed: JSONDecoding<Named> =
      decode(Named.init)
      |> .required("name", .string)
      |> .optional("image", .string)
    #expect(try decodeJSON(#"{"name": "Ada"}"#, with: decodeNamed).get() == Named(name: "Ada", image: nil))
    #expect(
      try decodeJSON(#"{"name": "Ada", "image": "a.png"}"#, with: decodeNamed).get()
        == Named(name: "Ada", image: "a.png"))
  }

  @Test func arrayAsAPipedModifier() throws {
    struct Post: Equatable {
      let title: String
      let authors: [User]
    }
    // The seed spells the array `decodeUser |> array`; Parsnip's `|>` applies only pipeline steps (one overload
    // keeps long pipelines fast to type-check), and arrays are `.array(decodeUser)`.
    let decodePost: JSONDecoding<Post> =
      decode(Post.init)
      |> .required("title", .string)
      |> .required("authors", .array(decodeUser))
    let text = #"{"title": "Hi", "authors": "# + Self.usersText + "}"
    let expected = Post(title: "Hi", authors: [Self.john])
    #expect(try decodeJSON(text, with: decodePost).get() == expected)
  }

  @Test func hardcodedMockedUser() throws {
    let decodeMockedUser: JSONDecoding<User> =
      decode(User.init)
      |> .hardcoded("John")
      |> .hardcoded("Doe")
      |> .hardcoded(nil)
      |> .hardcoded(5)
      |> .hardcoded(["basketball", "tennis"])
      |> .hardcoded("athlete")
    #expect(try decodeJSON("null", with: decodeMockedUser).get() == Self.john)
  }

  @Test func mapLowercases() throws {
    // The seed spells this `string |> map { ... }`; Parsnip has one `map`, the method.
    let decodeLowercasedString: JSONDecoding<String> = JSONDecoding.string.map { $0.lowercased() }
    #expect(try decodeJSON(#""HeLLo""#, with: decodeLowercasedString).get() == "hello")
    #expect(try decodeJSON(#""HeLLo""#, with: JSONDecoding.string.map { $0.uppercased() }).get() == "HELLO")
  }

  @Test func decodesTheInputsTheSeedSupports() throws {
    let expected = [Self.john]
    let text = Self.usersText
    #expect(try decodeJSON(Data(text.utf8), with: .array(decodeUser)).get() == expected)
    #expect(try decodeJSON(text, with: .array(decodeUser)).get() == expected)
    #expect(try decodeJSON(Array(text.utf8), with: .array(decodeUser)).get() == expected)
    #expect(try decodeJSON(JSONDocument(parsing: text), with: .array(decodeUser)).get() == expected)
    // Alamofire's `responseJSON` hands over `JSONSerialization`'s output.
    let alamofireData: Any = try JSONSerialization.jsonObject(with: Data(text.utf8))
    #expect(try decodeJSON(alamofireData, with: .array(decodeUser)).get() == expected)
    // SwiftyJSON values are decoded by calling the decoder.
    let json: JSON! = try JSON(parsing: text)[0]
    #expect(try decodeUser(json).get() == Self.john)
  }
}
