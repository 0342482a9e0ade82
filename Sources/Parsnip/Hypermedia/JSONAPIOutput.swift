/// Where a JSON:API flatten writes its result: a ``JSON`` tree (``JSONAPITreeOutput``) or JSON text straight from a
/// ``JSONDocument``'s tape (``JSONAPITextOutput``). The one flatten (`JSONAPIFlattening`) makes the same calls, in
/// output order, whichever it writes to, as `JSONNode` lets it read a tree or a tape alike.
///
/// The calls describe values the way a writer sees them: open a container, then for an object a `key` before each
/// member's value, and close it. An object's members behave as ``JSONObject``'s: a repeated key keeps its first
/// position and its last value.
protocol JSONAPIOutput {
  /// What the flatten reads (the input values it copies into the output).
  associatedtype Input: JSONNode
  /// Where a value is about to be written (see ``mark()``).
  associatedtype Mark
  /// A value written, kept to be written again elsewhere (a flattened resource reused).
  associatedtype Written

  /// The bytes of the compact JSON text of what was written so far, whatever the layout written (the budget of
  /// ``JSONAPI/FlattenOptions/maximumOutputSize``).
  var byteCount: Int { get }
  mutating func openObject()
  /// The name of the next member of the open object.
  mutating func key(_ name: String)
  /// Closes the open object; returns its number of members (one per distinct key).
  mutating func closeObject() -> Int
  mutating func openArray()
  mutating func closeArray()
  mutating func string(_ value: String)
  mutating func null()
  /// An input value and everything in it, as it is.
  mutating func copy(_ value: Input)
  /// Called just before the value that ``written(since:)`` then returns; the separator before that value is
  /// counted in ``byteCount`` once it returns.
  mutating func mark() -> Mark
  /// The one value written since `mark`, to be given to ``reuse(_:)``.
  mutating func written(since mark: Mark) -> Written
  /// Writes a value written before again.
  mutating func reuse(_ value: Written)
}
