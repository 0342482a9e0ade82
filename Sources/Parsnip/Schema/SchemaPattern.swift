/// A compiled `pattern` or `patternProperties` regular expression: the one place schemas compile and run regular
/// expressions, so that the dialect behind it can change in one place.
///
/// A pattern matches when it matches anywhere in the string (the specifications' unanchored ECMA-262 `test`).
/// Matching is a simulation of the pattern's automaton, linear in the string's length for a given pattern.
struct SchemaPattern: Sendable {
  /// The pattern as written.
  let source: String
  private let regex: IRegexp

  /// Working memory for matching, one per validation.
  typealias Scratch = IRegexp.Scratch

  /// What compiling gives: a pattern, or why there is none.
  enum Failure: Error {
    case invalid
    case tooLarge
  }

  /// Compiles a pattern.
  /// - Throws: ``Failure`` when it is not a pattern this dialect accepts, or exceeds the automaton's size limit.
  static func compile(_ source: String) throws(Failure) -> SchemaPattern {
    switch IRegexp.compile(Self.translated(source)) {
    case .regex(let regex): return SchemaPattern(source: source, regex: regex)
    case .invalid: throw .invalid
    case .tooLarge: throw .tooLarge
    }
  }

  private init(source: String, regex: IRegexp) {
    self.source = source
    self.regex = regex
  }

  /// The ECMA-262 escapes schemas use most, rewritten into the I-Regexp the matcher reads: `\d`, `\w`, `\s` and
  /// their complements, `\$` and `\/`, and the long names of `\p{…}` categories (`Letter`, `Number`, …).
  static func translated(_ source: String) -> String {
    guard source.contains("\\") else { return source }
    let categories = [
      "Letter": "L", "Cased_Letter": "L", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt",
      "Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Number": "N", "Decimal_Number": "Nd", "digit": "Nd",
      "Letter_Number": "Nl", "Other_Number": "No", "Punctuation": "P", "Symbol": "S", "Separator": "Z",
      "Space_Separator": "Zs", "Other": "C", "Control": "Cc", "Format": "Cf",
    ]
    let sets: [Character: String] = ["d": "0-9", "w": "A-Za-z0-9_", "s": " \\t\\n\\r\u{0B}\u{0C}\u{A0}\u{FEFF}"]
    var out = ""
    var inClass = false
    var scalars = Array(source)
    scalars.append(" ")  // a guard for look-ahead
    var k = 0
    while k < scalars.count - 1 {
      let c = scalars[k]
      if c == "\\" {
        let next = scalars[k + 1]
        if let set = sets[next] {
          out += inClass ? set : "[" + set + "]"
        } else if let lower = next.lowercased().first, lower != next, let set = sets[lower], !inClass {
          out += "[^" + set + "]"
        } else if next == "$" || next == "/" {
          out += inClass || next == "/" ? String(next) : "[$]"
        } else if next == "p" || next == "P", k + 2 < scalars.count, scalars[k + 2] == "{",
          let close = scalars[(k + 3)...].firstIndex(of: "}"),
          let short = categories[String(scalars[(k + 3)..<close])]
        {
          out += "\\\(next){\(short)}"
          k = close + 1
          continue
        } else {
          out.append(c)
          out.append(next)
        }
        k += 2
        continue
      }
      if c == "[" && !inClass { inClass = true } else if c == "]" && inClass { inClass = false }
      out.append(c)
      k += 1
    }
    return out
  }

  /// Whether the pattern matches somewhere in `string`.
  @inline(__always)
  func matches(_ string: String, scratch: inout Scratch) -> Bool {
    regex.containsMatch(in: string, scratch: &scratch)
  }
}
