/// The hypermedia formats Parsnip expands, and how a document's format is told from its shape.
public enum HypermediaFormat: String, Sendable, Hashable, CaseIterable {
  /// JSON Templates Expander documents (``JSONTemplates``): a top-level `links` of `collection.field` templates.
  case jsonTemplates = "jte"
  /// JSON:API 1.1 documents (``JSONAPI``): a top-level `data`.
  case jsonAPI = "jsonapi"

  /// The default budget of an expansion's output, in bytes of its compact JSON text: 64 MiB
  /// (``JSONAPI/FlattenOptions/maximumOutputSize``, ``JSONTemplates/Options/maximumOutputSize``, and the whole
  /// output of `parsnip uri-template`).
  public static var defaultMaximumOutputSize: Int { 1 << 26 }

  /// The format of a document: JSON:API when it has a top-level `data`, JSON Templates Expander when its top-level
  /// `links` is an object with a `collection.field` key; otherwise `nil`.
  /// - Parameter document: The document.
  public static func detect(_ document: JSON) -> HypermediaFormat? { detect(node: document) }

  /// The format of a document read with ``JSONDocument``, as ``detect(_:)-(JSON)`` tells it from its tree.
  /// - Parameter document: A parsed document.
  /// - Returns: The format, or `nil` when the document has neither shape.
  public static func detect(_ document: JSONDocument) -> HypermediaFormat? {
    withExtendedLifetime(document) { detect(node: document.root.node) }
  }

  private static func detect(node document: some JSONNode) -> HypermediaFormat? {
    guard document.kind == .object else { return nil }
    if document.member("data") != nil { return .jsonAPI }
    guard let links = document.member("links"), links.kind == .object else { return nil }
    var dotted = false
    links.forEachKey { key, count, _ in
      if !dotted, UnsafeBufferPointer(start: key, count: count).contains(UInt8(ascii: ".")) { dotted = true }
    }
    return dotted ? .jsonTemplates : nil
  }
}
