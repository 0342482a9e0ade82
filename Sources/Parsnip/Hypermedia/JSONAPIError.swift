/// A document that breaks JSON:API 1.1, or one that cannot be flattened or built, with the JSON Pointer of the fault.
///
/// ```swift
/// let document: JSON = ["data": ["type": "articles", "id": "1"], "included": [["type": "people"]]]
/// do { _ = try JSONAPI.flatten(document) } catch {
///   print(error)  // → /included/0: a resource object needs 'id'
/// }
/// ```
public struct JSONAPIError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// A value that must be an object (the document, a resource, `attributes`, `relationships`, a relationship, an
    /// identifier) is not one.
    case notAnObject(found: JSON.Kind)
    /// The document has no `data` to flatten.
    case missingData
    /// `data` is neither an object, an array nor `null`.
    case invalidData(found: JSON.Kind)
    /// `included` is not an array.
    case invalidIncluded(found: JSON.Kind)
    /// A resource or identifier lacks `type` or `id` (a `lid` stands in for `id`).
    case missingMember(String)
    /// `type`, `id` or `lid` is not a string.
    case memberNotAString(String, found: JSON.Kind)
    /// A second resource object with the same `type` and `id`; `first` is where the first one is.
    case duplicateResource(type: String, id: String, first: JSONPointer)
    /// A relationship with none of `data`, `links` and `meta`.
    case emptyRelationship
    /// A relationship's `data` that is not `null`, an identifier or an array of identifiers.
    case invalidLinkage(found: JSON.Kind)
    /// An include list that is not comma-separated dotted relationship names (`author,comments.author`).
    case invalidIncludePath(String)
    /// The flattened document grew past ``JSONAPI/FlattenOptions/maximumOutputSize`` bytes.
    case outputTooLarge(limit: Int)
    /// An attribute or relationship named `type` or `id` (or `lid`, in a resource identified by its `lid`), which
    /// JSON:API forbids ("Fields") and which would replace the resource's identity when flattened.
    case reservedFieldName(String)
    /// Relationships resolved `depth` levels deep, more than the thread's stack holds (a raised
    /// ``JSONAPI/FlattenOptions/maximumDepth``); also nested resources to build that deep.
    case nestingTooDeep(depth: Int)
    /// ``JSONAPI/build(_:options:)``: a second copy of a resource whose members differ from the first's; `first` is
    /// where the first copy has the member that differs.
    case conflictingResource(type: String, id: String, first: JSONPointer)
  }

  /// What went wrong.
  public var kind: Kind
  /// Where; the root for an include list.
  public var pointer: JSONPointer

  /// Creates an error.
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - pointer: Where.
  public init(_ kind: Kind, at pointer: JSONPointer) {
    self.kind = kind
    self.pointer = pointer
  }

  /// `POINTER: MESSAGE`, the pointer written `/` for the whole document.
  public var description: String { "\(pointer.isRoot ? "/" : Excerpt.abbreviated(pointer.description)): \(message)" }

  /// The message without the pointer.
  public var message: String {
    switch kind {
    case .notAnObject(let found): "expected an object, found \(found)"
    case .missingData: "a JSON:API document to flatten needs 'data'"
    case .invalidData(let found): "'data' must be an object, an array or null, found \(found)"
    case .invalidIncluded(let found): "'included' must be an array, found \(found)"
    case .missingMember(let name): "a resource object needs '\(name)'"
    case .memberNotAString(let name, let found): "'\(name)' must be a string, found \(found)"
    case .duplicateResource(let type, let id, let first):
      "resource (\(Excerpt.abbreviated(type)), \(Excerpt.abbreviated(id))) appears twice (first at \(Excerpt.abbreviated(first.description)))"
    case .emptyRelationship: "a relationship needs 'data', 'links' or 'meta'"
    case .invalidLinkage(let found):
      "relationship 'data' must be null, an identifier or an array of them, found \(found)"
    case .invalidIncludePath(let text):
      "invalid include list '\(Excerpt.abbreviated(text))' (comma-separated dotted relationship names)"
    case .outputTooLarge(let limit): "flattened document larger than \(limit) bytes"
    case .reservedFieldName(let name): "a resource cannot have a field named '\(name)' (JSON:API 'Fields')"
    case .nestingTooDeep(let depth): "resources nested \(depth) deep, more than the thread's stack holds"
    case .conflictingResource(let type, let id, let first):
      "resource (\(Excerpt.abbreviated(type)), \(Excerpt.abbreviated(id))) differs from its copy at \(Excerpt.abbreviated(first.description))"
    }
  }
}
