// Partial mirrors (`Options.partialMirrors`): beside each object type, a struct whose every member is optional and
// reads as `nil` when it is not there yet or does not decode yet (a date or URL cut short), so that a snapshot of a
// document still streaming (`PartialJSON`) always decodes. Members of generated object types are their mirrors. A
// discriminated union's mirror is a struct with one optional member per variant, set once the discriminator has
// arrived; `String` enums are used as they are.

/// The names and `Sendable` conformances of the mirrors.
struct PartialMirrors {
  /// For each declaration: its mirror's name, or `nil` for `String` enums, which have none.
  let names: [String?]
  let sendable: [Bool]

  init(_ emitter: SwiftEmitter) {
    let declarations = emitter.declarations
    var taken = Set(declarations.map(\.name))
    names = declarations.map { declaration in
      switch declaration.kind {
      case .structure, .alias, .union:
        var name = declaration.name + "Partial"
        while taken.contains(name) { name += "Mirror" }
        taken.insert(name)
        return name
      case .stringEnum: return nil
      }
    }
    var sendable = emitter.sendable
    if emitter.options.conformances.contains(.sendable) {
      // A mirror is a struct of optionals: `Sendable` when every type it holds is, mirrors decided by rank.
      for index in declarations.indices.sorted(by: { declarations[$0].rank < declarations[$1].rank }) {
        switch declarations[index].kind {
        case .structure(let properties):
          sendable[index] = properties.allSatisfy { Self.holdsOnlySendable($0.type, sendable) }
        case .union(_, let variants):
          sendable[index] = variants.allSatisfy { sendable[$0.payload] }
        case .stringEnum, .alias: break
        }
      }
    }
    self.sendable = sendable
  }

  private static func holdsOnlySendable(_ type: SwiftTypeReference, _ sendable: [Bool]) -> Bool {
    switch type {
    case .declared(let index): sendable[index]
    case .array(let t), .dictionary(let t), .optional(let t): holdsOnlySendable(t, sendable)
    default: true
    }
  }
}

extension SwiftEmitter {
  /// The type a mirror member has: declared object types become their mirrors.
  private func partialName(of type: SwiftTypeReference, _ mirrors: PartialMirrors) -> String {
    switch type {
    case .declared(let index): mirrors.names[index] ?? name(of: type)
    case .array(let element): "[\(partialName(of: element, mirrors))]"
    case .dictionary(let value): "[String: \(partialName(of: value, mirrors))]"
    case .optional(let wrapped): partialName(of: wrapped, mirrors) + "?"
    default: name(of: type)
    }
  }

  mutating func emitPartialMirror(of index: Int, _ mirrors: PartialMirrors) {
    guard let mirror = mirrors.names[index] else { return }
    let model = declarations[index].name
    switch declarations[index].kind {
    case .alias(let type):
      line("")
      line("/// `\(model)` while it streams.")
      line("\(access)typealias \(mirror) = \(partialName(of: type, mirrors))")
    case .structure(let properties):
      var list = ["Codable"]
      if mirrors.sendable[index] { list.append("Sendable") }
      if options.conformances.contains(.hashable) {
        list.append("Hashable")
      } else if options.conformances.contains(.equatable) {
        list.append("Equatable")
      }
      line("")
      line("/// `\(model)` while it streams: every member optional, `nil` until it is there and decodes.")
      line("\(access)struct \(mirror): \(list.joined(separator: ", ")) {")
      for property in properties {
        line("  \(access)var \(SwiftNaming.escaped(property.name)): \(memberType(property, mirrors))?")
      }
      guard !properties.isEmpty else {
        line("}")
        return
      }
      line("")
      line("  enum CodingKeys: String, CodingKey {")
      for property in properties {
        let raw = property.name == property.key ? "" : " = \(SwiftNaming.stringLiteral(property.key))"
        line("    case \(SwiftNaming.escaped(property.name))\(raw)")
      }
      line("  }")
      // The memberwise initializer, which declaring `init(from:)` in the type takes away. (Not in an extension:
      // generated code may be pasted inside another type.)
      line("")
      line("  \(access)init(")
      for (k, property) in properties.enumerated() {
        let comma = k == properties.count - 1 ? "" : ","
        line("    \(SwiftNaming.escaped(property.name)): \(memberType(property, mirrors))? = nil\(comma)")
      }
      line("  ) {")
      for property in properties {
        let name = SwiftNaming.escaped(property.name)
        line("    self.\(name) = \(name)")
      }
      line("  }")
      line("")
      line("  \(access)init(from decoder: any Decoder) throws {")
      line("    let container = try decoder.container(keyedBy: CodingKeys.self)")
      for property in properties {
        let name = SwiftNaming.escaped(property.name)
        line("    \(name) = try? container.decodeIfPresent(\(memberType(property, mirrors)).self, forKey: .\(name))")
      }
      line("  }")
      line("}")
    case .union(let discriminator, let variants):
      emitPartialUnion(mirror, of: model, discriminator, variants, mirrors, sendable: mirrors.sendable[index])
    case .stringEnum:
      break
    }
  }

  private mutating func emitPartialUnion(
    _ mirror: String, of model: String, _ discriminator: String, _ variants: [SwiftDeclaration.Variant],
    _ mirrors: PartialMirrors, sendable: Bool
  ) {
    var list = ["Codable"]
    if sendable { list.append("Sendable") }
    if options.conformances.contains(.hashable) {
      list.append("Hashable")
    } else if options.conformances.contains(.equatable) {
      list.append("Equatable")
    }
    line("")
    line("/// `\(model)` while it streams: the variant its discriminator names, once that has arrived.")
    line("\(access)struct \(mirror): \(list.joined(separator: ", ")) {")
    for variant in variants {
      let type = mirrors.names[variant.payload] ?? declarations[variant.payload].name
      line("  \(access)var \(SwiftNaming.escaped(variant.name)): \(type)?")
    }
    line("")
    line("  private enum DiscriminatorKey: String, CodingKey {")
    line("    case discriminator = \(SwiftNaming.stringLiteral(discriminator))")
    line("  }")
    line("")
    line("  \(access)init(from decoder: any Decoder) throws {")
    line("    let container = try decoder.container(keyedBy: DiscriminatorKey.self)")
    line("    switch try? container.decode(String.self, forKey: .discriminator) {")
    for variant in variants {
      let type = mirrors.names[variant.payload] ?? declarations[variant.payload].name
      line("    case \(SwiftNaming.stringLiteral(variant.value))?:")
      line("      \(SwiftNaming.escaped(variant.name)) = try? \(type)(from: decoder)")
    }
    line("    default: break")
    line("    }")
    line("  }")
    line("}")
  }

  private func memberType(_ property: SwiftDeclaration.Property, _ mirrors: PartialMirrors) -> String {
    partialName(of: property.type.unwrapped, mirrors)
  }
}
