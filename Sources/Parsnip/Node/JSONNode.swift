/// The one node layer: what every reader above the tape cursor reads a value through.
///
/// Two types conform: the `JSON` tree and ``TapeNode`` (a value of a scanned text, read through the tape without
/// building a tree). Key paths, JSON Pointer and JSONPath, the decode pipeline, JTE and JSON:API and
/// `JSONDocument.Value` read nodes only through these members, so every reader gives the same answer from text,
/// from a `JSONDocument` and from a tree.
///
/// Repeated keys follow the tree's rule (``JSON/ParsingOptions/DuplicateKeyPolicy/useLast``): an object has one
/// member per distinct key (Unicode scalars compared, not `String ==`), at the key's first position, with its last
/// value. ``member(_:)``, ``forEachMember(_:)`` and ``count`` all see that object. The Codable coders are the one
/// exception (Foundation's first-wins rule), and they do not read through this layer.
protocol JSONNode: SteppableNode {
  /// The kind of this value.
  var kind: JSON.Kind { get }
  /// The string, when this is a string.
  var stringValue: String? { get }
  /// The Boolean, when this is `true` or `false`.
  var boolValue: Bool? { get }
  /// The lossless number, when this is a number.
  var numberValue: JSONNumber? { get }
  /// The nearest `Double`, when this is a number.
  var doubleValue: Double? { get }
  /// The exact integer, when this is a whole number in `T`'s range (never through `Double`): the one integer read.
  func integer<T: FixedWidthInteger>(_ type: T.Type) -> T?
  /// The number of elements, or of distinct members (see the rule above); 0 for a scalar.
  var count: Int { get }
  /// The member `key` (its last value when the key repeats), or `nil` when absent or when this is not an object.
  func member(_ key: String) -> Self?
  /// The element at `position`, or `nil` when out of range or when this is not an array.
  func element(_ position: Int) -> Self?
  /// Each element of an array in order; nothing for other kinds.
  func forEachElement<E: Error>(_ body: (Int, Self) throws(E) -> Void) throws(E)
  /// Each distinct member of an object, at its key's first position with its last value; nothing for other kinds.
  func forEachMember<E: Error>(_ body: (String, Self) throws(E) -> Void) throws(E)
  /// Each key as written (repeats included) as UTF-8 bytes with its length, and a position for ``field(_:)``;
  /// for readers that match many names in one pass and keep the last position of each.
  func forEachKey(_ body: (UnsafePointer<UInt8>, Int, Int) -> Void)
  /// The member value at a position given by ``forEachKey(_:)``.
  func field(_ position: Int) -> Self
  /// This value and everything in it as a tree.
  func json() -> JSON
  /// The work of ``json()``, in nodes built: 0 for a tree (it is one already), the nodes a tape value spans. For
  /// readers with a work budget, whose inputs could otherwise ask for the same large tree again and again.
  var treeCost: Int { get }
  /// Where this value starts in the user's text; `nil` for a tree.
  var byteOffset: Int? { get }
}

extension JSONNode {
  /// Whether this is `null`.
  var isNull: Bool { kind == .null }

  /// The value at a position, if there is one.
  @inline(__always)
  func field(_ position: Int?) -> Self? { position.map(field) }

  // The path walker's questions (`SteppableNode`), answered without failing.
  func pathKind() -> JSON.Kind { kind }
  func pathCount() -> Int { count }
}
