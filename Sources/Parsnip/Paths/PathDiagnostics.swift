import Foundation

/// Shared rendering for key-path and pointer diagnostics.
enum PathDiagnostics {
  /// Longest path text shown in a message; longer paths (hostile input) are cut in the middle.
  static let maximumShownLength = 160

  /// `text`, or its start and end around an ellipsis when it is very long.
  static func abbreviated(_ text: String) -> String {
    guard text.count > maximumShownLength else { return text }
    let half = maximumShownLength / 2
    return String(text.prefix(half)) + "…" + String(text.suffix(half))
  }

  /// `text` in double quotes with `"` and `\` escaped, abbreviated when very long.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in abbreviated(text).unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 {
          out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
