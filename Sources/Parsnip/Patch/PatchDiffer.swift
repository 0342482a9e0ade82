import Foundation

/// Builds the operations of ``JSONPatch/diff(from:to:)``.
struct PatchDiffer {
  /// Containers nested deeper than this are replaced instead of diffed, bounding recursion.
  static let maximumDepth = 200
  /// The largest LCS table (in cells) built for one pair of arrays.
  static let lcsCellBudget = 1 << 22

  var operations: [JSONPatch.Operation] = []

  mutating func diff(_ source: JSON, _ target: JSON, at pointer: JSONPointer, depth: Int) {
    switch (source, target) {
    case (.object(let old), .object(let new)) where depth < PatchDiffer.maximumDepth:
      let before = operations.count
      diffObjects(old, new, at: pointer, depth: depth)
      replaceIfShorter(since: before, at: pointer, with: target)
    case (.array(let old), .array(let new)) where depth < PatchDiffer.maximumDepth:
      let before = operations.count
      diffArrays(old, new, at: pointer, depth: depth)
      replaceIfShorter(since: before, at: pointer, with: target)
    default:
      if source != target { operations.append(.replace(path: pointer, value: target)) }
    }
  }

  /// Replaces the operations emitted since `before` with one `replace` when they outnumber the values in the new
  /// container: rewriting most of a container piece by piece is longer than restating it.
  private mutating func replaceIfShorter(since before: Int, at pointer: JSONPointer, with value: JSON) {
    let emitted = operations.count - before
    guard emitted > 1, value.measured(countingAtMost: emitted).count < emitted else { return }
    operations.removeSubrange(before...)
    operations.append(.replace(path: pointer, value: value))
  }

  private mutating func diffObjects(_ old: JSONObject, _ new: JSONObject, at pointer: JSONPointer, depth: Int) {
    // Objects with no key in common are unrelated: one `replace` beats removing and adding every member.
    if !old.isEmpty, !old.members.contains(where: { new[$0.key] != nil }) {
      operations.append(.replace(path: pointer, value: .object(new)))
      return
    }
    for member in old.members where new[member.key] == nil {
      operations.append(.remove(path: pointer.appending(member.key)))
    }
    for member in new.members {
      if let previous = old[member.key] {
        diff(previous, member.value, at: pointer.appending(member.key), depth: depth + 1)
      } else {
        operations.append(.add(path: pointer.appending(member.key), value: member.value))
      }
    }
  }

  private enum Edit {
    case keep
    case delete(Int)
    case insert(Int)
  }

  private mutating func diffArrays(_ old: [JSON], _ new: [JSON], at pointer: JSONPointer, depth: Int) {
    var start = 0
    while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
    var oldEnd = old.count
    var newEnd = new.count
    while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
    }
    let oldCount = oldEnd - start
    let newCount = newEnd - start
    if oldCount == 0, newCount == 0 { return }

    let (cells, overflow) = (oldCount + 1).multipliedReportingOverflow(by: newCount + 1)
    guard !overflow, cells <= PatchDiffer.lcsCellBudget else {
      operations.append(.replace(path: pointer, value: .array(new)))
      return
    }
    let script = PatchDiffer.editScript(old[start..<oldEnd], new[start..<newEnd])

    // Walk the script; `position` is where the next element sits in the array as patched so far.
    var position = start
    var deleted: [Int] = []
    var inserted: [Int] = []
    func flush(_ differ: inout PatchDiffer) {
      let paired = min(deleted.count, inserted.count)
      for offset in 0..<paired {
        differ.diff(
          old[deleted[offset]], new[inserted[offset]], at: pointer.appending(index: position + offset),
          depth: depth + 1)
      }
      for _ in paired..<max(paired, deleted.count) {
        differ.operations.append(.remove(path: pointer.appending(index: position + paired)))
      }
      for offset in paired..<max(paired, inserted.count) {
        differ.operations.append(.add(path: pointer.appending(index: position + offset), value: new[inserted[offset]]))
      }
      position += inserted.count
      deleted.removeAll(keepingCapacity: true)
      inserted.removeAll(keepingCapacity: true)
    }
    for edit in script {
      switch edit {
      case .keep:
        flush(&self)
        position += 1
      case .delete(let index): deleted.append(index)
      case .insert(let index): inserted.append(index)
      }
    }
    flush(&self)
  }

  /// A shortest edit script from `old` to `new` (absolute indices), from a longest common subsequence.
  private static func editScript(_ old: ArraySlice<JSON>, _ new: ArraySlice<JSON>) -> [Edit] {
    let oldCount = old.count
    let newCount = new.count
    // Hashes make most unequal comparisons cheap; equal hashes are confirmed with `==`.
    let oldHashes = old.map(\.hashValue)
    let newHashes = new.map(\.hashValue)
    func equal(_ i: Int, _ j: Int) -> Bool {
      oldHashes[i] == newHashes[j] && old[old.startIndex + i] == new[new.startIndex + j]
    }
    // lengths[i * width + j] = LCS length of old[i...] and new[j...].
    let width = newCount + 1
    var lengths = [Int32](repeating: 0, count: (oldCount + 1) * width)
    var matches = [Bool](repeating: false, count: oldCount * newCount)
    for i in stride(from: oldCount - 1, through: 0, by: -1) {
      for j in stride(from: newCount - 1, through: 0, by: -1) {
        if equal(i, j) {
          matches[i * newCount + j] = true
          lengths[i * width + j] = lengths[(i + 1) * width + j + 1] + 1
        } else {
          lengths[i * width + j] = max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
        }
      }
    }
    var script: [Edit] = []
    script.reserveCapacity(oldCount + newCount)
    var i = 0
    var j = 0
    while i < oldCount || j < newCount {
      if i < oldCount, j < newCount, matches[i * newCount + j] {
        script.append(.keep)
        i += 1
        j += 1
      } else if j < newCount, i == oldCount || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j] {
        script.append(.insert(new.startIndex + j))
        j += 1
      } else {
        script.append(.delete(old.startIndex + i))
        i += 1
      }
    }
    return script
  }
}
