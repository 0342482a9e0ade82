@testable import Parsnip

/// One `format` check: the format's name, a string and whether it is valid.
struct FormatCase: Sendable, CustomTestStringConvertible {
  var format: String
  var value: String
  var isValid: Bool

  init(_ format: String, _ value: String, _ isValid: Bool) {
    self.format = format
    self.value = value
    self.isValid = isValid
  }

  var testDescription: String { "\(format) \(value.debugDescription) \(isValid ? "valid" : "invalid")" }

  /// Builds cases of one format from lists of valid and invalid strings.
  static func table(_ format: String, valid: [String], invalid: [String]) -> [FormatCase] {
    valid.map { FormatCase(format, $0, true) } + invalid.map { FormatCase(format, $0, false) }
  }
}

import Testing
