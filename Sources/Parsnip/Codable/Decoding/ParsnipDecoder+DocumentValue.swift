import Foundation

extension ParsnipDecoder {
  /// A `DecodingError` seen from the value that was decoded: the coding path below it and the message alone.
  struct RelativeFailure: Error {
    var path: [CodingPathComponent]
    var message: String
  }

  /// Decodes the value at a tape node from its own index: nothing is scanned again (the caller keeps the text alive).
  ///
  /// - Throws: ``RelativeFailure`` with the coding path below `node`.
  func decode<T: Decodable>(at node: TapeNode) throws(RelativeFailure) -> T {
    try DecodingState.withDecode(text: node.owner.text, options: optionsSnapshot, collectsReport: false) {
      state throws(RelativeFailure) in
      do {
        // As from text: the value decoded, not the rest of its document.
        if state.options.strictness.contains(.rejectsDuplicateKeys) {
          try state.rejectDuplicateKeys(inValueAt: node.index)
        }
        return try TapeDecoder(state: state, index: node.index).decodeRoot(T.self, at: node.index)
      } catch {
        throw Self.relative(error, below: state.codingPath(to: node.index).count)
      }
    }
  }

  /// Decodes a tree (see ``decode(_:from:)-(_,JSON)``), failing with the path below it.
  func decodeRelative<T: Decodable>(from json: JSON) throws(RelativeFailure) -> T {
    do { return try decode(T.self, from: json) } catch { throw Self.relative(error, below: 0) }
  }

  /// `error`'s coding path without its first `depth` components, and its message without the path and location
  /// that the description repeats.
  static func relative(_ error: any Error, below depth: Int) -> RelativeFailure {
    guard let error = error as? DecodingError else { return RelativeFailure(path: [], message: "\(error)") }
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
    @unknown default: return RelativeFailure(path: [], message: "\(error)")
    }
    var message = context.debugDescription
    let prefix = CodingPathRendering.messagePrefix(context.codingPath)
    if !prefix.isEmpty, message.hasPrefix(prefix) { message.removeFirst(prefix.count) }
    if message.hasSuffix(")"), let range = message.range(of: " (line ", options: .backwards) {
      message.removeSubrange(range.lowerBound...)
    }
    let path = context.codingPath.dropFirst(depth).map(CodingPathComponent.init)
    return RelativeFailure(path: Array(path), message: message)
  }
}
