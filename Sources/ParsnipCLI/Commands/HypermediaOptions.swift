import Parsnip

/// The option `expand` and `uri-template` share: the budget of their output.
enum HypermediaOptions {
  /// `--max-output BYTES`.
  static let maxOutput = OptionSpec.option(
    "max-output", value: "BYTES",
    help: "The most bytes of output, counted as compact JSON\n(default 67108864, 64 MiB); past it, exit 1.")

  /// The value of `--max-output`, or ``HypermediaFormat/defaultMaximumOutputSize``.
  /// - Throws: ``UsageError`` for a value that is not a whole number.
  static func maximumOutput(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    guard let text = arguments.value(of: maxOutput) else { return HypermediaFormat.defaultMaximumOutputSize }
    guard let limit = Int(text), limit >= 0 else {
      throw UsageError("invalid value '\(text)' for '--max-output': expected a whole number, 0 or more")
    }
    return limit
  }
}
