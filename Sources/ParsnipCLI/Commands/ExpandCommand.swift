import Parsnip

/// `parsnip expand [--format auto|jte|jsonapi] [--include PATHS] [--unresolved identifier|null] [--max-output BYTES]
/// [--compact] [--json5] [FILE]`: expands a hypermedia document into nested resources.
///
/// Exit status: 0 expanded; 1 invalid JSON, or the document breaks its format's rules (the error names the JSON
/// Pointer of the fault), its format cannot be told, or its expansion is larger than `--max-output` bytes of
/// compact JSON (64 MiB by default); 2 usage errors (also JSON:API options on a document detected as JTE) or an
/// unreadable input.
struct ExpandCommand: Command {
  static let name = "expand"
  static let abstract = "Expand JSON:API or JSON Templates Expander documents."
  static let discussion = """
    Prints the document with its resources nested: JSON:API 'data' with its
    'included' resources resolved, or JTE collections with their 'links'
    templates expanded. The format is detected unless given. Exits 1 when the
    document breaks its format's rules, naming the JSON Pointer of the fault.
    """
  static let arguments = [CommonOptions.file]
  static let format = OptionSpec.option("format", value: "FORMAT", help: "auto (default), jte or jsonapi.")
  static let include = OptionSpec.option(
    "include", value: "PATHS", help: "JSON:API: the relationships to resolve, as in\n?include=author,comments.author.")
  static let unresolved = OptionSpec.option(
    "unresolved", value: "MODE",
    help: "JSON:API: a relationship to a resource not included\nbecomes its identifier (default) or null.")
  static let options = [
    format, include, unresolved, HypermediaOptions.maxOutput, CommonOptions.compact, CommonOptions.json5,
    OptionSpec.help,
  ]

  var file: String?
  var format: HypermediaFormat?
  var flattenOptions = JSONAPI.FlattenOptions()
  var templateOptions = JSONTemplates.Options()
  var asksForJSONAPIOptions: Bool
  var formats: CommonOptions.Formats

  init(_ arguments: ParsedArguments) throws(UsageError) {
    file = try CommonOptions.optionalFile(arguments)
    switch arguments.value(of: Self.format) ?? "auto" {
    case "auto": format = nil
    case let text:
      guard let known = HypermediaFormat(rawValue: text) else {
        throw UsageError("invalid format '\(text)' (expected auto, jte or jsonapi)")
      }
      format = known
    }
    if let text = arguments.value(of: Self.include) {
      do throws(JSONAPIError) {
        flattenOptions.include = try JSONAPIIncludePaths(text)
      } catch {
        throw UsageError(error.message)
      }
    }
    switch arguments.value(of: Self.unresolved) {
    case nil, "identifier": break
    case "null": flattenOptions.unresolved = .null
    case let text?: throw UsageError("invalid value '\(text)' for '--unresolved' (expected identifier or null)")
    }
    asksForJSONAPIOptions = arguments.contains(Self.include) || arguments.contains(Self.unresolved)
    if format == .jsonTemplates, asksForJSONAPIOptions {
      throw UsageError("'--include' and '--unresolved' apply to JSON:API documents only")
    }
    flattenOptions.maximumOutputSize = try HypermediaOptions.maximumOutput(arguments)
    templateOptions.maximumOutputSize = flattenOptions.maximumOutputSize
    formats = CommonOptions.Formats(arguments)
  }

  func run(in context: CommandContext) -> ExitCode {
    let name = CommandContext.displayName(file)
    guard let input = context.readInput(file, parsedWith: formats.parsing) else { return .usageError }
    // Both formats read the document through its tape; JSON:API is flattened straight into text.
    guard let document = context.document(input, options: formats.parsing) else { return .failure }
    if format != .jsonTemplates, format == .jsonAPI || document.root["data"] != nil {
      return flatten(document, in: context)
    }
    guard format != nil || HypermediaFormat.detect(document) != nil else {
      context.report(
        "\(name): cannot tell the format: expected a top-level 'data' (JSON:API) or 'links' with "
          + "'collection.field' keys (JTE); use --format")
      return .failure
    }
    if asksForJSONAPIOptions {
      context.report("\(name): '--include' and '--unresolved' apply to JSON:API documents only")
      return .usageError
    }
    let expanded: JSON
    do throws(JSONTemplatesError) {
      expanded = try JSONTemplates.expand(document, options: templateOptions)
    } catch {
      context.report("\(name): \(error)")
      return .failure
    }
    return context.emit(expanded, options: formats.writing) ? .success : .failure
  }

  /// Writes a JSON:API document flattened, or reports why it cannot be.
  private func flatten(_ document: JSONDocument, in context: CommandContext) -> ExitCode {
    let text: [UInt8]
    do {
      text = try JSONAPI.flattenedBytes(document, options: flattenOptions, writing: formats.writing)
    } catch let error as JSONWritingError {
      context.report("cannot write the result: \(error)")
      return .failure
    } catch {
      context.report("\(CommandContext.displayName(file)): \(error)")
      return .failure
    }
    context.stdout.write(bytes: text)
    context.stdout.write("\n")
    return .success
  }
}
