import Foundation
import Parsnip

/// `parsnip codegen [--name Root] [--struct|--class] [--var] [--access LEVEL] [--model] [--partial-mirrors] [--lines]
/// [-o FILE] [FILE ...]`: writes the Swift model types that decode the samples.
///
/// Every input is read and checked before anything is written: one invalid sample reports its
/// `FILE:LINE:COLUMN: error:` line (all of them are reported) and nothing is generated (exit 1).
struct CodegenCommand: Command {
  static let name = "codegen"
  static let abstract = "Generate Swift model types from JSON samples."
  static let discussion = """
    Merges the shapes of every sample (each file, each line with --lines, the
    elements of a top-level array) and prints Codable types that decode them all,
    with a <Root>Coding enum of decoders and encoders set up for them. Invalid
    JSON in any sample prints an error and exits 1; nothing is generated.
    """
  static let arguments = [
    ArgumentSpec.optional("FILE ...", file: true, help: "The samples; '-' or none reads standard input.")
  ]
  static let rootName = OptionSpec.option("name", value: "NAME", help: "The root type's name (default: Root).")
  static let structs = OptionSpec.flag("struct", help: "Generate structs (the default).")
  static let classes = OptionSpec.flag("class", help: "Generate final classes.")
  static let usesVar = OptionSpec.flag("var", help: "Declare properties with var instead of let.")
  static let access = OptionSpec.option("access", value: "LEVEL", help: "internal (the default), public or package.")
  static let model = OptionSpec.flag("model", help: "Conform to Parsnip's JSONModel instead of Codable.")
  static let partialMirrors = OptionSpec.flag(
    "partial-mirrors",
    help: "Also write <Type>Partial beside each type, every\nmember optional, for values still streaming.")
  static let output = OptionSpec(
    name: "output", short: "o", valueName: "FILE", help: "Write the source to FILE instead of standard\noutput.",
    namesFile: true)
  static let options = [
    rootName, structs, classes, usesVar, access, model, partialMirrors, CommonOptions.lines, CommonOptions.jobs, output,
    OptionSpec.help,
  ]
  static let exclusiveGroups = [[structs, classes]]

  var files: [String]
  var lines: Bool
  /// `--jobs N`: the threads that parse lines.
  var jobs: Int
  var output: String?
  var generatorOptions: SwiftModelGenerator.Options

  init(_ arguments: ParsedArguments) throws(UsageError) {
    files = arguments.positionals
    lines = arguments[CommonOptions.lines]
    jobs = try CommonOptions.jobs(arguments, lines: lines)
    output = arguments.value(of: Self.output)
    var options = SwiftModelGenerator.Options()
    if let name = arguments.value(of: Self.rootName) {
      if let problem = SwiftNaming.rootNameProblem(name) {
        throw UsageError("invalid type name '\(name)' (\(problem))")
      }
      options.rootName = name
    }
    if arguments[Self.classes] { options.declaration = .finalClass }
    options.usesVar = arguments[Self.usesVar]
    if let level = arguments.value(of: Self.access) {
      guard let accessLevel = SwiftModelGenerator.Options.AccessLevel(rawValue: level) else {
        throw UsageError("invalid access level '\(level)' (expected internal, public or package)")
      }
      options.accessLevel = accessLevel
    }
    if arguments[Self.model] { options.layer = .jsonModel }
    options.partialMirrors = arguments[Self.partialMirrors]
    generatorOptions = options
  }

  func run(in context: CommandContext) -> ExitCode {
    let generator = SwiftModelGenerator(options: generatorOptions)
    var status = ExitCode.success
    for file in files.isEmpty ? [nil] : files.map(Optional.some) {
      if lines {
        // The values are gathered here, on the main thread: the generator is not shared between threads.
        let outcome = context.forEachLine(file, options: .default, jobs: jobs, transform: { $0 }) { json, _ in
          generator.add(json)
        }
        switch outcome {
        case .success(let allValid):
          if !allValid { status = max(status, .failure) }
        case .failure(let error):
          context.report(error.message)
          status = max(status, .usageError)
        }
      } else {
        guard let input = context.readInput(file, parsedWith: .default) else {
          status = max(status, .usageError)
          continue
        }
        guard let json = context.parse(input, options: .default) else {
          status = max(status, .failure)
          continue
        }
        generator.add(json)
      }
    }
    guard status == .success else { return status }
    let source = generator.source()
    guard let output else {
      context.stdout.write(source)
      return .success
    }
    if let reason = context.writeFile(output, source) {
      context.report("cannot write '\(CommandLineArguments.displayName(output))': \(reason)")
      return .usageError
    }
    return .success
  }
}
