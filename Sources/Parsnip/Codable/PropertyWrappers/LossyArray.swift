/// An array property that leaves out the elements that fail to decode, instead of failing as a whole.
///
/// Useful for feeds where one malformed item should not hide the others. With
/// ``ParsnipDecoder/decodeWithReport(_:from:)`` every dropped element is listed in the report with the error
/// that dropped it. The array itself must be present and be an array. Works with any `Decoder`.
///
/// ```swift
/// struct Feed: Decodable { @LossyArray var ids: [Int] }
/// let feed = try ParsnipDecoder().decode(Feed.self, from: #"{"ids": [1, "two", 3, null]}"#)
/// feed.ids  // → [1, 3]
/// ```
@propertyWrapper
public struct LossyArray<Element: Decodable> {
  /// The elements that decoded.
  public var wrappedValue: [Element]

  /// Creates the property with elements.
  /// - Parameter wrappedValue: The elements.
  public init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }
}

/// Decodes as nothing, to step an unkeyed container over an element that failed.
struct SkippedElement: Decodable {
  init(from decoder: any Decoder) throws {}
}

/// A short reason for a report entry: the description of a `DecodingError`, or the error itself.
func reportReason(for error: any Error) -> String {
  guard let error = error as? DecodingError else { return String(describing: error) }
  switch error {
  case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
    .dataCorrupted(let context):
    return context.debugDescription
  @unknown default:
    return String(describing: error)
  }
}

extension LossyArray: Decodable {
  /// Decodes the elements that can be decoded.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is not an array.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var elements: [Element] = []
    elements.reserveCapacity(container.count ?? 0)
    let state = (decoder as? TapeDecoder)?.state
    while !container.isAtEnd {
      let index = container.currentIndex
      do {
        elements.append(try container.decode(Element.self))
      } catch {
        _ = try? container.decode(SkippedElement.self)
        // A container that cannot move past the element would loop forever; stop instead.
        guard container.currentIndex > index else { break }
        state?.record(
          .droppedElement, codingPath: container.codingPath + [PathCodingKey(index: index)],
          reason: reportReason(for: error))
      }
    }
    wrappedValue = elements
  }
}

extension LossyArray: Encodable where Element: Encodable {
  /// Encodes the elements.
  /// - Parameter encoder: The encoder.
  /// - Throws: What encoding the elements throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension LossyArray: Equatable where Element: Equatable {}
extension LossyArray: Hashable where Element: Hashable {}
extension LossyArray: Sendable where Element: Sendable {}
