/// A flag (`--compact`) or an option with a value (`--indent N`) that a command accepts.
struct OptionSpec: Sendable, Hashable {
  /// The long name without dashes: `indent` for `--indent`.
  var name: String
  /// The one-letter alias without its dash, if any: `h` for `-h`.
  var short: Character?
  /// The placeholder of the value in help text (`N`), or `nil` for a flag.
  var valueName: String?
  /// One line of help; a `\n` continues it on the next line, aligned.
  var help: String

  /// Declares a flag.
  static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, help: help)
  }

  /// Declares an option that takes a value.
  static func option(_ name: String, value: String, help: String) -> OptionSpec {
    OptionSpec(name: name, short: nil, valueName: value, help: help)
  }

  /// `--help`, accepted by every command.
  static let help = OptionSpec.flag("help", short: "h", help: "Show help information.")

  /// How the option appears in help: `-h, --help` or `--indent N`.
  var label: String {
    var text = short.map { "-\($0), " } ?? ""
    text += "--" + name
    if let valueName { text += " " + valueName }
    return text
  }
}

/// Arguments sorted into flags, option values and positionals.
struct ParsedArguments: Sendable, Equatable {
  /// The flags present, by long name.
  var flags: Set<String> = []
  /// Option values by long name; the last occurrence wins, as with `getopt`.
  var values: [String: String] = [:]
  /// Options in the order they appeared (long names), used to report conflicting choices in the user's words.
  var order: [String] = []
  /// Everything that is not an option, in order.
  var positionals: [String] = []

  /// Whether a flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The value of an option, if given.
  func value(_ option: String) -> String? { values[option] }
}

/// A mistake in how the command was invoked; reported with the command's usage line, exit status 2.
struct UsageError: Error, Sendable, Equatable {
  /// What was wrong, for example `unknown option '--foo'`.
  var message: String

  init(_ message: String) { self.message = message }
}

/// A tiny `argv` tokenizer: long flags and options (`--name`, `--name value`, `--name=value`), one-letter aliases
/// (`-h`), positionals, `-` (standard input) and `--` (everything after it is positional).
///
/// Decision: an option that takes a value always consumes the next argument, even one starting with `-`, like
/// `getopt`; so `--indent -1` reports an invalid indent rather than an unknown option `-1`.
enum ArgumentScanner {
  /// Sorts `arguments` according to `specs`.
  /// - Parameters:
  ///   - arguments: The command's arguments, without the program and subcommand names.
  ///   - specs: The options the command accepts.
  /// - Returns: The flags, values and positionals.
  /// - Throws: ``UsageError`` for an unknown option, a missing value, or a value given to a flag.
  static func scan(_ arguments: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        result.positionals += arguments[index...]
        break
      }
      if argument == "-" || !argument.hasPrefix("-") {
        result.positionals.append(argument)
        continue
      }
      let spec: OptionSpec
      var inlineValue: String?
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name: Substring
        if let equals = body.firstIndex(of: "=") {
          name = body[..<equals]
          inlineValue = String(body[body.index(after: equals)...])
        } else {
          name = body
        }
        guard let found = specs.first(where: { $0.name == name }) else {
          throw UsageError("unknown option '--\(name)'")
        }
        spec = found
      } else {
        let letter = argument.dropFirst()
        guard letter.count == 1, let found = specs.first(where: { $0.short == letter.first }) else {
          throw UsageError("unknown option '\(argument)'")
        }
        spec = found
      }
      result.order.append(spec.name)
      if spec.valueName == nil {
        if inlineValue != nil { throw UsageError("option '--\(spec.name)' does not take a value") }
        result.flags.insert(spec.name)
      } else if let inlineValue {
        result.values[spec.name] = inlineValue
      } else if index < arguments.count {
        result.values[spec.name] = arguments[index]
        index += 1
      } else {
        throw UsageError("missing value for '\(spec.label)'")
      }
    }
    return result
  }

  /// Whether the arguments ask for help (`--help` or `-h` before any `--`), checked before scanning so that help
  /// wins over other mistakes on the same line.
  static func asksForHelp(_ arguments: [String]) -> Bool {
    for argument in arguments {
      if argument == "--" { return false }
      if argument == "--help" || argument == "-h" { return true }
    }
    return false
  }
}
