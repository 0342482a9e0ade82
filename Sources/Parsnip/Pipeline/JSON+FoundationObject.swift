import Foundation

#if canImport(CoreFoundation)
  import CoreFoundation
#endif

extension JSON {
  /// The tree of a Foundation object graph (`JSONSerialization`'s output, or Swift dictionaries, arrays, strings,
  /// numbers, `Bool` and `NSNull`), for ``decodeJSON(_:with:options:)-(Any,_,_)``.
  ///
  /// The graph is read one level at a time: an `NSArray` or `NSDictionary` is read as itself, never cast to a Swift
  /// collection, which Foundation on Linux bridges eagerly, all levels at once, before any depth is checked. A graph
  /// that contains itself is therefore found by its depth.
  ///
  /// - Throws: ``JSONDecodingError`` at the path of a value JSON cannot hold, or of one nested deeper than
  ///   `depthLimit` or than the thread's stack can hold (``JSONDecodingError/Kind-swift.enum/nestingTooDeep(limit:)``).
  init(foundationObject object: Any, depthLimit: Int) throws(JSONDecodingError) {
    var reader = FoundationObjectReader(depthLimit: depthLimit)
    self = try reader.read(object, depth: 0)
  }
}

/// Converts a Foundation object graph to `JSON`, one level per call, with a depth limit and a stack guard.
private struct FoundationObjectReader {
  let depthLimit: Int
  var stack = StackGuard(startDepth: 16)

  init(depthLimit: Int) { self.depthLimit = depthLimit }

  mutating func read(_ object: Any, depth: Int) throws(JSONDecodingError) -> JSON {
    if type(of: object) is AnyClass {
      // Class instances first, by their class: `as? [Any]` would bridge a whole `NSArray` graph.
      switch object {
      case is NSNull: return .null
      case let number as NSNumber: return Self.json(number)
      case let string as NSString: return .string(string as String)
      case let array as NSArray:
        try enter(depth)
        let elements = Self.elements(of: array)
        return try readArray(count: elements.count, depth: depth) { index in
          Self.value(elements[index]) { array.object(at: index) }
        }
      case let dictionary as NSDictionary:
        try enter(depth)
        return try readObject(Self.members(of: dictionary), depth: depth)
      default:
        break
      }
    }
    // An optional (a `String!` handed in, as the seed does) stands for what it wraps, or null.
    let mirror = Mirror(reflecting: object)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return .null }
      return try read(wrapped, depth: depth)
    }
    switch object {
    case let string as String: return .string(string)
    case let number as NSNumber: return Self.json(number)
    case let array as [Any]:
      try enter(depth)
      return try readArray(count: array.count, depth: depth) { array[$0] }
    case let dictionary as [String: Any]:
      try enter(depth)
      return try readObject(dictionary.map { (key: $0.key as Any, value: $0.value) }, depth: depth)
    default:
      throw JSONDecodingError(.failure("expected a JSON value, found \(type(of: object))"))
    }
  }

  // Reading a Foundation collection's elements through its Swift API bridges each one (`Any`), and on Linux
  // bridging an `NSArray` converts it, and every array inside it, to Swift at once: a graph that contains itself
  // never ends. The objects are taken as they are stored instead, through CoreFoundation.

  /// The objects an `NSArray` holds, unbridged.
  private static func elements(of array: NSArray) -> [AnyObject] {
    let storage = unsafeBitCast(array, to: CFArray.self)
    let count = CFArrayGetCount(storage)
    var elements: [AnyObject] = []
    elements.reserveCapacity(count)
    for index in 0..<count {
      guard let pointer = CFArrayGetValueAtIndex(storage, index) else { continue }
      elements.append(Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue())
    }
    return elements
  }

  /// The keys and values of an `NSDictionary`, unbridged where they are Foundation's containers.
  private static func members(of dictionary: NSDictionary) -> [(key: Any, value: Any)] {
    let storage = unsafeBitCast(dictionary, to: CFDictionary.self)
    let count = CFDictionaryGetCount(storage)
    let keys = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: Swift.max(count, 1))
    let values = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: Swift.max(count, 1))
    defer {
      keys.deallocate()
      values.deallocate()
    }
    CFDictionaryGetKeysAndValues(storage, keys, values)
    var members: [(key: Any, value: Any)] = []
    members.reserveCapacity(count)
    for index in 0..<count {
      guard let key = keys[index], let value = values[index] else { continue }
      let keyObject = Unmanaged<AnyObject>.fromOpaque(key).takeUnretainedValue()
      let valueObject = Unmanaged<AnyObject>.fromOpaque(value).takeUnretainedValue()
      members.append(
        (
          key: (keyObject as? NSString).map { $0 as String as Any } ?? keyObject,
          value: self.value(valueObject) { dictionary.object(forKey: keyObject) ?? NSNull() }
        ))
    }
    return members
  }

  /// A stored object as itself when this reader reads it by its class, else as Foundation bridges it (`bridged`).
  private static func value(_ object: AnyObject, bridged: () -> Any) -> Any {
    if object is NSNull || object is NSNumber || object is NSString || object is NSArray || object is NSDictionary {
      return object
    }
    return bridged()
  }

  /// Checks that a container at `depth` may be read.
  private mutating func enter(_ depth: Int) throws(JSONDecodingError) {
    guard depth < depthLimit else { throw JSONDecodingError(.nestingTooDeep(limit: depthLimit)) }
    guard stack.hasRoom(atDepth: depth + 1) else { throw JSONDecodingError(.nestingTooDeep(limit: depth)) }
  }

  private mutating func readArray(count: Int, depth: Int, _ element: (Int) -> Any) throws(JSONDecodingError) -> JSON {
    var elements: [JSON] = []
    elements.reserveCapacity(count)
    for index in 0..<count {
      do throws(JSONDecodingError) { elements.append(try read(element(index), depth: depth + 1)) } catch {
        throw error.inside(.index(index))
      }
    }
    return .array(elements)
  }

  private mutating func readObject(_ members: [(key: Any, value: Any)], depth: Int) throws(JSONDecodingError) -> JSON {
    var object = JSONObject()
    for (key, value) in members {
      guard let name = key as? String else {
        throw JSONDecodingError(.failure("expected a JSON object's key to be a string, found \(type(of: key))"))
      }
      do throws(JSONDecodingError) { object[name] = try read(value, depth: depth + 1) } catch {
        throw error.inside(.key(name))
      }
    }
    return .object(object)
  }

  /// A number, or a Boolean: `JSONSerialization` gives Booleans as NSNumbers whose type code is `c` (a C char).
  private static func json(_ number: NSNumber) -> JSON {
    if String(cString: number.objCType) == "c", number.intValue == 0 || number.intValue == 1,
      type(of: number) == type(of: NSNumber(value: true))
    {
      return .bool(number.boolValue)
    } else if let decimal = number as? NSDecimalNumber {
      return JSONNumber(decimal as Decimal).map(JSON.number) ?? .number(JSONNumber(number.doubleValue))
    } else if "fd".contains(String(cString: number.objCType)) {
      return .number(JSONNumber(number.doubleValue))
    } else if number.int64Value < 0 {
      return .number(JSONNumber(number.int64Value))
    } else {
      return .number(JSONNumber(number.uint64Value))
    }
  }
}
