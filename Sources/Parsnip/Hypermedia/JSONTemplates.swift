/// JSON Templates Expander: expands documents of the early JSON API "URL-based" format — a top-level `links` object
/// of URL templates and compound documents — into nested objects to build models from.
///
/// Each key of the top-level `links` is `collection.field`; its value is a URI template, or an object with the
/// template as `href` and the linked collection's name as `type`. For each resource (an object) of the top-level
/// array `collection`:
/// - the template is expanded (RFC 6570, every operator works) with `{collection.NAME}` taking the resource's
///   member `NAME`, except `{collection.field}` — the linked field itself — which takes each linked id in turn;
/// - when the resource's own `links` has `field` holding an id or a list of ids, `field` becomes the linked
///   resource (to-one) or an array of them (to-many), each taken from the top-level collection named by `type`
///   (else by `field`) with its own `href`; an id no resource of that collection has gives an `href`-only object,
///   and `null` stays `null`;
/// - otherwise `field` becomes `{"href": ...}`.
///
/// The resource's `links` object is consumed (entries with no template keep their raw ids under their name), and
/// the top-level `links` and every linked collection without links of its own are left out of the result. Other
/// top-level members stay.
///
/// Nested collections: a linked resource whose own collection has templates is embedded expanded, recursively; a
/// resource met again on its own path (a cycle) is embedded as its collection holds it, unexpanded, which ends the
/// recursion. A chain of linked resources deeper than ``Options/maximumDepth`` (or than the thread's stack holds) is
/// an error at the resource reached. A collection named in `links` that the document lacks is ignored.
///
/// Errors name the JSON Pointer of the fault: a template naming a field the resource lacks names the resource by
/// collection and index (`/posts/0`). Budget: ``Options/maximumOutputSize`` bytes.
///
/// ```swift
/// let document = try JSON(parsing: #"""
///   {"links": {"posts.comments": "http://example.com/posts/{posts.id}/comments"},
///    "posts": [{"id": "1", "title": "Rails is Omakase"}]}
///   """#)
/// try JSONTemplates.expand(document)
/// // → {"posts": [{"id": "1", "title": "Rails is Omakase",
/// //               "comments": {"href": "http://example.com/posts/1/comments"}}]}
/// ```
public enum JSONTemplates {
  /// Limits of an expansion.
  public struct Options: Sendable, Hashable {
    /// The budget of the whole result, in bytes of its compact JSON text (embedded copies count each time).
    /// Default ``HypermediaFormat/defaultMaximumOutputSize`` (64 MiB).
    public var maximumOutputSize: Int
    /// The budget of each expanded `href`, in bytes. Default ``URITemplate/defaultMaximumLength``.
    public var maximumHrefLength: Int
    /// The most linked resources embedded inside one another (a resource in a top-level collection is at depth
    /// 0); deeper is ``JSONTemplatesError/Kind/nestingTooDeep(depth:)``. Default 32.
    public var maximumDepth: Int

    /// Creates options.
    /// - Parameters:
    ///   - maximumOutputSize: The budget of the result, in bytes.
    ///   - maximumHrefLength: The budget of each `href`, in bytes.
    ///   - maximumDepth: The most linked resources embedded inside one another.
    public init(
      maximumOutputSize: Int = HypermediaFormat.defaultMaximumOutputSize,
      maximumHrefLength: Int = URITemplate.defaultMaximumLength, maximumDepth: Int = 32
    ) {
      self.maximumOutputSize = maximumOutputSize
      self.maximumHrefLength = maximumHrefLength
      self.maximumDepth = maximumDepth
    }
  }

  /// Expands a document.
  /// - Parameters:
  ///   - document: The document, with a top-level `links` object.
  ///   - options: Budgets.
  /// - Returns: The document with its collections expanded.
  /// - Throws: ``JSONTemplatesError`` with the pointer of the fault.
  public static func expand(_ document: JSON, options: Options = Options()) throws(JSONTemplatesError) -> JSON {
    var expansion = try JSONTemplatesExpansion(document, options: options)
    return try expansion.run()
  }

  /// Expands a document read with ``JSONDocument``, without building its tree: only the values written become
  /// trees. The result is the same as expanding the document's tree.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"links": {"posts.author": "/people/{posts.author}"}, "posts": [{"id": "1", "author": "9"}]}"#)
  /// try JSONTemplates.expand(document)["posts"][0]["author"]   // → {"href": "/people/9"}
  /// ```
  /// - Parameters:
  ///   - document: The document, with a top-level `links` object.
  ///   - options: Budgets.
  /// - Returns: The document with its collections expanded.
  /// - Throws: ``JSONTemplatesError`` with the pointer of the fault.
  public static func expand(
    _ document: JSONDocument, options: Options = Options()
  ) throws(JSONTemplatesError) -> JSON {
    // Tape nodes do not retain the document: this function keeps it.
    try withExtendedLifetime(document) { () throws(JSONTemplatesError) -> JSON in
      var expansion = try JSONTemplatesExpansion(document.root.node, options: options)
      return try expansion.run()
    }
  }
}
