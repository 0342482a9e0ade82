import Foundation
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

  @Test func invalidJSONExitsTwo() throws {
    let result = try CLI.both(["query", "a"], stdin: #"{"a": }"#)
    #expect(result == CLIResult(status: 2, stdout: "", stderr: "<stdin>:1:7: error: expected a value, found '}'\n"))
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
          status: 2, stdout: "", stderr: "parsnip: error: cannot read '/nonexistent/q.json': No such file or directory\n"))
  }

  // MARK: JSON Lines

  @Test func linesPrintsOneResultPerLineThatHasOne() throws {
    let input = "{\"id\": 1, \"tags\": [\"a\"]}\n{\"id\": 2}\n\n{\"id\": 3, \"tags\": []}\n"
    let result = try CLI.both(["query", "--lines", "tags"], stdin: input)
    #expect(result == CLIResult(status: 0, stdout: "[\"a\"]\n[]\n", stderr: ""))
    let none = try CLI.both(["query", "--lines", "missing"], stdin: input)
    #expect(none == CLIResult(status: 1, stdout: "", stderr: ""))
  }

  @Test func linesReportsInvalidLinesAndExitsTwo() throws {
    let result = try CLI.both(["query", "--lines", "id"], stdin: "{\"id\": 1}\n{\"id\" 2}\n")
    #expect(
      result
        == CLIResult(
          status: 2, stdout: "1\n", stderr: "<stdin>:2:7: error: expected ':' after an object key, found '2'\n"))
  }
}
