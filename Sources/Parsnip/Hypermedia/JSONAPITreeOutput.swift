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
