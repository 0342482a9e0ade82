// What a `PartialJSON` knows about its text: the completed values, parsed once each by the one scanner and kept in
// the open containers that hold them, and the snapshot last handed out.
//
// Snapshots share storage with the open containers: a snapshot is the root container, which holds the next open
// container in its last slot, and so on down. Before anything changes, `unshare()` drops the kept snapshot and
// empties those slots from the root down, so that each container's storage is again referenced once and is changed
// in place; a snapshot costs the depth of the open path, not the size of the document. (A snapshot the caller still
// holds is copied on write instead, as any value.)

/// The structural observer behind ``PartialJSON``: it keeps completed values and builds snapshots.
struct PartialJSONBuilder: StructuralObserver, @unchecked Sendable {  // `source` is set only during a call.
  /// An open array or object.
  struct Frame {
    var isObject: Bool
    var elements: [JSON] = []
    /// Objects: the members, and where each key is once there are many (repeated keys keep the first position,
    /// the last value).
    var members: [JSONObject.Member] = []
    var positions: [ExactKey: Int] = [:]
    /// Objects: the key whose value is being read.
    var key: String?
    /// Where the open child's snapshot sits, or -1.
    var slot = -1
    /// A repeated key's earlier value, which the open child's snapshot replaced.
    var displaced: JSON?

    var value: JSON { isObject ? .object(JSONObject(uniqueMembers: members)) : .array(elements) }

    /// From this many members on, keys are found through `positions`; before, by a linear search (cheaper).
    static let hashedFrom = 16

    /// The position of `key` among the members.
    func position(of key: String) -> Int? {
      if members.count > Self.hashedFrom { return positions[ExactKey(key)] }
      for k in members.indices where ExactKey.equal(members[k].key, key) { return k }
      return nil
    }

    /// Puts `child` in the open child's slot, making the slot when there is none.
    mutating func place(_ child: JSON) {
      if slot >= 0 {
        if isObject { members[slot].value = child } else { elements[slot] = child }
        return
      }
      if isObject {
        let key = key ?? ""
        if let position = position(of: key) {
          displaced = members[position].value
          members[position].value = child
          slot = position
        } else {
          slot = members.count
          members.append(JSONObject.Member(key: key, value: child))
          if slot == Self.hashedFrom {
            for k in members.indices { positions[ExactKey(members[k].key)] = k }
          } else if slot > Self.hashedFrom {
            positions[ExactKey(key)] = slot
          }
        }
      } else {
        slot = elements.count
        elements.append(child)
      }
    }

    /// Removes the open child's slot (its snapshot became invisible: `2` became `2.`).
    mutating func removeSlot() {
      guard slot >= 0 else { return }
      if !isObject {
        elements.removeLast()
      } else if let displaced {
        members[slot].value = displaced
      } else {
        let removed = members.removeLast()
        if slot >= Self.hashedFrom { positions[ExactKey(removed.key)] = nil }
      }
      slot = -1
      displaced = nil
    }

    /// Adds a completed child.
    mutating func complete(_ child: JSON) {
      if slot < 0 {
        place(child)
      } else if isObject {
        members[slot].value = child
      } else {
        elements[slot] = child
      }
      slot = -1
      displaced = nil
      key = nil
    }
  }

  var frames: [Frame] = []
  /// The top-level value, once complete.
  var root: JSON?
  /// Where the string or scalar being read began.
  var tokenStart = 0
  /// The first error; nothing is read after it.
  var failure: JSONParseError?
  /// Whether something visible changed since the last snapshot.
  var changed = true
  /// The snapshot last handed out, which shares storage with `frames`.
  var snapshot: JSON?
  /// The whole text so far, during `consume` only.
  var source = UnsafeRawBufferPointer(start: nil, count: 0)

  /// Makes every container's storage referenced once again, before anything changes (see the file comment).
  mutating func unshare() {
    guard snapshot != nil else { return }
    snapshot = nil
    for k in frames.indices where frames[k].slot >= 0 {
      frames[k].place(.null)
    }
  }

  /// The value in `source[range]`; errors point into the whole text. Plain values take the engine's readers
  /// straight (see ``plainValue(_:)``); the rest (escapes, non-ASCII text, errors) is parsed by the scanner, for its
  /// exact value or error.
  func parse(_ range: Range<Int>) throws(JSONParseError) -> JSON {
    let text = UnsafeRawBufferPointer(rebasing: source[range])
    if let value = Self.plainValue(text) { return value }
    do {
      return try JSON(parsing: text)
    } catch {
      throw JSONParseError(error.kind, error.message, at: range.lowerBound + error.byteOffset, in: source)
    }
  }

  /// A number, a literal or a string of printable ASCII without escapes, read with the engine's own number reader
  /// (`NumberParser`, which validates the number grammar) and string decoder, which is what the scanner accepts and
  /// reads for them, without a scan's set-up (a tape, a tree builder): a value parsed on its own costs ten times its
  /// share of a whole parse that way. `nil` for anything else.
  static func plainValue(_ text: UnsafeRawBufferPointer) -> JSON? {
    guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self), !text.isEmpty else { return nil }
    let n = text.count
    switch base[0] {
    case .quote:
      guard n >= 2, base[n - 1] == .quote else { return nil }
      for k in 1..<(n - 1) where base[k] < 0x20 || base[k] >= 0x80 || base[k] == .backslash { return nil }
      return .string(StringDecoding.validated(UnsafeBufferPointer(start: base + 1, count: n - 2), isASCII: true))
    case UInt8(ascii: "t"): return n == 4 && text.elementsEqual("true".utf8) ? .bool(true) : nil
    case UInt8(ascii: "f"): return n == 5 && text.elementsEqual("false".utf8) ? .bool(false) : nil
    case UInt8(ascii: "n"): return n == 4 && text.elementsEqual("null".utf8) ? .null : nil
    default: return NumberParser.parse(text).map(JSON.number)
    }
  }

  mutating func valueStarted(
    at offset: Int, depth: Int, kind: StructuralTracker.ValueKind
  ) -> StructuralTracker.Reading {
    guard failure == nil else { return .skim }
    if depth == 0, root != nil {
      failure = JSONParseError(.trailingContent, "unexpected content after the top-level value", at: offset, in: source)
      return .skim
    }
    switch kind {
    case .object, .array:
      unshare()
      frames.append(Frame(isObject: kind == .object))
      changed = true
    case .string, .scalar:
      tokenStart = offset
    }
    return .events
  }

  mutating func valueEnded(at offset: Int, depth: Int) {
    guard failure == nil else { return }
    let value: JSON
    unshare()
    if frames.count > depth {
      value = frames.removeLast().value
    } else {
      do { value = try parse(tokenStart..<offset) } catch {
        failure = error
        return
      }
    }
    changed = true
    if frames.isEmpty {
      root = value
    } else {
      frames[frames.count - 1].complete(value)
    }
  }

  mutating func keyEnded(start: Int, end: Int, depth: Int, text: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    do {
      guard case .string(let key) = try parse(start..<end) else { return }
      frames[frames.count - 1].key = key
    } catch {
      failure = error
    }
  }
}
