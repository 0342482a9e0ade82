import Foundation
import Testing

@testable import Parsnip

/// Decodes the same input with Foundation's `JSONDecoder` and `ParsnipDecoder` and compares the outcomes.
enum DecoderOracle {
  /// The shape of an outcome: the value, or the error's case and coding path.
  enum Outcome<T: Equatable>: Equatable, CustomStringConvertible {
    case value(T)
    case error(kind: String, path: [String])

    var description: String {
      switch self {
      case .value(let value): "value \(value)"
      case .error(let kind, let path): "\(kind) at \(path)"
      }
    }
  }

  static func outcome<T: Equatable>(_ body: () throws -> T) -> Outcome<T> {
    do {
      return .value(try body())
    } catch let error as DecodingError {
      switch error {
      case .typeMismatch(_, let c): return .error(kind: "typeMismatch", path: c.codingPath.map(\.stringValue))
      case .valueNotFound(_, let c): return .error(kind: "valueNotFound", path: c.codingPath.map(\.stringValue))
      case .keyNotFound(let key, let c):
        return .error(kind: "keyNotFound", path: c.codingPath.map(\.stringValue) + [key.stringValue])
      case .dataCorrupted(let c): return .error(kind: "dataCorrupted", path: c.codingPath.map(\.stringValue))
      @unknown default: return .error(kind: "unknown", path: [])
      }
    } catch {
      return .error(kind: "other: \(error)", path: [])
    }
  }

  /// Expects both decoders to produce the same value, or the same kind of error at the same coding path.
  ///
  /// Foundation reports number range errors without a coding path ("The given data was not valid JSON"); Parsnip
  /// keeps the path, so for `dataCorrupted` only the kind is compared when Foundation's path is empty.
  static func expectSame<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String,
    foundation configureFoundation: (JSONDecoder) -> Void = { _ in },
    parsnip configureParsnip: (ParsnipDecoder) -> Void = { _ in },
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let foundation = JSONDecoder()
    configureFoundation(foundation)
    let parsnip = ParsnipDecoder()
    configureParsnip(parsnip)
    let data = Data(json.utf8)
    let expected = outcome { try foundation.decode(T.self, from: data) }
    let actual = outcome { try parsnip.decode(T.self, from: data) }
    if case .error("dataCorrupted", []) = expected, case .error("dataCorrupted", _) = actual { return }
    #expect(actual == expected, "input: \(json)", sourceLocation: sourceLocation)
  }
}
