/// Builds the flatten's result as a ``JSON`` tree, with a stack of open containers, counting the bytes of its
/// compact text as it goes (``byteCount``), unless told not to measure (for an unlimited budget).
struct JSONAPITreeOutput<Input: JSONNode>: JSONAPIOutput {
  private struct Frame {
    var object = JSONObject()
    var elements: [JSON] = []
    var key = ""
    let isObject: Bool
    /// Values begun in this array (for the commas counted).
    var started = 0
  }

  private var frames: [Frame] = []
  /// The value completed last: the whole result once the flatten is done.
  private(set) var last = JSON.null
  /// The bytes of the compact text of what was written so far (a key written twice in an object counted twice).
  private(set) var byteCount = 0
  /// Whether the separator of the next value is already counted (by ``mark()``).
  private var separated = false
  /// Whether keys, strings and copied values are measured; without, ``byteCount`` counts only structure.
  private let measures: Bool

  init(measuring measures: Bool) { self.measures = measures }

  /// Counts the comma before a value in an array (a key counted the one in an object).
  @inline(__always)
  private mutating func beginValue() {
    if separated {
      separated = false
      return
    }
    guard let top = frames.indices.last, !frames[top].isObject else { return }
    if frames[top].started > 0 { byteCount &+= 1 }
    frames[top].started &+= 1
  }

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

  mutating func openObject() {
    beginValue()
    byteCount &+= 1
    frames.append(Frame(isObject: true))
  }

  mutating func key(_ name: String) {
    let top = frames.count - 1
    if frames[top].started > 0 { byteCount &+= 1 }
    frames[top].started &+= 1
    if measures { byteCount &+= HypermediaBudget.length(of: name) &+ 1 }
    frames[top].key = name
  }

  mutating func closeObject() -> Int {
    let object = frames.removeLast().object
    byteCount &+= 1
    last = .object(object)
    add(last)
    return object.count
  }

  mutating func openArray() {
    beginValue()
    byteCount &+= 1
    frames.append(Frame(isObject: false))
  }

  mutating func closeArray() {
    byteCount &+= 1
    last = .array(frames.removeLast().elements)
    add(last)
  }

  mutating func string(_ value: String) {
    beginValue()
    if measures { byteCount &+= HypermediaBudget.length(of: value) }
    add(.string(value))
  }

  mutating func null() {
    beginValue()
    byteCount &+= 4
    add(.null)
  }

  mutating func copy(_ value: Input) {
    beginValue()
    let tree = value.json()
    if measures { byteCount &+= HypermediaBudget.length(of: tree) }
    add(tree)
  }

  mutating func mark() -> Int {
    beginValue()
    separated = true
    return byteCount
  }

  /// The last value completed (values are immutable, so it can be shared wherever it is reused), and its bytes.
  mutating func written(since mark: Int) -> (value: JSON, bytes: Int) { (last, byteCount - mark) }

  mutating func reuse(_ value: (value: JSON, bytes: Int)) {
    beginValue()
    byteCount &+= value.bytes
    add(value.value)
  }
}
