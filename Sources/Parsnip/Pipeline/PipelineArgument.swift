// The steps of a pipeline: each decodes the next argument of the function being built from the same JSON object,
// and `|>` applies it (Elm's `andMap`). They are static members, so a pipeline reads
// `decode(User.init) |> .required("name", .string) |> .optional("email", .string)`.

/// How a pipeline decodes the next argument of the function it builds: a member, a path, a fixed value, or any
/// decoder. Apply it with `|>`; make one with the static members (``required(_:_:)``, ``optional(_:_:)``, ...).
///
/// ```swift
/// let decodeUser: JSONDecoding<User> = decode(User.init)
///   |> .required("name", .string)
///   |> .optional("email", .string)
///   |> .hardcoded("athlete")
/// ```
public struct PipelineArgument<Argument> {
  /// What decodes the argument, run as a function when the pipeline has no plan.
  @usableFromInline let decoder: JSONDecoding<Argument>
  /// A faster step that decodes what `decoder` decodes, with the same errors, given where the argument lives in the
  /// plan's store; `nil` when the plan runs `decoder` itself.
  @usableFromInline let step: ((Int) -> PipelineStep)?

  @inlinable init(_ decoder: JSONDecoding<Argument>, step: ((Int) -> PipelineStep)? = nil) {
    self.decoder = decoder
    self.step = step
  }

  /// The member `key` decoded with `decoder`; missing, or failing to decode (`null` included, unless the decoder
  /// accepts it), is an error.
  ///
  /// ```swift
  /// decode(User.init) |> .required("name", .string) |> .required("tags", .array(.string))
  /// ```
  /// - Parameters:
  ///   - key: The member name.
  ///   - decoder: The decoder of its value.
  /// - Returns: The pipeline step.
  @inlinable public static func required(_ key: String, _ decoder: JSONDecoding<Argument>) -> Self {
    Self(.field(key, decoder)) { offset in
      // What `.field(key, decoder)` does, without the closure between the step and `decoder`.
      let name = PipelineKey(key)
      return { input, session, store throws(JSONDecodingError) in
        guard let value = try input.memberOfObject(name, session) else {
          throw JSONDecodingError(.missingKey(key), at: input)
        }
        do throws(JSONDecodingError) {
          store.initializeArgument(at: offset, to: try decoder.run(value, session))
        } catch { throw error.inside(.key(key)) }
      }
    }
  }

  /// The member `key` decoded with `decoder`, or `nil` when the member is missing or `null`; a member that is present
  /// but does not decode is an error.
  /// - Parameters:
  ///   - key: The member name.
  ///   - decoder: The decoder of a value that is not `null`.
  /// - Returns: The pipeline step.
  @inlinable public static func optional<Wrapped>(_ key: String, _ decoder: JSONDecoding<Wrapped>) -> Self
  where Argument == Wrapped? {
    Self(optionalMember(key, decoder)) { offset in
      // What `optionalMember(key, decoder)` does, without the closure between the step and `decoder`.
      let name = PipelineKey(key)
      return { input, session, store throws(JSONDecodingError) in
        guard let member = try input.memberOfObject(name, session), !member.isNull else {
          store.initializeArgument(at: offset, to: Wrapped?.none)
          return
        }
        do throws(JSONDecodingError) {
          store.initializeArgument(at: offset, to: Wrapped?.some(try decoder.run(member, session)))
        } catch { throw error.inside(.key(key)) }
      }
    }
  }

  /// The member `key` decoded with `decoder`, or `defaultValue` when the member is missing or `null`.
  /// - Parameters:
  ///   - key: The member name.
  ///   - decoder: The decoder of a value that is not `null`.
  ///   - defaultValue: The value when the member is missing or `null`.
  /// - Returns: The pipeline step.
  public static func optional(_ key: String, _ decoder: JSONDecoding<Argument>, default defaultValue: Argument) -> Self
  where Argument: Sendable {
    Self(optionalMember(key, decoder).map { $0 ?? defaultValue })
  }

  /// The value at a key path such as `"user.avatar.url"` (``JSONKeyPath``'s grammar), decoded with `decoder`;
  /// a missing key or index is an error naming it and the container that lacks it.
  /// - Parameters:
  ///   - keyPath: Key-path text; text that does not parse fails when the decoder runs.
  ///   - decoder: The decoder of the value there.
  /// - Returns: The pipeline step.
  public static func requiredAt(_ keyPath: String, _ decoder: JSONDecoding<Argument>) -> Self {
    Self(requiredPath(PipelinePath(parsing: keyPath), decoder))
  }

  /// The value at a key path, decoded with `decoder`.
  /// - Parameters:
  ///   - keyPath: The path.
  ///   - decoder: The decoder of the value there.
  /// - Returns: The pipeline step.
  public static func requiredAt(_ keyPath: JSONKeyPath, _ decoder: JSONDecoding<Argument>) -> Self {
    Self(requiredPath(.keyPath(keyPath), decoder))
  }

  /// The value at a list of member names (Elm's `requiredAt ["user", "avatar"]`), decoded with `decoder`.
  /// - Parameters:
  ///   - keys: The member names, outermost first.
  ///   - decoder: The decoder of the value there.
  /// - Returns: The pipeline step.
  public static func requiredAt(_ keys: [String], _ decoder: JSONDecoding<Argument>) -> Self {
    Self(requiredPath(.keyPath(JSONKeyPath(components: keys.map { .key($0) })), decoder))
  }

  /// The value at a JSON Pointer, decoded with `decoder`.
  /// - Parameters:
  ///   - pointer: The pointer.
  ///   - decoder: The decoder of the value there.
  /// - Returns: The pipeline step.
  public static func requiredAt(_ pointer: JSONPointer, _ decoder: JSONDecoding<Argument>) -> Self {
    Self(requiredPath(.pointer(pointer), decoder))
  }

  /// The value at a key path such as `"user.avatar.url"`, decoded with `decoder`, or `nil` when a key or an index on
  /// the way is missing or the value is `null`.
  /// - Parameters:
  ///   - keyPath: Key-path text.
  ///   - decoder: The decoder of a value that is not `null`.
  /// - Returns: The pipeline step.
  public static func optionalAt<Wrapped>(_ keyPath: String, _ decoder: JSONDecoding<Wrapped>) -> Self
  where Argument == Wrapped? {
    Self(optionalPath(PipelinePath(parsing: keyPath), decoder))
  }

  /// The value at a key path, decoded with `decoder`, or `nil` when it is missing or `null`.
  /// - Parameters:
  ///   - keyPath: The path.
  ///   - decoder: The decoder of a value that is not `null`.
  /// - Returns: The pipeline step.
  public static func optionalAt<Wrapped>(_ keyPath: JSONKeyPath, _ decoder: JSONDecoding<Wrapped>) -> Self
  where Argument == Wrapped? {
    Self(optionalPath(.keyPath(keyPath), decoder))
  }

  /// The value at a list of member names, decoded with `decoder`, or `nil` when it is missing or `null`.
  /// - Parameters:
  ///   - keys: The member names, outermost first.
  ///   - decoder: The decoder of a value that is not `null`.
  /// - Returns: The pipeline step.
  public static func optionalAt<Wrapped>(_ keys: [String], _ decoder: JSONDecoding<Wrapped>) -> Self
  where Argument == Wrapped? {
    Self(optionalPath(.keyPath(JSONKeyPath(components: keys.map { .key($0) })), decoder))
  }

  /// The value at a JSON Pointer, decoded with `decoder`, or `nil` when it is missing or `null`.
  /// - Parameters:
  ///   - pointer: The pointer.
  ///   - decoder: The decoder of a value that is not `null`.
  /// - Returns: The pipeline step.
  public static func optionalAt<Wrapped>(_ pointer: JSONPointer, _ decoder: JSONDecoding<Wrapped>) -> Self
  where Argument == Wrapped? {
    Self(optionalPath(.pointer(pointer), decoder))
  }

  /// `value` as the next argument, whatever the JSON.
  ///
  /// ```swift
  /// decode(User.init) |> .required("name", .string) |> .hardcoded("athlete")
  /// ```
  /// - Parameter value: The argument.
  /// - Returns: The pipeline step.
  public static func hardcoded(_ value: Argument) -> Self where Argument: Sendable {
    Self(.succeed(value))
  }

  /// The next argument decoded by `decoder` from the same JSON the pipeline reads (not from one of its members).
  ///
  /// ```swift
  /// decode(Point.init) |> .custom(.index(0, .double)) |> .custom(.index(1, .double))
  /// ```
  /// - Parameter decoder: The decoder of the argument.
  /// - Returns: The pipeline step.
  @inlinable public static func custom(_ decoder: JSONDecoding<Argument>) -> Self {
    Self(decoder)
  }
}

/// A decoder that runs `function`, then `argument`, and applies the one to the other. With accumulated errors, a
/// failure of `function` does not stop `argument` from running and reporting its own.
///
/// When `function` is a pipeline's plan (see `PipelinePlan`), the step is recorded instead: `step` (given where
/// its argument lives in the store) when the caller has a faster one that decodes what `argument` decodes, with
/// the same errors; otherwise a step that runs `argument`.
@inlinable func applying<Argument, Result>(
  _ function: JSONDecoding<(Argument) -> Result>,
  _ argument: JSONDecoding<Argument>,
  step: ((Int) -> PipelineStep)? = nil
) -> JSONDecoding<Result> {
  let curried = JSONDecoding<Result> { input, session throws(JSONDecodingError) in
    let apply: (Argument) -> Result
    do throws(JSONDecodingError) { apply = try function.run(input, session) } catch {
      guard session.accumulates, !error.endsTheDecode else { throw error }
      do throws(JSONDecodingError) { _ = try argument.run(input, session) } catch let next {
        throw .combining(error, next)
      }
      throw error
    }
    return apply(try argument.run(input, session))
  }
  guard let plan = function.plan else { return curried }
  let offset = plan.nextOffset
  if let step { return plan.appending(step(offset), curried: curried) }
  return plan.appending(
    { input, session, store throws(JSONDecodingError) in
      store.initializeArgument(at: offset, to: try argument.run(input, session))
    }, curried: curried)
}

/// `nil` for a missing or `null` member; fails when the input is not an object.
@inlinable func optionalMember<Argument>(_ key: String, _ decoder: JSONDecoding<Argument>) -> JSONDecoding<Argument?> {
  let name = PipelineKey(key)
  return JSONDecoding { input, session throws(JSONDecodingError) in
    guard let member = try input.memberOfObject(name, session), !member.isNull else { return nil }
    do throws(JSONDecodingError) { return try decoder.run(member, session) } catch { throw error.inside(.key(key)) }
  }
}

func requiredPath<Argument>(_ path: PipelinePath, _ decoder: JSONDecoding<Argument>) -> JSONDecoding<Argument> {
  JSONDecoding { input, session throws(JSONDecodingError) in
    switch try input.lookUp(path) {
    case .missing(let error): throw error
    case .found(let value):
      do throws(JSONDecodingError) { return try decoder.run(value, session) } catch {
        throw error.inside(path.keyPath(in: input))
      }
    }
  }
}

func optionalPath<Argument>(_ path: PipelinePath, _ decoder: JSONDecoding<Argument>) -> JSONDecoding<Argument?> {
  JSONDecoding { input, session throws(JSONDecodingError) in
    guard case .found(let value) = try input.lookUp(path), !value.isNull else { return nil }
    do throws(JSONDecodingError) { return try decoder.run(value, session) } catch {
      throw error.inside(path.keyPath(in: input))
    }
  }
}
