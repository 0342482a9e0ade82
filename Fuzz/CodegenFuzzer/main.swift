// libFuzzer target for codegen's names. Built by `Fuzz/run.sh codegen` together with the Parsnip sources (one
// module, so internal types are visible); not part of the SwiftPM build.
//
// Each input is read as a little program that builds samples: member keys (taken whole from the input, so any
// bytes, repaired as UTF-8, or from a list of hostile keys), the kind of value under each (numbers, strings, nested
// objects, arrays of objects, `String`-backed enums whose values are keys, unions whose discriminator values are
// keys), and the generator's options (struct or class, `var`, JSONModel, access level, the root's name). Twelve
// samples are generated from it and the code written for them is checked, without compiling it:
// - every type, property and case name is an identifier (ASCII, `[A-Za-z_][A-Za-z0-9_]*`, not `_` alone); a name
//   that is a keyword is written in backticks wherever it is declared;
// - type names are unique in the file and none is `<Root>Coding`; property names are unique in their type, case
//   names in their enum; a `String`-backed enum's fallback case is none of its cases and none of its raw values;
// - no type name is a name the generated code uses itself: those are read from the code written for a fixed
//   reference sample under every option (`Codable`, `DecodingError`, `Hasher`, `CodingKeys`, `DiscriminatorKey`,
//   `Foundation`, ...), not taken from codegen's own tables;
// - no property or case is named what the code declares or uses in that scope itself (this target's own list, from
//   reading what the emitter writes: `hasher` in a class's `hash(into:)`, `fallback` beside a string enum's cases,
//   and what `Codable`, `Hashable`, `CodingKey` and `RawRepresentable` declare);
// - no type has the name of a property or a case (a union's case `_42` and its payload type `_42` clashed);
// - the same samples give the same code twice.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func codegenFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: size == 0 ? nil : UnsafeRawPointer(data), count: size)
  CodegenFuzzer.check(Array(input))
  return 0
}

enum CodegenFuzzer {
  /// Keys chosen to collide with Swift and with the generated code (an input byte picks one).
  static let hostileKeys = [
    "", "0", "42", "2fa", "_", "-", "`", "\"", "\\", "\n", "\u{1F600}", "é", "self", "Self", "init", "Type",
    "Protocol", "class", "default", "in", "hasher", "hash", "hashValue", "fallback", "unknown", "unknownValue",
    "rawValue", "description", "encode", "CodingKeys", "DecodingError", "DiscriminatorKey", "Hasher", "String",
    "Codable", "Root", "RootCoding", "JSON", "Foundation", "Swift", "Parsnip", "value", "Value", "type", "kind",
    "items", "data", "user_id", "userId", "user-id", "a b", "x.y", "Any", "subscript", "deinit", "allCases",
  ]

  /// Names that a property (or the `CodingKeys` case mirroring it) cannot take: what even backticks do not make
  /// declarable, what `Codable`, `Hashable`, `CodingKey` and `RawRepresentable` declare beside the properties, and
  /// the parameter of a class's `hash(into hasher:)`, in whose body the properties are named unqualified.
  static let memberScopeNames: Set<String> = [
    "self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_", "hashValue", "hash", "encode",
    "rawValue", "stringValue", "intValue", "description", "debugDescription", "allCases", "hasher",
  ]
  /// Names that a case cannot take: the member names, and `fallback`, declared beside a string enum's cases.
  static let caseScopeNames = memberScopeNames.union(["fallback"])

  /// Keywords (reserved in declarations; written in backticks when they name a property or a case).
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
    "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
    "while", "as", "false", "is", "nil", "super", "self", "Self", "throws", "true", "try", "Any", "await",
    "package", "consume", "each", "some", "any", "borrowing", "consuming",
  ]

  static let allOptions: [SwiftModelGenerator.Options] = {
    var all: [SwiftModelGenerator.Options] = []
    for declaration in [SwiftModelGenerator.Options.Declaration.struct, .finalClass] {
      for usesVar in [false, true] {
        for layer in [SwiftModelGenerator.Options.Layer.codable, .jsonModel] {
          for conformances in [SwiftModelGenerator.Options.Conformances([.sendable, .hashable]), [.equatable], []] {
            all.append(.init(declaration: declaration, usesVar: usesVar, layer: layer, conformances: conformances))
          }
        }
      }
    }
    return all
  }()

  /// The type names the generated code uses itself: every capitalized identifier of the code written for a
  /// reference sample (every construct, every option) that is not one of its declarations.
  static let usedTypeNames: Set<String> = {
    let reference: [JSON] = (0..<12).map { i in
      [
        "alpha_one": .number(JSONNumber(i)), "beta": .string(["on", "off"][i % 2]), "gamma": 1.5, "delta": true,
        "epsilon": "2015-03-25T15:49:10Z", "zeta": "https://example.com/z",
        "eta": .number(JSONNumber(text: "12345678901234567890")!),  // Decimal
        "eta_big": .number(JSONNumber(text: "1234567890123456789012345678901234567890")!),  // JSONNumber
        "theta": i % 2 == 0 ? 1 : "x", "iota": [["kappa": 1]],
        "events": [i % 2 == 0 ? ["type": "lambda", "mu": 1] : ["type": "nu", "xi": "s"]],
      ]
    }
    var names: Set<String> = []
    for options in allOptions {
      let generator = SwiftModelGenerator(options: options)
      for sample in reference { generator.add(sample) }
      let declared = Set(ShapeResolver.declarations(for: generator.shape, rootName: "Root").map(\.name))
      for token in identifiers(in: generator.source()) where token.utf8.first!.isUppercaseASCII {
        if !declared.contains(token) { names.insert(token) }
      }
    }
    names.remove("RootCoding")  // `<Root>Coding`: checked per input against its root.
    for expected in [
      "Codable", "DecodingError", "Hasher", "CodingKeys", "DiscriminatorKey", "FallbackDecodable",
      "UnknownFallback", "JSONModel", "Foundation", "Parsnip", "Decoder", "Date", "JSONNumber", "ParsnipDecoder",
    ]
    where !names.contains(expected) {
      fatalError("CodegenFuzzer: the reference code does not use \(expected); the reference sample is incomplete")
    }
    return names
  }()

  /// Identifiers outside comments and string literals.
  static func identifiers(in source: String) -> [String] {
    var tokens: [String] = []
    for line in source.split(separator: "\n") {
      let bytes = Array(line.utf8)
      var k = 0
      while k < bytes.count {
        let b = bytes[k]
        if b == UInt8(ascii: "/"), k + 1 < bytes.count, bytes[k + 1] == UInt8(ascii: "/") { break }
        if b == UInt8(ascii: "\"") {
          k += 1
          while k < bytes.count, bytes[k] != UInt8(ascii: "\"") { k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1 }
          k += 1
          continue
        }
        if b.isIdentifierHead {
          let start = k
          while k < bytes.count, bytes[k].isIdentifierHead || bytes[k].isDigit { k += 1 }
          tokens.append(String(decoding: bytes[start..<k], as: UTF8.self))
          continue
        }
        k += 1
      }
    }
    return tokens
  }

  // MARK: The input as a program

  struct Reader {
    let bytes: [UInt8]
    var position = 0
    var atEnd: Bool { position >= bytes.count }
    mutating func next() -> UInt8 {
      guard position < bytes.count else { return 0 }
      defer { position += 1 }
      return bytes[position]
    }
    /// A hostile key (even byte), or the next bytes as a key (odd byte: its length, then the bytes).
    mutating func key() -> String {
      let b = next()
      if b & 1 == 0 { return CodegenFuzzer.hostileKeys[Int(b >> 1) % CodegenFuzzer.hostileKeys.count] }
      let count = min(Int(b >> 1) % 24, bytes.count - min(position, bytes.count))
      defer { position += count }
      return String(decoding: bytes[position..<position + count], as: UTF8.self)
    }
  }

  indirect enum Place {
    case int, string, double, bool, nullOrInt
    case object([(String, Place, optional: Bool)])
    case array([(String, Place, optional: Bool)])
    case stringEnum([String])
    case union(discriminator: String, [(String, [(String, Place, optional: Bool)])])
  }

  static func members(_ reader: inout Reader, depth: Int) -> [(String, Place, optional: Bool)] {
    var result: [(String, Place, optional: Bool)] = []
    let count = Int(reader.next() % 6) + (depth == 0 ? 1 : 0)
    for _ in 0..<count where !reader.atEnd {
      let key = reader.key()
      let kind = reader.next()
      let place: Place
      switch depth < 3 ? kind % 10 : kind % 5 {
      case 0: place = .int
      case 1: place = .string
      case 2: place = .double
      case 3: place = .bool
      case 4: place = .nullOrInt
      case 5, 6: place = .object(members(&reader, depth: depth + 1))
      case 7: place = .array(members(&reader, depth: depth + 1))
      case 8: place = .stringEnum((0..<Int(reader.next() % 3 + 2)).map { _ in reader.key() })
      default:
        let discriminator = ["type", "kind", "event", "@type"][Int(reader.next() % 4)]
        place = .union(
          discriminator: discriminator,
          (0..<Int(reader.next() % 3 + 2)).map { _ in (reader.key(), members(&reader, depth: depth + 1)) })
      }
      result.append((key, place, optional: kind & 0x80 != 0))
    }
    return result
  }

  /// The `index`th object of a place: enum values and union variants cycle with it, optional members are
  /// missing from every third.
  static func object(_ members: [(String, Place, optional: Bool)], _ index: Int) -> JSON {
    var object = JSONObject()
    for (key, place, optional) in members where !(optional && index % 3 == 1) {
      object[key] = value(place, index)
    }
    return .object(object)
  }

  static func value(_ place: Place, _ index: Int) -> JSON {
    switch place {
    case .int: .number(JSONNumber(index))
    case .string: .string("text \(index)")
    case .double: .number(JSONNumber(Double(index) + 0.5))
    case .bool: .bool(index % 2 == 0)
    case .nullOrInt: index % 2 == 0 ? .null : .number(JSONNumber(index))
    case .object(let members): object(members, index)
    case .array(let members): .array([object(members, index), object(members, index + 1)])
    case .stringEnum(let values): .string(values[index % values.count])
    case .union(let discriminator, let variants):
      .array(
        variants.indices.map { k in
          let (value, members) = variants[(index + k) % variants.count]
          guard case .object(var item) = object(members, index) else { return .null }
          item["only " + value] = .number(JSONNumber(index))  // variants of distinct shapes
          item[discriminator] = .string(value)
          return .object(item)
        })
    }
  }

  // MARK: Checks

  static func check(_ input: [UInt8]) {
    var reader = Reader(bytes: input)
    var options = allOptions[Int(reader.next()) % allOptions.count]
    options.accessLevel = [.internal, .public, .package][Int(reader.next() % 3)]
    if reader.next() & 3 == 0 { options.rootName = reader.key() }
    let place = members(&reader, depth: 0)
    let samples = (0..<12).map { object(place, $0) }

    let generator = SwiftModelGenerator(options: options)
    for sample in samples { generator.add(sample) }
    let source = generator.source()
    guard SwiftModelGenerator.source(for: samples, options: options) == source else {
      fatalError("CodegenFuzzer: the same samples gave different code")
    }
    let rootName = SwiftNaming.rootTypeName(options.rootName)
    let declarations = ShapeResolver.declarations(for: generator.shape, rootName: rootName)
    check(declarations, rootName: rootName, source: source)
  }

  static func check(_ declarations: [SwiftDeclaration], rootName: String, source: String) {
    func fail(_ message: String) -> Never {
      fatalError("CodegenFuzzer: \(message)\n--- code ---\n\(source)")
    }
    guard declarations.first?.name == rootName else { fail("the root is not named \(rootName)") }
    var typeNames: Set<String> = [rootName + "Coding"]
    var memberNames: Set<String> = []
    for declaration in declarations {
      let name = declaration.name
      guard isIdentifier(name), name.utf8.first!.isUppercaseASCII else { fail("type name \(name) is not a type name") }
      guard typeNames.insert(name).inserted else { fail("type name \(name) is given twice, or is <Root>Coding") }
      guard !usedTypeNames.contains(name) else { fail("type name \(name) is used by the generated code itself") }
      switch declaration.kind {
      case .structure(let properties):
        var names: Set<String> = []
        for property in properties {
          checkMember(property.name, reserved: memberScopeNames, in: name, source: source, fail)
          guard names.insert(property.name).inserted else { fail("property \(property.name) twice in \(name)") }
          memberNames.insert(property.name)
        }
      case .stringEnum(let cases, let fallback):
        var names: Set<String> = []
        for item in cases + [.init(name: fallback, rawValue: fallback)] {
          checkMember(item.name, reserved: caseScopeNames, in: name, source: source, fail)
          guard names.insert(item.name).inserted else { fail("case \(item.name) twice in \(name)") }
          memberNames.insert(item.name)
        }
        if cases.contains(where: { $0.rawValue == fallback }) { fail("fallback \(fallback) is a raw value of \(name)") }
      case .union(_, let variants):
        var names: Set<String> = []
        for variant in variants {
          checkMember(variant.name, reserved: caseScopeNames, in: name, source: source, fail)
          guard names.insert(variant.name).inserted else { fail("case \(variant.name) twice in \(name)") }
          memberNames.insert(variant.name)
        }
      case .alias:
        break
      }
    }
    if let shared = typeNames.first(where: memberNames.contains) { fail("\(shared) names a type and a member") }
  }

  static func checkMember(
    _ name: String, reserved: Set<String>, in type: String, source: String, _ fail: (String) -> Never
  ) {
    guard isIdentifier(name) else { fail("member \(name) of \(type) is not an identifier") }
    guard !reserved.contains(name) else { fail("member \(name) of \(type) is a name the code uses there itself") }
    if keywords.contains(name) {
      for declared in ["let \(name):", "var \(name):", "case \(name)\n", "case \(name) ", "case \(name)("]
      where source.contains(declared) {
        fail("keyword \(name) of \(type) is declared without backticks")
      }
    }
  }

  static func isIdentifier(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, first.isIdentifierHead, name != "_" else { return false }
    return bytes.allSatisfy { $0.isIdentifierHead || $0.isDigit }
  }
}

extension UInt8 {
  fileprivate var isUppercaseASCII: Bool { self &- UInt8(ascii: "A") < 26 }
  fileprivate var isIdentifierHead: Bool {
    self &- UInt8(ascii: "A") < 26 || self &- UInt8(ascii: "a") < 26 || self == UInt8(ascii: "_")
  }
}
