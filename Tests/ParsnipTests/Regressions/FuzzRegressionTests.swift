import Testing
@testable import Parsnip

/// Inputs found by the parser fuzzer (`Fuzz/run.sh`), each kept after its bug was fixed. Every input is checked for
/// the fuzzer's properties: parsing fails cleanly or the value survives writing and parsing again, in strict and in
/// JSON5 mode, and strict input means the same in JSON5 mode.
@Suite struct FuzzRegressionTests {
  static let json5 = JSON.ParsingOptions(allowsJSON5: true)

  /// Checks the fuzzer's properties and returns the strict value (if the input is strict JSON).
  @discardableResult
  static func checkProperties(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSON? {
    let strict = roundTrip(bytes, options: .default, sourceLocation: sourceLocation)
    let relaxed = roundTrip(bytes, options: json5, sourceLocation: sourceLocation)
    if let strict {
      #expect(
        relaxed?.description == strict.description, "JSON5 mode reads strict JSON differently",
        sourceLocation: sourceLocation)
    }
    return strict
  }

  static func roundTrip(_ bytes: [UInt8], options: JSON.ParsingOptions, sourceLocation: Testing.SourceLocation) -> JSON?
  {
    let value: JSON
    do {
      value = try JSON(parsing: bytes, options: options)
    } catch {
      #expect(error.byteOffset <= bytes.count && error.line >= 1 && error.column >= 1, sourceLocation: sourceLocation)
      return nil
    }
    let text = value.description
    let again = try? JSON(parsing: text, options: options)
    #expect(again?.description == text, "written text \(text) does not parse back", sourceLocation: sourceLocation)
    if !options.allowsJSON5 {
      #expect(
        (try? value.string()).flatMap { try? JSON(parsing: $0) }?.description == text,
        sourceLocation: sourceLocation)
    }
    return value
  }

  /// `-0` was read as the integer 0: its sign was lost in the tree (`doubleValue` 0.0, written `0`).
  @Test func negativeZeroKeepsItsSign() throws {
    let json = try #require(Self.checkProperties([0x5B, 0x2D, 0x30, 0x5D]))  // [-0]
    #expect(json.description == "[-0]")
    #expect(json[0].numberValue?.doubleValue.sign == .minus)
  }

  /// `0e1` was kept as significand 0 with exponent 1 and written as `00`, which is not JSON.
  @Test func zeroWithAPositiveExponentIsWrittenAsZero() throws {
    let json = try #require(Self.checkProperties([0x5B, 0x30, 0x65, 0x31, 0x5D]))  // [0e1]
    #expect(json.description == "[0]")
    #expect(Self.checkProperties(Array("[0.0e5, -0E+3, 0.00e-2]".utf8))?.description == "[0,-0,0.0000]")
  }

  /// An exponent of more than nine digits stops being accumulated, and the saturated value, less the fraction's
  /// digits, passed for an exact exponent: `1.00000000003133e1000000001` was kept as `…e99999986`.
  @Test func aSaturatedExponentIsNeverTakenAsExact() throws {
    let text = "-1.00000000003133e1000000001"
    let json = try #require(Self.checkProperties(Array("[\(text)]".utf8)))
    let exact = try #require(JSONNumber(text: text))
    #expect(json[0].numberValue == exact)
    #expect(json[0].doubleValue == -.infinity)
    #expect(try JSONDocument(parsing: Array(text.utf8)).root.numberValue == exact)
    #expect(throws: DecodingError.self) { try ParsnipDecoder().decode(Double.self, from: Array(text.utf8)) }
    for small in ["1.5e-1000000001", "0.000001e-999999999", "123.45e+9999999999999"] {
      #expect(try JSON(parsing: small).numberValue == JSONNumber(text: small), "\(small)")
    }
  }
}
