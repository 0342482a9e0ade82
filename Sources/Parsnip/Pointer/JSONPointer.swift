/// A JSON Pointer (RFC 6901): a path of reference tokens such as `/foo/0` or `/a~1b`.
///
/// Each token names an object member, or, when the value reached so far is an array, an element index (`0`, or a
/// positive number without leading zeros: `01` is not an index). The token `-` stands for the position after an
/// array's last element; it is accepted where something is added
/// (``JSON/insert(_:at:createIntermediates:)-(_,JSONPointer,_)``, JSON Patch `add`) and is an error where a value
/// must exist. In the text form `~` is written `~0` and `/` is written `~1`; the URI fragment form (`#/a%20b`) also
/// percent-encodes the UTF-8 bytes that may not appear in a fragment.
///
/// ```swift
/// let pointer = try JSONPointer("/a~1b/0")
/// pointer.tokens       // → ["a/b", "0"]
/// pointer.description  // → "/a~1b/0"
/// try JSONPointer(fragment: "#/c%25d").tokens  // → ["c%d"]
/// ```
public struct JSONPointer: Sendable, Hashable {
  /// The reference tokens, unescaped, outermost first; empty for the whole document.
  public var tokens: [String]

  /// Creates a pointer from unescaped reference tokens.
  ///
  /// - Parameter tokens: The tokens, outermost first; any string is a valid token.
  public init(tokens: [String]) {
    self.tokens = tokens
  }

  /// The pointer to the whole document (the empty string).
  public static var root: JSONPointer { JSONPointer(tokens: []) }

  /// Whether this is the pointer to the whole document.
  public var isRoot: Bool { tokens.isEmpty }

  /// The pointer to the container of this pointer's target, or `nil` for the root.
  public var parent: JSONPointer? { tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast())) }

  /// The last reference token, or `nil` for the root.
  public var lastToken: String? { tokens.last }

  /// Returns this pointer followed by `token`.
  ///
  /// - Parameter token: An unescaped reference token.
  /// - Returns: The longer pointer.
  public func appending(_ token: String) -> JSONPointer {
    var copy = self
    copy.tokens.append(token)
    return copy
  }

  /// Returns this pointer followed by an array index.
  ///
  /// - Parameter index: A non-negative element index.
  /// - Returns: The longer pointer.
  public func appending(index: Int) -> JSONPointer { appending(String(index)) }

  /// Whether `other` starts with all of this pointer's tokens: `other` is this pointer's target or inside it.
  ///
  /// - Parameter other: Another pointer.
  /// - Returns: `true` when this pointer is a prefix of `other` (every pointer is a prefix of itself).
  public func isPrefix(of other: JSONPointer) -> Bool {
    other.tokens.count >= tokens.count && other.tokens.starts(with: tokens)
  }
}

extension JSONPointer: CustomStringConvertible {
  /// The pointer as RFC 6901 text, `~` and `/` in tokens escaped as `~0` and `~1`: `/a~1b/0`; `""` for the root.
  public var description: String {
    var out: [UInt8] = []
    for token in tokens {
      out.append(.slash)
      for byte in token.utf8 {
        switch byte {
        case UInt8(ascii: "~"): out.append(contentsOf: "~0".utf8)
        case .slash: out.append(contentsOf: "~1".utf8)
        default: out.append(byte)
        }
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The pointer as a URI fragment (RFC 6901 section 6): `#` followed by the text form with every UTF-8 byte that
  /// may not appear in a fragment percent-encoded: `#/c%25d`, `#/%20`.
  public var fragment: String {
    var out: [UInt8] = [UInt8(ascii: "#")]
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in description.utf8 {
      if JSONPointer.isFragmentSafe(byte) {
        out.append(byte)
      } else {
        out.append(UInt8(ascii: "%"))
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0x0F)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// RFC 3986 `fragment` characters other than `%`: unreserved, sub-delims, `:`, `@`, `/`, `?`.
  static func isFragmentSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
      UInt8(ascii: "="):
      true
    case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"): true
    default: false
    }
  }
}

extension JSONPointer: ExpressibleByArrayLiteral {
  /// Creates a pointer from unescaped tokens: `["a/b", "0"]` is `/a~1b/0`.
  ///
  /// - Parameter elements: The tokens.
  public init(arrayLiteral elements: String...) { self.init(tokens: elements) }
}
