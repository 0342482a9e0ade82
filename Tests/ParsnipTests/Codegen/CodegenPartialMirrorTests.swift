import Foundation
import Testing

@testable import Parsnip

/// `partialMirrors`: the text of the mirrors. That they compile (Swift 6, warnings as errors) and that snapshots
/// of prefixes decode into them is checked by `scripts/codegen-roundtrip.sh`.
@Suite struct CodegenPartialMirrorTests {
  let samples: [JSON] = [
    ["user_id": 1, "name": "Ada", "owner": ["id": 2, "tags": ["x"]], "items": [["sku": "k"]]],
    ["user_id": 2, "name": "Bob", "owner": ["id": 3, "tags": []], "items": []],
  ]

  @Test func everyObjectTypeGetsAMirrorOfOptionals() {
    let code = codegen(samples, .init(partialMirrors: true))
    let mirror = declaration("struct RootPartial", in: code)
    #expect(mirror.hasPrefix("struct RootPartial: Codable, Sendable, Hashable {\n  var userId: Int?\n"))
    #expect(mirror.contains("  var items: [ItemPartial]?\n"))
    #expect(mirror.contains("  var owner: OwnerPartial?\n"))
    #expect(mirror.contains("  var userId: Int?\n"))
    #expect(mirror.contains("    case userId = \"user_id\"\n"))
    #expect(mirror.contains("    owner = try? container.decodeIfPresent(OwnerPartial.self, forKey: .owner)\n"))
    #expect(mirror.contains("    userId: Int? = nil,\n"))
    #expect(declaration("struct OwnerPartial", in: code).contains("  var tags: [String]?\n"))
    // Each mirror follows its model.
    let root = code.range(of: "struct Root:")!.lowerBound
    let rootMirror = code.range(of: "struct RootPartial:")!.lowerBound
    #expect(root < rootMirror)
    #expect(!codegen(samples).contains("Partial"))
  }

  @Test func mirrorsOfClassesAreSendableStructs() {
    let code = codegen(
      samples, .init(declaration: .finalClass, usesVar: true, accessLevel: .public, partialMirrors: true))
    #expect(code.contains("public final class Root: Codable, Hashable {"))
    #expect(
      code.contains("public struct RootPartial: Codable, Sendable, Hashable {\n  public var userId: Int?\n"))
    #expect(code.contains("  public init(from decoder: any Decoder) throws {\n"))
  }

  @Test func aUnionsMirrorHoldsTheVariantItsDiscriminatorNames() {
    let code = codegen([["type": "a", "x": 1], ["type": "b", "y": "s"]], .init(partialMirrors: true))
    let mirror = declaration("struct RootPartial", in: code)
    #expect(mirror.contains("  var a: APartial?\n  var b: BPartial?\n"))
    #expect(
      mirror.contains("    switch try? container.decode(String.self, forKey: .discriminator) {\n    case \"a\"?:\n"))
  }

  @Test func aRootArrayGetsAnAliasAndNamesDoNotCollide() {
    let code = codegen([[["a": 1]], [["a": 2]]], .init(partialMirrors: true))
    #expect(code.contains("typealias RootPartial = [RootElementPartial]"))
    let colliding = codegen([["root_partial": ["x": 1]]], .init(partialMirrors: true))
    #expect(colliding.contains("struct RootPartial: Codable"))
    #expect(colliding.contains("struct RootPartialMirror: Codable"))
  }

  /// The mirror's behaviour, written by hand as generated: members that are missing or cut short read as nil.
  struct Owner: Decodable, Equatable {
    var id: Int?
    var since: Date?
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try? container.decodeIfPresent(Int.self, forKey: .id)
      since = try? container.decodeIfPresent(Date.self, forKey: .since)
    }
    enum CodingKeys: String, CodingKey { case id, since }
  }

  @Test func aMirrorDecodesEverySnapshot() throws {
    let text = Array(#"{"id": 12, "since": "2015-03-25T15:49:10Z"}"#.utf8)
    let decoder = ParsnipDecoder()
    decoder.dateDecodingStrategy = .iso8601
    for end in 1...text.count {
      var partial = PartialJSON(mode: .trailingStrings)
      try partial.append(text[..<end])
      let owner = try partial.decode(Owner.self, using: decoder)
      // The date shows once its text is whole (in trailing-strings mode, before its closing quote arrives).
      #expect((owner.since != nil) == (end >= text.count - 2), "\(end)")
    }
  }
}
