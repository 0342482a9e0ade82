enum FormatAssertion {
  /// Whether `value` conforms to the named format; nil when the format name is unknown.
  static func isValid(_ value: String, format: String) -> Bool? { nil }
}
