/// A type that builds its instances from JSON with the help of a caller-chosen context, in the spirit of
/// ParSON's `ParSONDeserializable`.
///
/// Deserialization happens in two steps so that a context can take part: ``make(from:at:in:)`` returns an
/// instance, new or existing (an identity map, a Core Data `NSManagedObjectContext` fetching by id, a cache), and
/// ``deserialize(from:at:context:)`` fills it in. ``Context`` defaults to `Void` for types that need none.
///
/// ```swift
/// final class Testable: JSONDeserializable {
///   var id = "", text = ""
///   static func make(from json: JSON, at keyPath: JSONKeyPath, in context: Void) -> Testable { Testable() }
///   func deserialize(from json: JSON, at keyPath: JSONKeyPath, context: Void) throws {
///     id = try json.value(at: "id")
///     text = try json.value(at: "text")
///   }
/// }
/// let json: JSON = ["testables": [["id": "first", "text": "Welcome"], ["id": "second", "text": "to my"]]]
/// let testables = try json.objects(ofType: Testable.self, at: "testables")
/// testables.map(\.text)  // → ["Welcome", "to my"]
/// ```
///
/// Both methods receive the element itself, not the whole document, plus its key path in the document (such as
/// `testables[1]`). A ``JSONKeyPathError`` thrown while reading the element is re-rooted at that key path, so a
/// missing `text` in the second element is reported as `no value for key "text" at testables[1]`.
public protocol JSONDeserializable {
  /// What the caller passes through to every instance: a store, a cache, options; `Void` when unused.
  associatedtype Context = Void

  /// Returns the instance that `json` should be deserialized into: a new one, or an existing one from `context`.
  ///
  /// - Parameters:
  ///   - json: The element about to be deserialized, for example to read its identifier.
  ///   - keyPath: Where the element sits in the document.
  ///   - context: The caller's context.
  /// - Returns: The instance to fill in.
  /// - Throws: Any error; a ``JSONKeyPathError`` is re-rooted at `keyPath`.
  static func make(from json: JSON, at keyPath: JSONKeyPath, in context: Context) throws -> Self

  /// Sets the instance's properties from `json`.
  ///
  /// - Parameters:
  ///   - json: The element.
  ///   - keyPath: Where the element sits in the document.
  ///   - context: The caller's context.
  /// - Throws: Any error; a ``JSONKeyPathError`` is re-rooted at `keyPath`.
  mutating func deserialize(from json: JSON, at keyPath: JSONKeyPath, context: Context) throws
}

extension JSON {
  /// Deserializes every element of the array (or every member value of the object) at a key path, in order.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - keyPath: Key-path text leading to an array or object (see ``JSONKeyPath``).
  ///   - context: Passed to ``JSONDeserializable/make(from:at:in:)`` and
  ///     ``JSONDeserializable/deserialize(from:at:context:)`` for every element.
  /// - Returns: The instances, in document order.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere or not to a container, or with the element's full
  ///   key path when reading an element fails; any other error the type throws.
  public func objects<T: JSONDeserializable>(
    ofType type: T.Type, at keyPath: String, context: T.Context
  )
    throws -> [T]
  {
    try objects(ofType: type, at: JSONKeyPath(keyPath), context: context)
  }

  /// Deserializes every element of the array (or every member value of the object) at a key path, in order.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - keyPath: The path of an array or object.
  ///   - context: Passed to the type for every element.
  /// - Returns: The instances, in document order.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere or not to a container, or with the element's full
  ///   key path when reading an element fails; any other error the type throws.
  public func objects<T: JSONDeserializable>(
    ofType type: T.Type, at keyPath: JSONKeyPath, context: T.Context
  )
    throws -> [T]
  {
    var result: [T] = []
    for (key, element) in try elements(at: keyPath) {
      result.append(try JSON.deserialize(T.self, from: element, at: keyPath.appending(key), context: context))
    }
    return result
  }

  /// Deserializes every element at a key path for a type whose ``JSONDeserializable/Context`` is `Void`.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - keyPath: The path of an array or object.
  /// - Returns: The instances, in document order.
  /// - Throws: See ``objects(ofType:at:context:)-(_,JSONKeyPath,_)``.
  public func objects<T: JSONDeserializable>(ofType type: T.Type, at keyPath: JSONKeyPath) throws -> [T]
  where T.Context == Void {
    try objects(ofType: type, at: keyPath, context: ())
  }

  /// Deserializes every element at a key path given as text for a type whose ``JSONDeserializable/Context`` is
  /// `Void`.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - keyPath: Key-path text leading to an array or object.
  /// - Returns: The instances, in document order.
  /// - Throws: See ``objects(ofType:at:context:)-(_,String,_)``.
  public func objects<T: JSONDeserializable>(ofType type: T.Type, at keyPath: String) throws -> [T]
  where T.Context == Void {
    try objects(ofType: type, at: keyPath, context: ())
  }

  /// Deserializes the single value at a key path.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - keyPath: The path.
  ///   - context: Passed to the type.
  /// - Returns: The instance.
  /// - Throws: ``JSONKeyPathError`` when the path leads nowhere or reading fails (with the full key path); any
  ///   other error the type throws.
  public func object<T: JSONDeserializable>(
    ofType type: T.Type, at keyPath: JSONKeyPath, context: T.Context
  )
    throws -> T
  {
    try JSON.deserialize(T.self, from: resolve(keyPath), at: keyPath, context: context)
  }

  /// Deserializes the single value at a key path given as text.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - keyPath: Key-path text (see ``JSONKeyPath``).
  ///   - context: Passed to the type.
  /// - Returns: The instance.
  /// - Throws: ``JSONKeyPathError`` when the text is not a key path, the path leads nowhere or reading fails (with
  ///   the full key path); any other error the type throws.
  public func object<T: JSONDeserializable>(
    ofType type: T.Type, at keyPath: String, context: T.Context
  )
    throws -> T
  {
    try object(ofType: type, at: JSONKeyPath(keyPath), context: context)
  }

  /// Deserializes the single value at a key path for a type whose ``JSONDeserializable/Context`` is `Void`.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - keyPath: The path.
  /// - Returns: The instance.
  /// - Throws: See ``object(ofType:at:context:)-(_,JSONKeyPath,_)``.
  public func object<T: JSONDeserializable>(ofType type: T.Type, at keyPath: JSONKeyPath) throws -> T
  where T.Context == Void {
    try object(ofType: type, at: keyPath, context: ())
  }

  /// Deserializes the single value at a key path given as text for a type whose ``JSONDeserializable/Context`` is
  /// `Void`.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - keyPath: Key-path text (see ``JSONKeyPath``).
  /// - Returns: The instance.
  /// - Throws: See ``object(ofType:at:context:)-(_,String,_)``.
  public func object<T: JSONDeserializable>(ofType type: T.Type, at keyPath: String) throws -> T
  where T.Context == Void {
    try object(ofType: type, at: keyPath, context: ())
  }

  private static func deserialize<T: JSONDeserializable>(
    _ type: T.Type, from element: JSON, at keyPath: JSONKeyPath, context: T.Context
  ) throws -> T {
    do {
      var instance = try T.make(from: element, at: keyPath, in: context)
      try instance.deserialize(from: element, at: keyPath, context: context)
      return instance
    } catch let error as JSONKeyPathError {
      throw error.rerooted(at: keyPath)
    }
  }
}
