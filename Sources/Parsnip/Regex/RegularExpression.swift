/// A compiled regular expression, in one of two dialects: I-Regexp (RFC 9485), which JSONPath's `match()` and
/// `search()` use, and ECMA-262 with the `u` flag, which JSON Schema's `pattern`, `patternProperties` and
/// `format: "regex"` use. One parser (with the dialect's rules), one compiler, one program, two ways to run it.
///
/// **Linear matching.** A pattern without lookaround or back-references runs on the Thompson automaton: every
/// alternative is followed at once, one scalar at a time, so the time is linear in the input for a given pattern
/// and no pattern can make it backtrack (`(a*)*b`, `(a|aa)*c` included). All of I-Regexp is in this class.
///
/// **Budgeted backtracking.** Lookahead `(?=…)` `(?!…)`, lookbehind `(?<=…)` `(?<!…)` and back-references `\1`
/// `\k<name>` cannot be simulated by an automaton, so only patterns that use them run on a backtracking matcher,
/// which counts its steps. A match that would take more than its step budget
/// (``defaultBacktrackingBudget`` unless the caller gives one) stops with ``Failure/Kind-swift.enum/budgetExceeded``:
/// an error, never a hang and never a silent `false`.
///
/// **Limits.** Patterns whose program would exceed ``maximumProgramSize`` instructions (`(a{1000}){1000}`) or
/// whose groups nest deeper than ``maximumGroupDepth`` fail to compile with ``Failure/Kind-swift.enum/tooLarge``.
///
/// Characters are Unicode scalars. `^` and `$` match only at the start and end of the input (there are no flags:
/// no multiline, no case folding). RFC 9485 treats them as ordinary characters, but the JSONPath compliance test
/// suite and every mapping of I-Regexp onto ECMAScript, PCRE or .NET treat them as anchors; Parsnip follows that.
///
/// What each dialect accepts is listed on ``Dialect``.
struct RegularExpression: Sendable {
  /// The grammar a pattern is read with.
  enum Dialect: Sendable, Hashable {
    /// RFC 9485: literals, `.` (any scalar but LF and CR), classes `[...]` with ranges, the escapes `\n \r \t`
    /// and `\` before a metacharacter, general categories `\p{Lu}` / `\P{Lu}` (short names), groups,
    /// alternation and the greedy quantifiers `* + ? {n} {n,} {n,m}`. Nothing else.
    case iRegexp
    /// ECMA-262 with the `u` flag (Unicode mode, no Annex B leniency): the I-Regexp set plus `\d \w \s \D \W
    /// \S`, `\b \B`, `\f \v \0 \cX \xHH \uHHHH \u{H…}` and surrogate pairs, `\/` and `\-` (in a class), `[\b]`,
    /// `[]` and `[^]`, class escapes inside classes, `(?:…)`, named groups `(?<name>…)`, lazy quantifiers,
    /// lookahead and lookbehind, back-references, `.` (any scalar but LF, CR, U+2028 and U+2029), and `\p{…}` with
    /// general categories (short and long names, `General_Category=`/`gc=`) and binary properties
    /// (`\p{Alphabetic}`, `\p{ASCII}`, …). Scripts (`\p{Script=Greek}`) are refused as unsupported.
    case ecmaScript
  }

  enum Instruction: Sendable {
    /// Consume this scalar.
    case scalar(UInt32)
    /// Consume any scalar except U+000A and U+000D (I-Regexp's `.`).
    case any
    /// Consume any scalar except a line terminator: U+000A, U+000D, U+2028, U+2029 (ECMA-262's `.`).
    case anyButLineTerminator
    /// Consume a scalar in `classes[index]`.
    case set(Int)
    /// Continue at both targets, the first preferred (it is the greedy choice).
    case split(Int, Int)
    case jump(Int)
    case assertStart
    case assertEnd
    /// `\b` (`negated` false) or `\B`.
    case wordBoundary(negated: Bool)
    // The rest appear only in programs that backtrack.
    /// Record the position in capture slot `index`.
    case save(Int)
    /// Match the text group `index` captured (empty when it captured nothing).
    case backReference(Int)
    /// Test `lookarounds[index]` here; continue at the next instruction when it holds.
    case look(Int)
    /// The end of a lookaround's body.
    case lookEnd
    /// Record the position in register `index` (the start of a loop iteration).
    case markProgress(Int)
    /// Fail when the position equals register `index`: an iteration that matched nothing ends the loop.
    case checkProgress(Int)
    case match
  }

  /// A lookaround's body lies at `start`, ending with `.lookEnd`.
  struct Lookaround: Sendable {
    var start: Int
    var ahead: Bool
    var negated: Bool
  }

  /// Why a pattern does not compile, or why a match stopped.
  struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
      /// The pattern is outside the dialect's grammar.
      case invalidPattern
      /// Valid ECMA-262 that this engine does not run (a `\p{Script=…}`).
      case unsupported
      /// Valid, but its program would exceed ``RegularExpression/maximumProgramSize`` instructions or its groups
      /// nest deeper than ``RegularExpression/maximumGroupDepth``.
      case tooLarge
      /// A backtracking match used up its step budget.
      case budgetExceeded
    }

    var kind: Kind
    /// The offset in the pattern, in Unicode scalars, where the problem was found (0 for `budgetExceeded`).
    var offset: Int
    var message: String

    var description: String {
      kind == .budgetExceeded ? message : "\(message) (at scalar offset \(offset) of the pattern)"
    }
  }

  /// The compiled form, shared by copies: a `RegularExpression` is one reference wide, which keeps the values
  /// that hold one (JSONPath's compiled filters, a schema's keywords) small on the stack.
  final class Storage: Sendable {
    let dialect: Dialect
    let program: [Instruction]
    let classes: [ScalarClass]
    let lookarounds: [Lookaround]
    let backtracks: Bool
    let slotCount: Int
    let registerCount: Int

    init(
      dialect: Dialect, program: [Instruction], classes: [ScalarClass], lookarounds: [Lookaround], backtracks: Bool,
      slotCount: Int, registerCount: Int
    ) {
      self.dialect = dialect
      self.program = program
      self.classes = classes
      self.lookarounds = lookarounds
      self.backtracks = backtracks
      self.slotCount = slotCount
      self.registerCount = registerCount
    }
  }

  let storage: Storage

  var dialect: Dialect { storage.dialect }
  var program: [Instruction] { storage.program }
  var classes: [ScalarClass] { storage.classes }
  var lookarounds: [Lookaround] { storage.lookarounds }
  /// Whether the program must run on the backtracking matcher (it has lookaround or back-references).
  var backtracks: Bool { storage.backtracks }
  /// Capture slots (two per group, group 0 included) and progress registers the backtracking matcher keeps.
  var slotCount: Int { storage.slotCount }
  var registerCount: Int { storage.registerCount }

  static let maximumProgramSize = 10_000
  static let maximumGroupDepth = 32
  /// The steps one backtracking match may take (a step is one instruction executed): about a millisecond of work
  /// per hundred thousand steps.
  static let defaultBacktrackingBudget = 1_000_000

  /// Compiles a pattern in a dialect.
  static func compile(_ pattern: String, dialect: Dialect) throws(Failure) -> RegularExpression {
    var parser = Parser(scalars: Array(pattern.unicodeScalars), dialect: dialect)
    let tree = try parser.parse()
    var compiler = Compiler(backtracks: parser.needsBacktracking, groupNames: parser.groupNames)
    try compiler.compile(tree, patternLength: parser.scalars.count)
    return RegularExpression(
      storage: Storage(
        dialect: dialect, program: compiler.program, classes: parser.classes, lookarounds: compiler.lookarounds,
        backtracks: parser.needsBacktracking, slotCount: 2 * (parser.groupCount + 1),
        registerCount: compiler.registerCount))
  }

  /// A parsed pattern.
  indirect enum Node {
    case empty
    case scalar(UInt32)
    case any
    case anyButLineTerminator
    case set(Int)
    case start
    case end
    case wordBoundary(negated: Bool)
    /// A group; `capture` is its number when it captures.
    case group(Node, capture: Int?)
    case look(Node, ahead: Bool, negated: Bool)
    /// A back-reference to the group with this number.
    case backReference(Int)
    case namedBackReference(String)
    case concatenation([Node])
    case alternation([Node])
    case repetition(Node, min: Int, max: Int?, greedy: Bool)
  }
}
