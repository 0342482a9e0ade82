import Foundation

/// The `Decoder` handed to `init(from:)`: a position on the tape. It is also its own single-value container.
///
/// Decoding a nested value moves `index` to the value's node and back, so one decoder serves a whole decode call;
/// new decoders are made only for `superDecoder()`.
final class TapeDecoder: Decoder, SingleValueDecodingContainer {
  let state: DecodingState
  let view: UnsafePointer<TapeView>
  let slot: UnsafePointer<UInt64>
  let generation: UInt64
  /// The node being decoded.
  @exclusivity(unchecked) var index: Int

  init(state: DecodingState, index: Int) {
    self.state = state
    self.view = UnsafePointer(state.view)
    self.slot = UnsafePointer(state.slot)
    self.generation = state.generation
    self.index = index
    state.register(self)
  }

  var codingPath: [any CodingKey] { isOpen ? state.codingPath(to: index) : [] }
  var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

  @inline(__always) var isOpen: Bool { slot.pointee == generation }

  @inline(__always) func checkOpen() throws {
    if slot.pointee != generation { throw closedDecoderError() }
  }

  /// Converts a failure found at this decoder's own value.
  @inline(never) func error(_ failure: ValueFailure) -> DecodingError { state.decodingError(failure) }

  // MARK: Decoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try checkOpen()
    guard view.pointee.rawKind(index) == Tape.Kind.object.rawValue else {
      throw containerError(expected: [String: Any].self)
    }
    return state.keyedContainer(Key.self, decoder: self, object: index)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try checkOpen()
    guard view.pointee.rawKind(index) == Tape.Kind.array.rawValue else { throw containerError(expected: [Any].self) }
    return TapeUnkeyedContainer(decoder: self, array: index)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    try checkOpen()
    return self
  }

  @inline(never) func containerError(expected: Any.Type) -> DecodingError {
    error(.mismatch(expected, index))
  }

  // MARK: SingleValueDecodingContainer

  func decodeNil() -> Bool { isOpen && view.pointee.isNull(index) }

  @inline(__always) private func read<V>(_ body: (Int) throws(ValueFailure) -> V) throws -> V {
    try checkOpen()
    do { return try body(index) } catch { throw self.error(error) }
  }

  func decode(_ type: Bool.Type) throws -> Bool { try read { n throws(ValueFailure) in try view.pointee.bool(at: n) } }
  func decode(_ type: String.Type) throws -> String {
    try read { n throws(ValueFailure) in try view.pointee.string(at: n) }
  }
  func decode(_ type: Double.Type) throws -> Double {
    try read { n throws(ValueFailure) in try view.pointee.double(at: n) }
  }
  func decode(_ type: Float.Type) throws -> Float {
    try read { n throws(ValueFailure) in try view.pointee.float(at: n) }
  }
  func decode(_ type: Int.Type) throws -> Int {
    try read { n throws(ValueFailure) in try view.pointee.integer(Int.self, at: n) }
  }
  func decode(_ type: Int8.Type) throws -> Int8 {
    try read { n throws(ValueFailure) in try view.pointee.integer(Int8.self, at: n) }
  }
  func decode(_ type: Int16.Type) throws -> Int16 {
    try read { n throws(ValueFailure) in try view.pointee.integer(Int16.self, at: n) }
  }
  func decode(_ type: Int32.Type) throws -> Int32 {
    try read { n throws(ValueFailure) in try view.pointee.integer(Int32.self, at: n) }
  }
  func decode(_ type: Int64.Type) throws -> Int64 {
    try read { n throws(ValueFailure) in try view.pointee.integer(Int64.self, at: n) }
  }
  func decode(_ type: UInt.Type) throws -> UInt {
    try read { n throws(ValueFailure) in try view.pointee.integer(UInt.self, at: n) }
  }
  func decode(_ type: UInt8.Type) throws -> UInt8 {
    try read { n throws(ValueFailure) in try view.pointee.integer(UInt8.self, at: n) }
  }
  func decode(_ type: UInt16.Type) throws -> UInt16 {
    try read { n throws(ValueFailure) in try view.pointee.integer(UInt16.self, at: n) }
  }
  func decode(_ type: UInt32.Type) throws -> UInt32 {
    try read { n throws(ValueFailure) in try view.pointee.integer(UInt32.self, at: n) }
  }
  func decode(_ type: UInt64.Type) throws -> UInt64 {
    try read { n throws(ValueFailure) in try view.pointee.integer(UInt64.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func decode(_ type: Int128.Type) throws -> Int128 {
    try read { n throws(ValueFailure) in try view.pointee.integer(Int128.self, at: n) }
  }
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 {
    try read { n throws(ValueFailure) in try view.pointee.integer(UInt128.self, at: n) }
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try checkOpen()
    return try unbox(type, at: index)
  }

  // MARK: Unboxing

  /// Decodes the top-level value (or the value at a path).
  func decodeRoot<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
    index = node
    return try unbox(type, at: node)
  }

  /// Decodes a `T` from the value at `node`: scalars and arrays of scalars straight from the tape, Foundation's
  /// special types by strategy, arrays and `[String: Value]` dictionaries by walking the tape, and everything else
  /// through `type.init(from:)` with this decoder moved to `node`. `type` may be a subclass of `T` (a class passed
  /// as its superclass's metatype), so only it is initialized, never `T` itself.
  ///
  /// Inlined into every container's generic `decode`, whose frame is on the stack once per level of a recursive
  /// decode: so it only compares types, and each read runs in a function of its own.
  @inline(__always)
  func unbox<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
    if T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self
      || T.self == [Int].self || T.self == [Double].self || T.self == [String].self
    {
      return try unboxScalar(type, at: node)
    }
    return try unboxSlowPath(type, at: node)
  }

  /// `String`, `Int`, `Double`, `Bool`, `[Int]`, `[Double]` or `[String]` straight from the tape (`unbox`'s fast
  /// path); a value of another JSON type goes the slow path, whose `init(from:)` reports the mismatch.
  @inline(never)
  func unboxScalar<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
    do {
      let view = self.view
      switch view.pointee.nodes.rawKind(node) {
      case Tape.Kind.string.rawValue:
        if T.self == String.self { return checkedCast(try view.pointee.string(at: node), to: T.self) }
      case Tape.Kind.number.rawValue:
        if T.self == Int.self { return checkedCast(try view.pointee.integer(Int.self, at: node), to: T.self) }
        if T.self == Double.self { return checkedCast(try view.pointee.double(at: node), to: T.self) }
      case Tape.Kind.true.rawValue, Tape.Kind.false.rawValue:
        if T.self == Bool.self { return checkedCast(try view.pointee.bool(at: node), to: T.self) }
      case Tape.Kind.array.rawValue:
        if T.self == [Int].self {
          return checkedCast(
            try scalarArray(at: node) { n throws(ValueFailure) in try view.pointee.integer(Int.self, at: n) },
            to: T.self)
        }
        if T.self == [Double].self {
          return checkedCast(
            try scalarArray(at: node) { n throws(ValueFailure) in try view.pointee.double(at: n) }, to: T.self)
        }
        if T.self == [String].self {
          return checkedCast(
            try scalarArray(at: node) { n throws(ValueFailure) in try view.pointee.string(at: n) }, to: T.self)
        }
      default:
        break
      }
    } catch {
      throw state.decodingError(error)
    }
    return try unboxSlowPath(type, at: node)
  }

  /// An array of scalars read in one loop, without containers.
  @inline(__always)
  func scalarArray<V>(at node: Int, _ read: (Int) throws(ValueFailure) -> V) throws(ValueFailure) -> [V] {
    let view = self.view
    let end = view.pointee.end(node)
    var result: [V] = []
    result.reserveCapacity(view.pointee.length(end))
    var child = node + 1
    while child < end {
      result.append(try read(child))
      child = view.pointee.next(child)
    }
    return result
  }

  /// Foundation's special types and other scalars (``unboxSpecial(_:at:)``), arrays and `[String: Value]` by walking
  /// the tape, everything else through `init(from:)`.
  ///
  /// Kept small: it is on the stack once per level of a recursive decode. The scalar cases, whose frame is large,
  /// run in a function of their own that has returned before the recursion goes on.
  @inline(never)
  func unboxSlowPath<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
    let kind = view.pointee.rawKind(node)
    // (Not a `T?` from `unboxSpecial`: the metadata of an optional of an unspecialized `T` is looked up per call.)
    if Self.isSpecial(T.self, kind: kind) { return try unboxSpecial(type, at: node) }
    switch kind {
    case Tape.Kind.array.rawValue:
      if let arrayType = state.arrayFastPath(for: T.self) {
        return try arrayType._parsnipDecode(as: T.self, from: self, at: node)
      }
    case Tape.Kind.object.rawValue:
      if let dictionaryType = state.dictionaryFastPath(for: T.self) {
        return try dictionaryType._parsnipDecode(as: T.self, from: self, at: node)
      }
    default:
      break
    }
    // Everything else, including scalars of the wrong JSON type, whose `init(from:)` reports the mismatch.
    return try unboxWithInit(type, at: node)
  }

  /// Whether ``unboxSpecial(_:at:)`` reads a `T` at a node of kind `kind`.
  @inline(__always)
  static func isSpecial<T>(_: T.Type, kind: UInt8) -> Bool {
    if T.self == Date.self || T.self == Data.self || T.self == JSON.self { return true }
    switch kind {
    case Tape.Kind.number.rawValue:
      return T.self == Int64.self || T.self == UInt64.self || T.self == Int32.self || T.self == UInt32.self
        || T.self == UInt.self || T.self == Int16.self || T.self == UInt16.self || T.self == Int8.self
        || T.self == UInt8.self || T.self == Float.self || T.self == Decimal.self || T.self == JSONNumber.self
    case Tape.Kind.string.rawValue:
      return T.self == URL.self || T.self == Double.self || T.self == Float.self
    default:
      return false
    }
  }

  /// A `T` that is one of Foundation's special types or a scalar `unbox` does not read itself (see
  /// ``isSpecial(_:kind:)``).
  @inline(never)
  func unboxSpecial<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
    let view = self.view
    let kind = view.pointee.rawKind(node)
    do {
      // Types whose strategies may read any kind of value.
      if T.self == Date.self { return checkedCast(try date(at: node), to: T.self) }
      if T.self == Data.self { return checkedCast(try data(at: node), to: T.self) }
      if T.self == JSON.self { return checkedCast(view.pointee.json(at: node), to: T.self) }
      switch kind {
      case Tape.Kind.number.rawValue:
        if T.self == Int64.self { return checkedCast(try view.pointee.integer(Int64.self, at: node), to: T.self) }
        if T.self == UInt64.self { return checkedCast(try view.pointee.integer(UInt64.self, at: node), to: T.self) }
        if T.self == Int32.self { return checkedCast(try view.pointee.integer(Int32.self, at: node), to: T.self) }
        if T.self == UInt32.self { return checkedCast(try view.pointee.integer(UInt32.self, at: node), to: T.self) }
        if T.self == UInt.self { return checkedCast(try view.pointee.integer(UInt.self, at: node), to: T.self) }
        if T.self == Int16.self { return checkedCast(try view.pointee.integer(Int16.self, at: node), to: T.self) }
        if T.self == UInt16.self { return checkedCast(try view.pointee.integer(UInt16.self, at: node), to: T.self) }
        if T.self == Int8.self { return checkedCast(try view.pointee.integer(Int8.self, at: node), to: T.self) }
        if T.self == UInt8.self { return checkedCast(try view.pointee.integer(UInt8.self, at: node), to: T.self) }
        if T.self == Float.self { return checkedCast(try view.pointee.float(at: node), to: T.self) }
        if T.self == Decimal.self { return checkedCast(try view.pointee.decimal(at: node), to: T.self) }
        if T.self == JSONNumber.self { return checkedCast(try view.pointee.jsonNumber(at: node), to: T.self) }
      case Tape.Kind.string.rawValue:
        if T.self == URL.self { return checkedCast(try view.pointee.url(at: node), to: T.self) }
        // Infinity and NaN spelled as strings, under `.convertFromString`.
        if T.self == Double.self { return checkedCast(try view.pointee.double(at: node), to: T.self) }
        if T.self == Float.self { return checkedCast(try view.pointee.float(at: node), to: T.self) }
      default:
        break
      }
    } catch let failure as ValueFailure {
      throw state.decodingError(failure)
    }
    return try unboxWithInit(type, at: node)
  }

  /// Runs `type.init(from:)` with this decoder at `node`, then checks for unknown keys in strict mode.
  ///
  /// Every recursion of a decode through user code passes here, so this is where the stack is guarded: past
  /// 32 nested calls (checked every 8) it fails with `dataCorrupted` rather than overflow the stack.
  func unboxWithInit<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
    let state = self.state
    state.callDepth &+= 1
    defer { state.callDepth &-= 1 }
    if !state.stack.hasRoom(atDepth: state.callDepth) { throw state.stackError(at: node, decoding: type) }
    let saved = index
    index = node
    defer { index = saved }
    guard state.tracksKeys else { return try type.init(from: self) }
    return try initCheckingKeys(type)
  }

  /// `type.init(from:)`, then the check for unknown keys (strict mode); out of line, to keep `unboxWithInit`'s
  /// frame small.
  @inline(never)
  func initCheckingKeys<T: Decodable>(_ type: T.Type) throws -> T {
    let mark = state.openedObjects.count
    defer { state.openedObjects.removeSubrange(mark...) }
    let value = try type.init(from: self)
    try state.checkUnknownKeys(since: mark, decoding: type)
    return value
  }

  // MARK: Dates and data

  func date(at node: Int) throws -> Date {
    switch state.options.dateDecodingStrategy {
    case .deferredToDate:
      return try unboxWithInit(Date.self, at: node)
    case .secondsSince1970:
      return Date(timeIntervalSince1970: try readDouble(node, as: Date.self))
    case .millisecondsSince1970:
      return Date(timeIntervalSince1970: try readDouble(node, as: Date.self) / 1000)
    case .iso8601:
      let text = try readString(node, as: Date.self)
      guard let date = ISO8601.parse(text) else {
        throw state.decodingError(
          .corrupted("Expected date string to be ISO8601-formatted, found \(Excerpt.quoted(text))", Date.self, node))
      }
      return date
    case .formatted(let formatter):
      let text = try readString(node, as: Date.self)
      guard let date = formatter.date(from: text) else {
        throw state.decodingError(
          .corrupted("Date string \(Excerpt.quoted(text)) does not match format expected by formatter", Date.self, node)
        )
      }
      return date
    case .custom(let decode):
      let saved = index
      index = node
      defer { index = saved }
      return try decode(self)
    }
  }

  func data(at node: Int) throws -> Data {
    switch state.options.dataDecodingStrategy {
    case .deferredToData:
      return try unboxWithInit(Data.self, at: node)
    case .base64:
      let text = try readString(node, as: Data.self)
      guard let data = Data(base64Encoded: text) else {
        throw state.decodingError(.corrupted("Encountered Data is not valid Base64", Data.self, node))
      }
      return data
    case .custom(let decode):
      let saved = index
      index = node
      defer { index = saved }
      return try decode(self)
    }
  }

  private func readString(_ node: Int, as type: Any.Type) throws -> String {
    do { return try view.pointee.string(at: node) } catch {
      throw state.decodingError(.mismatch(type, node))
    }
  }

  private func readDouble(_ node: Int, as type: Any.Type) throws -> Double {
    do { return try view.pointee.double(at: node) } catch {
      throw state.decodingError(
        error.expected == Double.self ? ValueFailure(reason: error.reason, expected: type, node: node) : error)
    }
  }
}

// MARK: Fast paths for collections

/// Arrays decoded by walking the tape: one reservation, no container, no per-element witness calls.
protocol _ParsnipArrayDecodable {
  static func _parsnipDecode(from decoder: TapeDecoder, at node: Int) throws -> Self
}

extension _ParsnipArrayDecodable {
  /// The value as a `T`, which is `Self` (arrays have no subclasses): a cast of the result through `as! T` was a
  /// runtime dynamic cast per array.
  @inline(__always)
  static func _parsnipDecode<T>(as type: T.Type, from decoder: TapeDecoder, at node: Int) throws -> T {
    checkedCast(try _parsnipDecode(from: decoder, at: node), to: T.self)
  }
}

extension Array: _ParsnipArrayDecodable where Element: Decodable {
  static func _parsnipDecode(from decoder: TapeDecoder, at node: Int) throws -> [Element] {
    // `unbox` reads each scalar element straight from the tape.
    let view = decoder.view
    let end = view.pointee.end(node)
    // An empty array needs no metadata lookups for `[Element]`.
    if end == node + 1 { return [] }
    var result: [Element] = []
    result.reserveCapacity(view.pointee.length(end))
    var child = node + 1
    while child < end {
      result.append(try decoder.unbox(Element.self, at: child))
      child = view.pointee.next(child)
    }
    return result
  }
}

/// `[String: Value]` decoded by walking the members; its keys are never converted by the key strategy, as in
/// Foundation, and the first of duplicate keys wins (Foundation's choice).
protocol _ParsnipStringDictionaryDecodable {
  static func _parsnipDecode(from decoder: TapeDecoder, at node: Int) throws -> Self
}

extension _ParsnipStringDictionaryDecodable {
  /// The value as a `T`, which is `Self` (see `_ParsnipArrayDecodable._parsnipDecode(as:from:at:)`).
  @inline(__always)
  static func _parsnipDecode<T>(as type: T.Type, from decoder: TapeDecoder, at node: Int) throws -> T {
    checkedCast(try _parsnipDecode(from: decoder, at: node), to: T.self)
  }
}

extension Dictionary: _ParsnipStringDictionaryDecodable where Key == String, Value: Decodable {
  static func _parsnipDecode(from decoder: TapeDecoder, at node: Int) throws -> [String: Value] {
    let view = decoder.view
    let end = view.pointee.end(node)
    var result: [String: Value] = [:]
    result.reserveCapacity(view.pointee.length(end))
    let showsKeysAsWritten = view.pointee.keyMode != .plain
    if showsKeysAsWritten { decoder.state.verbatimObjects.append(node) }
    defer { if showsKeysAsWritten { decoder.state.verbatimObjects.removeLast() } }
    // A later repeat of a key is not decoded at all, so that a value the first-wins rule skips cannot fail the
    // decode (as in Foundation). Keys that are `String ==` (canonically equivalent) meet in the dictionary too, first
    // wins.
    let repeats = view.pointee.hasDuplicateKeys(object: node, end: end)
    var key = node + 1
    while key < end {
      let name = view.pointee.string(ofKey: key)
      if !repeats {
        if let first = result.updateValue(try decoder.unbox(Value.self, at: key + 1), forKey: name) {
          result[name] = first
        }
      } else if result.index(forKey: name) == nil {
        result[name] = try decoder.unbox(Value.self, at: key + 1)
      }
      key = view.pointee.next(key + 1)
    }
    return result
  }
}
