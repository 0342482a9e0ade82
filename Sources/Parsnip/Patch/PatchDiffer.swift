import Foundation

/// Builds the operations of ``JSONPatch/diff(from:to:)``.
struct PatchDiffer {
  /// Containers nested deeper than this are replaced instead of diffed, bounding recursion.
  static let maximumDepth = 200
  /// The most edits (deletions plus insertions) an alignment of two arrays may have: past it the array is replaced
  /// whole. The alignment keeps O(D²) positions for D edits (about 17 MB at this bound).
  static let maximumEditDistance = 2048
  /// The most steps (diagonals tried plus elements compared) one alignment may take: O((N + M) × D) for arrays of
  /// N and M elements that differ by D edits.
  static let alignmentWorkBudget = 1 << 26

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

    guard let script = PatchDiffer.editScript(old[start..<oldEnd], new[start..<newEnd]) else {
      operations.append(.replace(path: pointer, value: .array(new)))
      return
    }

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

  /// A shortest edit script from `old` to `new` (absolute indices): Myers' greedy algorithm ("An O(ND) Difference
  /// Algorithm and Its Variations", 1986), which finds a longest common subsequence in O((N + M) × D) steps for D
  /// edits, so two long arrays with a few scattered edits align in time linear in their length. `nil` past
  /// ``maximumEditDistance`` edits or ``alignmentWorkBudget`` steps: the caller replaces the array whole.
  private static func editScript(_ old: ArraySlice<JSON>, _ new: ArraySlice<JSON>) -> [Edit]? {
    let n = old.count
    let m = new.count
    // Hashes make most unequal comparisons cheap; equal hashes are confirmed with `==`.
    let oldHashes = old.map(\.hashValue)
    let newHashes = new.map(\.hashValue)
    func equal(_ x: Int, _ y: Int) -> Bool {
      oldHashes[x] == newHashes[y] && old[old.startIndex + x] == new[new.startIndex + y]
    }
    // `v[k + offset]`: the furthest x reached on diagonal k = x - y with the edits so far. `trace[d]` keeps the
    // diagonals -(d + 1) ... d + 1 of `v` as they were before edit d, for the walk back.
    let limit = Swift.min(n + m, maximumEditDistance)
    let offset = limit + 1
    var v = [Int32](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int32]] = []
    var work = 0
    var reached = false
    search: for d in 0...limit {
      trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
          x = Int(v[offset + k + 1])  // down: an insertion
        } else {
          x = Int(v[offset + k - 1]) + 1  // right: a deletion
        }
        var y = x - k
        while x < n, y < m, equal(x, y) {
          x += 1
          y += 1
          work += 1
        }
        v[offset + k] = Int32(x)
        work += 1
        if work > alignmentWorkBudget { return nil }
        if x >= n, y >= m {
          reached = true
          break search
        }
      }
    }
    guard reached else { return nil }
    // Walk back from the end, edit by edit, each preceded by its run of kept elements.
    var script: [Edit] = []
    script.reserveCapacity(n + m)
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let before = trace[d]
      func at(_ k: Int) -> Int { Int(before[k + d + 1]) }
      let k = x - y
      let previousK = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
      let previousX = at(previousK)
      let previousY = previousX - previousK
      while x > previousX, y > previousY {
        script.append(.keep)
        x -= 1
        y -= 1
      }
      if d > 0 {
        if x == previousX {
          script.append(.insert(new.startIndex + y - 1))
        } else {
          script.append(.delete(old.startIndex + x - 1))
        }
      }
      (x, y) = (previousX, previousY)
    }
    return script.reversed()
  }
}
