/// Where a JSON:API flatten writes its result: a ``JSON`` tree (``JSONAPITreeOutput``) or JSON text straight from a
/// ``JSONDocument``'s tape (``JSONAPITextOutput``). The one flatten (`JSONAPIFlattening`) makes the same calls, in
/// output order, whichever it writes to, as `JSONAPINode` lets it read a tree or a tape alike.
///
/// The calls describe values the way a writer sees them: open a container, then for an object a `key` before each
/// member's value, and close it. An object's members behave as ``JSONObject``'s: a repeated key keeps its first
/// position and its last value.
protocol JSONAPIOutput {
  /// What the flatten reads (the input values it copies into the output).
  associatedtype Input: JSONAPINode
  /// Where a value is about to be written (see ``mark()``).
  associatedtype Mark
  /// A value written, kept to be written again elsewhere (a flattened resource reused).
  associatedtype Written

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
  /// Called just before the value that ``written(since:)`` then returns.
  mutating func mark() -> Mark
  /// The one value written since `mark`, to be given to ``reuse(_:)``.
  mutating func written(since mark: Mark) -> Written
  /// Writes a value written before again.
  mutating func reuse(_ value: Written)
}

/// Builds the flatten's result as a ``JSON`` tree, with a stack of open containers.
struct JSONAPITreeOutput<Input: JSONAPINode>: JSONAPIOutput {
  private struct Frame {
    var object = JSONObject()
    var elements: [JSON] = []
    var key = ""
    let isObject: Bool
  }

  private var frames: [Frame] = []
  /// The value completed last: the whole result once the flatten is done.
  private(set) var last = JSON.null

  /// Puts a completed value into the open container (or makes it the result).
  @inline(__always)
  private mutating func add(_ value: JSON) {
    guard let top = frames.indices.last else {
      last = value
      return
    }
    if frames[top].isObject {
      let key = frames[top].key
      frames[top].object[key] = value
    } else {
      frames[top].elements.append(value)
    }
  }

  mutating func openObject() { frames.append(Frame(isObject: true)) }

  mutating func key(_ name: String) { frames[frames.count - 1].key = name }

  mutating func closeObject() -> Int {
    let object = frames.removeLast().object
    last = .object(object)
    add(last)
    return object.count
  }

  mutating func openArray() { frames.append(Frame(isObject: false)) }

  mutating func closeArray() {
    last = .array(frames.removeLast().elements)
    add(last)
  }

  mutating func string(_ value: String) { add(.string(value)) }

  mutating func null() { add(.null) }

  mutating func copy(_ value: Input) { add(value.tree) }

  mutating func mark() {}

  /// The last value completed (values are immutable, so it can be shared wherever it is reused).
  mutating func written(since mark: Void) -> JSON { last }

  mutating func reuse(_ value: JSON) { add(value) }
}
