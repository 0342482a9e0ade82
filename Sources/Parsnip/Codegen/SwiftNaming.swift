/// The naming rules of codegen: JSON keys to Swift property, case and type names, plurals to singulars.
///
/// Every rule is a pure function of its input, so the same samples always give the same names.
enum SwiftNaming {
  /// Swift keywords, written in backticks when used as a property or case name.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    "as", "false", "is", "nil", "super", "throws", "true", "try", "await", "async", "any", "some", "consume",
    "borrowing", "consuming", "package", "each", "repeat",
  ]

  /// Names that cannot be a stored property or enum case even in backticks, or that would collide with what
  /// `Codable`, `Hashable`, `CodingKey` and `RawRepresentable` declare; they get `Value` appended.
  static let unusableMemberNames: Set<String> = [
    "self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_", "hashValue", "rawValue", "stringValue",
    "intValue", "description", "debugDescription", "allCases", "encode", "hash",
  ]

  /// Type names that would shadow the standard library, Foundation or Parsnip types the generated code uses.
  static let reservedTypeNames: Set<String> = [
    "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys", "Data", "Date",
    "Decimal", "Decodable", "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Equatable", "Error", "Float",
    "Hashable", "Hasher", "Int", "JSON", "JSONDecoder", "JSONEncoder", "JSONModel", "JSONNumber", "JSONObject",
    "Never", "Optional", "ParsnipDecoder", "ParsnipEncoder", "Protocol", "Result", "Self", "Sendable", "Set",
    "String", "Type", "URL", "UnknownFallback", "FallbackDecodable", "Void", "Foundation", "Parsnip", "Swift",
  ]

  /// The words of a key: split at every character that is not an ASCII letter or digit, and where a lowercase
  /// letter or digit is followed by an uppercase one (`userName` → `user`, `Name`), or an uppercase run by a
  /// capitalized word (`URLString` → `URL`, `String`).
  static func words(_ key: String) -> [String] {
    var words: [String] = []
    var current: [UInt8] = []
    let bytes = Array(key.utf8)
    func flush() {
      if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
      current = []
    }
    for (k, byte) in bytes.enumerated() {
      guard isLetter(byte) || byte.isDigit else {
        flush()
        continue
      }
      if isUpper(byte), let last = current.last {
        let next = k + 1 < bytes.count ? bytes[k + 1] : 0
        if isLower(last) || last.isDigit || (isUpper(last) && isLower(next)) { flush() }
      }
      current.append(byte)
    }
    flush()
    return words
  }

  /// `user_name`, `user-name`, `User Name` and `userName` → `userName`; `ID` → `id`; `URLString` → `urlString`.
  /// Keys with no letter or digit become `field`; a leading digit gets a `_` in front.
  static func propertyName(_ key: String) -> String {
    let parts = words(key)
    guard let first = parts.first else { return "field" }
    var name = isAllUppercase(first) ? first.lowercased() : lowercasingFirst(first)
    for part in parts.dropFirst() { name += capitalizingFirst(part) }
    if name.utf8.first!.isDigit { name = "_" + name }
    return name
  }

  /// A type name from a key: `shop_owner` → `ShopOwner`, `2fa` → `_2fa`; keys with no letter or digit give `Value`.
  static func typeName(_ key: String) -> String {
    let parts = words(key)
    guard !parts.isEmpty else { return "Value" }
    var name = parts.map(capitalizingFirst).joined()
    if name.utf8.first!.isDigit { name = "_" + name }
    return name
  }

  /// The type name for the elements of an array under `key`: the key in the singular (`statuses` → `Status`,
  /// `entries` → `Entry`, `children` → `Child`), or the key and `Element` when it is not a plural.
  static func elementTypeName(_ key: String) -> String {
    var parts = words(key)
    guard let last = parts.last else { return "Element" }
    let singular = singularize(last)
    guard singular != last else { return typeName(key) + "Element" }
    parts[parts.count - 1] = singular
    return typeName(parts.joined(separator: "_"))
  }

  private static let irregularPlurals: [String: String] = [
    "children": "child", "people": "person", "men": "man", "women": "woman", "mice": "mouse", "geese": "goose",
    "feet": "foot", "teeth": "tooth", "indices": "index", "matrices": "matrix", "vertices": "vertex",
    "criteria": "criterion", "analyses": "analysis", "data": "datum", "media": "medium", "series": "series",
    "species": "species", "movies": "movie", "cookies": "cookie", "news": "news", "aliases": "alias",
  ]

  /// The singular of an English plural word, keeping its capitalization; the word itself when it is not one.
  static func singularize(_ word: String) -> String {
    let lower = word.lowercased()
    func keepingCase(_ singular: String) -> String {
      // Replace the word's letters one by one where they match, so `Statuses` → `Status`.
      let prefixLength = zip(lower, singular).prefix { $0 == $1 }.count
      return String(word.prefix(prefixLength)) + singular.dropFirst(prefixLength)
    }
    if let singular = irregularPlurals[lower] { return keepingCase(singular) }
    let n = lower.count
    if n > 4, lower.hasSuffix("ies") { return keepingCase(String(lower.dropLast(3)) + "y") }
    if n > 4, lower.hasSuffix("sses") || lower.hasSuffix("xes") || lower.hasSuffix("ches") || lower.hasSuffix("shes")
      || lower.hasSuffix("zzes") || lower.hasSuffix("uses")
    {
      return keepingCase(String(lower.dropLast(2)))
    }
    if n > 2, lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is") {
      return keepingCase(String(lower.dropLast()))
    }
    return word
  }

  /// A property name usable in declarations: backticked when it is a keyword, with `Value` appended when even
  /// backticks would not do.
  static func memberName(_ name: String) -> String {
    unusableMemberNames.contains(name) ? name + "Value" : name
  }

  /// `name` as written in code: in backticks if it is a keyword.
  static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

  /// A Swift string literal for `value`, escaping what a literal cannot hold as is.
  static func stringLiteral(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
          || scalar.properties.generalCategory == .format
        {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// Makes names unique within one scope, in the order they are asked for: the second `id` is `id2`.
  struct UniqueNames {
    private(set) var taken: Set<String>

    init(reserved: Set<String> = []) { taken = reserved }

    /// `name`, or `name2`, `name3`, ... when it is taken.
    mutating func claim(_ name: String) -> String {
      var candidate = name
      var n = 2
      while taken.contains(candidate) {
        candidate = name + String(n)
        n += 1
      }
      taken.insert(candidate)
      return candidate
    }

    /// The first of `candidates` that is free, else the last one numbered.
    mutating func claim(preferring candidates: [String]) -> String {
      if let free = candidates.first(where: { !taken.contains($0) }) {
        taken.insert(free)
        return free
      }
      return claim(candidates.last!)
    }
  }

  private static func isLetter(_ b: UInt8) -> Bool { isUpper(b) || isLower(b) }
  private static func isUpper(_ b: UInt8) -> Bool { b &- UInt8(ascii: "A") < 26 }
  private static func isLower(_ b: UInt8) -> Bool { b &- UInt8(ascii: "a") < 26 }
  private static func isAllUppercase(_ word: String) -> Bool {
    word.utf8.contains(where: isUpper) && !word.utf8.contains(where: isLower)
  }
  private static func lowercasingFirst(_ word: String) -> String { word.prefix(1).lowercased() + word.dropFirst() }
  private static func capitalizingFirst(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
}
