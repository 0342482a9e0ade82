import Foundation
import Testing

@testable import Parsnip

/// Every error kind's text, with its path, and line and column when text is decoded; accumulation; recursion.
@Suite struct PipelineErrorTests {
  struct Player: Equatable {
    let name: String
    let score: Int
  }

  static let decodePlayer: JSONDecoding<Player> =
    decode(Player.init) |> .required("name", .string) |> .required("score", .int)

  static let decodeUsers: JSONDecoding<[Player]> = .field("users", .array(decodePlayer))

  @Test func typeMismatchNamesThePathAndTheValue() {
    let text = """
      {"users": [
        {"name": "Ada", "score": "5"}
      ]}
      """
    let error = decodeJSON(text, with: Self.decodeUsers).failure
    #expect(error?.path.components == [.key("users"), .index(0), .key("score")])
    #expect(
      error?.description == #"Problem with the value at users[0].score (line 2, column 28): expected an Int, found "5""#
    )
    let fromTree = try? Self.decodeUsers(JSON(parsing: text)).failure
    #expect(fromTree?.description == #"Problem with the value at users[0].score: expected an Int, found "5""#)
  }

  @Test func missingKeyNamesTheKeyAndTheObject() {
    let error = decodeJSON(#"{"users": [{"name": "Ada", "score": 1}, {"score": 2}]}"#, with: Self.decodeUsers).failure
    #expect(error?.kind == .missingKey("name"))
    #expect(error?.path.description == "users[1]")
    #expect(
      error?.description
        == #"Problem with the value at users[1] (line 1, column 41): expected an object with a field named "name""#)
  }

  @Test func otherKinds() {
    #expect(
      decodeJSON("[1]", with: .index(3, .int)).failure?.description
        == "Problem with the given value (line 1, column 1): expected an array with an element at index 3, found 1 element"
    )
    #expect(
      decodeJSON("{}", with: JSONDecoding<Int>.fail("nope")).failure?.description
        == "Problem with the given value (line 1, column 1): nope")
    #expect(
      decodeJSON("[1,", with: .int).failure?.description
        == "The given data was not valid JSON: unexpected end of input, expected a value (line 1, column 4)")
    #expect(
      decodeJSON(#"{"a": 1}"#, with: decode { (x: Int) in x } |> .requiredAt("a[", .int)).failure?.kind
        == .invalidPath("invalid key path at offset 2: expected an index or a quoted key\na[\n  ^"))
    let oneOf = decodeJSON(
      #"{"v": true}"#, with: .field("v", .oneOf([.int, JSONDecoding.string.map { Int($0) ?? 0 }])))
    #expect(
      oneOf.failure?.description == """
        Problem with the value at v (line 1, column 7): all 2 alternatives failed:
          (1) Problem with the value at v (line 1, column 7): expected an Int, found true
          (2) Problem with the value at v (line 1, column 7): expected a String, found true
        """)
    #expect(
      decodeJSON("{}", with: .codable([Int].self)).failure?.kind
        == .decodable("expected an array, found an object"))
  }

  @Test func accumulationReportsEveryFailureInDocumentOrder() {
    let text = """
      {"users": [
        {"name": 1, "score": "x"},
        {"name": "Bo", "score": 2},
        {"score": null}
      ]}
      """
    let error = decodeJSON(text, with: Self.decodeUsers, options: .accumulating).failure
    #expect(
      error?.failures.map(\.path.description) == ["users[0].name", "users[0].score", "users[2]", "users[2].score"])
    #expect(
      error?.description == """
        4 problems:
        Problem with the value at users[0].name (line 2, column 12): expected a String, found 1
        Problem with the value at users[0].score (line 2, column 24): expected an Int, found "x"
        Problem with the value at users[2] (line 4, column 3): expected an object with a field named "name"
        Problem with the value at users[2].score (line 4, column 13): expected an Int, found null
        """)
    // Without the option, the first failure only.
    #expect(decodeJSON(text, with: Self.decodeUsers).failure?.path.description == "users[0].name")
  }

  final class Comment: Sendable {
    let text: String
    let replies: [Comment]
    init(text: String, replies: [Comment]) {
      self.text = text
      self.replies = replies
    }
    var depth: Int { 1 + (replies.map(\.depth).max() ?? 0) }
  }

  static let decodeComment: JSONDecoding<Comment> =
    decode(Comment.init) |> .required("text", .string) |> .required("replies", .array(.lazy { decodeComment }))

  static func thread(depth: Int) -> String {
    String(repeating: #"{"text": "t", "replies": ["#, count: depth - 1) + #"{"text": "t", "replies": []}"#
      + String(repeating: "]}", count: depth - 1)
  }

  @Test func recursiveDecoderDecodesAThread() throws {
    #expect(try decodeJSON(Self.thread(depth: 100), with: Self.decodeComment).get().depth == 100)
  }

  @Test func aThousandLevelsFromTextIsAnErrorNotACrash() {
    // Past the parser's depth limit (512): the text is refused before anything is decoded.
    let error = decodeJSON(Self.thread(depth: 1000), with: Self.decodeComment).failure
    guard case .invalidJSON(let parseError) = error?.kind else {
      Issue.record("expected invalid JSON, got \(String(describing: error))")
      return
    }
    #expect(parseError.kind == .nestingTooDeep)
    // With the parser's limit raised, the decoders' own budget stops the recursion.
    var options = JSONDecodingOptions()
    options.parsing.maximumDepth = 5000
    let deep = decodeJSON(Self.thread(depth: 1000), with: Self.decodeComment, options: options).failure
    #expect(deep?.kind == .nestingTooDeep(limit: 512))
  }
}
