/// A JSON Templates Expander document that cannot expand, with the JSON Pointer of the fault.
///
/// ```swift
/// let document: JSON = ["links": ["posts.author": "/people/{posts.writer}"], "posts": [["id": "1"]]]
/// do { _ = try JSONTemplates.expand(document) } catch {
///   print(error)  // → /posts/0: template '/people/{posts.writer}' names 'writer', which the resource lacks
/// }
/// ```
public struct JSONTemplatesError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// The document, or the top-level `links`, is not an object.
    case notAnObject(found: JSON.Kind)
    /// A `links` key that is not `collection.field`.
    case invalidLinkKey(String)
    /// A link that is neither a template string nor an object with a string `href` (and a string `type`, if any).
    case invalidLink
    /// A link's template is not a valid RFC 6570 template.
    case invalidTemplate(URITemplateError)
    /// A collection with links that is not an array, or a resource of it that is not an object.
    case notAResource(found: JSON.Kind)
    /// A resource's own `links` entry is not an id, a list of ids or `null` (ids are strings or numbers).
    case invalidLinkage
    /// A template names a field (`{posts.writer}`) that the resource lacks.
    case missingField(template: String, field: String)
    /// The template could not expand with the resource's values (a prefix on a list, a nested value, too long).
    case expansionFailed(template: String, URITemplateError)
    /// The expanded document grew past ``JSONTemplates/Options/maximumOutputSize`` bytes.
    case outputTooLarge(limit: Int)
    /// Linked resources embedded `depth` deep: more than ``JSONTemplates/Options/maximumDepth``, or than the
    /// thread's stack holds.
    case nestingTooDeep(depth: Int)
  }

  /// What went wrong.
  public var kind: Kind
  /// Where: the link (`/links/posts.author`) or the resource (`/posts/0`) at fault.
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
    case .invalidLinkKey(let key): "link key '\(Excerpt.abbreviated(key))' is not 'collection.field'"
    case .invalidLink: "a link is a template string or an object with a string 'href' (and a string 'type')"
    case .invalidTemplate(let error): "invalid URI template: \(error)"
    case .notAResource(let found): "expected a resource object (or an array of them), found \(found)"
    case .invalidLinkage: "a resource's link is an id (a string or a number), a list of ids or null"
    case .missingField(let template, let field):
      "template '\(Excerpt.abbreviated(template))' names '\(Excerpt.abbreviated(field))', which the resource lacks"
    case .expansionFailed(let template, let error):
      "template '\(Excerpt.abbreviated(template))' cannot expand: \(error)"
    case .outputTooLarge(let limit): "expanded document larger than \(limit) bytes"
    case .nestingTooDeep(let depth):
      "linked resources nested \(depth) deep (more than the depth limit or the stack allows)"
    }
  }
}
