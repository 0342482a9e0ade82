extension JSONDocument {
  /// Where a number of the document is: its value and its line and column (1-based) in the user's text.
  package struct NumberSite {
    /// The number.
    package var number: JSONNumber
    /// Its line.
    package var line: Int
    /// Its column, in bytes.
    package var column: Int
  }

  /// The numbers that `predicate` picks, in document order: how many there are, and the first one with its place.
  /// One pass over the tape (numbers are not decoded for containers, keys or other scalars).
  package func numbers(where predicate: (JSONNumber) -> Bool) -> (count: Int, first: NumberSite?) {
    let nodes = storage.nodes
    let text = storage.text
    var count = 0
    var first: NumberSite?
    for index in 0..<storage.tape.count where nodes.kind(index) == .number {
      let number = nodes.number(index)
      guard predicate(number) else { continue }
      count += 1
      if first == nil {
        let location = SourceLocation(byteOffset: text.inputOffset(ofNode: index), in: storage.input)
        first = NumberSite(number: number, line: location.line, column: location.column)
      }
    }
    return (count, first)
  }
}
