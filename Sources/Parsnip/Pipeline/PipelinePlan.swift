// A pipeline recorded as a plan instead of a chain of curried closures.
//
// `decode(f)` records `f`'s parameter layout; each step (`required`, `optional`, `hardcoded`, `custom`, ...) appends
// one function that decodes its argument and initializes it at its place in an argument store. When the last
// argument's step is appended, the pipeline becomes one decoder that allocates the store on the stack, runs the
// steps in order and calls `f` once, moving every argument out of the store: no closure per argument, no copy of
// the arguments decoded so far at each step. A decoder of a function that is still missing arguments keeps its
// curried form beside the plan, for whatever runs it as a function (`map`, `andThen`, running it directly); a
// curried decoder made any other way (`.succeed(f)`, `map`) has no plan, and the steps after it curry as before.

/// One step of a plan: decodes its argument from the pipeline's input and initializes it in the argument store
/// (the store's start is given; the step knows its offset), or fails and leaves it uninitialized.
@usableFromInline typealias PipelineStep =
  @Sendable (AnyJSONNode, DecodingSession, UnsafeMutableRawPointer) throws(JSONDecodingError) -> Void

/// A step as a plan stores it: in a struct, so that the closure keeps its own calling convention (an array of bare
/// closures would hold them at the most general one, and each call would go through a conversion thunk).
@usableFromInline struct PipelineStepBox: Sendable {
  @usableFromInline let run: PipelineStep
  @inlinable init(_ run: @escaping PipelineStep) { self.run = run }
}

/// The recorded steps of a pipeline started by `decode(_:)`, and what it needs to run them: where each argument of
/// the function lives in the argument store, how to discard the arguments decoded when a later one fails, and how
/// to call the function.
@usableFromInline final class PipelinePlan: @unchecked Sendable {  // immutable after `init`
  /// Where each argument of the function lives in the store, and the store's size and alignment.
  @usableFromInline struct Layout: Sendable {
    @usableFromInline var offsets: [Int] = []
    @usableFromInline var byteCount = 0
    @usableFromInline var alignment = 1

    @inlinable init() {}

    /// The layout with an argument of type `T` after the others.
    @inlinable func adding<T>(_: T.Type) -> Layout {
      var next = self
      let align = MemoryLayout<T>.alignment
      let offset = (byteCount + align - 1) / align * align
      next.offsets.append(offset)
      next.byteCount = offset + MemoryLayout<T>.size
      next.alignment = Swift.max(alignment, align)
      return next
    }
  }

  @usableFromInline let layout: Layout
  @usableFromInline let steps: [PipelineStepBox]
  /// `steps` again, in memory this plan owns: the run reads each step in place, where iterating the array would
  /// retain and release each step's closure around its call.
  @usableFromInline let stepsInPlace: UnsafeMutableBufferPointer<PipelineStepBox>
  /// Deinitializes the arguments whose bits (bit `i` for argument `i`) are set.
  @usableFromInline let discard: @Sendable (UnsafeMutableRawPointer, UInt64) -> Void
  /// Given the complete plan, the decoder that runs it and calls the function: a `JSONDecoding<R>`, for the `R`
  /// that `decode(_:)` knew.
  @usableFromInline let finish: @Sendable (PipelinePlan) -> Any

  @inlinable init(
    layout: Layout, steps: [PipelineStepBox] = [],
    discard: @escaping @Sendable (UnsafeMutableRawPointer, UInt64) -> Void,
    finish: @escaping @Sendable (PipelinePlan) -> Any
  ) {
    precondition(layout.offsets.count <= UInt64.bitWidth, "a pipeline function has at most 64 parameters")
    self.layout = layout
    self.steps = steps
    stepsInPlace = UnsafeMutableBufferPointer(
      start: .allocate(capacity: Swift.max(steps.count, 1)), count: steps.count)
    _ = stepsInPlace.initialize(from: steps)
    self.discard = discard
    self.finish = finish
  }

  deinit {
    _ = stepsInPlace.deinitialize()
    stepsInPlace.baseAddress!.deallocate()
  }

  /// Where the argument the next step decodes lives in the store.
  @inlinable var nextOffset: Int { layout.offsets[steps.count] }

  /// The decoder after one more step: the plan's own decoder of the function's result when `step` decodes the last
  /// argument, otherwise `curried` (what the step gives without a plan) carrying the longer plan.
  @inlinable func appending<Result>(
    _ step: @escaping PipelineStep, curried: JSONDecoding<Result>
  ) -> JSONDecoding<Result> {
    let next = PipelinePlan(layout: layout, steps: steps + [PipelineStepBox(step)], discard: discard, finish: finish)
    guard next.steps.count == layout.offsets.count else { return JSONDecoding(curried.run, plan: next) }
    guard let complete = finish(next) as? JSONDecoding<Result> else {
      preconditionFailure("a pipeline's last step gives the function's result")
    }
    return complete
  }

  /// Runs every step on `input` into a store on the stack, then `call`s the function with the arguments (`call`
  /// moves them out).
  @inlinable func run<R>(
    _ input: AnyJSONNode, _ session: DecodingSession, _ call: (UnsafeMutableRawPointer) -> R
  ) throws(JSONDecodingError) -> R {
    try withUnsafeTemporaryAllocation(byteCount: Swift.max(layout.byteCount, 1), alignment: layout.alignment) {
      buffer throws(JSONDecodingError) -> R in
      let store = buffer.baseAddress!
      try runSteps(input, session, store)
      return call(store)
    }
  }

  /// Runs every step on `input`, each initializing its argument in `store`. A failing step stops the rest, unless
  /// the session accumulates failures: then every step runs and the failures are combined in step order, as the
  /// curried steps combine them. When it throws, every argument it initialized is discarded again.
  ///
  /// One function for every plan, apart from the generic `run`, so that the loop is compiled once and tight.
  @usableFromInline func runSteps(
    _ input: AnyJSONNode, _ session: DecodingSession, _ store: UnsafeMutableRawPointer
  ) throws(JSONDecodingError) {
    var failure: JSONDecodingError?
    var initialized: UInt64 = 0
    var bit: UInt64 = 1
    let steps = UnsafePointer(stepsInPlace.baseAddress!)
    for position in 0..<stepsInPlace.count {
      do throws(JSONDecodingError) {
        try steps[position].run(input, session, store)
        initialized |= bit
      } catch {
        guard session.accumulates, !error.endsTheDecode else {
          discard(store, initialized)
          throw error
        }
        JSONDecodingError.accumulate(error, into: &failure)
      }
      bit &<<= 1
    }
    if let failure {
      discard(store, initialized)
      throw failure
    }
  }
}

extension UnsafeMutableRawPointer {
  /// Moves the argument of type `T` at `offset` out of a plan's store.
  @inlinable func takeArgument<T>(_: T.Type, at offset: Int) -> T {
    (self + offset).assumingMemoryBound(to: T.self).move()
  }

  /// Deinitializes the argument of type `T` at `offset` of a plan's store.
  @inlinable func discardArgument<T>(_: T.Type, at offset: Int) {
    (self + offset).assumingMemoryBound(to: T.self).deinitialize(count: 1)
  }

  /// Initializes the argument at `offset` of a plan's store.
  @inlinable func initializeArgument<T>(at offset: Int, to value: consuming T) {
    (self + offset).initializeMemory(as: T.self, to: value)
  }
}
