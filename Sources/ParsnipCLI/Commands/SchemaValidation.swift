import Parsnip

/// `validate --schema SCHEMA [--draft D] [--resolve PREFIX=DIR]... [--format-assertion] [--output text|basic]`:
/// validating inputs against a JSON Schema.
///
/// Each error is one line on standard error, `FILE:LINE:COLUMN: error: INSTANCE_POINTER: MESSAGE (KEYWORD_LOCATION)`,
/// at the instance's place in the input (with `--lines`, at its line). `--output basic` also writes the spec's
/// `basic` output, one compact JSON line per document or line, to standard output. A schema that cannot be read,
/// parsed or compiled (invalid against its meta-schema, an unresolvable reference) is reported at its own
/// `FILE:LINE:COLUMN` and exits 2 before any input is read.
struct SchemaValidation {
  static let schema: OptionSpec = {
    var spec = OptionSpec.option("schema", value: "SCHEMA", help: "Validate against the JSON Schema in this file.")
    spec.namesFile = true
    return spec
  }()
  static let draft = OptionSpec.option(
    "draft", value: "D", help: "With --schema: the draft of schemas without $schema:\n2020-12 (default), 2019-09 or 7.")
  static let resolve = OptionSpec.option(
    "resolve", value: "PREFIX=DIR",
    help: "With --schema: resolve references under the URI PREFIX\nto files in DIR (repeatable; nothing is fetched).")
  static let formatAssertion = OptionSpec.flag(
    "format-assertion", help: "With --schema: assert 'format' (default: annotate).")
  static let output = OptionSpec.option(
    "output", value: "FORMAT",
    help: "With --schema: 'text' (default), or 'basic' to also\nprint the spec's basic output.")
  static let options = [schema, draft, resolve, formatAssertion, output]

  var schemaPath: String
  var compileOptions: JSONSchema.Options
  var basicOutput: Bool

  /// The schema options, or `nil` without `--schema`.
  /// - Throws: ``UsageError`` for an unknown draft or output format, a `--resolve` without `=`, or a schema option
  ///   without `--schema`.
  init?(_ arguments: ParsedArguments) throws(UsageError) {
    guard let path = arguments.value(of: Self.schema) else {
      for option in Self.options.dropFirst() where arguments.contains(option) {
        throw UsageError("'--\(option.name)' applies with '--schema' only")
      }
      return nil
    }
    schemaPath = path
    compileOptions = JSONSchema.Options()
    if let name = arguments.value(of: Self.draft) {
      guard let draft = JSONSchema.Draft(rawValue: name == "07" || name == "draft7" ? "7" : name) else {
        throw UsageError("invalid value '\(name)' for '--draft': expected 2020-12, 2019-09 or 7")
      }
      compileOptions.draft = draft
    }
    for mapping in arguments.values(of: Self.resolve) {
      guard let equals = mapping.firstIndex(of: "="), equals != mapping.startIndex else {
        throw UsageError("invalid value '\(mapping)' for '--resolve': expected PREFIX=DIR")
      }
      compileOptions.registry.map(
        prefix: String(mapping[..<equals]), toDirectory: String(mapping[mapping.index(after: equals)...]))
    }
    compileOptions.assertsFormats = arguments[Self.formatAssertion]
    switch arguments.value(of: Self.output) ?? "text" {
    case "text": basicOutput = false
    case "basic":
      basicOutput = true
      compileOptions.collectsAnnotations = true
    case let other: throw UsageError("invalid value '\(other)' for '--output': expected text or basic")
    }
  }

  /// Compiles the schema, reporting why it cannot be at its own position.
  func compile(in context: CommandContext) -> JSONSchema? {
    guard let bytes = context.readInput(schemaPath) else { return nil }
    let name = CommandContext.displayName(schemaPath)
    do throws(JSONSchemaError) {
      return try bytes.withUnsafeBytes { buffer throws(JSONSchemaError) in
        try JSONSchema(parsing: Array(buffer), options: compileOptions)
      }
    } catch {
      let place = error.line.map { "\(name):\($0):\(error.column ?? 1): " } ?? "\(name): "
      let pointer = error.pointer.isRoot ? "" : " (\(error.pointer))"
      context.emitDiagnostic("\(place)error: invalid schema: \(error.message)\(pointer)")
      return nil
    }
  }

  func run(
    files: [String], parsing: JSON.ParsingOptions, lines: Bool, jobs: Int, in context: CommandContext
  )
    -> ExitCode
  {
    guard let schema = compile(in: context) else { return .usageError }
    var status = ExitCode.success
    for file in files.isEmpty ? [nil] : files.map(Optional.some) {
      let name = CommandContext.displayName(file)
      if lines {
        let result = context.withLines(file, options: parsing, jobs: jobs) { lines in
          var allValid = true
          do throws(JSONLinesError) {
            try lines.validate(against: schema) { error in
              context.report(error, inLinesOf: name)
              allValid = false
            } _: { output, _ in
              if !output.isValid { allValid = false }
              report(output, in: name, context)
              return !context.stdout.failed
            }
          } catch {
            return .failure(InputError(name: name, reason: error.message))
          }
          return .success(allValid)
        }
        switch result {
        case .success(let allValid): if !allValid { status = max(status, .failure) }
        case .failure(let error):
          context.report(error.message)
          status = max(status, .usageError)
        }
        continue
      }
      guard let input = context.readInput(file, parsedWith: parsing) else {
        status = max(status, .usageError)
        continue
      }
      guard let document = context.document(input, options: parsing) else {
        status = max(status, .failure)
        continue
      }
      let output = schema.validate(document)
      if !output.isValid { status = max(status, .failure) }
      report(output, in: name, context)
    }
    return status
  }

  /// One diagnostic per error, and the `basic` output when asked for.
  private func report(_ output: JSONSchema.Output, in name: String, _ context: CommandContext) {
    for error in output.errors {
      context.emitDiagnostic(
        "\(name):\(error.line ?? 1):\(error.column ?? 1): error: \(error.instanceLocation): \(error.message) "
          + "(\(error.keywordLocation))")
    }
    if basicOutput { _ = context.emit(output.basic, options: .compact) }
  }
}
