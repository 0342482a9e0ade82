import Foundation

/// The one place the decode pipeline reads JSON: a value of a parsed document (read through the structural index,
/// with nothing decoded that a decoder does not ask for) or of a `JSON` tree (read directly).
///
/// Every decoder in `Pipeline/` reads through these members only, so moving to another cursor changes this file.
enum PipelineValue {
  case document(JSONDocument.Value)
  case tree(JSON)

  var kind: JSON.Kind {
    switch self {
    case .document(let value): value.kind
    case .tree(let json): json.kind
    }
  }

  var isNull: Bool {
    switch self {
    case .document(let value): value.isNull
    case .tree(let json): json.isNull
    }
  }

  /// Where the value starts in the document's text; `nil` for a tree.
  var byteOffset: Int? {
    switch self {
    case .document(let value): value.byteOffset
    case .tree: nil
    }
  }

  /// The member named `key` (the last one when it is repeated), or `nil` when this is not an object or lacks it.
  func member(_ key: String) -> PipelineValue? {
    switch self {
    case .document(let value): value[key].map(PipelineValue.document)
    case .tree(let json):
      if case .object(let object) = json, let member = object[key] { .tree(member) } else { nil }
    }
  }

  /// The element at `position`, or `nil` when this is not an array or the position is out of range.
  func element(_ position: Int) -> PipelineValue? {
    switch self {
    case .document(let value): value[position].map(PipelineValue.document)
    case .tree(let json):
      if case .array(let elements) = json, elements.indices.contains(position) { .tree(elements[position]) } else {
        nil
      }
    }
  }

  /// The number of elements or members; `0` for a scalar.
  var count: Int {
    switch self {
    case .document(let value): value.count
    case .tree(let json): json.count
    }
  }

  /// The elements of an array, in order (empty for any other value).
  var elements: [PipelineValue] {
    switch self {
    case .document(let value): (value.arrayValue ?? []).map(PipelineValue.document)
    case .tree(let json): (json.arrayValue ?? []).map(PipelineValue.tree)
    }
  }

  /// The members of an object in document order (empty for any other value).
  var members: [(key: String, value: PipelineValue)] {
    switch self {
    case .document(let value): (value.members ?? []).map { ($0.key, .document($0.value)) }
    case .tree(let json):
      if case .object(let object) = json { object.map { ($0.key, .tree($0.value)) } } else { [] }
    }
  }

  var string: String? {
    switch self {
    case .document(let value): value.stringValue
    case .tree(let json): json.stringValue
    }
  }

  var bool: Bool? {
    switch self {
    case .document(let value): value.boolValue
    case .tree(let json): json.boolValue
    }
  }

  var number: JSONNumber? {
    switch self {
    case .document(let value): value.numberValue
    case .tree(let json): json.numberValue
    }
  }

  var double: Double? {
    switch self {
    case .document(let value): value.doubleValue
    case .tree(let json): json.doubleValue
    }
  }

  /// The exact integer value, or `nil` when this is not a whole number in `T`'s range (never through `Double`).
  func integer<T: FixedWidthInteger>() -> T? {
    if case .document(let value) = self, T.self == Int.self {
      // The cursor's own fast path reads small integers straight from the bytes.
      if let int = value.intValue { return T(exactly: int) }
    }
    return number.flatMap(T.readingExactly)
  }

  /// The value as a tree (what `.json` decodes to; a document value builds only its own subtree).
  func json() -> JSON {
    switch self {
    // A document parsed without error always builds its subtree.
    case .document(let value): (try? value.json()) ?? .null
    case .tree(let json): json
    }
  }

  /// The member `key`, or `nil` when this object lacks it; fails when this is not an object.
  func memberOfObject(_ key: String) throws(JSONDecodingError) -> PipelineValue? {
    guard kind == .object else { throw .mismatch("an object", self) }
    return member(key)
  }

  /// The value at `keyPath`, or why it is not there (the error's key path is relative to this value).
  func resolve(_ keyPath: JSONKeyPath) throws(JSONKeyPathError) -> PipelineValue {
    switch self {
    case .document(let value): .document(try value.resolve(keyPath))
    case .tree(let json): .tree(try json.resolve(keyPath))
    }
  }

  /// The value at `pointer`, or why it is not there.
  func resolve(_ pointer: JSONPointer) throws(JSONPointerError) -> PipelineValue {
    switch self {
    case .document(let value): .document(try value.resolve(pointer))
    case .tree(let json): .tree(try json.resolve(pointer))
    }
  }

  /// The value at `path` through the path engine: `.missing` when a key or an index is not there; a failure when
  /// a step meets a value it cannot enter.
  func lookUp(_ path: PipelinePath) throws(JSONDecodingError) -> PathLookup {
    switch path {
    case .invalid(let message): throw JSONDecodingError(.invalidPath(message), at: self)
    case .keyPath(let keyPath):
      do throws(JSONKeyPathError) { return .found(try resolve(keyPath)) } catch {
        let container = (try? resolve(error.keyPath)) ?? self
        var failure: JSONDecodingError
        switch error.kind {
        case .noValueForKey(let key): failure = JSONDecodingError(.missingKey(key), at: container)
        case .indexOutOfRange(let index, let count):
          failure = JSONDecodingError(.missingIndex(index, count: count), at: container)
        default:
          let step = keyPath.components.dropFirst(error.keyPath.components.count).first
          if case .index = step { failure = .mismatch("an array", container) } else {
            failure = .mismatch("an object", container)
          }
          throw failure.inside(error.keyPath)
        }
        return .missing(failure.inside(error.keyPath))
      }
    case .pointer(let pointer):
      do throws(JSONPointerError) { return .found(try resolve(pointer)) } catch {
        let reached = error.tokenIndex ?? 0
        let containerPointer = JSONPointer(tokens: Array(pointer.tokens.prefix(reached)))
        let container = (try? resolve(containerPointer)) ?? self
        let at = PipelinePath.pointer(containerPointer).keyPath(in: self)
        let failure: JSONDecodingError
        switch error.kind {
        case .keyNotFound(let key): failure = JSONDecodingError(.missingKey(key), at: container)
        case .indexOutOfRange(let index, let count):
          failure = JSONDecodingError(.missingIndex(index, count: count), at: container)
        case .pastTheEnd(let count): failure = JSONDecodingError(.missingIndex(count, count: count), at: container)
        case .notAContainer: throw JSONDecodingError.mismatch("an object or an array", container).inside(at)
        default: throw JSONDecodingError(.failure(error.description), at: container).inside(at)
        }
        return .missing(failure.inside(at))
      }
    }
  }

  /// How the value reads in an error message: scalars as JSON text (long strings shortened), containers by kind.
  var found: String {
    switch kind {
    case .null: return "null"
    case .bool: return bool == true ? "true" : "false"
    case .number: return number?.description ?? "a number"
    case .string:
      var text = string ?? ""
      if text.unicodeScalars.count > 40 { text = String(text.unicodeScalars.prefix(37)) + "..." }
      return JSON.string(text).description
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
