/// JSON:API 1.1 documents both ways: ``flatten(_:options:)-(JSON,_)`` turns a compound document into nested resources to
/// build models from, ``build(_:options:)`` turns nested resources into a compound document.
///
/// A flattened resource keeps `type` and `id` (or `lid`), has its `attributes` lifted into it, and each
/// relationship replaced by the related resource (itself flattened), an array of them, or `null`. A resource's
/// `meta` and `links` are kept as `_meta` and `_links`; a relationship's `links` and `meta` as
/// `_relationships.NAME.links` and `.meta` (a relationship with no `data` appears only there). A resource included
/// once is embedded wherever it is referenced.
///
/// Rules for what is not resolved:
/// - a relationship whose resource is neither included nor primary data becomes its `{type, id}` identifier, or,
///   with ``FlattenOptions/Unresolved/null``, `null` (to-one) or is left out of its array (to-many);
/// - with an include list, relationships it does not name become identifiers;
/// - cycles: without an include list, a resource already being flattened on the path from the primary resource
///   (A → B → A) is written as its identifier; an include list is followed as written, through cycles
///   (`author.articles.author`), since its paths end;
/// - every resource deeper than ``FlattenOptions/maximumDepth`` relationships is written as its identifier.
///
/// An attribute or relationship named `type` or `id` is an error (JSON:API's "Fields"), with its pointer.
///
/// Budget: ``FlattenOptions/maximumOutputSize``, in bytes of the result's compact JSON text, counting a resource
/// referenced from several places each time. A depth that the thread's stack cannot hold (a raised
/// ``FlattenOptions/maximumDepth``) is an error (``JSONAPIError/Kind/nestingTooDeep(depth:)``), never a crash.
///
/// ```swift
/// let document = try JSON(parsing: #"""
///   {"data": {"type": "articles", "id": "1", "attributes": {"title": "Hi"},
///             "relationships": {"author": {"data": {"type": "people", "id": "9"}}}},
///    "included": [{"type": "people", "id": "9", "attributes": {"name": "Dan"}}]}
///   """#)
/// try JSONAPI.flatten(document)["data"]
/// // → {"type": "articles", "id": "1", "title": "Hi", "author": {"type": "people", "id": "9", "name": "Dan"}}
/// ```
public enum JSONAPI {
  /// How ``JSONAPI/flatten(_:options:)-(JSON,_)`` resolves relationships.
  public struct FlattenOptions: Sendable, Hashable {
    /// What a relationship to a resource that is not in the document becomes.
    public enum Unresolved: Sendable, Hashable {
      /// Its `{type, id}` identifier (the default).
      case identifier
      /// `null` for a to-one relationship; left out of a to-many relationship's array.
      case null
    }

    /// The relationships to resolve, or `nil` to resolve everything included.
    public var include: JSONAPIIncludePaths?
    /// What an unresolved relationship becomes.
    public var unresolved: Unresolved
    /// The deepest relationship level resolved; deeper resources are identifiers. Default 32.
    public var maximumDepth: Int
    /// The budget of the result, in bytes of its compact JSON text (``JSON/WritingOptions/compact``), whatever
    /// layout it is then written in.
    /// Default ``HypermediaFormat/defaultMaximumOutputSize`` (64 MiB).
    public var maximumOutputSize: Int

    /// Creates options.
    /// - Parameters:
    ///   - include: The relationships to resolve, or `nil` for everything included.
    ///   - unresolved: What a relationship to a resource not in the document becomes.
    ///   - maximumDepth: The deepest relationship level resolved.
    ///   - maximumOutputSize: The budget of the result, in bytes.
    public init(
      include: JSONAPIIncludePaths? = nil, unresolved: Unresolved = .identifier, maximumDepth: Int = 32,
      maximumOutputSize: Int = HypermediaFormat.defaultMaximumOutputSize
    ) {
      self.include = include
      self.unresolved = unresolved
      self.maximumDepth = maximumDepth
      self.maximumOutputSize = maximumOutputSize
    }
  }

  /// How ``JSONAPI/build(_:options:)`` tells relationships from attributes.
  public struct BuildOptions: Sendable, Hashable {
    /// The member names that are relationships, or `nil` for every member holding a resource (an object with
    /// string `type` and `id`) or a non-empty array of them. Named members may also hold `null` or `[]`.
    public var relationships: Set<String>?

    /// Creates options.
    /// - Parameter relationships: The relationship names, or `nil` to recognise resources by their shape.
    public init(relationships: Set<String>? = nil) { self.relationships = relationships }
  }

  /// Flattens a compound document.
  /// - Parameters:
  ///   - document: A JSON:API document with `data`.
  ///   - options: What to resolve.
  /// - Returns: The document with `data` flattened and without `included` (`meta`, `links`, `jsonapi` stay).
  /// - Throws: ``JSONAPIError`` with the pointer of the first violation of the spec.
  public static func flatten(_ document: JSON, options: FlattenOptions = FlattenOptions()) throws(JSONAPIError) -> JSON
  {
    var flattening = JSONAPIFlattening(
      document, options: options, output: JSONAPITreeOutput<JSON>(measuring: options.maximumOutputSize != .max))
    try flattening.run()
    return flattening.output.last
  }

  /// Flattens a compound document read with ``JSONDocument``: the same result as flattening its tree, without
  /// building the input tree (only the output is allocated), the fastest way from text.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"data": {"type": "a", "id": "1", "attributes": {"n": 2}}}"#)
  /// try JSONAPI.flatten(document)["data"]   // → {"type": "a", "id": "1", "n": 2}
  /// ```
  /// - Parameters:
  ///   - document: A JSON:API document with `data`.
  ///   - options: What to resolve.
  /// - Returns: The document with `data` flattened and without `included` (`meta`, `links`, `jsonapi` stay).
  /// - Throws: ``JSONAPIError`` with the pointer of the first violation of the spec.
  public static func flatten(
    _ document: JSONDocument, options: FlattenOptions = FlattenOptions()
  ) throws(JSONAPIError) -> JSON {
    // The nodes do not retain the document: this function keeps it.
    defer { withExtendedLifetime(document) {} }
    var flattening = JSONAPIFlattening(
      document.root.node, options: options,
      output: JSONAPITreeOutput<TapeNode>(measuring: options.maximumOutputSize != .max))
    try flattening.run()
    return flattening.output.last
  }

  /// Flattens a compound document read with ``JSONDocument`` straight into JSON text, building neither an input
  /// nor an output tree: the same bytes as writing the result of ``flatten(_:options:)-(JSONDocument,_)`` with
  /// `writing`, several times faster, the way `parsnip expand` writes JSON:API.
  ///
  /// ```swift
  /// let document = try JSONDocument(parsing: #"{"data": {"type": "a", "id": "1", "attributes": {"n": 2}}}"#)
  /// try JSONAPI.flattenedBytes(document)   // → the UTF-8 of {"data":{"type":"a","id":"1","n":2}}
  /// ```
  ///
  /// Sorted keys, canonical output, escaped slashes and ASCII-only output, and the rare documents whose text could come out differently from the
  /// tree's (a key repeated inside a value copied from the input, a member of the result named twice such as an
  /// attribute named like a relationship), are flattened into a tree and written from it: the bytes are always the
  /// tree's.
  /// - Parameters:
  ///   - document: A JSON:API document with `data`.
  ///   - options: What to resolve.
  ///   - writing: The layout (default ``JSON/WritingOptions/compact``).
  /// - Returns: The UTF-8 text of the flattened document, with no trailing newline.
  /// - Throws: ``JSONAPIError`` with the pointer of the first violation of the spec; ``JSONWritingError`` for a
  ///   result that cannot be written (a JSON5 `NaN` or `Infinity`, nesting deeper than
  ///   ``JSON/WritingOptions/maximumDepth``).
  public static func flattenedBytes(
    _ document: JSONDocument, options: FlattenOptions = FlattenOptions(), writing: JSON.WritingOptions = .compact
  ) throws -> [UInt8] {
    let configuration = JSONWriter.Configuration(writing)
    // Escaped slashes and non-ASCII would count in the text's budget but not in the tree's: through the tree.
    if configuration.keyOrder == .stored, !configuration.escapesSlashes, !configuration.asciiOnly {
      let capacity = document.byteCount + document.byteCount / 2
      let output = JSONAPITextOutput(configuration: configuration, capacity: capacity)
      // The nodes do not retain the document: this function keeps it.
      defer { withExtendedLifetime(document) {} }
      var flattening = JSONAPIFlattening(document.root.node, options: options, output: output)
      defer { flattening.output.release() }
      do {
        try flattening.run()
      } catch  where !flattening.output.needsTree {
        throw error
      } catch {
        // The text gave up before the error: the tree below meets the same error, or the right one.
      }
      if !flattening.output.needsTree { return flattening.output.bytes() }
    }
    return try flatten(document, options: options).bytes(options: writing)
  }

  /// Builds a compound document from nested resources, the inverse of ``flatten(_:options:)-(JSON,_)``.
  ///
  /// Every copy of a resource is read: copies that agree are merged (members found in only one are kept), copies
  /// whose common members differ are an error naming both places. Nested resources deeper than the thread's stack
  /// holds are an error (``JSONAPIError/Kind/nestingTooDeep(depth:)``).
  /// - Parameters:
  ///   - resources: A flattened resource (an object with `type` and `id`), an array of them, `null`, or a whole
  ///     flattened document as ``flatten(_:options:)-(JSON,_)`` returns it (an object with `data` that is not a
  ///     resource: its other members, such as `meta`, `links` and `jsonapi`, are kept).
  ///   - options: Which members are relationships.
  /// - Returns: `{"data": ..., "included": [...]}`, `included` de-duplicated and left out when empty.
  /// - Throws: ``JSONAPIError`` for a resource without a string `type` and `id`, or two copies of a resource that
  ///   differ (``JSONAPIError/Kind/conflictingResource(type:id:first:)``).
  public static func build(_ resources: JSON, options: BuildOptions = BuildOptions()) throws(JSONAPIError) -> JSON {
    var building = JSONAPIBuilding(options: options)
    return try building.run(resources)
  }
}
