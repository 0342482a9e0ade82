import Parsnip

/// `parsnip uri-template [--compact] [--json5] TEMPLATE [VARIABLES_FILE]`: expands an RFC 6570 URI template.
///
/// Decisions: without VARIABLES_FILE no variable is defined (standard input is read only for `-`, so a template
/// without variables does not wait on a terminal); an object of variables prints the URI as one line of text, an
/// array of objects prints a JSON array of URIs (indented unless `--compact`).
/// Exit status: 0 expanded; 1 the variables are not JSON, not an object or array of objects, or do not fit the
/// template (a prefix on a list, a nested list, too long); 2 an invalid template, usage errors, an unreadable input.
struct URITemplateCommand: Command {
  static let name = "uri-template"
  static let abstract = "Expand an RFC 6570 URI template."
  static let discussion = """
    Prints the URI for an object of variables, or a JSON array of URIs for an
    array of objects. An invalid template exits 2 with the offset of the error.
    """
  static let arguments = [
    ArgumentSpec.required("TEMPLATE", help: "The template, for example 'http://example.com/{id}'."),
    ArgumentSpec.optional(
      "VARIABLES_FILE", file: true,
      help: "An object of variables, or an array of them; '-' reads\nstandard input, none defines no variables."),
  ]
  static let options = [CommonOptions.compact, CommonOptions.json5, OptionSpec.help]

  var template: String
  var variablesFile: String?
  var formats: CommonOptions.Formats

  init(_ arguments: ParsedArguments) throws(UsageError) {
    (template, variablesFile) = try CommonOptions.requiredAndOptional(
      arguments, required: "TEMPLATE", optional: "VARIABLES_FILE")
    formats = CommonOptions.Formats(arguments)
  }

  func run(in context: CommandContext) -> ExitCode {
    let compiled: URITemplate
    do throws(URITemplateError) {
      compiled = try URITemplate(template)
    } catch {
      context.report("invalid template '\(template)': \(error)")
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
        context.stdout.writeLine(try compiled.expand(variables))
        return .success
      case .array(let sets) where sets.allSatisfy({ $0.objectValue != nil }):
        var uris: [JSON] = []
        for set in sets { uris.append(.string(try compiled.expand(set))) }
        return context.emit(.array(uris), options: formats.writing) ? .success : .failure
      default:
        context.report("the variables must be an object or an array of objects, found \(variables.kind)")
        return .failure
      }
    } catch {
      context.report("template '\(template)' cannot expand: \(error)")
      return .failure
    }
  }
}
