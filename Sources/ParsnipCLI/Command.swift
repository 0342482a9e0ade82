/// A subcommand: its documentation, the options it accepts, a parse-then-validate initializer and `run`.
///
/// Help text is generated from these declarations so usage, options and help never disagree.
protocol Command {
  /// The subcommand's name, as typed after `parsnip`.
  static var name: String { get }
  /// One line saying what the command does, shown in the root help's subcommand list.
  static var abstract: String { get }
  /// A few lines of detail for the command's help, already wrapped to 80 columns; may be empty.
  static var discussion: String { get }
  /// The positional arguments, in order.
  static var arguments: [ArgumentSpec] { get }
  /// The options and flags accepted, including ``OptionSpec/help``, in the order help and synopsis list them.
  static var options: [OptionSpec] { get }
  /// Sets of options of which at most one may be given (`--indent N | --compact | --canonical`); checked before
  /// ``init(_:)`` and shown as one bracket in the synopsis. Empty by default.
  static var exclusiveGroups: [[OptionSpec]] { get }
  /// The command whose help a usage error points to: `parsnip help NAME` by default.
  static var helpHint: String { get }

  /// Interprets scanned arguments, validating combinations and values.
  /// - Throws: ``UsageError`` when they do not make a valid invocation.
  init(_ arguments: ParsedArguments) throws(UsageError)

  /// Does the work, writing results to `context.stdout` and diagnostics to `context.stderr`.
  /// - Returns: The exit status.
  func run(in context: CommandContext) -> ExitCode
}

extension Command {
  static var exclusiveGroups: [[OptionSpec]] { [] }

  static var helpHint: String { "parsnip help \(name)" }

  /// The synopsis after `parsnip `, derived from the declarations as swift-argument-parser does: each option in
  /// brackets (an exclusive group in one bracket, at its first member), then the positionals, optional ones in
  /// brackets. For example `format [--indent N | --compact | --canonical] ... [FILE]`.
  static var synopsis: String {
    var parts = [name]
    var shown: Set<OptionSpec> = [.help]
    for option in options where !shown.contains(option) {
      let group = exclusiveGroups.first { $0.contains(option) } ?? [option]
      shown.formUnion(group)
      parts.append("[" + group.map(\.synopsisLabel).joined(separator: " | ") + "]")
    }
    parts += arguments.map(\.synopsisLabel)
    return parts.joined(separator: " ")
  }

  /// Scans `arguments` against ``options``, checks ``exclusiveGroups`` and interprets them.
  /// - Throws: ``UsageError`` when they do not make a valid invocation.
  static func parse(_ arguments: [String]) throws(UsageError) -> Self {
    let parsed = try ArgumentScanner.scan(arguments, specs: options)
    try parsed.expectText(positionals: Self.arguments, options: options)
    for group in exclusiveGroups { try parsed.expectAtMostOne(of: group) }
    return try Self(parsed)
  }

  /// `Usage: parsnip SYNOPSIS`, printed with usage errors.
  static var usageLine: String { "Usage: parsnip \(synopsis)" }

  /// The full help text, ending with a newline.
  static var helpText: String {
    var text = "OVERVIEW: \(abstract)\n\n"
    if !discussion.isEmpty { text += discussion + "\n\n" }
    text += HelpLayout.wrapped(synopsis, prefix: "USAGE: parsnip ")
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in arguments { text += HelpLayout.row(argument.label, argument.help) }
    }
    text += "\nOPTIONS:\n"
    for option in options { text += HelpLayout.row(option.label, option.help) }
    return text
  }
}

/// Two-column layout of help rows: labels in a 24-column gutter, help text after it.
enum HelpLayout {
  /// The column where help text starts.
  static let helpColumn = 26

  /// The width help text is wrapped to.
  static let width = 80

  /// A synopsis after `prefix`, wrapped at ``width`` between bracketed groups, continuation lines aligned after
  /// the command name; ends with a newline.
  static func wrapped(_ synopsis: String, prefix: String) -> String {
    var groups: [String] = []
    var current = ""
    var depth = 0
    for character in synopsis {
      if character == " ", depth == 0 {
        if !current.isEmpty { groups.append(current) }
        current = ""
        continue
      }
      if character == "[" { depth += 1 }
      if character == "]" { depth -= 1 }
      current.append(character)
    }
    if !current.isEmpty { groups.append(current) }
    guard let name = groups.first else { return prefix + "\n" }
    let indent = String(repeating: " ", count: prefix.count + name.count + 1)
    var text = prefix + name
    var lineLength = text.count
    for group in groups.dropFirst() {
      if lineLength + 1 + group.count > width {
        text += "\n" + indent + group
        lineLength = indent.count + group.count
      } else {
        text += " " + group
        lineLength += 1 + group.count
      }
    }
    return text + "\n"
  }

  /// One row (or more, for long labels and multi-line help), each line ending with a newline.
  static func row(_ label: String, _ help: String) -> String {
    let gutter = String(repeating: " ", count: helpColumn)
    let helpLines = help.split(separator: "\n", omittingEmptySubsequences: false)
    var text = "  " + label
    if label.count + 2 > helpColumn - 2 {
      text += "\n" + gutter
    } else {
      text += String(repeating: " ", count: helpColumn - 2 - label.count)
    }
    text += helpLines.joined(separator: "\n" + gutter) + "\n"
    return text
  }
}
