import Testing

@testable import Parsnip

/// The README's "Decode pipelines" section.
@Suite struct PipelineReadmeTests {
  struct User { let name: String; let surname: String; let image: String?; let score: Int; let sports: [String]; let role: String }

  @Test func seedExampleAndItsError() throws {
    let decodeUser: JSONDecoding<User> =
      decode(User.init)
      |> required("name", .string)
      |> required("last_name", .string)
      |> optional("image", .string)
      |> required("score", .int)
      |> required("sports", .array(.string))
      |> hardcoded("athlete")
    let data = #"[{"uuid": "...", "name": "John", "last_name": "Doe", "image": null, "sports": ["basketball", "tennis"], "score": 5}]"#
    #expect(try decodeJSON(data, with: .array(decodeUser)).get()[0].surname == "Doe")
    let bad = #"{"users": [{"name": "Ada", "last_name": "L", "score": "5", "sports": []}]}"#
    #expect(decodeJSON(bad, with: .field("users", .array(decodeUser))).failure?.description
      == #"Problem with the value at users[0].score (line 1, column 55): expected an Int, found "5""#)
  }
}
