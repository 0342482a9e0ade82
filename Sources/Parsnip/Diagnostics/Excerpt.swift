/// Text from the input or from a query as an error message shows it: bounded, and with control characters escaped.
///
/// Anything an error quotes can be hostile (a megabyte-long number, class name or key; a key holding a NUL byte),
/// so every message quotes through here: at most ``maximumLength`` characters (longer text keeps its start and end
/// around an ellipsis) and nothing unprintable. `package`, for the `parsnip` tool's own messages.
package enum Excerpt {
  /// The most characters of one piece of text a message shows.
  static let maximumLength = 64

  /// `text` cut in the middle when longer than ``maximumLength``, with control characters escaped as in JSON.
  package static func abbreviated(_ text: some StringProtocol) -> String {
    shown(text, escapingQuotes: false)
  }

  /// `text` in double quotes with `"` and `\` escaped too, abbreviated as ``abbreviated(_:)`` does.
  static func quoted(_ text: some StringProtocol) -> String {
    "\"" + shown(text, escapingQuotes: true) + "\""
  }

  /// `text` whole, with control characters escaped as in JSON: for paths in messages, which keep every key.
  static func printable(_ text: some StringProtocol) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return String(text) }
    var out = ""
    appendEscaped(text, to: &out, escapingQuotes: false)
    return out
  }

  private static func shown(_ text: some StringProtocol, escapingQuotes: Bool) -> String {
    var out = ""
    if text.count > maximumLength {
      let half = maximumLength / 2
      appendEscaped(text.prefix(half), to: &out, escapingQuotes: escapingQuotes)
      out += "…"
      appendEscaped(text.suffix(half), to: &out, escapingQuotes: escapingQuotes)
    } else {
      appendEscaped(text, to: &out, escapingQuotes: escapingQuotes)
    }
    return out
  }

  private static func appendEscaped(_ text: some StringProtocol, to out: inout String, escapingQuotes: Bool) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"" where escapingQuotes: out += "\\\""
      case "\\" where escapingQuotes: out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
  }
}
