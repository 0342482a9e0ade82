import Foundation

// `Sendable` because a pipeline's closures are `@Sendable` and use `Value`'s metatype: Swift 6.2 lets a type's
// `Decodable` conformance be isolated to an actor, and a `Sendable` type's metatype is sendable on every compiler.
extension JSONDecoding where Value: Decodable & Sendable {
  /// Decodes a `Decodable` type with ``ParsnipDecoder`` (and its strategies): the bridge from `Codable` types into a
  /// pipeline. Text is decoded straight from the document's index. `Value` is `Sendable`, as pipelines are.
  ///
  /// ```swift
  /// let decodeEvent = decode(Event.init) |> .required("when", .codable(Date.self)) |> .required("tags", .codable([Tag].self))
  /// ```
  /// - Parameters:
  ///   - type: The type.
  ///   - decoder: The decoder whose options apply (default options when omitted).
  /// - Returns: The decoder.
  public static func codable(
    _ type: Value.Type, using decoder: ParsnipDecoder = ParsnipDecoder()
  ) -> JSONDecoding<Value> {
    JSONDecoding { input, _ throws(JSONDecodingError) in
      do throws(ParsnipDecoder.RelativeFailure) {
        switch input {
        case .tape(let node): return try decoder.decode(at: node)
        case .tree(let json): return try decoder.decodeRelative(from: json)
        }
      } catch {
        let path = JSONKeyPath(
          components: error.path.map {
            switch $0 {
            case .key(let key): .key(key)
            case .index(let index): .index(index)
            }
          })
        // Located at the failing value itself (the failure's path is relative to `input`), not at `input`.
        var failing = input
        for component in error.path {
          let next: AnyJSONNode?
          switch component {
          case .key(let key): next = failing.member(key)
          case .index(let index): next = failing.element(index)
          }
          guard let next else { break }
          failing = next
        }
        var failure = JSONDecodingError(.decodable(error.message), at: failing)
        failure.path = path
        throw failure
      }
    }
  }
}
