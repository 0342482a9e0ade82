import Testing

@testable import ParsnipCLI

@Suite struct ArgumentScannerTests {
  static let compact = OptionSpec.flag("compact", help: "")
  static let indent = OptionSpec.option("indent", value: "N", help: "")
  static let lines = OptionSpec.flag("lines", help: "")
  static let specs = [compact, indent, lines, OptionSpec.help]

  @Test func sortsFlagsOptionsAndPositionals() throws {
    let parsed = try ArgumentScanner.scan(
      ["a.json", "--compact", "--indent", "4", "-", "--lines", "b.json"], specs: Self.specs)
    #expect(parsed.flags == ["compact", "lines"])
    #expect(parsed.values == ["indent": "4"])
    #expect(parsed.positionals == ["a.json", "-", "b.json"])
    #expect(parsed.order == ["compact", "indent", "lines"])
  }

  @Test func acceptsInlineValuesAndLastOneWins() throws {
    let parsed = try ArgumentScanner.scan(["--indent=3", "--indent", "5", "--indent="], specs: Self.specs)
    #expect(parsed.values == ["indent": ""])
    let again = try ArgumentScanner.scan(["--indent=3", "--indent", "5"], specs: Self.specs)
    #expect(again.value(of: Self.indent) == "5")
  }

  @Test func optionValueMayStartWithADash() throws {
    let parsed = try ArgumentScanner.scan(["--indent", "-1"], specs: Self.specs)
    #expect(parsed.value(of: Self.indent) == "-1")
  }

  @Test func doubleDashMakesTheRestPositional() throws {
    let parsed = try ArgumentScanner.scan(["--compact", "--", "--lines", "-", "--"], specs: Self.specs)
    #expect(parsed.flags == ["compact"])
    #expect(parsed.positionals == ["--lines", "-", "--"])
  }

  @Test func shortAlias() throws {
    #expect(try ArgumentScanner.scan(["-h"], specs: Self.specs)[OptionSpec.help])
  }

  @Test(arguments: [
    (["--pretty"], "unknown option '--pretty'"),
    (["-x"], "unknown option '-x'"),
    (["-hh"], "unknown option '-hh'"),
    (["--compact=yes"], "option '--compact' does not take a value"),
    (["--indent"], "missing value for '--indent N'"),
    (["a", "--lines", "--indent"], "missing value for '--indent N'"),
  ])
  func rejectsMistakes(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ArgumentScanner.scan(arguments, specs: Self.specs) }
  }

  @Test func readsThroughTheDeclaredSpecs() throws {
    let parsed = try ArgumentScanner.scan(["--lines", "--indent", "4"], specs: Self.specs)
    #expect(parsed[Self.lines] && !parsed[Self.compact])
    #expect(parsed.contains(Self.indent) && !parsed.contains(Self.compact))
    #expect(throws: UsageError("'--indent' and '--compact' cannot be used together")) {
      try ArgumentScanner.scan(["--indent", "4", "--lines", "--compact"], specs: Self.specs)
        .expectAtMostOne(of: [Self.compact, Self.indent])
    }
  }

  @Test(arguments: [
    (["--help"], true), (["x", "-h"], true), (["--", "--help"], false), (["--helpful"], false), ([], false),
  ])
  func findsHelpBeforeDoubleDash(arguments: [String], asks: Bool) {
    #expect(ArgumentScanner.asksForHelp(arguments) == asks)
  }
}
