import Foundation

extension ParsnipDecoder {
  /// A `DecodingError` seen from the value that was decoded: the coding path below it and the message alone.
  struct RelativeFailure: Error {
    var path: [CodingPathComponent]
    var message: String
  }

  /// Decodes the value at a document cursor from the document's own index: nothing is scanned again.
  ///
  /// - Throws: ``RelativeFailure`` with the coding path below `value`.
  func decode<T: Decodable>(at value: JSONDocument.Value) throws(RelativeFailure) -> T {
    let storage = value.storage
    defer { withExtendedLifetime(storage) {} }
    return try DecodingState.withDecode(text: storage.text, options: optionsSnapshot, collectsReport: false) {
      state throws(RelativeFailure) in
      do {
        return try TapeDecoder(state: state, index: value.index).decodeRoot(T.self, at: value.index)
      } catch {
        throw Self.relative(error, below: state.codingPath(to: value.index).count)
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
