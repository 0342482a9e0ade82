import Testing
@testable import Parsnip

/// The README's parsing section, line by line, so that it cannot rot.
@Suite struct ParsingReadmeTests {
  @Test func json5Example() throws {
    let config = try JSON(
      parsing: """
        // Server settings
        {
          name: 'parsnip',          // unquoted keys, single quotes
          port: 0x1F90,             // hexadecimal
          ratio: .75,
          limits: [Infinity, -0,],  // trailing commas
        }
        """, options: .init(allowsJSON5: true))
    #expect(config["port"].intValue == 8080)
    #expect(config.description == #"{"name":"parsnip","port":8080,"ratio":0.75,"limits":[Infinity,-0]}"#)
  }

  @Test func numbersExample() throws {
    let numbers = try JSON(parsing: "[0.1000000000000000055511151231257827, 12345678901234567890123456789, 9007199254740993]")
    #expect(numbers.description == "[0.1000000000000000055511151231257827,12345678901234567890123456789,9007199254740993]")
    #expect(numbers[2].doubleValue == 9_007_199_254_740_992)
    #expect(numbers[1].numberValue?.uint64Value == nil)
  }

  @Test func errorExample() {
    do {
      _ = try JSON(parsing: "{\n  \"a\": 1,\n  \"b\": \"txt\" \"c\": 2\n}")
      Issue.record("parsed")
    } catch {
      #expect(error.description == #"3:14: expected ',' or '}' after an object member, found '"'"#)
      #expect(error.kind == .unexpectedCharacter)
      #expect(error.byteOffset == 25)
    }
    let deep = String(repeating: "[", count: 100_000)
    #expect((try? JSON(parsing: deep)) == nil)
    let e = #expect(throws: JSONParseError.self) { try JSON(parsing: deep) }
    #expect(e?.description == "1:513: nesting deeper than 512 levels")
  }
}
