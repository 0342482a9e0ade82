/// The naming rules of codegen: JSON keys to Swift property, case and type names, plurals to singulars.
///
/// Every rule is a pure function of its input, so the same samples always give the same names.
package enum SwiftNaming {
  /// Swift keywords, written in backticks when used as a property or case name.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    "as", "false", "is", "nil", "super", "throws", "true", "try", "await", "async", "any", "some", "consume",
    "borrowing", "consuming", "package", "each", "repeat",
  ]

  // The names the generated code declares or uses itself, one table per kind of scope a generated name goes
  // into. A name in a table is never given: `UniqueNames` appends `Value` to it (a type name may first take its
  // parent's name in front). Keep each table in step with what `SwiftEmitter` writes in that scope.

  /// Type names, at the top level of the file: the standard library, Foundation and Parsnip types the code names
  /// (a generated type of that name would shadow them), the modules, the type-like keywords, and the emitter's
  /// own nested types (`CodingKeys`, `DiscriminatorKey`: a variant type of that name, named inside its union,
  /// would be the nested type). The root's name and `<Root>Coding` are added per file.
  static let reservedTypeNames: Set<String> = [
    "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys", "Data", "Date",
    "Decimal", "Decodable", "Decoder", "DecodingError", "Dictionary", "DiscriminatorKey", "Double", "Encodable",
    "Encoder", "EncodingError", "Equatable", "Error", "FallbackDecodable", "Float", "Foundation", "Hashable",
    "Hasher", "Int", "JSON", "JSONDecoder", "JSONEncoder", "JSONModel", "JSONNumber", "JSONObject", "Never",
    "Optional", "Parsnip", "ParsnipDecoder", "ParsnipEncoder", "Protocol", "Result", "Self", "Sendable", "Set",
    "String", "Swift", "Type", "URL", "UnknownFallback", "Void",
  ]

  /// Member names, inside a struct or class: its stored properties and the `CodingKeys` cases that mirror them.
  /// Names that even backticks do not make declarable (`self`, `init`, `Type`, ...), what `Codable`, `Hashable`,
  /// `CodingKey` and `RawRepresentable` declare beside them (`hashValue`, `stringValue`, `encode`, ...), and the
  /// emitter's own names there (`hasher`, the parameter of a class's `hash(into:)`).
  static let reservedMemberNames: Set<String> = [
    "self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_", "hashValue", "rawValue", "stringValue",
    "intValue", "description", "debugDescription", "allCases", "encode", "hash", "hasher",
  ]

  /// Enum case names, of `String`-backed enums and of unions: the member names, and `fallback`, the static
  /// property a `String`-backed enum declares beside its cases (``FallbackDecodable``).
  static let reservedCaseNames: Set<String> = reservedMemberNames.union(["fallback"])

  /// Why `name` cannot name the root type as it is, or `nil` when it can: it must be an ASCII uppercase letter, then
  /// ASCII letters, digits or `_` (as every generated type name is, so that no member shares it), and not a name
  /// of ``reservedTypeNames``.
  package static func rootNameProblem(_ name: String) -> String? {
    let bytes = name.utf8
    guard let first = bytes.first, isUpper(first),
      bytes.allSatisfy({ isLetter($0) || $0.isDigit || $0 == UInt8(ascii: "_") })
    else { return "expected a Swift type name: an uppercase letter, then letters, digits or '_'" }
    if reservedTypeNames.contains(name) { return "the generated code uses '\(name)' itself" }
    return nil
  }

  /// The root type's name: `name` when ``rootNameProblem(_:)`` has none, else a type name made from it as from a
  /// key, with `Value` appended while it is reserved (`user` → `User`, `Hasher` → `HasherValue`).
  static func rootTypeName(_ name: String) -> String {
    guard rootNameProblem(name) != nil else { return name }
    var root = typeName(name)
    while reservedTypeNames.contains(root) { root += "Value" }
    return root
  }

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

  /// A type name from a key: `shop_owner` → `ShopOwner`, `2fa` → `Value2fa`; keys with no letter or digit give
  /// `Value`. Type names always start with an uppercase letter and member names never do, so a type and a member
  /// (a union's case `_2fa` and its payload type) never share a name.
  static func typeName(_ key: String) -> String {
    let parts = words(key)
    guard !parts.isEmpty else { return "Value" }
    let name = parts.map(capitalizingFirst).joined()
    return name.utf8.first!.isDigit ? "Value" + name : name
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
    if n > 4,
      lower.hasSuffix("sses") || lower.hasSuffix("xes") || lower.hasSuffix("ches") || lower.hasSuffix("shes")
        || lower.hasSuffix("zzes") || lower.hasSuffix("uses")
    {
      return keepingCase(String(lower.dropLast(2)))
    }
    if n > 2, lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is") {
      return keepingCase(String(lower.dropLast()))
    }
    return word
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

  /// Makes names unique within one scope, in the order they are asked for: the second `id` is `id2`; a name of the
  /// scope's reserved table gets `Value` appended (`self` → `selfValue`).
  ///
  /// Each name remembers the next number to try, so that many names that want the same name cost time linear in
  /// their number, not quadratic.
  struct UniqueNames {
    /// The scope's reserved names (one of the tables above, plus what a file adds).
    let reserved: Set<String>
    private(set) var taken: Set<String> = []
    /// The next number to try for a name already given.
    private var nextNumber: [String: Int] = [:]

    init(reserved: Set<String> = []) { self.reserved = reserved }

    /// Whether `name` can still be given as it is.
    func isFree(_ name: String) -> Bool { !taken.contains(name) && !reserved.contains(name) }

    /// `name` (with `Value` appended while it is reserved), or that numbered `2`, `3`, ... when it is taken.
    mutating func claim(_ name: String) -> String {
      var base = name
      while reserved.contains(base) { base += "Value" }
      var candidate = base
      if taken.contains(base) {
        var n = nextNumber[base] ?? 2
        candidate = base + String(n)
        while !isFree(candidate) {
          n += 1
          candidate = base + String(n)
        }
        nextNumber[base] = n + 1
      }
      taken.insert(candidate)
      return candidate
    }

    /// The first of `candidates` that is free, else the last one as ``claim(_:)`` gives it.
    mutating func claim(preferring candidates: [String]) -> String {
      if let free = candidates.first(where: isFree) {
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
