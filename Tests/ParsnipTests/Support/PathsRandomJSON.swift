@testable import Parsnip

/// Random JSON documents and mutations of them, for diff/patch property tests.
enum PathsRandomJSON {
  static let keys = ["a", "b", "c", "d", "e", "0", "1", "-", "a/b", "m~n", ""]

  static func value(depth: Int, using generator: inout SeededRandom) -> JSON {
    let choice = Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &generator)
    switch choice {
    case 0: return nil
    case 1: return .bool(Bool.random(using: &generator))
    case 2: return JSON(Int.random(in: -3...3, using: &generator))
    case 3: return JSON(Double(Int.random(in: -20...20, using: &generator)) / 4)
    case 4, 5: return .string(["x", "y", "z", "", "é"].randomElement(using: &generator)!)
    case 6:
      return .array(
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in value(depth: depth - 1, using: &generator) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...5, using: &generator) {
        object[keys.randomElement(using: &generator)!] = value(depth: depth - 1, using: &generator)
      }
      return .object(object)
    }
  }

  /// A few random edits of `json`: changed scalars, inserted/removed elements, added/removed members, kind changes.
  static func mutate(_ json: JSON, edits: Int, using generator: inout SeededRandom) -> JSON {
    var result = json
    for _ in 0..<edits {
      let path = randomPath(in: result, using: &generator)
      let container = path.parent.flatMap { result.value(at: $0) }
      switch Int.random(in: 0..<4, using: &generator) {
      case 0:
        try? result.setValue(value(depth: 2, using: &generator), at: path)
      case 1 where !path.isRoot:
        _ = try? result.removeValue(at: path)
      case 2 where container?.kind == .array:
        try? result.insert(value(depth: 1, using: &generator), at: path)
      default:
        if case .object = result.value(at: path) {
          try? result.setValue(
            value(depth: 1, using: &generator), at: path.appending(keys.randomElement(using: &generator)!))
        } else if case .array(let elements) = result.value(at: path) {
          try? result.insert(
            value(depth: 1, using: &generator),
            at: path.appending(index: Int.random(in: 0...elements.count, using: &generator)))
        } else {
          try? result.setValue(value(depth: 1, using: &generator), at: path)
        }
      }
    }
    return result
  }

  /// `count` pairs of random documents: every third pair unrelated, the others a document and a mutation of it.
  static func pairs(count: Int, seed: UInt64) -> [(JSON, JSON)] {
    var generator = SeededRandom(seed: seed)
    return (0..<count).map { round in
      let a = value(depth: 4, using: &generator)
      let b =
        round % 3 == 0
        ? value(depth: 4, using: &generator)
        : mutate(a, edits: Int.random(in: 1...6, using: &generator), using: &generator)
      return (a, b)
    }
  }

  /// A pointer to a random existing value, found by walking down from the root and stopping before each step with
  /// probability 1/`stopOneIn` (or at a scalar).
  static func randomPath(
    in json: JSON, stopOneIn: Int = 4, using generator: inout SeededRandom
  ) -> JSONPointer {
    var pointer = JSONPointer.root
    var current = json
    while Int.random(in: 0..<stopOneIn, using: &generator) != 0 {
      switch current {
      case .array(let elements) where !elements.isEmpty:
        let index = Int.random(in: 0..<elements.count, using: &generator)
        pointer = pointer.appending(index: index)
        current = elements[index]
      case .object(let object) where !object.isEmpty:
        let member = object.members.randomElement(using: &generator)!
        pointer = pointer.appending(member.key)
        current = member.value
      default:
        return pointer
      }
    }
    return pointer
  }
}
