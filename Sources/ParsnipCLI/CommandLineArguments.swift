import Parsnip

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's arguments as the kernel hands them over: bytes, which need not be UTF-8.
///
/// A file name is bytes on Linux, and a file whose name is not UTF-8 must be opened by those bytes; any other
/// argument (an expression, a pointer, a template, an option's value) is text, and one that is not UTF-8 is a
/// usage error, never decoded with U+FFFD in place of its bad bytes (which would select another key, or open
/// another file).
///
/// So an argument that is not UTF-8 is kept as a *byte-named* string: U+0000 (which no argument can contain, since
/// each ends at its first NUL byte) followed by its bytes in hexadecimal. Only the arguments that name files accept
/// one (``ArgumentSpec/namesFile``, ``OptionSpec/namesFile``; checked by ``ParsedArguments/expectText(positionals:options:)``);
/// files are opened by ``fileSystemPath(_:)``, and messages show ``displayName(_:)``, the name decoded with U+FFFD.
enum CommandLineArguments {
  /// What starts a byte-named argument.
  private static let marker: Character = "\u{0}"

  /// The arguments after the program name, from `argv`.
  static func current() -> [String] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
      return decode(Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))))
    }
  }

  /// An argument's text: the UTF-8 text itself, or the byte-named form of bytes that are not UTF-8.
  static func decode(_ bytes: [UInt8]) -> String {
    // Valid UTF-8 exactly when decoding replaced nothing (`String(validating:as:)` needs macOS 15).
    let text = String(decoding: bytes, as: UTF8.self)
    if text.utf8.elementsEqual(bytes) { return text }
    var named = String(marker)
    for byte in bytes {
      named.append(hexDigits[Int(byte >> 4)])
      named.append(hexDigits[Int(byte & 0xF)])
    }
    return named
  }

  private static let hexDigits = Array("0123456789abcdef")

  /// The bytes of a byte-named argument, or `nil` for an argument that is text.
  static func bytes(of argument: String) -> [UInt8]? {
    guard argument.first == marker else { return nil }
    let digits = Array(argument.utf8.dropFirst())
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    func value(_ digit: UInt8) -> UInt8 { digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - 87 }
    for index in stride(from: 0, to: digits.count - 1, by: 2) {
      bytes.append(value(digits[index]) << 4 | value(digits[index + 1]))
    }
    return bytes
  }

  /// Whether an argument is not UTF-8 (byte-named).
  static func isByteNamed(_ argument: String) -> Bool { argument.first == marker }

  /// How messages name an argument: as given, or, for one that is not UTF-8, decoded with U+FFFD for its bad
  /// bytes.
  static func displayName(_ argument: String) -> String {
    bytes(of: argument).map { String(decoding: $0, as: UTF8.self) } ?? argument
  }

  /// The NUL-terminated path to hand the system: the argument's own bytes.
  static func fileSystemPath(_ argument: String) -> [CChar] {
    (bytes(of: argument) ?? Array(argument.utf8)).map { CChar(bitPattern: $0) } + [0]
  }

  /// Opens a file named by an argument, by its bytes.
  /// - Returns: The descriptor, or -1 with `errno` set.
  static func open(_ argument: String, flags: Int32, mode: mode_t = 0o666) -> Int32 {
    fileSystemPath(argument).withUnsafeBufferPointer { path in
      SystemCall.retryingInterrupts { Glibc_open(path.baseAddress!, flags, mode) }
    }
  }

  /// Why an argument that must be text cannot be used: it is not UTF-8.
  static func notText(_ argument: String) -> UsageError {
    UsageError("argument '\(displayName(argument))' is not valid UTF-8 (only file names may be other bytes)")
  }
}

/// The C library's `open(2)`, named apart from ``CommandLineArguments/open(_:flags:mode:)``.
private func Glibc_open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
