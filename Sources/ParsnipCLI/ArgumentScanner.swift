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
  /// Whether the value names a file, so it may be bytes that are not UTF-8 (see ``CommandLineArguments``).
  var namesFile = false

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

  /// How the option appears in a synopsis: the short form when there is one (what people type), `-o FILE` or
  /// `--indent N`.
  var synopsisLabel: String {
    var text = short.map { "-\($0)" } ?? "--" + name
    if let valueName { text += " " + valueName }
    return text
  }
}

/// A positional argument a command accepts, as shown in its synopsis and help.
struct ArgumentSpec: Sendable, Hashable {
  /// The placeholder, for example `EXPR` or `FILE ...`.
  var label: String
  /// One line of help; a `\n` continues it on the next line, aligned.
  var help: String
  /// Whether it may be left out; the synopsis shows it in brackets.
  var isOptional: Bool
  /// Whether it names a file, so it may be bytes that are not UTF-8 (see ``CommandLineArguments``).
  var namesFile: Bool

  /// An argument that must be given.
  /// - Parameter file: Whether it names a file.
  static func required(_ label: String, file: Bool = false, help: String) -> ArgumentSpec {
    ArgumentSpec(label: label, help: help, isOptional: false, namesFile: file)
  }

  /// An argument that may be left out.
  /// - Parameter file: Whether it names a file.
  static func optional(_ label: String, file: Bool = false, help: String) -> ArgumentSpec {
    ArgumentSpec(label: label, help: help, isOptional: true, namesFile: file)
  }

  /// Whether the last of `specs` takes any number of positionals (`FILE ...`).
  fileprivate var isVariadic: Bool { label.hasSuffix("...") }

  /// How the argument appears in a synopsis: `EXPR` or `[FILE]`.
  var synopsisLabel: String { isOptional ? "[\(label)]" : label }
}

/// Arguments sorted into flags, option values and positionals.
///
/// Options are read through the command's declared ``OptionSpec`` constants (`parsed[Self.compact]`,
/// `parsed.value(of: Self.indent)`), never by a name spelled again, so a typo does not compile.
struct ParsedArguments: Sendable, Equatable {
  /// The flags present, by long name.
  private(set) var flags: Set<String> = []
  /// Option values by long name; the last occurrence wins, as with `getopt`.
  private(set) var values: [String: String] = [:]
  /// Every value of each option, in order, for options that may be repeated (`--resolve A=B --resolve C=D`).
  private(set) var repeatedValues: [String: [String]] = [:]
  /// Options in the order they appeared (long names), used to report conflicting choices in the user's words.
  private(set) var order: [String] = []
  /// Everything that is not an option, in order.
  var positionals: [String] = []

  /// Whether a flag was given.
  subscript(flag: OptionSpec) -> Bool {
    precondition(flag.valueName == nil, "'--\(flag.name)' takes a value: read it with value(of:)")
    return flags.contains(flag.name)
  }

  /// The value of an option, if given.
  func value(of option: OptionSpec) -> String? {
    precondition(option.valueName != nil, "'--\(option.name)' is a flag: read it with parsed[flag]")
    return values[option.name]
  }

  /// Every value given for an option that may be repeated, in order.
  func values(of option: OptionSpec) -> [String] { repeatedValues[option.name] ?? [] }

  /// Whether an option or flag was given.
  func contains(_ option: OptionSpec) -> Bool { order.contains(option.name) }

  /// Records one occurrence of `spec`, with its value unless it is a flag.
  fileprivate mutating func record(_ spec: OptionSpec, value: String?) {
    order.append(spec.name)
    if let value {
      values[spec.name] = value
      repeatedValues[spec.name, default: []].append(value)
    } else {
      flags.insert(spec.name)
    }
  }

  /// Rejects an argument that is not UTF-8 where text is expected: only the positionals and option values that
  /// name files may be other bytes (``CommandLineArguments``).
  /// - Parameters:
  ///   - specs: The command's positionals, in order (the last one `...` takes the rest).
  ///   - options: The command's options.
  func expectText(positionals specs: [ArgumentSpec], options: [OptionSpec]) throws(UsageError) {
    for (name, value) in values where CommandLineArguments.isByteNamed(value) {
      if options.first(where: { $0.name == name })?.namesFile != true { throw CommandLineArguments.notText(value) }
    }
    for (index, positional) in positionals.enumerated() where CommandLineArguments.isByteNamed(positional) {
      let spec = index < specs.count ? specs[index] : specs.last.flatMap { $0.isVariadic ? $0 : nil }
      if spec?.namesFile != true { throw CommandLineArguments.notText(positional) }
    }
  }

  /// Rejects giving more than one option of a mutually exclusive group, naming the first two given.
  func expectAtMostOne(of group: [OptionSpec]) throws(UsageError) {
    var seen: [String] = []
    for name in order where group.contains(where: { $0.name == name }) && !seen.contains(name) { seen.append(name) }
    if seen.count > 1 {
      throw UsageError("'--\(seen[0])' and '--\(seen[1])' cannot be used together")
    }
  }
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
        // Bytes that are not UTF-8 and look like an option: not text, and not taken for a file either.
        if CommandLineArguments.bytes(of: argument)?.first == UInt8(ascii: "-") {
          throw CommandLineArguments.notText(argument)
        }
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
      if spec.valueName == nil {
        if inlineValue != nil { throw UsageError("option '--\(spec.name)' does not take a value") }
        result.record(spec, value: nil)
      } else if let inlineValue {
        result.record(spec, value: inlineValue)
      } else if index < arguments.count {
        result.record(spec, value: arguments[index])
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
