/// A decoder of JSON into a `Value`: a plain value that lives apart from the type it builds, so one type can have a
/// decoder per API that serves it. Decoders compose with ``|>(_:_:)``, in the style of Elm's decode pipelines:
///
/// ```swift
/// let decodeUser: JSONDecoding<User> =
///   decode(User.init)
///     |> .required("name", .string)
///     |> .optional("image", .string)
///     |> .required("sports", .array(.string))
///     |> .hardcoded("athlete")
/// let users = decodeJSON(data, with: .array(decodeUser))   // Result<[User], JSONDecodingError>
/// ```
///
/// Run a decoder with ``decodeJSON(_:with:options:)-(Data,_,_)`` on text (read through Parsnip's structural index,
/// without building a tree), or call it on a ``JSON`` value (`decodeUser(json)`), which is read directly.
///
/// Decoders are `Sendable`: every closure they hold is `@Sendable`.
public struct JSONDecoding<Value>: Sendable {
  /// Decodes one value; failures carry paths relative to `input`.
  @usableFromInline let run: @Sendable (AnyJSONNode, DecodingSession) throws(JSONDecodingError) -> Value

  /// For a decoder that `decode(_:)` started and steps have not completed (`Value` is then the function still
  /// waiting for arguments): the steps recorded so far, which the next steps extend, and the last one turns into
  /// one decoder of the function's result (see `PipelinePlan`). `nil` for every other decoder.
  @usableFromInline let plan: PipelinePlan?

  @usableFromInline init(_ run: @escaping @Sendable (AnyJSONNode, DecodingSession) throws(JSONDecodingError) -> Value) {
    self.run = run
    plan = nil
  }

  @usableFromInline init(
    _ run: @escaping @Sendable (AnyJSONNode, DecodingSession) throws(JSONDecodingError) -> Value, plan: PipelinePlan?
  ) {
    self.run = run
    self.plan = plan
  }

  /// Decodes a ``JSON`` value, reading the tree directly.
  /// - Parameter json: The value.
  /// - Returns: The decoded value, or why it could not be decoded (with the path to the failing value).
  public func callAsFunction(_ json: JSON) -> Result<Value, JSONDecodingError> {
    decodeJSON(json, with: self)
  }

  /// Runs the decoder on `input` from the top, with `options`.
  func decode(_ input: AnyJSONNode, options: JSONDecodingOptions) -> Result<Value, JSONDecodingError> {
    let session = DecodingSession(options)
    do throws(JSONDecodingError) { return .success(try run(input, session)) } catch { return .failure(error) }
  }

  /// A decoder that turns each decoded value into another.
  ///
  /// ```swift
  /// let lowercased = JSONDecoding.string.map { $0.lowercased() }
  /// ```
  /// - Parameter transform: The conversion.
  /// - Returns: The new decoder.
  @inlinable public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> JSONDecoding<Other> {
    JSONDecoding<Other> { input, session throws(JSONDecodingError) in transform(try self.run(input, session)) }
  }

  /// A decoder that chooses the next decoder from the value this one decoded, and runs it on the same JSON: the way
  /// to decode tagged unions.
  ///
  /// ```swift
  /// let shape: JSONDecoding<Shape> = JSONDecoding.field("kind", .string).andThen { kind in
  ///   kind == "circle" ? circle : square
  /// }
  /// ```
  /// - Parameter next: Returns the decoder for the rest, given this decoder's value.
  /// - Returns: The combined decoder.
  public func andThen<Other>(_ next: @escaping @Sendable (Value) -> JSONDecoding<Other>) -> JSONDecoding<Other> {
    JSONDecoding<Other> { input, session throws(JSONDecodingError) in
      // `next` may return a decoder that runs this one again: a level of recursion, as in `lazy`.
      try session.enter(input, isLazy: false)
      defer { session.leave(isLazy: false) }
      return try next(try self.run(input, session)).run(input, session)
    }
  }
}
