import Foundation
import Testing

@testable import Parsnip

/// The README's writing example, verbatim, so the snippet cannot drift from the behaviour.
@Suite struct WritingExampleTests {
  @Test func readmeExample() throws {
    let json = try JSON(parsing: #"{"name": "Zoë", "tags": ["a/b"], "price": 12.50, "big": 12345678901234567890123}"#)

    #expect(try json.string() == #"{"name":"Zoë","tags":["a/b"],"price":12.50,"big":12345678901234567890123}"#)
    #expect(
      try json.string(options: .pretty) == """
        {
          "name": "Zoë",
          "tags": [
            "a/b"
          ],
          "price": 12.50,
          "big": 12345678901234567890123
        }
        """)
    #expect(
      try json.string(options: .init(sortsKeys: true, escapesSlashes: true, asciiOnly: true))
        == #"{"big":12345678901234567890123,"name":"Zo\u00eb","price":12.50,"tags":["a\/b"]}"#)
    #expect(
      try json.string(options: .canonical)
        == #"{"big":1.2345678901234568e+22,"name":"Zoë","price":12.5,"tags":["a/b"]}"#)

    let bad: JSON = ["a": [1, 2, 3, .number(JSONNumber(Double.nan))]]
    let error = try #require(throws: JSONWritingError.self) { try bad.bytes() }
    #expect("\(error)" == "$.a[3]: cannot write NaN: JSON has no representation for NaN or infinity")
  }

  @Test func docCommentExamples() throws {
    let options: JSON = ["b": [1, 2], "a": "x/y"]
    #expect(try options.string() == #"{"b":[1,2],"a":"x/y"}"#)
    #expect(try options.string(options: .init(sortsKeys: true, escapesSlashes: true)) == #"{"a":"x\/y","b":[1,2]}"#)

    let bytes: JSON = ["name": "Zoë", "tags": ["a", "b"], "ratio": 0.1]
    #expect(String(decoding: try bytes.bytes(), as: UTF8.self) == #"{"name":"Zoë","tags":["a","b"],"ratio":0.1}"#)
    #expect(try ([1, 2.5, nil] as JSON).data().count == 12)

    var lines: [UInt8] = []
    for record in [["id": 1], ["id": 2]] as [JSON] {
      try record.write(to: &lines)
      lines.append(UInt8(ascii: "\n"))
    }
    #expect(String(decoding: lines, as: UTF8.self) == "{\"id\":1}\n{\"id\":2}\n")

    let described: JSON = ["a": [1, "x\n"], "b": nil]
    #expect(described.description == #"{"a":[1,"x\n"],"b":null}"#)
  }
}
