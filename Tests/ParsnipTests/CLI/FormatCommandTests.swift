import Foundation
import Testing

@testable import ParsnipCLI

@Suite struct FormatCommandTests {
  static let employees = CLI.example("employees.json")

  @Test func prettyPrintsWithTwoSpacesByDefault() throws {
    let expected = """
      {
        "employees": [
          "jim",
          "barb",
          "sam"
        ],
        "managers": {
          "racheal": {
            "dept": "HR",
            "salary": 123
          },
          "gavin": {
            "dept": "RND",
            "salary": 122
          }
        }
      }

      """
    #expect(try CLI.both(["format", Self.employees]) == CLIResult(status: 0, stdout: expected, stderr: ""))
  }

  @Test func compactEndsWithALineFeed() throws {
    let expected =
      #"{"employees":["jim","barb","sam"],"managers":{"racheal":{"dept":"HR","salary":123},"#
      + #""gavin":{"dept":"RND","salary":122}}}"# + "\n"
    #expect(
      try CLI.both(["format", "--compact", Self.employees]) == CLIResult(status: 0, stdout: expected, stderr: ""))
  }

  @Test func indentAndSortKeys() throws {
    let input = #"{"b": [], "a": {"y": [1, {}], "x": null}}"#
    let expected = """
      {
          "a": {
              "x": null,
              "y": [
                  1,
                  {}
              ]
          },
          "b": []
      }

      """
    let result = try CLI.both(["format", "--indent", "4", "--sort-keys"], stdin: input)
    #expect(result == CLIResult(status: 0, stdout: expected, stderr: ""))
    #expect(try CLI.both(["format", "--indent=4", "--sort-keys", "-"], stdin: input) == result)
  }

  @Test func indentZeroPutsMembersOnTheirOwnLines() throws {
    let result = try CLI.both(["format", "--indent", "0"], stdin: #"{"a": [1, 2]}"#)
    #expect(result == CLIResult(status: 0, stdout: "{\n\"a\": [\n1,\n2\n]\n}\n", stderr: ""))
  }

  @Test func numbersKeepTheirDigitsAndStringsAreReEscaped() throws {
    let input = #"  [1.50, 12345678901234567890123, 1e-7, 0.1, "é\n\u0041\/", true, null]  "#
    let result = try CLI.both(["format", "--compact"], stdin: input)
    let expected = #"[1.50,12345678901234567890123,1e-7,0.1,"é\nA/",true,null]"# + "\n"
    #expect(result == CLIResult(status: 0, stdout: expected, stderr: ""))
  }

  @Test func canonicalIsRFC8785() throws {
    let input = #"{"b": 1E3, "a": "é\u00e9", "c": -0, "d": [1.50, 1e21, 0.1, true]}"#
    let result = try CLI.both(["format", "--canonical"], stdin: input)
    let expected = #"{"a":"éé","b":1000,"c":0,"d":[1.5,1e+21,0.1,true]}"# + "\n"
    #expect(result == CLIResult(status: 0, stdout: expected, stderr: ""))
    // --sort-keys is what canonical output does anyway.
    #expect(try CLI.both(["format", "--canonical", "--sort-keys"], stdin: input) == result)
  }

  @Test func canonicalWarnsAtTheFirstIntegerItRounds() throws {
    // RFC 8785 writes numbers as doubles: 64-bit ids change, and standard error says where the first one is.
    let input =
      "{\"z\": [9007199254740992, 0.1000000000000000055, 1e2],\n \"id\": 505874924095815681,\n \"b\": -9007199254740993}"
    let result = try CLI.both(["format", "--canonical"], stdin: input)
    let expected = #"{"b":-9007199254740992,"id":505874924095815700,"z":[9007199254740992,0.1,100]}"# + "\n"
    #expect(
      result
        == CLIResult(
          status: 0, stdout: expected,
          stderr: "<stdin>:2:8: warning: integer 505874924095815681 is written as 505874924095815700, the nearest "
            + "double, as RFC 8785 requires (and 1 more integer)\n"))
    // Exact integers and fractions (whose text may change, not their double) are not warned about.
    #expect(try CLI.both(["format", "--canonical"], stdin: "[9007199254740992, 0.1000000000000000055]").stderr == "")
  }

  @Test func canonicalRefusesNumbersBeyondDoubles() throws {
    let result = try CLI.both(["format", "--canonical"], stdin: "[1, 1E400]")
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("parsnip: error: cannot write the result: $[1]: "), "\(result.stderr)")
  }

  @Test func asciiEscapesEverythingBeyondASCII() throws {
    let result = try CLI.both(["format", "--ascii", "--compact"], stdin: #"{"é": "😀/"}"#)
    #expect(result == CLIResult(status: 0, stdout: #"{"\u00e9":"\ud83d\ude00/"}"# + "\n", stderr: ""))
  }

  @Test func invalidJSONPrintsTheErrorAndNothingElse() throws {
    let result = try CLI.both(["format"], stdin: "{\n  \"a\": [1 2]\n}")
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "", stderr: "<stdin>:2:11: error: expected ',' or ']' after an array element, found '2'\n")
    )
  }

  @Test(arguments: [
    (["--indent", "2", "--compact"], "'--indent' and '--compact' cannot be used together"),
    (["--canonical", "--indent=1"], "'--canonical' and '--indent' cannot be used together"),
    (["--compact", "--canonical"], "'--compact' and '--canonical' cannot be used together"),
    (["--canonical", "--ascii"], "'--ascii' cannot be used with '--canonical'"),
    (["--indent", "17"], "invalid indent '17' (expected a number from 0 to 16)"),
    (["--indent", "-1"], "invalid indent '-1' (expected a number from 0 to 16)"),
    (["--indent", "two"], "invalid indent 'two' (expected a number from 0 to 16)"),
    (["a.json", "b.json"], "unexpected argument 'b.json' (expected one FILE)"),
    (["--lines", "--indent", "4"], "'--indent' cannot be used with '--lines' (each value is printed on one line)"),
    (["--indent=0", "--lines"], "'--indent' cannot be used with '--lines' (each value is printed on one line)"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let expected = CLIResult.usageError(
      message, command: "format",
      usage:
        "parsnip format [--indent N | --compact | --canonical] [--sort-keys] [--ascii] [--json5] [--lines] [--framing KIND] [--jobs N] [--partial MODE] [FILE]"
    )
    #expect(try CLI.both(["format"] + arguments) == expected)
  }

  @Test func formattingIsIdempotent() throws {
    for name in ["alphabet.json", "posts-jte-compound.json", "user.json", "shop.json"] {
      let once = try CLI.both(["format", CLI.example(name)])
      #expect(once.status == 0)
      #expect(try CLI.both(["format"], stdin: once.stdout) == once)
    }
  }

  /// Every benchmark corpus, formatted by the executable (memory-mapped input, streamed output), reads back with
  /// Foundation as the same document.
  @Test(
    .requiresSharedData,
    arguments: Fixtures.benchData.map(\.lastPathComponent))
  func corpusSurvivesFormattingAccordingToFoundation(name: String) throws {
    let path = try #require(Fixtures.sharedDirectory("bench-data")).appendingPathComponent(name).path
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    for options in [["--compact"], ["--indent", "1", "--sort-keys"]] {
      let result = try CLI.binary(["format"] + options + [path])
      #expect(result.status == 0)
      #expect(result.stderr == "")
      #expect(result.stdout.hasSuffix("\n"))
      let difference = try FoundationOracle.difference(original, Data(result.stdout.utf8))
      #expect(difference == nil, "\(name) \(options): \(difference ?? "")")
    }
  }
}
