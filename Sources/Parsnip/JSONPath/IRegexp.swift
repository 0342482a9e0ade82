/// A regular expression in the interoperable I-Regexp dialect (RFC 9485), used by the JSONPath functions
/// `match()` and `search()`.
///
/// Supported: literal characters, `.` (any character but line feed and carriage return), character class
/// expressions `[...]` / `[^...]` with ranges, single-character escapes (`\n \r \t` and `\` before any of
/// `( ) * + - . ? [ \ ] ^ { | }`), Unicode general categories `\p{..}` / `\P{..}` (`L Lu Ll Lt Lm Lo M Mn Mc Me
/// N Nd Nl No P Pc Pd Ps Pe Pi Pf Po Z Zs Zl Zp S Sm Sc Sk So C Cc Cf Co Cn`), groups, alternation and the
/// quantifiers `* + ? {n} {n,} {n,m}`. Anything else (`\d`, `\w`, back-references, lookaround, `(?:`) makes the
/// pattern invalid. Characters are Unicode scalars.
///
/// `^` and `$` outside a class match the start and end of the input. RFC 9485 treats them as ordinary
/// characters, but the JSONPath compliance test suite, and every mapping of I-Regexp onto ECMAScript, PCRE or
/// .NET, treat them as anchors; Parsnip follows that shared behaviour.
///
/// Matching simulates the compiled automaton over all alternatives at once (Thompson's construction), so the
/// time is linear in the input for a given pattern and no pattern can make it backtrack exponentially. Patterns
/// whose automaton would exceed ``maximumProgramSize`` instructions (for example `(a{1000}){1000}`) or whose
/// groups nest deeper than ``maximumGroupDepth`` are errors (`JSONPathError.Kind.patternTooLarge`), not false answers.
struct IRegexp: Sendable {
  enum Instruction: Sendable {
    /// Consume this scalar.
    case scalar(UInt32)
    /// Consume any scalar except U+000A and U+000D.
    case any
    /// Consume a scalar in `classes[index]`.
    case set(Int)
    /// Continue at both targets.
    case split(Int, Int)
    case jump(Int)
    case assertStart
    case assertEnd
    case match
  }

  let program: [Instruction]
  let classes: [ScalarClass]

  static let maximumProgramSize = 10_000
  static let maximumGroupDepth = 32

  /// What compiling a pattern gives.
  enum Compiled: Sendable {
    case regex(IRegexp)
    /// Not an I-Regexp: `match()` and `search()` are false (RFC 9535 sections 2.4.6 and 2.4.7).
    case invalid
    /// A valid I-Regexp whose automaton would exceed ``maximumProgramSize`` or whose groups nest deeper than
    /// ``maximumGroupDepth``: an error, never a false answer.
    case tooLarge
  }

  /// Compiles a pattern.
  static func compile(_ pattern: String) -> Compiled {
    var parser = Parser(scalars: Array(pattern.unicodeScalars))
    guard let tree = parser.parse() else { return parser.exceededLimits ? .tooLarge : .invalid }
    var compiler = Compiler()
    guard compiler.emit(tree) else { return .tooLarge }
    compiler.program.append(.match)
    return .regex(IRegexp(program: compiler.program, classes: parser.classes))
  }

  private init(program: [Instruction], classes: [ScalarClass]) {
    self.program = program
    self.classes = classes
  }

  /// Compiles a pattern; `nil` when it is not a valid I-Regexp or exceeds the size limits.
  init?(_ pattern: String) {
    guard case .regex(let regex) = Self.compile(pattern) else { return nil }
    self = regex
  }

  /// A parsed pattern.
  indirect enum Node {
    case empty
    case scalar(UInt32)
    case any
    case set(Int)
    case start
    case end
    case concatenation([Node])
    case alternation([Node])
    case repetition(Node, min: Int, max: Int?)
  }

  /// A set of scalars: ranges and general categories, possibly negated as a whole.
  struct ScalarClass: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    /// Categories included (`\p{..}` inside the class), as a mask of `UnicodeCategories.bit(_:)`.
    var categories: UInt32 = 0
    /// Each `\P{..}` inside the class: scalars whose category is outside the mask are included.
    var complementedCategories: [UInt32] = []
    var isNegated = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
      let value = scalar.value
      var found = false
      for range in ranges where range.contains(value) {
        found = true
        break
      }
      if !found && (categories != 0 || !complementedCategories.isEmpty) {
        let bit = UnicodeCategories.bit(scalar.properties.generalCategory)
        if categories & bit != 0 {
          found = true
        } else {
          for mask in complementedCategories where mask & bit == 0 {
            found = true
            break
          }
        }
      }
      return found != isNegated
    }
  }
}
