import Foundation
import Parsnip
import Testing

@testable import ParsnipCLI

@Suite struct QueryCommandTests {
  static let alphabet = CLI.example("alphabet.json")
  static let response = CLI.example("response.json")
  static let employees = CLI.example("employees.json")

  // MARK: Kinds

  @Test(arguments: [
    ("$.a", QueryCommand.Kind.jsonPath), ("$", .jsonPath), ("/a/0", .pointer), ("", .pointer), ("/", .pointer),
    ("a.b[0]", .keyPath), ("#/a", .keyPath), ("[0]", .keyPath), ("a/b", .keyPath),
  ])
  func infersTheKindFromTheFirstCharacter(expression: String, kind: QueryCommand.Kind) {
    #expect(QueryCommand.Kind.inferred(from: expression) == kind)
  }

  // MARK: Key paths (the ParSON seed examples)

  @Test(arguments: [
    ("first.upperCase[0]", alphabet, #""A""#),
    ("second.data[2]", alphabet, #""3""#),
    ("first.name", alphabet, #""Alphabet""#),
    ("response[0][1]", response, #"["cup","of","tea?"]"#),
    ("response[1][0]", response, #""good""#),
    ("addOn[2]", response, #""luck""#),
    ("managers.gavin", employees, #"{"dept":"RND","salary":122}"#),
    ("managers.racheal.salary", employees, "123"),
  ])
  func keyPathPrintsTheValue(expression: String, file: String, output: String) throws {
    let result = try CLI.both(["query", "--compact", expression, file])
    #expect(result == CLIResult(status: 0, stdout: output + "\n", stderr: ""))
  }

  @Test func prettyByDefault() throws {
    let result = try CLI.both(["query", "managers", Self.employees])
    let expected = """
      {
        "racheal": {
          "dept": "HR",
          "salary": 123
        },
        "gavin": {
          "dept": "RND",
          "salary": 122
        }
      }

      """
    #expect(result == CLIResult(status: 0, stdout: expected, stderr: ""))
  }

  @Test(arguments: [
    ("first.nope", "no value for key \"nope\" at first"),
    ("first.upperCase[7]", "index 7 out of range (count 3) at first.upperCase"),
    ("first.name[0]", "type mismatch at first.name: expected array, found string"),
  ])
  func keyPathFindingNothingExitsOne(expression: String, message: String) throws {
    let result = try CLI.both(["query", expression, Self.alphabet])
    #expect(result == CLIResult(status: 1, stdout: "", stderr: "parsnip: error: \(Self.alphabet): \(message)\n"))
  }

  @Test func invalidKeyPathExitsTwoWithACaret() throws {
    let result = try CLI.both(["query", "first[", Self.alphabet])
    let expected = """
      parsnip: error: invalid key path at offset 6: expected an index or a quoted key
      first[
            ^

      """
    #expect(result == CLIResult(status: 2, stdout: "", stderr: expected))
  }

  @Test func readsStandardInput() throws {
    let result = try CLI.both(["query", "--compact", "a[1].b"], stdin: #"{"a": [0, {"b": [true, null]}]}"#)
    #expect(result == CLIResult(status: 0, stdout: "[true,null]\n", stderr: ""))
    #expect(try CLI.both(["query", "--compact", "a", "-"], stdin: #"{"a": 1}"#).stdout == "1\n")
  }

  @Test func invalidJSONExitsOne() throws {
    let result = try CLI.both(["query", "a"], stdin: #"{"a": }"#)
    #expect(result == CLIResult(status: 1, stdout: "", stderr: "<stdin>:1:7: error: expected a value, found '}'\n"))
  }

  // MARK: JSON Pointer (RFC 6901)

  @Test(arguments: [
    ("/first/upperCase/0", alphabet, #""A""#),
    ("/second/data/2", alphabet, #""3""#),
    ("/managers/gavin/salary", employees, "122"),
    ("/response/0/1/2", response, #""tea?""#),
    (
      "", employees,
      #"{"employees":["jim","barb","sam"],"managers":{"racheal":{"dept":"HR","salary":123},"#
        + #""gavin":{"dept":"RND","salary":122}}}"#
    ),
  ])
  func pointerPrintsTheValue(expression: String, file: String, output: String) throws {
    let result = try CLI.both(["query", "--compact", expression, file])
    #expect(result == CLIResult(status: 0, stdout: output + "\n", stderr: ""))
  }

  @Test func pointerEscapesAndFragments() throws {
    let document = #"{"a/b": 1, "m~n": 2, "": 3, " ": 4, "é": 5}"#
    let cases = [
      (["/a~1b"], "1"), (["/m~0n"], "2"), (["/"], "3"), (["/ "], "4"), (["/é"], "5"),
      (["--pointer", "#/a~1b"], "1"), (["--pointer", "#/%20"], "4"), (["--pointer", "#/%C3%A9"], "5"),
    ]
    for (arguments, output) in cases {
      #expect(
        try CLI.both(["query"] + arguments, stdin: document) == CLIResult(status: 0, stdout: output + "\n", stderr: ""))
    }
  }

  @Test(arguments: [
    ("/first/x", "no value for key \"x\" at /first (token 2 of /first/x)"),
    ("/second/data/9", "index 9 out of range (count 3) at /second/data (token 3 of /second/data/9)"),
    ("/first/name/a", "cannot select a member of a string at /first/name (token 3 of /first/name/a)"),
  ])
  func pointerFindingNothingExitsOne(expression: String, message: String) throws {
    let result = try CLI.both(["query", expression, Self.alphabet])
    #expect(result == CLIResult(status: 1, stdout: "", stderr: "parsnip: error: \(Self.alphabet): \(message)\n"))
  }

  /// Pointers and key paths walk the validated index and decode only the answer; what they find, and the errors
  /// when they find nothing, must be exactly those of the tree.
  @Test(arguments: [
    ("/a", "2"), ("a", "2"), ("/b/1", "[3]"), ("b[1][0]", "3"), ("/b/1/0", "3"), ("/c/~1", "true"),
    ("c[\"/\"]", "true"), ("/d/0", "null"),
  ])
  func walkingTheIndexAgreesWithTheTree(expression: String, output: String) throws {
    let document = #"{"a": 1, "b": [0, [3]], "a": 2, "c": {"/": true}, "d": {"0": null}}"#
    let result = try CLI.both(["query", "--compact", expression], stdin: document)
    #expect(result == CLIResult(status: 0, stdout: output + "\n", stderr: ""))
  }

  @Test(arguments: [
    ("/b/01", #""01" is not an array index (0, or digits without a leading zero) at /b (token 2 of /b/01)"#),
    ("/b/-", "'-' designates the nonexistent element after the last (count 2) at /b (token 2 of /b/-)"),
    ("b.0", "type mismatch at b: expected object, found array"),
    ("d[0]", "type mismatch at d: expected array, found object"),
  ])
  func walkingTheIndexFallsBackToTheTreeForErrors(expression: String, message: String) throws {
    let document = #"{"a": 1, "b": [0, [3]], "d": {"0": null}}"#
    let result = try CLI.both(["query", expression], stdin: document)
    #expect(result == CLIResult(status: 1, stdout: "", stderr: "parsnip: error: <stdin>: \(message)\n"))
  }

  @Test func invalidJSONAfterTheAnswerStillExitsOne() throws {
    let result = try CLI.both(["query", "/a"], stdin: #"{"a": 1, "b": [}"#)
    #expect(result == CLIResult(status: 1, stdout: "", stderr: "<stdin>:1:16: error: expected a value, found '}'\n"))
  }

  @Test func forcedPointerIsNeverReadAsAKeyPath() throws {
    let result = try CLI.both(["query", "--pointer", "first", Self.alphabet])
    let expected = """
      parsnip: error: invalid JSON pointer at offset 0: expected '/' at the start of a non-empty pointer
      first
      ^

      """
    #expect(result == CLIResult(status: 2, stdout: "", stderr: expected))
  }

  @Test func invalidPointerEscapeExitsTwo() throws {
    let result = try CLI.both(["query", "/a~2", Self.alphabet])
    let expected = """
      parsnip: error: invalid JSON pointer at offset 2: '~' must be followed by '0' or '1'
      /a~2
        ^

      """
    #expect(result == CLIResult(status: 2, stdout: "", stderr: expected))
  }

  @Test func forcedKeyPathReadsASlashAsPartOfAKey() throws {
    let result = try CLI.both(["query", "--keypath", "--compact", "/a"], stdin: #"{"/a": [1]}"#)
    #expect(result == CLIResult(status: 0, stdout: "[1]\n", stderr: ""))
  }

  // MARK: JSONPath (RFC 9535)

  @Test(arguments: [
    ("$.first.upperCase[*]", alphabet, #"["A","B","C"]"#),
    ("$..name", alphabet, #"["Alphabet","Numerics"]"#),
    ("$[?@.name == 'Numerics'].data[-1]", alphabet, #"["3"]"#),
    ("$.managers[?@.salary > 122].dept", employees, #"["HR"]"#),
    ("$.employees[1:]", employees, #"["barb","sam"]"#),
    ("$.response[0][*][0]", response, #"["hello","cup"]"#),
  ])
  func jsonPathPrintsTheNodelist(expression: String, file: String, output: String) throws {
    let result = try CLI.both(["query", "--compact", expression, file])
    #expect(result == CLIResult(status: 0, stdout: output + "\n", stderr: ""))
  }

  @Test(arguments: [["$.nope"], ["--paths", "$.nope"], ["$[?@.salary > 1000]"]])
  func jsonPathThatFindsNothingPrintsAnEmptyListAndExitsOne(arguments: [String]) throws {
    // The one exit rule: nothing found is 1, like a pointer or key path that names nothing.
    let result = try CLI.both(["query", "--compact"] + arguments + [Self.alphabet])
    #expect(result == CLIResult(status: 1, stdout: "[]\n", stderr: ""))
  }

  @Test func jsonPathOnJSONLinesExitsOneWhenNoLineFindsAnything() throws {
    let result = try CLI.both(["query", "--lines", "$.c"], stdin: "{\"a\": 1}\n{\"b\": 2}\n")
    #expect(result == CLIResult(status: 1, stdout: "[]\n[]\n", stderr: ""))
  }

  @Test func jsonPathPathsPrintsNormalizedPaths() throws {
    let result = try CLI.both(["query", "--paths", "$..[?@.salary]", Self.employees])
    let expected = """
      [
        "$['managers']['racheal']",
        "$['managers']['gavin']"
      ]

      """
    #expect(result == CLIResult(status: 0, stdout: expected, stderr: ""))
  }

  @Test func forcedJSONPathNeedsTheDollar() throws {
    let result = try CLI.both(["query", "--jsonpath", "first", Self.alphabet])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("parsnip: error: invalid JSONPath query: "), "\(result.stderr)")
  }

  @Test func invalidJSONPathExitsTwoWithACaret() throws {
    let result = try CLI.both(["query", "$.first[", Self.alphabet])
    let expected = """
      parsnip: error: invalid JSONPath query: expected a selector, found the end of the query
      $.first[
              ^

      """
    #expect(result == CLIResult(status: 2, stdout: "", stderr: expected))
  }

  @Test func jsonPathOnJSONLinesPrintsOneNodelistPerLine() throws {
    let input = "{\"a\": [1, 2]}\n{\"b\": 0}\n"
    let result = try CLI.both(["query", "--lines", "$.a[*]"], stdin: input)
    #expect(result == CLIResult(status: 0, stdout: "[1,2]\n[]\n", stderr: ""))
  }

  // MARK: Evaluation limit

  /// Runs `query` in process with the JSONPath evaluation limit lowered to `maximumNodeVisits`.
  static func runLimited(_ arguments: [String], stdin: String, maximumNodeVisits: Int) throws -> CLIResult {
    var command = try QueryCommand(ArgumentScanner.scan(arguments, specs: QueryCommand.options))
    command.evaluationOptions = JSONPath.EvaluationOptions(maximumNodeVisits: maximumNodeVisits)
    let out = OutputSink.memory()
    let err = OutputSink.memory()
    let context = CommandContext(stdin: .bytes(Array(stdin.utf8)), stdout: out, stderr: err)
    let status = command.run(in: context)
    out.flush()
    err.flush()
    return CLIResult(status: status.rawValue, stdout: out.text, stderr: err.text)
  }

  /// `[[[0, 1], 2], 3]`, nested `depth` deep.
  static func chain(_ depth: Int) -> String {
    (1...depth).reduce("0") { inner, level in "[\(inner),\(level)]" }
  }

  @Test func tooExpensiveJSONPathExitsTwoWithACaretUnderTheSegment() throws {
    let result = try Self.runLimited(["$..*..*..*..*..*"], stdin: Self.chain(40), maximumNodeVisits: 10_000)
    let expected = """
      parsnip: error: JSONPath query too expensive: the query visits more than 10000 nodes (the limit set by \
      JSONPath.EvaluationOptions.maximumNodeVisits); evaluation stopped in the segment '..*'
      $..*..*..*..*..*
             ^

      """
    #expect(result == CLIResult(status: 2, stdout: "", stderr: expected))
    // The same command within its limit prints the nodelist.
    let small = try Self.runLimited(["--compact", "$..*..*"], stdin: Self.chain(2), maximumNodeVisits: 10_000)
    #expect(small == CLIResult(status: 0, stdout: "[0,1]\n", stderr: ""))
  }

  @Test func normalizedPathsStopAtTheirByteBudget() throws {
    // Paths are not shared as values are: their text is bounded in bytes (`$..*..*..*` on a 700-byte document
    // held 6.7 GB of paths).
    let deep = String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
    let all = try CLI.both(["query", "--compact", "--paths", "$..*..*..*"], stdin: deep)
    #expect(all.status == 0)
    #expect(all.stdout.utf8.count > 100_000)
    let bounded = try CLI.both(["query", "--paths", "--max-path-bytes", "100000", "$..*..*..*"], stdin: deep)
    #expect(
      bounded
        == CLIResult(
          status: 2, stdout: "",
          stderr: "parsnip: error: JSONPath query too expensive: its normalized paths take more than 100000 bytes "
            + "(the limit set by --max-path-bytes)\n"))
    // Per line with --lines, reported with its line.
    let lines = try CLI.both(
      ["query", "--lines", "--paths", "--max-path-bytes", "100000", "$..*..*..*"], stdin: "[[[1]]]\n" + deep + "\n")
    #expect(lines.status == 2)
    #expect(lines.stdout == "[\"$[0][0][0]\"]\n")
    #expect(lines.stderr.hasPrefix("parsnip: error: line 2: JSONPath query too expensive: its normalized paths"))
    #expect(try CLI.both(["query", "--max-path-bytes", "1", "$"], stdin: "1").status == 2)
  }

  @Test func tooExpensiveJSONPathOnJSONLinesReportsTheLine() throws {
    let input = "[1]\n\(Self.chain(40))\n[2]\n"
    let result = try Self.runLimited(["--lines", "$..*..*..*..*"], stdin: input, maximumNodeVisits: 10_000)
    #expect(result.status == 2)
    #expect(result.stdout == "[]\n[]\n")
    #expect(result.stderr.hasPrefix("parsnip: error: line 2: JSONPath query too expensive: "), "\(result.stderr)")
  }

  @Test func ordinaryJSONPathRunsUnderTheDefaultLimit() throws {
    let result = try CLI.both(["query", "--compact", "$..*..*", "-"], stdin: Self.chain(3))
    #expect(result == CLIResult(status: 0, stdout: "[[0,1],2,0,1,0,1]\n", stderr: ""))
  }

  // MARK: Usage

  @Test(arguments: [
    (["query"], "missing EXPR"),
    (["query", "a", "b", "c"], "unexpected argument 'c' (expected EXPR and one FILE)"),
    (["query", "--pointer", "--keypath", "a"], "'--pointer' and '--keypath' cannot be used together"),
    (["query", "--paths", "/a"], "'--paths' applies to JSONPath queries only; '/a' is a JSON Pointer"),
    (["query", "--paths", "a.b"], "'--paths' applies to JSONPath queries only; 'a.b' is a key path"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try CLI.both(arguments)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("parsnip: error: \(message)\nUsage: parsnip query "), "\(result.stderr)")
  }

  @Test func unreadableFileExitsTwo() throws {
    let result = try CLI.both(["query", "a", "/nonexistent/q.json"])
    #expect(
      result
        == CLIResult(
          status: 2, stdout: "",
          stderr: "parsnip: error: cannot read '/nonexistent/q.json': No such file or directory\n"))
  }

  // MARK: JSON Lines

  @Test func nullMissingKeepsOutputLinesAlignedWithInputLines() throws {
    let input = "{\"id\": 1, \"tags\": [\"a\"]}\n{\"id\": 2}\n{\"id\" 3}\n{\"id\": 4, \"tags\": []}\n{\"id\": 5}\n"
    let result = try CLI.both(["query", "--lines", "--null-missing", "tags"], stdin: input)
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "[\"a\"]\nnull\nnull\n[]\nnull\n",
          stderr: "<stdin>:3:7: error: expected ':' after an object key, found '3'\n"))
    let valid = try CLI.both(["query", "--lines", "--null-missing", "/tags/0"], stdin: "{\"tags\": [1]}\n{}\n")
    #expect(valid == CLIResult(status: 0, stdout: "1\nnull\n", stderr: ""))
    // Still grep-like: no line has a result, exit 1, though every line printed null.
    let none = try CLI.both(["query", "--lines", "--null-missing", "missing"], stdin: "{}\n{}\n")
    #expect(none == CLIResult(status: 1, stdout: "null\nnull\n", stderr: ""))
  }

  @Test func nullMissingNeedsLines() throws {
    let result = try CLI.both(["query", "--null-missing", "a"], stdin: "{}")
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("parsnip: error: '--null-missing' applies with '--lines' only\n"))
  }

  @Test func linesPrintsOneResultPerLineThatHasOne() throws {
    let input = "{\"id\": 1, \"tags\": [\"a\"]}\n{\"id\": 2}\n\n{\"id\": 3, \"tags\": []}\n"
    let result = try CLI.both(["query", "--lines", "tags"], stdin: input)
    #expect(result == CLIResult(status: 0, stdout: "[\"a\"]\n[]\n", stderr: ""))
    let none = try CLI.both(["query", "--lines", "missing"], stdin: input)
    #expect(none == CLIResult(status: 1, stdout: "", stderr: ""))
  }

  @Test func linesReportsInvalidLinesAndExitsOne() throws {
    let result = try CLI.both(["query", "--lines", "id"], stdin: "{\"id\": 1}\n{\"id\" 2}\n")
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "1\n", stderr: "<stdin>:2:7: error: expected ':' after an object key, found '2'\n"))
  }
}
