import Parsnip

/// `parsnip query EXPR [FILE]`: extracts values with JSONPath, a JSON Pointer or a key path.
///
/// The kind of `EXPR` follows from its first character unless forced: `$` is JSONPath (RFC 9535), `/` or the
/// empty string a JSON Pointer (RFC 6901), anything else a key path (`first.upperCase[0]`). A forced kind is
/// never second-guessed, so `--pointer foo` is an invalid pointer (exit 2), not a key path.
///
/// Decisions: with `--pointer`, an expression starting with `#` is read as a URI fragment (`#/a%20b`). With
/// `--lines` (or `--framing KIND`, for each value of a framed stream as it arrives), the query runs on each line and prints one compact result per line that has one; the exit status is
/// 1 when no line has a result (like `grep`) or a line is not JSON. A JSONPath query that finds nothing prints `[]`
/// and exits 1, the one rule's "nothing found" (with `--lines`, such a line prints `[]` and has no result). `--null-missing` prints `null` for each line
/// without a result (invalid ones included), so output line N answers the Nth value of the input. By default the
/// whole document is validated (invalid JSON anywhere exits 1) and only the answer is decoded; `--on-demand` skips what a pointer or
/// key path does not enter (checking it for balanced brackets and terminated strings only), the fastest way to pull
/// one value out of a very large file. A JSONPath query that visits more nodes than
/// `JSONPath.EvaluationOptions.maximumNodeVisits` allows (100 million by default; `$..*..*..*..*` on a document
/// of a few thousand nodes), or whose nodelist would hold more than `--max-nodes` (10 million by default), stops
/// with exit 2 and a diagnostic like that of an invalid query. `--paths` builds the normalized paths' text, which
/// values do not share: past `--max-path-bytes` (256 MiB by default) of it, the query stops the same way.
struct QueryCommand: Command {
  static let name = "query"
  static let abstract = "Extract values by JSONPath, JSON Pointer or key path."
  static let discussion = """
    EXPR starting with '$' is a JSONPath query (RFC 9535) and prints the list of
    matches as a JSON array: [] and exit 1 when nothing matches. EXPR starting
    with '/', or empty, is a JSON Pointer (RFC 6901); anything else is a key path
    such as first.upperCase[0]. Both print the value they name, or exit 1 when
    there is none. With --lines, each line is queried on its own and a line
    without a result prints nothing (null with --null-missing; a JSONPath query
    prints []); the exit status is 1 only when no line has a result, like grep's.
    """
  static let arguments = [
    ArgumentSpec.required("EXPR", help: "The JSONPath query, JSON Pointer or key path."), CommonOptions.file,
  ]
  static let jsonPath = OptionSpec.flag("jsonpath", help: "Read EXPR as a JSONPath query.")
  static let pointer = OptionSpec.flag("pointer", help: "Read EXPR as a JSON Pointer ('#/...': URI fragment).")
  static let keyPath = OptionSpec.flag("keypath", help: "Read EXPR as a key path.")
  static let paths = OptionSpec.flag("paths", help: "Print the normalized paths of JSONPath matches.")
  static let onDemand = OptionSpec.flag(
    "on-demand",
    help: "Pointer and key path only: skip what the path does not\nenter instead of validating the whole document.")
  static let lines = OptionSpec.flag(
    "lines", help: "Query each line as its own JSON value (JSON Lines)\nand print one compact result per line.")
  /// Named for what it prints and when: `null` where a line's result is missing. It is what keeps output lines
  /// aligned with input lines (for `paste`), which plain `--lines` does not, as it prints nothing there like grep.
  static let nullMissing = OptionSpec.flag(
    "null-missing", help: "With --lines: print null for a line without a result,\nso output lines match input lines.")
  static let maxNodes = OptionSpec.option(
    "max-nodes", value: "N",
    help: "JSONPath only: the most nodes a nodelist may hold\n(default 10000000); past it the query fails, exit 2.")
  static let maxPathBytes = OptionSpec.option(
    "max-path-bytes", value: "N",
    help: "With --paths: the most bytes of normalized paths\n(default 268435456); past it the query fails, exit 2.")
  /// The default of `--max-path-bytes`: 256 MiB of path text (the `JSON` array holding it takes about twice that).
  /// Paths, unlike values, are not shared: `$..*..*..*` on a 700-byte document has 10 million nodes, whose paths
  /// took 6.7 GB before this bound.
  static let defaultMaximumPathBytes = 256 << 20
  static let options = [
    jsonPath, pointer, keyPath, paths, onDemand, CommonOptions.compact, CommonOptions.json5, lines,
    CommonOptions.framing, nullMissing,
    CommonOptions.jobs, maxNodes, maxPathBytes, OptionSpec.help,
  ]
  static let exclusiveGroups = [[jsonPath, pointer, keyPath]]

  /// How `EXPR` is read.
  enum Kind: String, Sendable {
    case jsonPath = "JSONPath query"
    case pointer = "JSON Pointer"
    case keyPath = "key path"

    /// The kind an unforced expression has: `$` JSONPath, `/` or empty a pointer, otherwise a key path.
    static func inferred(from expression: String) -> Kind {
      if expression.hasPrefix("$") { return .jsonPath }
      if expression.isEmpty || expression.hasPrefix("/") { return .pointer }
      return .keyPath
    }
  }

  /// A compiled expression.
  enum CompiledQuery: Sendable {
    case jsonPath(JSONPath)
    case pointer(JSONPointer)
    case keyPath(JSONKeyPath)
  }

  var expression: String
  var kind: Kind
  var file: String?
  var printsPaths: Bool
  var parsingOptions: JSON.ParsingOptions
  var writingOptions: JSON.WritingOptions
  /// `--lines` or `--framing KIND`; `nil` for one document.
  var framing: JSONStreamFraming?
  /// `--null-missing`: print `null` for each line without a result.
  var printsNullForMissing: Bool
  /// `--jobs N`: the threads that parse lines.
  var jobs: Int
  var onDemand: Bool
  /// The limits of JSONPath queries: the library's defaults, `--max-nodes` for the nodes a nodelist holds (tests
  /// lower the work limit too).
  var evaluationOptions = JSONPath.EvaluationOptions()
  /// `--max-path-bytes N`: the most bytes of normalized path text `--paths` builds (per line with `--lines`).
  var maximumPathBytes = QueryCommand.defaultMaximumPathBytes

  init(_ arguments: ParsedArguments) throws(UsageError) {
    (expression, file) = try CommonOptions.requiredAndOptional(arguments, required: "EXPR", optional: "FILE")
    if arguments[Self.jsonPath] {
      kind = .jsonPath
    } else if arguments[Self.pointer] {
      kind = .pointer
    } else if arguments[Self.keyPath] {
      kind = .keyPath
    } else {
      kind = .inferred(from: expression)
    }
    printsPaths = arguments[Self.paths]
    if printsPaths, kind != .jsonPath {
      throw UsageError("'--paths' applies to JSONPath queries only; '\(expression)' is a \(kind.rawValue)")
    }
    parsingOptions = CommonOptions.parsingOptions(arguments)
    framing = try CommonOptions.framing(arguments)
    let lines = framing != nil
    jobs = try CommonOptions.jobs(arguments, lines: framing == .lines)
    printsNullForMissing = arguments[Self.nullMissing]
    if printsNullForMissing, !lines { throw UsageError("'--null-missing' applies with '--lines' only") }
    onDemand = arguments[Self.onDemand]
    if onDemand {
      if lines { throw UsageError("'--on-demand' and '--lines' cannot be used together") }
      if parsingOptions.allowsJSON5 { throw UsageError("'--on-demand' and '--json5' cannot be used together") }
      if kind == .jsonPath {
        throw UsageError(
          "'--on-demand' applies to JSON Pointers and key paths only; '\(expression)' is a JSONPath query")
      }
    }
    writingOptions = arguments[CommonOptions.compact] || lines ? .compact : .pretty
    if let text = arguments.value(of: Self.maxNodes) {
      guard let limit = Int(text), limit >= 0 else {
        throw UsageError("invalid value '\(text)' for '--max-nodes': expected a whole number, 0 or more")
      }
      guard kind == .jsonPath else {
        throw UsageError("'--max-nodes' applies to JSONPath queries only; '\(expression)' is a \(kind.rawValue)")
      }
      evaluationOptions.maximumNodes = limit
    }
    if let text = arguments.value(of: Self.maxPathBytes) {
      guard let limit = Int(text), limit >= 0 else {
        throw UsageError("invalid value '\(text)' for '--max-path-bytes': expected a whole number, 0 or more")
      }
      guard printsPaths else { throw UsageError("'--max-path-bytes' applies with '--paths' only") }
      maximumPathBytes = limit
    }
  }

  /// Compiles the expression as its kind.
  /// - Returns: The compiled query, or a diagnostic that names the offending position with a caret line.
  func compile() -> Result<CompiledQuery, QueryFailure> {
    switch kind {
    case .jsonPath:
      do throws(JSONPathError) {
        return .success(.jsonPath(try JSONPath(expression)))
      } catch {
        // The error renders as `error: MESSAGE`, then the query line and a caret under the position.
        let text = error.description
        let body = text.hasPrefix("error: ") ? String(text.dropFirst("error: ".count)) : text
        return .failure(QueryFailure(message: "invalid JSONPath query: \(body)"))
      }
    case .pointer:
      do throws(JSONPointerError) {
        let pointer = expression.hasPrefix("#") ? try JSONPointer(fragment: expression) : try JSONPointer(expression)
        return .success(.pointer(pointer))
      } catch {
        // Syntax errors name themselves ("invalid JSON pointer at offset N: ...") and show a caret.
        return .failure(QueryFailure(message: error.description))
      }
    case .keyPath:
      do throws(JSONKeyPathError) {
        return .success(.keyPath(try JSONKeyPath(expression)))
      } catch {
        return .failure(QueryFailure(message: error.description))
      }
    }
  }

  /// Runs a compiled query on one value.
  /// - Returns: The value to print, or why there is none.
  func evaluate(_ query: CompiledQuery, on json: JSON) -> Result<JSON, QueryFailure> {
    switch query {
    case .jsonPath(let path):
      let result: JSON
      do throws(JSONPathError) {
        // Paths only when printed: recording them costs memory for every node an expensive query keeps.
        if printsPaths {
          // Counted as they are made: paths are not shared as values are, and their text is what takes memory.
          var bytes = 0
          var paths: [JSON] = []
          for node in try path.nodes(in: json, options: evaluationOptions) {
            let text = node.path.description
            bytes += text.utf8.count
            if bytes > maximumPathBytes {
              return .failure(
                QueryFailure(
                  message: "JSONPath query too expensive: its normalized paths take more than \(maximumPathBytes) "
                    + "bytes (the limit set by --max-path-bytes)", status: .usageError))
            }
            paths.append(.string(text))
          }
          result = .array(paths)
        } else {
          result = .array(try path.values(in: json, options: evaluationOptions))
        }
      } catch {
        // Rendered like an invalid query (message, query line, caret under the segment that hit the limit), and
        // exits 2 like one: the query, not the document, is at fault. The node limit is this command's flag.
        let text = error.description.replacingOccurrences(
          of: "JSONPath.EvaluationOptions.maximumNodes", with: "--max-nodes")
        let body = text.hasPrefix("error: ") ? String(text.dropFirst("error: ".count)) : text
        return .failure(QueryFailure(message: "JSONPath query too expensive: \(body)", status: .usageError))
      }
      return .success(result)
    case .pointer(let pointer):
      do throws(JSONPointerError) {
        return .success(try json.resolve(pointer))
      } catch {
        return .failure(QueryFailure(message: error.description))
      }
    case .keyPath(let keyPath):
      do throws(JSONKeyPathError) {
        return .success(try json.resolve(keyPath))
      } catch {
        return .failure(QueryFailure(message: error.description))
      }
    }
  }

  /// Whether `result` is a JSONPath query's empty nodelist: printed as `[]`, and "nothing found" (exit 1).
  static func findsNothing(_ query: CompiledQuery, _ result: JSON) -> Bool {
    guard case .jsonPath = query, case .array(let nodes) = result else { return false }
    return nodes.isEmpty
  }

  /// Pointers and key paths on a validated document: walks the document's index and decodes only the value found.
  /// The path engine is the tree's, so answers and error messages are those of ``JSON/resolve(_:)-(JSONPointer)``.
  func lookUp(_ query: CompiledQuery, in document: JSONDocument) -> Result<JSONDocument.Value, QueryFailure> {
    switch query {
    case .jsonPath:
      preconditionFailure("JSONPath queries run on the tree")
    case .pointer(let pointer):
      do throws(JSONPointerError) { return .success(try document.root.resolve(pointer)) } catch {
        return .failure(QueryFailure(message: error.description))
      }
    case .keyPath(let keyPath):
      do throws(JSONKeyPathError) { return .success(try document.root.resolve(keyPath)) } catch {
        return .failure(QueryFailure(message: error.description))
      }
    }
  }

  func run(in context: CommandContext) -> ExitCode {
    let query: CompiledQuery
    switch compile() {
    case .success(let compiled): query = compiled
    case .failure(let failure):
      context.report(failure.message)
      return .usageError
    }
    if let framing { return queryValues(query, framing: framing, context: context) }
    // Reading stops where the input proves invalid; on demand, only when its first value does (an on-demand read
    // may answer from text before an error).
    guard let input = context.readInput(file, parsedWith: parsingOptions, onDemand: onDemand) else {
      return .usageError
    }
    let answer: Result<JSON, QueryFailure>
    if onDemand { return runOnDemand(query, input: input, context: context) }
    if case .jsonPath = query {
      guard let json = context.parse(input, options: parsingOptions) else { return .failure }
      answer = evaluate(query, on: json)
    } else {
      // Validate the whole input, but decode only the value asked for.
      guard let document = context.document(input, options: parsingOptions) else { return .failure }
      switch lookUp(query, in: document) {
      case .success(let value):
        answer = .success(value.json())
      case .failure(let failure): answer = .failure(failure)
      }
    }
    switch answer {
    case .success(let result):
      return context.emit(result, options: writingOptions) && !Self.findsNothing(query, result) ? .success : .failure
    case .failure(let failure):
      context.report(failure.status == .usageError ? failure.message : "\(input.name): \(failure.message)")
      return failure.status
    }
  }

  /// `--on-demand`: reads the value straight from the bytes, walking only the containers on the path; a path that
  /// leads nowhere is reported with the same message as without `--on-demand`.
  private func runOnDemand(_ query: CompiledQuery, input: FileBytes, context: CommandContext) -> ExitCode {
    let answer: Result<JSON, QueryFailure>
    do throws(JSONParseError) {
      answer = try input.withUnsafeBytes { (bytes) throws(JSONParseError) -> Result<JSON, QueryFailure> in
        switch query {
        case .pointer(let pointer):
          try JSON.resolveOnDemand(pointer, inText: bytes, options: parsingOptions).mapError {
            QueryFailure(message: $0.description)
          }
        case .keyPath(let keyPath):
          try JSON.resolveOnDemand(keyPath, inText: bytes, options: parsingOptions).mapError {
            QueryFailure(message: $0.description)
          }
        case .jsonPath: preconditionFailure("--on-demand refuses JSONPath queries")
        }
      }
    } catch {
      context.report(error, in: input.name)
      return .failure
    }
    switch answer {
    case .success(let found):
      return context.emit(found, options: writingOptions) ? .success : .failure
    case .failure(let failure):
      context.report("\(input.name): \(failure.message)")
      return failure.status
    }
  }

  private func queryValues(_ query: CompiledQuery, framing: JSONStreamFraming, context: CommandContext) -> ExitCode {
    var found = false
    var failed = false
    let command = self
    // The query runs, and its result is written out, on the thread that parsed the line; this thread only copies
    // the text to the output and reports, in input order.
    let outcome = context.forEachValue(
      file, framing: framing, options: parsingOptions, jobs: jobs,
      transform: { json in
        command.evaluate(query, on: json).map {
          (text: CommandContext.lineText($0, options: command.writingOptions), found: !Self.findsNothing(query, $0))
        }
      },
      { answer, line in
        switch answer {
        case .success(let result):
          if context.emit(result.text) {
            found = found || result.found
            return
          }
        case .failure(let failure) where failure.status == .usageError:
          context.report("line \(line): \(failure.message)")
          failed = true
        case .failure:
          break
        }
        if printsNullForMissing { context.stdout.writeLine("null") }
      },
      invalidLine: { _ in if printsNullForMissing { context.stdout.writeLine("null") } })
    switch outcome {
    case .success(let allValid):
      if failed { return .usageError }
      return found && allValid ? .success : .failure
    case .failure(let error):
      context.report(error.message)
      return .usageError
    }
  }
}

/// Why a query has no answer, or could not be compiled.
struct QueryFailure: Error, Sendable {
  var message: String
  /// ``ExitCode/failure`` when there is no answer; ``ExitCode/usageError`` when the expression is at fault (the
  /// message then stands alone, without the input's name).
  var status = ExitCode.failure
}
