import Foundation
import Testing

@testable import Parsnip

/// The kit of the reader seam tests (`Tests/ParsnipTests/Seams/`): one text read through each reader from each
/// input (the text, a `JSONDocument`, a value inside one, a `JSON` tree), every answer compared with the one the
/// documented rule gives, and known disagreements marked by name so that the suite stays green and says which.
enum ReaderSeams {
  /// A JSON value as its compact text, compared by bytes: `String ==` would merge canonically equivalent keys
  /// (`"é"` and `"e\u{301}"`), and `JSON ==` ignores member order, both of which the seams must see.
  struct Written: Equatable, CustomStringConvertible {
    var bytes: [UInt8]
    init(_ json: JSON) { bytes = (try? json.bytes()) ?? Array("<unwritable \(json.kind)>".utf8) }
    init(text: String) throws { self.init(try JSON(parsing: text)) }
    var description: String { String(decoding: bytes, as: UTF8.self) }
  }

  /// One member of an object as a reader lists it; keys compared by their bytes.
  struct Member: Equatable, CustomStringConvertible {
    var key: [UInt8]
    var value: Written
    init(_ key: String, _ value: JSON) {
      self.key = Array(key.utf8)
      self.value = Written(value)
    }
    var description: String { "\(String(decoding: key, as: UTF8.self))=\(value)" }
  }

  /// The members of a tree object in order.
  static func members(of json: JSON) -> [Member] {
    json.objectValue?.members.map { Member($0.key, $0.value) } ?? []
  }

  /// What a reader gave: a value, or the kind of its failure (the parse error's kind wherever the failure is one,
  /// whichever error type carries it, so that every reader's "nesting too deep" reads alike).
  enum Outcome<Value: Equatable>: Equatable, CustomStringConvertible {
    case value(Value)
    case failure(String)

    static func of(_ body: () throws -> Value) -> Self {
      do { return .value(try body()) } catch { return .failure(ReaderSeams.kind(of: error)) }
    }

    static func of<E: Error>(_ result: Result<Value, E>) -> Self {
      of { try result.get() }
    }

    var description: String {
      switch self {
      case .value(let value): "\(value)"
      case .failure(let kind): "failure \(kind)"
      }
    }

    var isFailure: Bool { if case .failure = self { true } else { false } }
  }

  /// A short name for an error's kind: `parse.nestingTooDeep`, `keyPath.…`, `decoding.typeMismatch`, ….
  static func kind(of error: any Error) -> String {
    switch error {
    case let error as JSONParseError:
      return "parse.\(error.kind)"
    case let error as JSONDecodingError:
      if case .invalidJSON(let parse) = error.kind { return "parse.\(parse.kind)" }
      return "pipeline.\(caseName(error.kind))"
    case let error as JSONKeyPathError:
      return "keyPath.\(caseName(error.kind))"
    case let error as JSONPointerError:
      return "pointer.\(caseName(error.kind))"
    case let error as DecodingError:
      let context: DecodingError.Context? =
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): c
        @unknown default: nil
        }
      if let parse = context?.underlyingError as? JSONParseError { return "parse.\(parse.kind)" }
      return "decoding.\(caseName(error))"
    default:
      return "\(type(of: error)).\(caseName(error))"
    }
  }

  /// The case name of an enum value (`typeMismatch` of `typeMismatch(expected: …)`).
  private static func caseName(_ value: Any) -> String {
    String(String(describing: value).prefix { $0 != "(" })
  }

  /// One reading: which reader, from which input, and how it reads.
  struct Reading<Value: Equatable> {
    var reader: String
    var input: Input
    var read: () throws -> Value

    init(_ reader: String, _ input: Input, _ read: @escaping () throws -> Value) {
      self.reader = reader
      self.input = input
      self.read = read
    }

    var name: String { "\(reader) from \(input.rawValue)" }
  }

  /// Where a reader reads from.
  enum Input: String {
    case text = "text"
    case bytes = "bytes"
    case data = "Data"
    case document = "a JSONDocument"
    case valueInDocument = "a value inside a JSONDocument"
    case tree = "a JSON tree"
  }

  /// Expects each reading to give `expected`.
  static func expect<Value: Equatable>(
    _ readings: [Reading<Value>], give expected: Outcome<Value>, case name: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    for reading in readings {
      expect(reading, case: name, sourceLocation: sourceLocation) { $0 == expected }
    }
  }

  /// Expects every reading of `text` to give what the same reading of `reference` gives.
  static func expect<Value: Equatable>(
    _ readings: (String) throws -> [Reading<Value>], of text: String, toMatch reference: String, case name: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    for (reading, wanted) in zip(try readings(text), try readings(reference)) {
      let expected = Outcome.of(wanted.read)
      expect(reading, case: name, sourceLocation: sourceLocation) { $0 == expected }
    }
  }

  /// Expects each reading to fail, whatever the error.
  static func expect<Value: Equatable>(
    _ readings: [Reading<Value>], toFail name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    for reading in readings {
      expect(reading, case: name, sourceLocation: sourceLocation) { $0.isFailure }
    }
  }

  /// Expects `reading`'s outcome to pass `check`, naming the case, the reader and the input when it does not.
  static func expect<Value: Equatable>(
    _ reading: Reading<Value>, case name: String, sourceLocation: Testing.SourceLocation,
    _ check: (Outcome<Value>) -> Bool
  ) {
    let outcome = Outcome.of(reading.read)
    let id = "\(name): \(reading.name)"
    #expect(check(outcome), "\(id) gave \(outcome)", sourceLocation: sourceLocation)
  }

  /// `text` as the inputs of a seam: its bytes, its document and its tree (the tree and document under `options`).
  struct Inputs {
    let text: String
    let bytes: [UInt8]
    let document: JSONDocument
    let tree: JSON

    init(_ text: String, options: JSON.ParsingOptions = .default) throws {
      self.text = text
      bytes = Array(text.utf8)
      document = try JSONDocument(parsing: bytes, options: options)
      tree = try JSON(parsing: bytes, options: options)
    }
  }

  /// A pipeline decoder that reads the value at `keyPath` with `leaf`, through `.field` and `.index`.
  static func pipeline<Value>(at keyPath: JSONKeyPath, _ leaf: JSONDecoding<Value>) -> JSONDecoding<Value> {
    keyPath.components.reversed().reduce(leaf) { inner, component in
      switch component {
      case .key(let key): .field(key, inner)
      case .index(let index): .index(index, inner)
      }
    }
  }
}

/// Every JSON value, decoded through `Decodable` keyed and unkeyed containers (never `JSON`'s own fast path), so
/// that Codable's rule for repeated keys shows at every level; `Sendable` for the pipeline's `.codable`.
indirect enum CodableValue: Decodable, Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([CodableValue])
  case object([String: CodableValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([CodableValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: CodableValue].self))
    }
  }
}
