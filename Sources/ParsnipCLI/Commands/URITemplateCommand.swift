import Parsnip

/// `parsnip uri-template [--max-output BYTES] [--compact] [--json5] TEMPLATE [VARIABLES_FILE]`: expands an RFC 6570
/// URI template.
///
/// Decisions: without VARIABLES_FILE no variable is defined (standard input is read only for `-`, so a template
/// without variables does not wait on a terminal); an object of variables prints the URI as one line of text, an
/// array of objects prints a JSON array of URIs (indented unless `--compact`), each URI written as soon as it is
/// expanded, so the output is never held whole; the whole output is bounded by `--max-output` bytes (64 MiB by
/// default), each URI by ``URITemplate/defaultMaximumLength``. Errors quote the template as every message quotes
/// input: at most 64 characters, control characters escaped.
/// Exit status: 0 expanded; 1 the variables are not JSON, not an object or array of objects, or do not fit the
/// template (a prefix on a list, a nested list, too long), or the output is over budget; 2 an invalid template,
/// usage errors, an unreadable input.
struct URITemplateCommand: Command {
  static let name = "uri-template"
  static let abstract = "Expand an RFC 6570 URI template."
  static let discussion = """
    Prints the URI for an object of variables, or a JSON array of URIs for an
    array of objects, each URI as soon as it is expanded. An invalid template
    exits 2 with the offset of the error.
    """
  static let arguments = [
    ArgumentSpec.required("TEMPLATE", help: "The template, for example 'http://example.com/{id}'."),
    ArgumentSpec.optional(
      "VARIABLES_FILE", file: true,
      help: "An object of variables, or an array of them; '-' reads\nstandard input, none defines no variables."),
  ]
  static let options = [HypermediaOptions.maxOutput, CommonOptions.compact, CommonOptions.json5, OptionSpec.help]

  var template: String
  var variablesFile: String?
  var maximumOutput: Int
  var formats: CommonOptions.Formats

  init(_ arguments: ParsedArguments) throws(UsageError) {
    (template, variablesFile) = try CommonOptions.requiredAndOptional(
      arguments, required: "TEMPLATE", optional: "VARIABLES_FILE")
    maximumOutput = try HypermediaOptions.maximumOutput(arguments)
    formats = CommonOptions.Formats(arguments)
  }

  func run(in context: CommandContext) -> ExitCode {
    let compiled: URITemplate
    do throws(URITemplateError) {
      compiled = try URITemplate(template)
    } catch {
      context.report("invalid template '\(Excerpt.abbreviated(template))': \(error)")
      return .usageError
    }
    var variables: JSON = [:]
    if let variablesFile {
      do throws(LoadFailure) { variables = try context.load(variablesFile, options: formats.parsing) } catch {
        return error.status
      }
    }
    do throws(URITemplateError) {
      switch variables {
      case .object:
        let uri = try compiled.expand(
          variables, maximumLength: Swift.min(maximumOutput, URITemplate.defaultMaximumLength))
        context.stdout.writeLine(uri)
        return .success
      case .array(let sets) where sets.allSatisfy({ $0.objectValue != nil }):
        return expandEach(sets, with: compiled, in: context)
      default:
        context.report("the variables must be an object or an array of objects, found \(variables.kind)")
        return .failure
      }
    } catch {
      context.report("template '\(Excerpt.abbreviated(template))' cannot expand: \(error)")
      return .failure
    }
  }

  /// Writes the JSON array of the URIs of each variable set, each as soon as it is expanded: the bytes of writing
  /// the whole array, in the layout asked for.
  private func expandEach(_ sets: [JSON], with compiled: URITemplate, in context: CommandContext) -> ExitCode {
    guard !sets.isEmpty else {
      context.stdout.writeLine("[]")
      return .success
    }
    let indent = formats.writing.indent
    // Counted as compact JSON, as the other budgets of `--max-output` are.
    var written = 2 + sets.count - 1
    context.stdout.write("[")
    for (k, set) in sets.enumerated() {
      let uri: String
      do throws(URITemplateError) {
        uri = try compiled.expand(set, maximumLength: Swift.min(maximumOutput, URITemplate.defaultMaximumLength))
      } catch {
        // What was printed ends its line; the message says which set failed.
        context.stdout.write("\n")
        context.report("template '\(Excerpt.abbreviated(template))' cannot expand variable set \(k): \(error)")
        return .failure
      }
      let text: [UInt8]
      do throws(JSONWritingError) { text = try JSON.string(uri).bytes(options: formats.writing) } catch {
        preconditionFailure("a string is always written")
      }
      written += text.count
      guard written <= maximumOutput else {
        context.stdout.write("\n")
        context.report("output larger than \(maximumOutput) bytes (--max-output), at variable set \(k)")
        return .failure
      }
      if k > 0 { context.stdout.write(",") }
      if let indent { context.stdout.write("\n" + String(repeating: " ", count: indent)) }
      context.stdout.write(bytes: text)
    }
    context.stdout.writeLine(indent == nil ? "]" : "\n]")
    return .success
  }
}
