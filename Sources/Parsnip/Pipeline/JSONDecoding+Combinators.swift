// Building blocks that make decoders out of decoders.

extension JSONDecoding {
  /// A JSON array, each element decoded with `element`.
  ///
  /// With ``JSONDecodingOptions/accumulatesErrors`` every element is decoded and every failure reported.
  /// - Parameter element: The decoder of one element.
  /// - Returns: The decoder.
  @inlinable public static func array<Element>(_ element: JSONDecoding<Element>) -> JSONDecoding<[Element]>
  where Value == [Element] {
    JSONDecoding { input, session throws(JSONDecodingError) in
      guard input.kind == .array else { throw .mismatch("an array", input) }
      var result: [Element] = []
      result.reserveCapacity(input.count)
      var failure: JSONDecodingError?
      try input.eachElement { (position, item) throws(JSONDecodingError) in
        do throws(JSONDecodingError) { result.append(try element.run(item, session)) } catch {
          try session.record(error.inside(.index(position)), into: &failure)
        }
      }
      if let failure { throw failure }
      return result
    }
  }

  /// A JSON object as a dictionary, each member's value decoded with `value` (the last one when a key repeats).
  /// - Parameter value: The decoder of one member's value.
  /// - Returns: The decoder.
  @inlinable public static func dictionary<Member>(_ value: JSONDecoding<Member>) -> JSONDecoding<[String: Member]>
  where Value == [String: Member] {
    // What `keyValuePairs(value)` reads, gathered straight into the dictionary instead of through a list.
    JSONDecoding { input, session throws(JSONDecodingError) in
      var result: [String: Member] = [:]
      result.reserveCapacity(input.count)
      try decodeMembers(of: input, with: value, session) { result[$0] = $1 }
      return result
    }
  }

  /// A JSON object's members in document order, each value decoded with `value`: a key repeated in the text once,
  /// at its first position, with its last value, as in the `JSON` tree (from text, a document or a tree alike).
  /// - Parameter value: The decoder of one member's value.
  /// - Returns: The decoder.
  public static func keyValuePairs<Member>(
    _ value: JSONDecoding<Member>
  ) -> JSONDecoding<[(key: String, value: Member)]>
  where Value == [(key: String, value: Member)] {
    JSONDecoding { input, session throws(JSONDecodingError) in
      var result: [(key: String, value: Member)] = []
      result.reserveCapacity(input.count)
      try decodeMembers(of: input, with: value, session) { result.append(($0, $1)) }
      return result
    }
  }

  /// Decodes the value of each member of the object `input` with `value`, in document order, handing each to
  /// `body`: the one member loop of ``dictionary(_:)`` and ``keyValuePairs(_:)``.
  @inlinable static func decodeMembers<Member>(
    of input: AnyJSONNode, with value: JSONDecoding<Member>, _ session: DecodingSession,
    _ body: (String, Member) -> Void
  ) throws(JSONDecodingError) {
    guard input.kind == .object else { throw .mismatch("an object", input) }
    var failure: JSONDecodingError?
    try input.eachMember { (key, member) throws(JSONDecodingError) in
      do throws(JSONDecodingError) { body(key, try value.run(member, session)) } catch {
        try session.record(error.inside(.key(key)), into: &failure)
      }
    }
    if let failure { throw failure }
  }

  /// `nil` for `null`, otherwise the value decoded with `wrapped`.
  /// - Parameter wrapped: The decoder of a value that is not `null`.
  /// - Returns: The decoder.
  @inlinable public static func nullable<Wrapped>(_ wrapped: JSONDecoding<Wrapped>) -> JSONDecoding<Wrapped?>
  where Value == Wrapped? {
    JSONDecoding { input, session throws(JSONDecodingError) in
      input.isNull ? nil : try wrapped.run(input, session)
    }
  }

  /// The element at `position` of a JSON array, decoded with `element`.
  /// - Parameters:
  ///   - position: A zero-based index.
  ///   - element: The decoder of that element.
  /// - Returns: The decoder.
  public static func index(_ position: Int, _ element: JSONDecoding<Value>) -> JSONDecoding<Value> {
    JSONDecoding { input, session throws(JSONDecodingError) in
      guard input.kind == .array else { throw .mismatch("an array", input) }
      guard let item = input.element(position) else {
        throw JSONDecodingError(.missingIndex(position, count: input.count), at: input)
      }
      do throws(JSONDecodingError) { return try element.run(item, session) } catch {
        throw error.inside(.index(position))
      }
    }
  }

  /// The member `key` of a JSON object, decoded with `member`; fails when it is missing.
  /// - Parameters:
  ///   - key: The member name.
  ///   - member: The decoder of its value.
  /// - Returns: The decoder.
  @inlinable public static func field(_ key: String, _ member: JSONDecoding<Value>) -> JSONDecoding<Value> {
    let name = PipelineKey(key)
    return JSONDecoding { input, session throws(JSONDecodingError) in
      guard let value = try input.memberOfObject(name, session) else {
        throw JSONDecodingError(.missingKey(key), at: input)
      }
      do throws(JSONDecodingError) { return try member.run(value, session) } catch { throw error.inside(.key(key)) }
    }
  }

  /// Always `value`, whatever the JSON.
  /// - Parameter value: The result.
  /// - Returns: The decoder.
  public static func succeed(_ value: Value) -> JSONDecoding<Value> where Value: Sendable {
    JSONDecoding { _, _ in value }
  }

  /// Always fails with `message`, at the value it was given.
  /// - Parameter message: Why (``JSONDecodingError/Kind-swift.enum/failure(_:)``).
  /// - Returns: The decoder.
  public static func fail(_ message: String) -> JSONDecoding<Value> {
    JSONDecoding { input, _ throws(JSONDecodingError) in throw JSONDecodingError(.failure(message), at: input) }
  }

  /// The decoder `make` returns, made when it runs: the way to write recursive decoders, such as a comment with
  /// replies. Recursion deeper than ``JSONDecodingOptions/maximumDepth``, or deeper than the thread's stack can
  /// hold, fails with ``JSONDecodingError/Kind-swift.enum/nestingTooDeep(limit:)`` instead of overflowing the stack.
  ///
  /// ```swift
  /// let decodeComment: JSONDecoding<Comment> =
  ///   decode(Comment.init) |> .required("text", .string) |> .required("replies", .array(.lazy { decodeComment }))
  /// ```
  /// - Parameter make: Returns the decoder.
  /// - Returns: The decoder.
  @inlinable public static func lazy(_ make: @escaping @Sendable () -> JSONDecoding<Value>) -> JSONDecoding<Value> {
    JSONDecoding { input, session throws(JSONDecodingError) in
      try session.enter(input, isLazy: true)
      defer { session.leave(isLazy: true) }
      return try make().run(input, session)
    }
  }

  /// The value of the first of `alternatives` that succeeds; when all fail, the error lists each one's failure.
  ///
  /// Each alternative tried counts against ``JSONDecodingOptions/maximumDecoderRuns``, as each level of recursion
  /// does: alternatives that each decode a recursive member before failing would take time exponential in the
  /// depth, and stop with ``JSONDecodingError/Kind-swift.enum/tooExpensive(limit:)`` instead.
  /// - Parameter alternatives: The decoders to try, in order.
  /// - Returns: The decoder.
  public static func oneOf(_ alternatives: [JSONDecoding<Value>]) -> JSONDecoding<Value> {
    JSONDecoding { input, session throws(JSONDecodingError) in
      var failures: [JSONDecodingError] = []
      for alternative in alternatives {
        try session.countRun(input)
        do throws(JSONDecodingError) { return try alternative.run(input, session) } catch {
          if error.endsTheDecode { throw error }
          failures.append(error)
        }
      }
      throw JSONDecodingError(.oneOf(failures), at: input)
    }
  }
}
