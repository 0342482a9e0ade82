import Foundation
import Testing

@testable import Parsnip
@testable import ParsnipCLI

/// Names codegen makes never clash with the names the generated code declares or uses itself (one reserved table
/// per kind of scope), and `Sendable` is declared only where everything held is `Sendable`. The property test
/// that type-checks the output for hostile keys is `scripts/codegen-hostile-names.py` (it needs swiftc).
@Suite struct CodegenReservedNamesTests {
  /// Twelve objects whose `s` member takes each of `values` in turn (enough for a `String`-backed enum).
  static func enumSamples(_ values: [String]) -> [JSON] {
    (0..<12).map { i in ["s": .string(values[i % values.count])] }
  }

  @Test func anEnumValueNamedFallbackIsNotTheStaticFallback() {
    let code = declaration("enum S", in: codegen(Self.enumSamples(["fallback", "unknown", "a"])))
    #expect(code.contains("  case a\n  case fallbackValue = \"fallback\"\n  case unknown\n"))
    #expect(code.contains("  case unknownValue\n"))
    #expect(code.contains("static var fallback: S { .unknownValue }"))
    #expect(!code.contains("case fallback\n"))
  }

  @Test func aNameMadeByAppendingValueIsCheckedAgain() {
    // `hash` is reserved; `hashValue`, what appending `Value` gives, is reserved too.
    let code = codegen([["hash": 1, "hashValue": 2, "rawValue": 3]])
    #expect(code.contains("  let hashValueValue: Int\n  let hashValueValue2: Int\n  let rawValueValue: Int\n"))
    #expect(code.contains("    case hashValueValue = \"hash\"\n    case hashValueValue2 = \"hashValue\"\n"))
  }

  @Test func aClassMemberNamedHasherIsNotTheHashParameter() {
    let code = codegen([["hasher": 1, "lhs": 2]], .init(declaration: .finalClass))
    #expect(code.contains("  let hasherValue: Int\n  let lhs: Int\n"))
    #expect(
      code.contains(
        "  func hash(into hasher: inout Hasher) {\n    hasher.combine(hasherValue)\n    hasher.combine(lhs)\n  }"))
  }

  @Test func typesNamedLikeTheTypesTheCodeUsesAreRenamed() throws {
    let sample = try JSON(
      parsing: #"""
        {"DecodingError": {"a": 1}, "DiscriminatorKey": {"b": 1}, "Hasher": {"c": 1},
         "events": [{"type": "DiscriminatorKey", "x": 1}, {"type": "DecodingError", "y": "s"}]}
        """#)
    let code = codegen([sample])
    #expect(code.contains("  let decodingError: RootDecodingError\n"))
    #expect(code.contains("  let discriminatorKey: RootDiscriminatorKey\n"))
    #expect(code.contains("  let hasherValue: RootHasher\n"))
    // The variants' types are not the union's nested `DiscriminatorKey` nor Swift's `DecodingError`.
    let union = declaration("enum Event:", in: code)
    #expect(
      union.contains("  case decodingError(EventDecodingError)\n  case discriminatorKey(EventDiscriminatorKey)\n"))
    #expect(union.contains("      throw DecodingError.dataCorruptedError("))
    for reserved in ["DecodingError", "DiscriminatorKey", "Hasher"] {
      #expect(!code.contains("struct \(reserved):"))
    }
  }

  @Test func keysThatStartWithADigitGiveTypesThatNoMemberIsNamed() {
    #expect(SwiftNaming.typeName("2fa") == "Value2fa")
    #expect(SwiftNaming.propertyName("2fa") == "_2fa")
    let code = codegen([["items": [["kind": "42", "a": 1], ["kind": "7", "b": "x"]]]])
    let union = declaration("enum Item:", in: code)
    #expect(union.contains("  case _42(Value42)\n  case _7(Value7)\n"))
    #expect(union.contains("      self = ._42(try Value42(from: decoder))\n"))
  }

  @Test func sendableOnlyWhereEverythingHeldIsSendable() throws {
    let events = try String(contentsOfFile: CLI.example("events.jsonl"), encoding: .utf8)
      .split(separator: "\n").map { try JSON(parsing: String($0)) }
    // Mutable classes are not Sendable, so neither is the union that holds them.
    let classes = codegen(events, .init(declaration: .finalClass, usesVar: true))
    #expect(classes.contains("enum Root: Hashable, Codable {"))
    #expect(classes.contains("final class Push: Codable, Hashable {"))
    #expect(!classes.contains("Sendable"))
    // Structs (and classes with only `let` members) are.
    #expect(codegen(events).contains("enum Root: Sendable, Hashable, Codable {"))
    #expect(
      codegen(events, .init(declaration: .finalClass)).contains("final class Push: Codable, Sendable, Hashable {"))
    // An `@UnknownFallback` member is a `var`: that class is not Sendable, nor is the class holding it.
    let statuses = (0..<12).map { i -> JSON in ["user": ["status": .string(["on", "off"][i % 2])]] }
    let fallback = codegen(statuses, .init(declaration: .finalClass))
    #expect(fallback.contains("final class Root: Codable, Hashable {"))
    #expect(fallback.contains("final class User: Codable, Hashable {"))
    #expect(fallback.contains("enum Status: String, Sendable, Hashable, Codable, FallbackDecodable {"))
  }

  @Test func rootNamesAreCheckedAndMadeUsable() throws {
    #expect(SwiftNaming.rootNameProblem("User") == nil)
    #expect(SwiftNaming.rootNameProblem("A_b2") == nil)
    for name in ["Hasher", "DecodingError", "CodingKeys", "String", "user", "2fa", "", "A-b", "Été"] {
      #expect(SwiftNaming.rootNameProblem(name) != nil, "\(name)")
    }
    let code = codegen([["a": 1]], .init(rootName: "Hasher"))
    #expect(code.contains("struct HasherValue: Codable"))
    #expect(code.contains("enum HasherValueCoding {"))
    #expect(codegen([["a": 1]], .init(rootName: "user profile")).contains("struct UserProfile: Codable"))
    let refused = try CLI.both(["codegen", "--name", "Hasher"], stdin: "{}")
    #expect(refused.status == 2)
    #expect(
      refused.stderr.hasPrefix("parsnip: error: invalid type name 'Hasher' (the generated code uses 'Hasher' itself)"))
    #expect(try CLI.both(["codegen", "--name", "user"], stdin: "{}").status == 2)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // Duration, ContinuousClock
  @Test func manyNamesWantingTheSameNameAreNumberedInLinearTime() {
    var names = SwiftNaming.UniqueNames(reserved: SwiftNaming.reservedTypeNames)
    let started = ContinuousClock.now
    let given = (0..<40_000).map { _ in names.claim(preferring: ["Item", "RootItem"]) }
    // A probe from 2 for each name took 40 000² / 2 set lookups: many seconds in a debug build.
    #expect(ContinuousClock.now - started < .seconds(5))
    #expect(given.prefix(4) == ["Item", "RootItem", "RootItem2", "RootItem3"])
    #expect(given.last == "RootItem39999")
    #expect(Set(given).count == given.count)
    // A name given outright is skipped by the numbering.
    var mixed = SwiftNaming.UniqueNames()
    #expect(["id", "id2", "id", "id", "self"].map { mixed.claim($0) } == ["id", "id2", "id3", "id4", "self"])
  }
}
