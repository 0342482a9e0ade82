import Foundation
import Testing

@testable import Parsnip

/// JSONTestSuite (`../shared/conformance/json-test-suite`): every `y_` file is accepted, every `n_` file rejected,
/// with a typed error located inside the input, every `i_` file answered the way the table below documents, and the
/// `test_transform` files parse without a crash. JSON5 mode, a superset, reads every `y_` file to the same value.
@Suite(.requiresSharedData)
struct JSONTestSuiteTests {
  /// How the parser answers a file.
  enum Outcome: Equatable, CustomStringConvertible {
    case accepted
    case rejected(JSONParseError.Kind)

    var description: String {
      switch self {
      case .accepted: "accepted"
      case .rejected(let kind): "rejected (\(kind))"
      }
    }
  }

  /// Parsnip's answer to each implementation-defined (`i_`) file, and why: this table documents the behaviour.
  static let implementationDefined: [String: (outcome: Outcome, reason: String)] = [
    "i_number_double_huge_neg_exp.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_number_huge_exp.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_number_neg_int_huge_exp.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_number_pos_double_huge_exp.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_number_real_neg_overflow.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_number_real_pos_overflow.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_number_real_underflow.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_number_too_big_neg_int.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_number_too_big_pos_int.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_number_very_big_negative_int.json": (.accepted, "numbers are kept losslessly, whatever their range"),
    "i_object_key_lone_2nd_surrogate.json": (
      .rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"
    ),
    "i_string_1st_surrogate_but_2nd_missing.json": (
      .rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"
    ),
    "i_string_1st_valid_surrogate_2nd_invalid.json": (
      .rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"
    ),
    "i_string_UTF-16LE_with_BOM.json": (.rejected(.invalidUTF8), "only UTF-8 is JSON text (RFC 8259 section 8.1)"),
    "i_string_UTF-8_invalid_sequence.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_UTF8_surrogate_U+D800.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_incomplete_surrogate_and_escape_valid.json": (
      .rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"
    ),
    "i_string_incomplete_surrogate_pair.json": (
      .rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"
    ),
    "i_string_incomplete_surrogates_escape_valid.json": (
      .rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"
    ),
    "i_string_invalid_lonely_surrogate.json": (
      .rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"
    ),
    "i_string_invalid_surrogate.json": (.rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"),
    "i_string_invalid_utf-8.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_inverted_surrogates_U+1D11E.json": (
      .rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"
    ),
    "i_string_iso_latin_1.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_lone_second_surrogate.json": (
      .rejected(.invalidEscape), "an escaped lone surrogate is not a Unicode scalar"
    ),
    "i_string_lone_utf8_continuation_byte.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_not_in_unicode_range.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_overlong_sequence_2_bytes.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_overlong_sequence_6_bytes.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_overlong_sequence_6_bytes_null.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_truncated-utf-8.json": (.rejected(.invalidUTF8), "not valid UTF-8"),
    "i_string_utf16BE_no_BOM.json": (.rejected(.unexpectedCharacter), "only UTF-8 is JSON text (RFC 8259 section 8.1)"),
    "i_string_utf16LE_no_BOM.json": (.rejected(.unexpectedCharacter), "only UTF-8 is JSON text (RFC 8259 section 8.1)"),
    "i_structure_500_nested_arrays.json": (.accepted, "within the default maximumDepth of 512"),
    "i_structure_UTF-8_BOM_empty_object.json": (
      .accepted, "a leading UTF-8 byte order mark is skipped, as RFC 8259 section 8.1 allows"
    ),
  ]

  static func files(_ prefix: String) -> [String] {
    Fixtures.conformanceParsing.map(\.lastPathComponent).filter { $0.hasPrefix(prefix) }
  }

  static func outcome(of name: String) throws -> Outcome {
    let data = try Self.data(of: name)
    do {
      _ = try JSON(parsing: data)
      return .accepted
    } catch {
      return .rejected(error.kind)
    }
  }

  @Test func suiteIsPresentAndComplete() {
    #expect(Self.files("y_").count == 95)
    #expect(Self.files("n_").count == 188)
    #expect(Self.files("i_").count == Self.implementationDefined.count)
    #expect(Set(Self.files("i_")) == Set(Self.implementationDefined.keys))
  }

  static func data(of name: String) throws -> Data {
    let directory = try #require(Fixtures.sharedDirectory("conformance/json-test-suite/test_parsing"))
    return try Data(contentsOf: directory.appendingPathComponent(name))
  }

  @Test(arguments: files("y_"))
  func acceptsValidDocument(name: String) throws {
    #expect(try Self.outcome(of: name) == .accepted)
    let data = try Self.data(of: name)
    #expect(try JSON(parsing: data, options: .init(allowsJSON5: true)) == JSON(parsing: data), "differs in JSON5 mode")
  }

  @Test(arguments: files("n_"))
  func rejectsInvalidDocumentWithALocatedError(name: String) throws {
    let data = try Self.data(of: name)
    let error = #expect(throws: JSONParseError.self) { try JSON(parsing: data) }
    if let error {
      #expect(error.byteOffset >= 0 && error.byteOffset <= data.count)
      #expect(error.line >= 1 && error.column >= 1)
    }
  }

  @Test(arguments: files("i_"))
  func answersImplementationDefinedDocumentAsDocumented(name: String) throws {
    let expected = try #require(Self.implementationDefined[name], "\(name) is missing from the table")
    #expect(try Self.outcome(of: name) == expected.outcome, "\(expected.reason)")
    _ = try? JSON(parsing: Self.data(of: name), options: .init(allowsJSON5: true))  // answers, without a crash
  }

  @Test(arguments: Fixtures.sharedFiles("conformance/json-test-suite/test_transform").map(\.lastPathComponent))
  func transformDocumentParsesWithoutCrashAndRoundTrips(name: String) throws {
    let url = try #require(Fixtures.sharedDirectory("conformance/json-test-suite/test_transform"))
      .appendingPathComponent(name)
    let data = try Data(contentsOf: url)
    guard let json = try? JSON(parsing: data) else {
      // Rejections are allowed; they must be typed errors with a position inside the input.
      #expect(throws: JSONParseError.self) { try JSON(parsing: data) }
      return
    }
    // Accepted documents survive a write and re-parse unchanged (compared by mathematical value).
    // Keys are compared by their bytes: the NFC and NFD spellings of "é" (object_key_nfc_nfd.json) stay distinct.
    #expect(try JSON(parsing: json.description) == json)
  }
}
