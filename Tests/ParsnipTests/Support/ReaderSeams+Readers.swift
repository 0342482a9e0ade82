import Foundation
import Testing

@testable import Parsnip

/// The catalogue of readers for the seam tests: for each kind of answer, every reader above the cursor that gives
/// it, from each input it takes. A reader added to Parsnip belongs here, so that every seam test reads with it.
extension ReaderSeams {

  /// `text` inside a bigger document, `{"w": [0, text]}`, and the path there.
  static func wrapped(_ text: String) throws -> (inputs: Inputs, inside: JSONDocument.Value, at: JSONKeyPath) {
    let inputs = try Inputs(#"{"w": [0, "# + text + "]}")
    return (inputs, inputs.document.root["w"]![1]!, JSONKeyPath(components: [.key("w"), .index(1)]))
  }

  /// Every reader of the value at `keyPath`, as the list of values it finds (none, or one).
  static func lookups(at keyPath: JSONKeyPath) -> (String) throws -> [Reading<[Written]>] {
    { text in
      let inputs = try Inputs(text)
      let (outer, inside, prefix) = try wrapped(text)
      let throughPrefix = prefix.appending(keyPath)
      let pointer = JSONPointer(keyPath)
      let query = try JSONPath(keyPath.normalizedPath)
      func found(_ json: JSON?) -> [Written] { json.map { [Written($0)] } ?? [] }
      func found(_ value: JSONDocument.Value?) -> [Written] { found(value?.json()) }
      func subscripted(_ value: JSONDocument.Value) -> JSONDocument.Value? {
        keyPath.components.reduce(value) { value, component in
          switch component {
          case .key(let key): value?[key]
          case .index(let index): value?[index]
          }
        }
      }
      let fieldDecoder = pipeline(at: keyPath, .json)
      let required = decode { (json: JSON) in json } |> .requiredAt(keyPath, .json)
      return [
        Reading("key path value(at:)", .tree) { found(inputs.tree.value(at: keyPath)) },
        Reading("key path value(at:)", .document) { found(inputs.document.root.value(at: keyPath)) },
        Reading("key path value(at:)", .valueInDocument) { found(inside.value(at: keyPath)) },
        Reading("key path resolve", .tree) { [Written(try inputs.tree.resolve(keyPath))] },
        Reading("key path resolve", .document) { [Written(try inputs.document.root.resolve(keyPath).json())] },
        Reading("key path resolve", .valueInDocument) { [Written(try inside.resolve(keyPath).json())] },
        Reading("key path JSON.value(at:inText:)", .bytes) { found(try JSON.value(at: keyPath, inText: inputs.bytes)) },
        Reading("key path JSON.value(at:inText:) through a bigger document", .bytes) {
          found(try JSON.value(at: throughPrefix, inText: outer.bytes))
        },
        Reading("pointer value(at:)", .tree) { found(inputs.tree.value(at: pointer)) },
        Reading("pointer value(at:)", .document) { found(inputs.document.root.value(at: pointer)) },
        Reading("pointer value(at:)", .valueInDocument) { found(inside.value(at: pointer)) },
        Reading("pointer resolve", .tree) { [Written(try inputs.tree.resolve(pointer))] },
        Reading("pointer resolve", .document) { [Written(try inputs.document.root.resolve(pointer).json())] },
        Reading("pointer JSON.value(at:inText:)", .bytes) { found(try JSON.value(at: pointer, inText: inputs.bytes)) },
        Reading("pointer JSON.value(at:inText:) through a bigger document", .bytes) {
          found(try JSON.value(at: JSONPointer(throughPrefix), inText: outer.bytes))
        },
        Reading("JSONPath values(in:)", .tree) { try query.values(in: inputs.tree).map(Written.init) },
        Reading("JSONPath values(in:)", .document) { try query.values(in: inputs.document).map(Written.init) },
        Reading("JSONPath values(matching:)", .document) {
          try inputs.document.values(matching: keyPath.normalizedPath).map(Written.init)
        },
        Reading("subscripts", .document) { found(subscripted(inputs.document.root)) },
        Reading("subscripts", .valueInDocument) { found(subscripted(inside)) },
        Reading("value(at:as: JSON.self)", .tree) { [Written(try inputs.tree.value(at: keyPath, as: JSON.self))] },
        Reading("value(at:as: JSON.self)", .document) {
          [Written(try inputs.document.root.value(at: keyPath, as: JSON.self))]
        },
        Reading("value(at:as: JSON.self)", .valueInDocument) {
          [Written(try inside.value(at: keyPath, as: JSON.self))]
        },
        Reading("pipeline .field/.index", .text) { [Written(try decodeJSON(text, with: fieldDecoder).get())] },
        Reading("pipeline .field/.index", .bytes) { [Written(try decodeJSON(inputs.bytes, with: fieldDecoder).get())] },
        Reading("pipeline .field/.index", .data) {
          [Written(try decodeJSON(Data(text.utf8), with: fieldDecoder).get())]
        },
        Reading("pipeline .field/.index", .document) {
          [Written(try decodeJSON(inputs.document, with: fieldDecoder).get())]
        },
        Reading("pipeline .field/.index", .valueInDocument) {
          [Written(try decodeJSON(outer.document, with: pipeline(at: throughPrefix, .json)).get())]
        },
        Reading("pipeline .field/.index", .tree) { [Written(try decodeJSON(inputs.tree, with: fieldDecoder).get())] },
        Reading("pipeline requiredAt", .text) { [Written(try decodeJSON(text, with: required).get())] },
        Reading("pipeline requiredAt", .document) { [Written(try decodeJSON(inputs.document, with: required).get())] },
        Reading("pipeline requiredAt", .tree) { [Written(try decodeJSON(inputs.tree, with: required).get())] },
      ]
    }
  }

  /// Every reader of a whole object's members, in the order it gives them.
  static func memberLists(_ text: String) throws -> [Reading<[Member]>] {
    let inputs = try Inputs(text)
    let (outer, inside, prefix) = try wrapped(text)
    func listed(_ value: JSONDocument.Value) throws -> [Member] {
      guard let members = value.members else { throw ReaderSeamFailure.notAnObject }
      return members.map { Member($0.key, $0.value.json()) }
    }
    func pairs(_ result: Result<[(key: String, value: JSON)], JSONDecodingError>) throws -> [Member] {
      try result.get().map { Member($0.key, $0.value) }
    }
    let keyValuePairs = JSONDecoding.keyValuePairs(.json)
    return [
      Reading("JSON(parsing:)", .tree) { members(of: inputs.tree) },
      Reading("JSONDocument.Value.json()", .document) { members(of: inputs.document.root.json()) },
      Reading("JSONDocument.Value.json()", .valueInDocument) { members(of: inside.json()) },
      Reading("JSON.value(at: .root, inText:)", .bytes) {
        members(of: try JSON.value(at: JSONKeyPath.root, inText: inputs.bytes) ?? nil)
      },
      Reading("JSON.value(at:inText:) through a bigger document", .bytes) {
        members(of: try JSON.value(at: prefix, inText: outer.bytes) ?? nil)
      },
      Reading("JSONDocument.Value.members", .document) { try listed(inputs.document.root) },
      Reading("JSONDocument.Value.members", .valueInDocument) { try listed(inside) },
      Reading("value(at:as: JSONObject.self)", .tree) {
        members(of: .object(try inputs.tree.value(at: .root, as: JSONObject.self)))
      },
      Reading("value(at:as: JSONObject.self)", .document) {
        members(of: .object(try inputs.document.root.value(at: .root, as: JSONObject.self)))
      },
      Reading("pipeline .json", .text) { members(of: try decodeJSON(text, with: .json).get()) },
      Reading("pipeline .json", .document) { members(of: try decodeJSON(inputs.document, with: .json).get()) },
      Reading("pipeline .json", .tree) { members(of: try decodeJSON(inputs.tree, with: .json).get()) },
      Reading("pipeline .keyValuePairs(.json)", .text) { try pairs(decodeJSON(text, with: keyValuePairs)) },
      Reading("pipeline .keyValuePairs(.json)", .bytes) { try pairs(decodeJSON(inputs.bytes, with: keyValuePairs)) },
      Reading("pipeline .keyValuePairs(.json)", .document) {
        try pairs(decodeJSON(inputs.document, with: keyValuePairs))
      },
      Reading("pipeline .keyValuePairs(.json)", .valueInDocument) {
        try pairs(decodeJSON(outer.document, with: pipeline(at: prefix, keyValuePairs)))
      },
      Reading("pipeline .keyValuePairs(.json)", .tree) { try pairs(decodeJSON(inputs.tree, with: keyValuePairs)) },
      Reading("JSONPath $.* nodes(in:)", .tree) { try members(of: JSONPath("$.*").nodes(in: inputs.tree)) },
      Reading("JSONPath $.* nodes(in:)", .document) { try members(of: JSONPath("$.*").nodes(in: inputs.document)) },
    ]
  }

  /// The readers whose answer has no order (Swift dictionaries), sorted by key.
  static func unorderedMemberLists(_ text: String) throws -> [Reading<[Member]>] {
    let inputs = try Inputs(text)
    func sorted(_ dictionary: [String: JSON]) -> [Member] {
      dictionary.map { Member($0.key, $0.value) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }
    return [
      Reading("pipeline .dictionary(.json)", .text) { sorted(try decodeJSON(text, with: .dictionary(.json)).get()) },
      Reading("pipeline .dictionary(.json)", .document) {
        sorted(try decodeJSON(inputs.document, with: .dictionary(.json)).get())
      },
      Reading("pipeline .dictionary(.json)", .tree) {
        sorted(try decodeJSON(inputs.tree, with: .dictionary(.json)).get())
      },
      Reading("value(at:as: [String: JSON].self)", .tree) {
        sorted(try inputs.tree.value(at: .root, as: [String: JSON].self))
      },
      Reading("value(at:as: [String: JSON].self)", .document) {
        sorted(try inputs.document.root.value(at: .root, as: [String: JSON].self))
      },
    ]
  }

  /// Readers of how many members an object has.
  static func counts(_ text: String) throws -> [Reading<Int>] {
    let inputs = try Inputs(text)
    let (_, inside, _) = try wrapped(text)
    return [
      Reading("JSON.count", .tree) { inputs.tree.count },
      Reading("JSONDocument.Value.count", .document) { inputs.document.root.count },
      Reading("JSONDocument.Value.count", .valueInDocument) { inside.count },
      Reading("JSONPath $.* values(in:) count", .document) { try JSONPath("$.*").values(in: inputs.document).count },
    ]
  }

  /// Every Codable reader that reads the text itself (through a document or not): Foundation's rule.
  static func codableReadings(_ text: String) throws -> [Reading<CodableValue>] {
    let inputs = try Inputs(text)
    let (outer, inside, prefix) = try wrapped(text)
    let decoder = ParsnipDecoder()
    return [
      Reading("ParsnipDecoder.decode", .data) { try decoder.decode(CodableValue.self, from: Data(text.utf8)) },
      Reading("ParsnipDecoder.decode", .text) { try decoder.decode(CodableValue.self, from: text) },
      Reading("ParsnipDecoder.decode", .bytes) { try decoder.decode(CodableValue.self, from: inputs.bytes) },
      Reading("ParsnipDecoder.decode(_:from:at:)", .text) {
        try decoder.decode(CodableValue.self, from: outer.text, at: prefix)
      },
      Reading("value(at:as:using:)", .document) {
        try inputs.document.root.value(at: .root, as: CodableValue.self, using: decoder)
      },
      Reading("value(at:as:using:)", .valueInDocument) { try inside.value(at: .root, as: CodableValue.self) },
      Reading("value(at:as:using:) at a key path", .document) {
        try outer.document.root.value(at: prefix, as: CodableValue.self, using: decoder)
      },
      Reading("pipeline .codable", .text) { try decodeJSON(text, with: .codable(CodableValue.self)).get() },
      Reading("pipeline .codable", .document) {
        try decodeJSON(inputs.document, with: .codable(CodableValue.self)).get()
      },
      Reading("pipeline .codable", .valueInDocument) {
        try decodeJSON(outer.document, with: pipeline(at: prefix, .codable(CodableValue.self))).get()
      },
    ]
  }

  /// The Codable readers of a tree: the tree keeps one value per key (the last), so they can only read that.
  static func codableTreeReadings(_ text: String) throws -> [Reading<CodableValue>] {
    let tree = try JSON(parsing: text)
    return [
      Reading("ParsnipDecoder.decode", .tree) { try ParsnipDecoder().decode(CodableValue.self, from: tree) },
      Reading("value(at:as:using:)", .tree) { try tree.value(at: .root, as: CodableValue.self) },
      Reading("pipeline .codable", .tree) { try decodeJSON(tree, with: .codable(CodableValue.self)).get() },
    ]
  }

  static func members(of nodes: [JSONPath.Node]) throws -> [Member] {
    try nodes.map { node in
      guard case .name(let key) = node.path.elements.last else { throw ReaderSeamFailure.notAnObject }
      return Member(key, node.value)
    }
  }

  /// Expects every reading of `text` to give what the same reading of `reference` gives.
  static func templateReadings(_ text: String) throws -> [Reading<Written>] {
    let inputs = try Inputs(text)
    let (_, inside, _) = try wrapped(text)
    return [
      Reading("JSONTemplates.expand", .tree) { Written(try JSONTemplates.expand(inputs.tree)) },
      Reading("JSONTemplates.expand", .document) { Written(try JSONTemplates.expand(inputs.document.root.json())) },
      Reading("JSONTemplates.expand", .valueInDocument) { Written(try JSONTemplates.expand(inside.json())) },
    ]
  }

  /// A JSON:API model pair for ``jsonAPIDecodings(_:)``.
  struct Person: Decodable, Equatable {
    var id: String
    var name: String
  }

  struct Article: Decodable, Equatable {
    var id: String
    var title: String
    var author: Person
  }

  static func jsonAPIReadings(_ text: String) throws -> [Reading<Written>] {
    let inputs = try Inputs(text)
    return [
      Reading("JSONAPI.flatten", .tree) { Written(try JSONAPI.flatten(inputs.tree)) },
      Reading("JSONAPI.flatten", .document) { Written(try JSONAPI.flatten(inputs.document)) },
      Reading("JSONAPI.flattenedBytes", .document) {
        Written(try JSON(parsing: JSONAPI.flattenedBytes(inputs.document)))
      },
    ]
  }

  static func jsonAPIDecodings(_ text: String) throws -> [Reading<Article>] {
    let inputs = try Inputs(text)
    return [
      Reading("JSONAPI.decode", .bytes) { try JSONAPI.decode(Article.self, from: inputs.bytes) },
      Reading("JSONAPI.decode", .tree) { try JSONAPI.decode(Article.self, from: inputs.tree) },
    ]
  }

  static func jsonAPIBuildReadings(_ text: String) throws -> [Reading<Written>] {
    let inputs = try Inputs(text)
    return [
      Reading("JSONAPI.build", .tree) { Written(try JSONAPI.build(inputs.tree)) },
      Reading("JSONAPI.build", .document) { Written(try JSONAPI.build(inputs.document.root.json())) },
    ]
  }
}

/// A reading that found something other than what it reads.
enum ReaderSeamFailure: Error {
  case notAnObject
}
