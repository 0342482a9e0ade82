import Foundation

/// Writes JSON bytes while `encode(to:)` implementations run; see ``ParsnipEncoder`` for the approach.
final class StreamEncoderState {
  let options: EncoderOptions
  let userInfo: [CodingUserInfoKey: Any]
  let core: UnsafeMutablePointer<StreamCore>
  /// The names, key types and type kinds this encode found, and those that earlier encodes on the thread left (see
  /// `EncodeCaches`), held through `cacheSet` until the encode ends (`finishEncode()`) and read by nothing after.
  let caches: UnsafeMutablePointer<EncodeCaches.Contents>
  let cacheSet: EncodeCaches
  let usesDefaultKeys: Bool
  /// Whether keyed containers' boxes are reused (StandardLibraryLayout.swift, assumption 4).
  let reusesBoxes: Bool
  private let maximumCallDepth: Int

  init(options: EncoderOptions, capacity: Int = 256) {
    self.options = options
    self.userInfo = options.encoderUserInfo
    self.usesDefaultKeys = options.usesDefaultKeys
    self.maximumCallDepth = options.maximumCallDepth
    self.reusesBoxes = options.reusesContainerBoxes
    core = .allocate(capacity: 1)
    core.initialize(to: StreamCore(output: OutputCore(options: options, capacity: capacity)))
    cacheSet = EncodeCaches.take(for: options)
    caches = cacheSet.contents
  }

  deinit {
    if core.pointee.outputTaken {
      core.pointee.output.releaseStacks()
    } else {
      core.pointee.output.release()
    }
    core.deinitialize(count: 1)
    core.deallocate()
  }

  var needsFallback: Bool { core.pointee.needsFallback || core.pointee.output.sawDuplicateKey }

  func takeOutput() -> [UInt8] { core.pointee.output.out.bytes() }

  /// The output as `Data`, which takes over the buffer; called at most once, after which the output is gone.
  func takeData() -> Data {
    precondition(!core.pointee.outputTaken, "the output was taken already")
    core.pointee.outputTaken = true
    return core.pointee.output.out.takeData()
  }

  @inline(never) func abandon() { core.pointee.needsFallback = true }

  // MARK: Top level

  func encodeTopLevel<T: Encodable>(_ value: T) throws {
    let slot = core.pointee.output.makeID()
    core.pointee.pendingSlot = slot
    core.pointee.pendingKey = .none
    try encodeValue(value, depth: 0)
    if core.pointee.output.out.isEmpty {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values.")
      )
    }
    while !core.pointee.output.frames.isEmpty { core.pointee.output.closeTop() }
    core.pointee.finished = true
  }

  // MARK: Values

  /// Encodes a value into the pending slot at `depth` (leaves directly; other values through `encode(to:)`).
  @inline(__always)
  func encodeValue<T: Encodable>(_ value: T, depth: Int) throws {
    if T.self == String.self {
      core.pointee.pendingSlot = 0
      core.pointee.output.appendString(checkedCast(value, to: String.self))
    } else if T.self == Int.self {
      core.pointee.pendingSlot = 0
      core.pointee.output.appendInteger(Int64(checkedCast(value, to: Int.self)))
    } else if T.self == Double.self {
      core.pointee.pendingSlot = 0
      try writeDouble(checkedCast(value, to: Double.self), path: codingPathOfPendingSlot(depth: depth))
    } else if T.self == Bool.self {
      core.pointee.pendingSlot = 0
      core.pointee.output.appendBool(checkedCast(value, to: Bool.self))
    } else {
      try encodeNonTrivial(value, depth: depth)
    }
  }

  private func encodeNonTrivial<T: Encodable>(_ value: T, depth: Int) throws {
    if let leaf = options.specialLeaf(value) {
      try writeLeaf(leaf, depth: depth)
      return
    }
    // Arrays, dictionaries and class references are one word; structs of several fields are not.
    if MemoryLayout<T>.size == MemoryLayout<Int>.size {
      if try writeArrayFastPath(value, depth: depth) { return }
      switch kind(of: T.self) {
      case .plain: break
      case .array(let type):
        try withUnsafePointer(to: value) { try type.encodeElements(at: UnsafeRawPointer($0), into: self, depth: depth) }
        return
      case .dictionary(let type):
        try withUnsafePointer(to: value) { try type.encodeMembers(at: UnsafeRawPointer($0), into: self, depth: depth) }
        return
      case .object:
        try encodeObjectInstance(value, depth: depth)
        return
      }
    }
    try encodeThroughConformance(value, depth: depth)
  }

  @inline(__always)
  private func kind<T>(of type: T.Type) -> OneWordKind {
    // Two ways of 32 pairs of slots, picked by a multiplicative hash of the metadata's address: a direct-mapped
    // table keyed by address bits let two types of one model share a slot and evict each other on every encode
    // whenever a build laid their metadata out so (2 964 conformance lookups per profile-encode run instead of 45).
    let key = UInt(bitPattern: ObjectIdentifier(type))
    let index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> 59) &<< 1
    if caches.pointee.kindKeys[index] == key { return caches.pointee.kinds[index] }
    if caches.pointee.kindKeys[index | 1] == key { return caches.pointee.kinds[index | 1] }
    let kind: OneWordKind =
      if let array = type as? any EncodableArray.Type {
        .array(array)
      } else if let dictionary = type as? any StringKeyedEncodableDictionary.Type {
        .dictionary(dictionary)
      } else if type is AnyClass {
        .object
      } else {
        .plain
      }
    // The newer entry takes the first way and the one it displaces the second.
    caches.pointee.kindKeys[index | 1] = caches.pointee.kindKeys[index]
    caches.pointee.kinds[index | 1] = caches.pointee.kinds[index]
    caches.pointee.kindKeys[index] = key
    caches.pointee.kinds[index] = kind
    return kind
  }

  /// Writes arrays of common leaves without creating containers.
  private func writeArrayFastPath<T: Encodable>(_ value: T, depth: Int) throws -> Bool {
    if T.self == [Int].self {
      try writeArray(checkedCast(value, to: [Int].self), depth: depth) { $0.appendInteger(Int64($1)) }
    } else if T.self == [String].self {
      try writeArray(checkedCast(value, to: [String].self), depth: depth) { $0.appendString($1) }
    } else if T.self == [Double].self {
      let array = checkedCast(value, to: [Double].self)
      guard array.allSatisfy(\.isFinite) else { return false }  // the generic path reports the element's path
      try writeArray(array, depth: depth) { $0.appendFiniteDouble($1) }
    } else if T.self == [Bool].self {
      try writeArray(checkedCast(value, to: [Bool].self), depth: depth) { $0.appendBool($1) }
    } else {
      return false
    }
    return true
  }

  /// Opens, in the pending slot, the container of a collection that the encoder writes itself; returns its id.
  @inline(__always)
  private func openCollection(isObject: Bool, depth: Int, value: @autoclosure () -> Any) throws -> Int {
    try checkDepth(depth, value: value())
    let key = takePendingKey()
    core.pointee.pendingSlot = 0
    return core.pointee.output.open(isObject: isObject, slot: 0, key: key)
  }

  private func writeArray<E>(_ array: [E], depth: Int, _ write: (inout OutputCore, E) -> Void) throws {
    _ = try openCollection(isObject: false, depth: depth, value: array)
    for element in array {
      core.pointee.output.beginElement()
      write(&core.pointee.output, element)
    }
    core.pointee.output.closeTop()
  }

  /// Writes an array's elements as an unkeyed container would, without the container: the standard library's
  /// `encode(to:)` calls one through an existential per element. (Each element is still copied as it is passed on:
  /// Swift copies a value read from memory into a generic argument, whether through an array, a buffer or a
  /// pointer, since the callee might write to that memory.)
  func writeEncodableArray<Element: Encodable>(_ array: [Element], depth: Int) throws {
    let id = try openCollection(isObject: false, depth: depth, value: array)
    let frameIndex = core.pointee.output.frames.count - 1
    // Through the buffer's base address: `enumerated()` on a generic array goes through its iterators' witnesses
    // and metadata lookups (+50% on twitter.json's encode).
    try array.withUnsafeBufferPointer { buffer in
      guard let elements = buffer.baseAddress else { return }
      for index in buffer.indices {
        guard makeTop(frameIndex, id: id) else { return }
        core.pointee.output.beginElement()
        core.pointee.pendingSlot = -1
        core.pointee.pendingKey = .index(index)
        do {
          try encodeValue(elements[index], depth: depth + 1)
        } catch {
          core.pointee.sawSwallowableError = true  // as `guarded`
          throw error
        }
      }
    }
    guard makeTop(frameIndex, id: id) else { return }
    core.pointee.output.closeTop()
  }

  /// Writes a `[String: Value]` dictionary: keys verbatim, values through the usual paths.
  func writeStringKeyedDictionary<Value: Encodable>(_ dictionary: [String: Value], depth: Int) throws {
    let id = try openCollection(isObject: true, depth: depth, value: dictionary)
    let frameIndex = core.pointee.output.frames.count - 1
    for (name, element) in dictionary {
      guard makeTop(frameIndex, id: id) else { return }
      core.pointee.output.beginUniqueMember(key: name)
      core.pointee.pendingSlot = core.pointee.output.makeID()
      core.pointee.pendingKey = .string(name)
      try encodeValue(element, depth: depth + 1)
    }
    guard makeTop(frameIndex, id: id) else { return }
    core.pointee.output.closeTop()
  }

  private func encodeObjectInstance<T: Encodable>(_ value: T, depth: Int) throws {
    // `value` is a class reference (`kind(of:)` said so); `as AnyObject` would go through a dynamic cast.
    let identity = ObjectIdentifier(checkedCast(value, to: AnyObject.self))
    if core.pointee.activeObjects.contains(identity) {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPathOfPendingSlot(depth: depth),
          debugDescription: "Reference cycle: this \(type(of: value)) instance is already being encoded further up "
            + "the path \(CodingPathRendering.message(codingPathOfPendingSlot(depth: depth)))."))
    }
    core.pointee.activeObjects.append(identity)
    defer { core.pointee.activeObjects.removeLast() }
    try encodeThroughConformance(value, depth: depth)
  }

  /// Calls the value's `encode(to:)` with an encoder for the pending slot, then closes what it opened.
  func encodeThroughConformance<T: Encodable>(_ value: T, depth: Int) throws {
    let slot = core.pointee.output.makeID()
    core.pointee.pendingSlot = slot
    core.pointee.callDepth += 1
    defer { core.pointee.callDepth -= 1 }
    if core.pointee.callDepth > maximumCallDepth { try checkDepth(Int.max, value: value) }
    if !core.pointee.stack.hasRoom(atDepth: core.pointee.callDepth) { throw stackError(value) }
    try value.encode(to: StreamEncoder(state: self, depth: depth, slot: slot))
    finishSlot(slot, depth: depth)
  }

  /// After a value's `encode(to:)` returned: close its container, or write `{}` when it encoded nothing.
  @inline(__always)
  func finishSlot(_ slot: Int, depth: Int) {
    if core.pointee.pendingSlot == slot {
      core.pointee.pendingSlot = 0
      // Foundation's choice for a nested value that encodes nothing; at the top level it is an error instead.
      if depth > 0 { core.pointee.output.appendEmptyObject() }
      return
    }
    let frames = core.pointee.output.frames.count
    if frames > depth {
      guard core.pointee.output.frames[depth].slot == slot else { return abandon() }
      if core.pointee.pendingSlot != 0 { resolvePending() }
      while core.pointee.output.frames.count > depth { core.pointee.output.closeTop() }
    }
  }

  private func writeLeaf(_ leaf: EncodedLeaf, depth: Int) throws {
    switch leaf {
    case .string(let string):
      core.pointee.pendingSlot = 0
      core.pointee.output.appendString(string)
    case .double(let double):
      core.pointee.pendingSlot = 0
      try writeDouble(double, path: codingPathOfPendingSlot(depth: depth))
    case .float(let float):
      core.pointee.pendingSlot = 0
      if float.isFinite {
        core.pointee.output.appendFiniteFloat(float)
      } else {
        core.pointee.output.appendString(
          try options.nonConformingText(Double(float), path: codingPathOfPendingSlot(depth: depth)))
      }
    case .number(let number):
      core.pointee.pendingSlot = 0
      if case .double(let double) = number.storage {
        try writeDouble(double, path: codingPathOfPendingSlot(depth: depth))
      } else {
        core.pointee.output.appendNumber(number)
      }
    case .json(let json):
      let key = core.pointee.pendingKey
      core.pointee.pendingSlot = 0
      try options.write(
        json, into: &core.pointee.output.out, indentDepth: core.pointee.output.frames.count, depth: depth
      ) { (depth > 0 ? self.containerPath(frameIndex: depth - 1) : []) + [key.codingKey].compactMap { $0 } }
    case .custom(let body):
      try encodeThroughConformance(CustomLeaf(body: body), depth: depth)
      // A strategy that encodes nothing writes `{}` at the top level too (`finishSlot` does it below), as Foundation.
      if depth == 0, core.pointee.output.out.isEmpty { core.pointee.output.appendEmptyObject() }
    }
  }

  @inline(__always)
  func writeDouble(_ value: Double, path: @autoclosure () -> [any CodingKey]) throws {
    if value.isFinite {
      core.pointee.output.appendFiniteDouble(value)
    } else {
      core.pointee.output.appendString(try options.nonConformingText(value, path: path()))
    }
  }

  /// The error for nesting that would overflow the thread's stack before reaching `maximumDepth`.
  func stackError(_ value: Any) -> EncodingError {
    let frames = core.pointee.output.frames.count
    return options.stackError(value, codingPath: codingPathOfPendingSlot(depth: frames), levels: frames)
  }

  /// Fails when a container at `depth` would exceed the depth limit.
  @inline(__always)
  func checkDepth(_ depth: Int, value: @autoclosure () -> Any) throws {
    guard depth >= options.maximumDepth else { return }
    throw options.depthError(
      value(), codingPath: codingPathOfPendingSlot(depth: Swift.min(depth, core.pointee.output.frames.count)))
  }

  // MARK: Container bookkeeping

  /// Makes the frame at `index` (with `id`) the innermost open one, closing finished children.
  /// Returns `false` (and abandons streaming) when that frame was already closed.
  @inline(__always)
  func makeTop(_ index: Int, id: Int) -> Bool {
    let count = core.pointee.output.frames.count
    if index == count - 1 && core.pointee.pendingSlot == 0 && core.pointee.output.frames[index].id == id {
      return true
    }
    return makeTopSlowly(index, id: id)
  }

  @inline(never)
  private func makeTopSlowly(_ index: Int, id: Int) -> Bool {
    guard !core.pointee.needsFallback, !core.pointee.finished, index < core.pointee.output.frames.count,
      core.pointee.output.frames[index].id == id
    else {
      abandon()
      return false
    }
    if core.pointee.pendingSlot != 0 { resolvePending() }
    while core.pointee.output.frames.count > index + 1 { core.pointee.output.closeTop() }
    return true
  }

  /// A slot that was given a key (a super encoder) but no value yet becomes `{}`, as in Foundation.
  func resolvePending() {
    core.pointee.pendingSlot = 0
    core.pointee.output.appendEmptyObject()
  }

  /// Moves the pending key out, leaving `.none`: the container opened for the pending slot keeps it from then on
  /// (a move, where a copy of the enum would go through its value witnesses).
  @inline(__always)
  func takePendingKey() -> PathComponent {
    withUnsafeMutablePointer(to: &core.pointee.pendingKey) { pointer in
      let key = pointer.move()
      pointer.initialize(to: .none)
      return key
    }
  }

  /// Opens (or, for the same encoder asking again, reuses) the container for `slot` at `depth`.
  func openContainer(isObject: Bool, depth: Int, slot: Int) -> Int {
    let frames = core.pointee.output.frames.count
    if depth >= options.maximumDepth {
      abandon()  // the tree encoder, which can throw here, reports the depth error with its path
      return 0
    }
    if core.pointee.pendingSlot == slot && frames == depth && !core.pointee.needsFallback {
      core.pointee.pendingSlot = 0
      return core.pointee.output.open(isObject: isObject, slot: slot, key: takePendingKey())
    }
    if frames > depth, core.pointee.output.frames[depth].slot == slot,
      core.pointee.output.frames[depth].isObject == isObject
    {
      let id = core.pointee.output.frames[depth].id
      if makeTop(depth, id: id) { return id }
      return 0
    }
    abandon()
    return 0
  }

  /// Opens a nested container under a key or element of the top frame; the caller wrote the separator.
  func openNested(isObject: Bool, key: consuming PathComponent) -> Int {
    core.pointee.output.open(isObject: isObject, slot: 0, key: key)
  }

  /// Claims the slot for a single value; `false` (and abandons streaming) when the slot is not the pending one.
  @inline(__always)
  func claimSingleValue(depth: Int, slot: Int) -> Bool {
    if core.pointee.pendingSlot == slot && core.pointee.output.frames.count == depth { return true }
    abandon()
    return false
  }

  /// Writes the separator and key for a member of the top frame, converting the key by the key strategy.
  @inline(__always)
  func beginMember<Key: CodingKey>(_ key: Key, frameIndex: Int) {
    if usesDefaultKeys {
      core.pointee.output.beginMember(key: key.stringValue)
    } else {
      beginConvertedMember(key, frameIndex: frameIndex)
    }
  }

  @inline(never)
  private func beginConvertedMember<Key: CodingKey>(_ key: Key, frameIndex: Int) {
    if case .convertToSnakeCase = options.keyStrategy {
      let name = key.stringValue
      if let cached = caches.pointee.keyCache[name] {
        core.pointee.output.beginMember(quotedKey: cached)
      } else {
        let quoted = core.pointee.output.quotedBytes(KeyConversion.convertToSnakeCase(name))
        caches.pointee.keyCache[name] = quoted
        core.pointee.output.beginMember(quotedKey: quoted)
      }
    } else {
      let converted = options.convertedKey(key, path: containerPath(frameIndex: frameIndex))
      core.pointee.output.beginMember(key: converted)
    }
  }

  // MARK: Coding paths

  /// The coding path of the container at `frameIndex`.
  func containerPath(frameIndex: Int) -> [any CodingKey] {
    var path: [any CodingKey] = []
    let frames = core.pointee.output.frames
    guard frameIndex >= 0, frameIndex < frames.count else { return path }
    for frame in frames[...frameIndex] {
      if let key = frame.key.codingKey { path.append(key) }
    }
    return path
  }

  /// The coding path of the value about to be written at `depth` (its parent frames plus the pending key).
  func codingPathOfPendingSlot(depth: Int) -> [any CodingKey] {
    var path = depth > 0 ? containerPath(frameIndex: depth - 1) : []
    if let key = core.pointee.pendingKey.codingKey { path.append(key) }
    return path
  }

  /// The coding path of an encoder for `slot` at `depth`.
  func encoderPath(depth: Int, slot: Int) -> [any CodingKey] {
    let frames = core.pointee.output.frames
    if frames.count > depth && frames[depth].slot == slot { return containerPath(frameIndex: depth) }
    return codingPathOfPendingSlot(depth: depth)
  }
}

/// A strategy closure presented as an `Encodable` value, so it runs through the ordinary slot machinery.
struct CustomLeaf: Encodable {
  let body: (any Encoder) throws -> Void
  func encode(to encoder: any Encoder) throws { try body(encoder) }
}

/// Arrays of `Encodable` elements, written without an unkeyed container; found once per type (a cast) and called
/// through the cached metatype, as `value` is known to be the conforming array.
protocol EncodableArray {
  static func encodeElements(at value: UnsafeRawPointer, into state: StreamEncoderState, depth: Int) throws
}

extension Array: EncodableArray where Element: Encodable {
  static func encodeElements(at value: UnsafeRawPointer, into state: StreamEncoderState, depth: Int) throws {
    try state.writeEncodableArray(value.assumingMemoryBound(to: [Element].self).pointee, depth: depth)
  }
}

/// `[String: Value]` dictionaries, whose keys are written verbatim and without a container per member. The streaming
/// encoder finds the type once and calls it through the cached metatype, as for ``EncodableArray``; the tree
/// encoder casts the value.
protocol StringKeyedEncodableDictionary {
  static func encodeMembers(at value: UnsafeRawPointer, into state: StreamEncoderState, depth: Int) throws
  func encodeMembers(into encoder: TreeEncoder) throws
}

extension Dictionary: StringKeyedEncodableDictionary where Key == String, Value: Encodable {
  static func encodeMembers(at value: UnsafeRawPointer, into state: StreamEncoderState, depth: Int) throws {
    try state.writeStringKeyedDictionary(value.assumingMemoryBound(to: [String: Value].self).pointee, depth: depth)
  }

  func encodeMembers(into encoder: TreeEncoder) throws {
    try encoder.encodeStringKeyedDictionary(self)
  }
}
