import Foundation
import Testing

@testable import Parsnip

/// The doc comments' writing examples, run as written (the README's blocks run in scripts/check-readme-examples.py).
@Suite struct WritingDocCommentExampleTests {

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
