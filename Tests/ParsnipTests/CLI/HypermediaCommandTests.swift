import Foundation
import Testing

@testable import Parsnip
@testable import ParsnipCLI

/// `parsnip expand`, `parsnip jsonapi-build` and `parsnip uri-template`, in process and through the binary.
@Suite struct HypermediaCommandTests {
  static func parsed(_ result: CLIResult) throws -> JSON { try JSON(parsing: result.stdout) }

  @Test(arguments: [
    ("posts-jte.json", "posts-jte-expanded.json"), ("posts-jte-compound.json", "posts-jte-compound-expanded.json"),
  ])
  func expandDetectsAndExpandsTheSeedExamples(input: String, expected: String) throws {
    let result = try CLI.both(["expand", CLI.example(input)])
    #expect(result.status == 0 && result.stderr == "")
    #expect(try Self.parsed(result) == (try JSON(parsing: Fixtures.example(expected))))
  }

  @Test func expandFlattensJSONAPIWithAnIncludeList() throws {
    let result = try CLI.both(["expand", "--compact", "--include", "author", CLI.example("jsonapi-articles.json")])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("}\n") && !result.stdout.dropLast().contains("\n"))
    let data = try Self.parsed(result)["data"][0]
    #expect(data["author"]["firstName"] == "Dan")
    #expect(data["comments"][0] == ["type": "comments", "id": "5"])
  }

  /// JSON:API goes from text to text (`JSONAPI.flattenedBytes`): the bytes of writing the tree flatten's result.
  @Test func expandWritesJSONAPIAsWritingTheTreeFlattenDoes() throws {
    let tree = try JSON(parsing: Fixtures.example("jsonapi-articles.json"))
    for (flags, options, layout) in [
      ([], JSONAPI.FlattenOptions(), JSON.WritingOptions.pretty), (["--compact"], .init(), .compact),
      (
        ["--include", "comments.author", "--unresolved", "null"],
        .init(include: try JSONAPIIncludePaths("comments.author"), unresolved: .null), .pretty
      ),
    ] {
      let result = try CLI.both(["expand"] + flags + [CLI.example("jsonapi-articles.json")])
      let expected = String(decoding: try JSONAPI.flatten(tree, options: options).bytes(options: layout), as: UTF8.self)
      #expect(result == CLIResult(status: 0, stdout: expected + "\n", stderr: ""), "\(flags)")
    }
    // A result the writer refuses is reported as before, after the flatten.
    let nan = try CLI.both(["expand", "--json5"], stdin: "{data: {type: 'a', id: '1', attributes: {n: NaN}}}")
    #expect(nan.status == 1 && nan.stdout == "" && nan.stderr.contains("cannot write the result: "))
  }

  @Test func expandUnresolvedNull() throws {
    let result = try CLI.both([
      "expand", "--format", "jsonapi", "--unresolved", "null", CLI.example("jsonapi-articles.json"),
    ])
    #expect(try Self.parsed(result)["data"][0]["comments"][0]["author"] == .null)
  }

  @Test func expandReportsTheFaultsPointerWithExit1() throws {
    let result = try CLI.both(["expand"], stdin: #"{"data": {"type": "a", "id": "1"}, "included": [{"type": "p"}]}"#)
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "", stderr: "parsnip: error: <stdin>: /included/0: a resource object needs 'id'\n"))
    let jte = try CLI.both(["expand"], stdin: #"{"links": {"posts.a": "/{posts.slug}"}, "posts": [{"id": "1"}]}"#)
    #expect(jte.status == 1)
    #expect(jte.stderr.contains("/posts/0: template '/{posts.slug}' names 'slug'"))
    let unknown = try CLI.both(["expand"], stdin: #"{"a": 1}"#)
    #expect(unknown.status == 1 && unknown.stderr.contains("cannot tell the format"))
  }

  @Test func expandUsageErrorsExit2AndInvalidJSON1() throws {
    #expect(try CLI.both(["expand", "--format", "hal"], stdin: "{}").status == 2)
    #expect(try CLI.both(["expand", "--include", "a,,b"], stdin: "{}").status == 2)
    #expect(try CLI.both(["expand", "--unresolved", "drop"], stdin: "{}").status == 2)
    #expect(try CLI.both(["expand", "--format", "jte", "--include", "a"], stdin: "{}").status == 2)
    let invalid = try CLI.both(["expand"], stdin: "{\"data\": ")
    #expect(invalid.status == 1 && invalid.stderr.hasPrefix("<stdin>:1:"))
  }

  @Test func jsonapiBuildRoundTripsThroughExpand() throws {
    let flattened = try CLI.both(["expand", "--compact", CLI.example("jsonapi-articles.json")])
    let data = try Self.parsed(flattened)["data"]
    let built = try CLI.both(["jsonapi-build", "--compact"], stdin: data.description)
    #expect(built.status == 0)
    let document = try Self.parsed(built)
    #expect(document["included"].count == 3)
    let again = try CLI.both(["expand", "--compact"], stdin: built.stdout)
    #expect(try Self.parsed(again)["data"] == data)
  }

  @Test func jsonapiBuildRelationshipsOptionAndErrors() throws {
    let result = try CLI.both(
      ["jsonapi-build", "--compact", "--relationships", "editor"],
      stdin: #"{"type": "a", "id": "1", "editor": null, "author": {"type": "p", "id": "9"}}"#)
    #expect(try Self.parsed(result)["data"]["relationships"] == ["editor": ["data": nil]])
    let missing = try CLI.both(["jsonapi-build"], stdin: #"[{"type": "a"}]"#)
    #expect(
      missing == CLIResult(status: 1, stdout: "", stderr: "parsnip: error: <stdin>: /0: a resource object needs 'id'\n")
    )
    #expect(try CLI.both(["jsonapi-build", "--relationships", ","], stdin: "{}").status == 2)
  }

  @Test func uriTemplateExpandsWithAVariablesFile() throws {
    let path = try CLI.temporaryFile(#"{"q": "café", "list": ["red", "green"]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try CLI.both(["uri-template", "http://example.com/search{?q,list*}", path])
    #expect(
      result == CLIResult(status: 0, stdout: "http://example.com/search?q=caf%C3%A9&list=red&list=green\n", stderr: ""))
    let none = try CLI.both(["uri-template", "/static{?q}"])
    #expect(none.stdout == "/static\n")
  }

  @Test func uriTemplateExpandsAnArrayOfVariableSets() throws {
    let result = try CLI.both(["uri-template", "--compact", "/posts/{id}", "-"], stdin: #"[{"id": 1}, {"id": "a b"}]"#)
    #expect(result == CLIResult(status: 0, stdout: #"["/posts/1","/posts/a%20b"]"# + "\n", stderr: ""))
  }

  @Test func uriTemplateErrors() throws {
    let invalid = try CLI.both(["uri-template", "/users/{id"])
    #expect(
      invalid
        == CLIResult(
          status: 2, stdout: "",
          stderr: "parsnip: error: invalid template '/users/{id': offset 7: '{' is never closed by '}'\n"))
    let composite = try CLI.both(["uri-template", "{x:2}", "-"], stdin: #"{"x": ["a"]}"#)
    #expect(composite.status == 1)
    #expect(try CLI.both(["uri-template", "{x}", "-"], stdin: "3").status == 1)
    #expect(try CLI.both(["uri-template"]).status == 2)
  }

  /// The finding E1: a template is quoted as every message quotes input, at most 64 characters, escaped.
  @Test func uriTemplateErrorsQuoteAtMost64EscapedCharacters() throws {
    let template = "/p/{a\n\u{1B}[31m" + String(repeating: "x", count: 120_000)
    let result = try CLI.both(["uri-template", template])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "parsnip: error: invalid template '/p/{a\\n\\u001B[31mxxxxxxxxxxxxxxxxxxxxx…"
        + String(repeating: "x", count: 32)
        + "': offset 5: unexpected '\\n' in an expression (expected ',' or '}')\n")
    let cannot = try CLI.both(
      ["uri-template", "{x:2}" + String(repeating: "y", count: 1000), "-"], stdin: #"{"x": ["a"]}"#)
    #expect(cannot.status == 1 && cannot.stderr.count < 200, "\(cannot)")
  }

  /// The finding U6: an array's URIs are written as the whole array would be, and the total is bounded.
  @Test func uriTemplateArraysStreamWithinATotalBudget() throws {
    let sets = #"[{"id": 1}, {"id": "a b"}, {"id": "\""}]"#
    let pretty = try CLI.both(["uri-template", "/posts/{id}", "-"], stdin: sets)
    #expect(
      pretty
        == CLIResult(status: 0, stdout: "[\n  \"/posts/1\",\n  \"/posts/a%20b\",\n  \"/posts/%22\"\n]\n", stderr: ""))
    let empty = try CLI.both(["uri-template", "/posts/{id}", "-"], stdin: "[]")
    #expect(empty.stdout == "[]\n")
    let over = try CLI.both(["uri-template", "--compact", "--max-output", "30", "/posts/{id}", "-"], stdin: sets)
    #expect(
      over
        == CLIResult(
          status: 1, stdout: "[\"/posts/1\",\"/posts/a%20b\"\n",
          stderr: "parsnip: error: output larger than 30 bytes (--max-output), at variable set 2\n"))
    // 1 000 sets of a 100 KB value: 100 MB of URIs, stopped at the default 64 MiB without holding them.
    let big =
      "["
      + Array(repeating: #"{"v": "\#(String(repeating: "x", count: 100_000))"}"#, count: 1000).joined(separator: ",")
      + "]"
    let path = try CLI.temporaryFile(big)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let stopped = try CLI.binary(["uri-template", "--compact", "{v}", path], stdinBytes: [], stdoutPath: "/dev/null")
    #expect(stopped.status == 1 && stopped.stderr.contains("output larger than 67108864 bytes"), "\(stopped)")
  }

  /// "Found as a new user would": `expand`'s output goes to `jsonapi-build` as it is, and `--relationships ""`
  /// names no relationships.
  @Test func jsonapiBuildTakesExpandsOutputAsItIs() throws {
    let flattened = try CLI.both(["expand", "--compact", CLI.example("jsonapi-articles.json")])
    let built = try CLI.both(["jsonapi-build", "--compact"], stdin: flattened.stdout)
    #expect(built.status == 0 && built.stderr == "")
    let articles = try JSON(parsing: Fixtures.example("jsonapi-articles.json"))
    #expect(try Self.parsed(built)["data"] == articles["data"])
    #expect(try Self.parsed(built)["links"] == articles["links"])
    let none = try CLI.both(
      ["jsonapi-build", "--compact", "--relationships", ""],
      stdin: #"{"type": "a", "id": "1", "p": {"type": "b", "id": "2"}}"#)
    #expect(none.stdout == #"{"data":{"type":"a","id":"1","attributes":{"p":{"type":"b","id":"2"}}}}"# + "\n")
  }

  /// The finding S4 through the binary: differing copies are an error naming both.
  @Test func jsonapiBuildRejectsDifferingCopies() throws {
    let result = try CLI.both(
      ["jsonapi-build"],
      stdin: #"[{"type": "a", "id": "1", "n": 1}, {"type": "b", "id": "2", "x": {"type": "a", "id": "1", "n": 2}}]"#)
    #expect(
      result
        == CLIResult(
          status: 1, stdout: "",
          stderr: "parsnip: error: <stdin>: /1/x/n: resource (a, 1) differs from its copy at /0/n\n"))
  }

  /// The findings N1, S1 and U3 through the binary.
  @Test func expandReportsDepthFieldNamesAndBudget() throws {
    let chain = JSONTemplatesLimitsTests.chain(5000)
    let deep = try CLI.both(["expand"], stdin: chain.description)
    #expect(
      deep
        == CLIResult(
          status: 1, stdout: "",
          stderr:
            "parsnip: error: <stdin>: /items/33: linked resources nested 33 deep (more than the depth limit or the stack allows)\n"
        ))
    let evil = try CLI.both(
      ["expand"], stdin: #"{"data": {"type": "a", "id": "1", "attributes": {"type": "evil", "id": "999"}}}"#)
    #expect(
      evil
        == CLIResult(
          status: 1, stdout: "",
          stderr:
            "parsnip: error: <stdin>: /data/attributes/type: a resource cannot have a field named 'type' (JSON:API 'Fields')\n"
        ))
    let over = try CLI.both(["expand", "--max-output", "100", CLI.example("jsonapi-articles.json")])
    #expect(over.status == 1 && over.stdout == "" && over.stderr.contains("flattened document larger than 100 bytes"))
    #expect(try CLI.both(["expand", "--max-output", "x"], stdin: "{}").status == 2)
  }
}
