/// What a ``StructuralTracker`` reports as it walks a stream. Depths count the containers around a value: a
/// top-level value is at depth 0, the elements of a top-level array and the members of a top-level object at depth
/// 1. Offsets are stream offsets; an end is the offset just past the value or key.
protocol StructuralObserver {
  /// A value starts at `offset` (its first byte). The answer says whether to report what is inside it.
  mutating func valueStarted(
    at offset: Int, depth: Int, kind: StructuralTracker.ValueKind
  ) -> StructuralTracker.Reading
  /// The value that started last at `depth` ends just before `offset`. A number or literal ends only when the byte
  /// after it arrives (or at ``StructuralTracker/finish(_:)``).
  mutating func valueEnded(at offset: Int, depth: Int)
  /// An object key, quotes included, spans `start..<end`; its value will be at `depth`. `text` holds its bytes when
  /// they lie in the current chunk or the tracker collected them (``StructuralTracker/keyCollectionDepth``), and is
  /// empty otherwise; it is valid only during the call.
  mutating func keyEnded(start: Int, end: Int, depth: Int, text: UnsafeRawBufferPointer)
}

extension StructuralObserver {
  mutating func valueStarted(
    at offset: Int, depth: Int, kind: StructuralTracker.ValueKind
  ) -> StructuralTracker.Reading { .events }
  mutating func valueEnded(at offset: Int, depth: Int) {}
  mutating func keyEnded(start: Int, end: Int, depth: Int, text: UnsafeRawBufferPointer) {}
}
