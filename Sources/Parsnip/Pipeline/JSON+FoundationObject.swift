import Foundation

extension JSON {
  /// The tree of a Foundation object graph (`JSONSerialization`'s output, or Swift dictionaries, arrays, strings,
  /// numbers, `Bool` and `NSNull`), for ``decodeJSON(_:with:options:)-(Any,_,_)``.
  ///
  /// - Throws: ``JSONDecodingError`` at the path of a value JSON cannot hold, or of one nested deeper than
  ///   `depthLimit`.
  init(foundationObject object: Any, depthLimit: Int) throws(JSONDecodingError) {
    guard depthLimit >= 0 else { throw JSONDecodingError(.nestingTooDeep(limit: depthLimit)) }
    // An optional (a `String!` handed in, as the seed does) stands for what it wraps, or null.
    let mirror = Mirror(reflecting: object)
    if mirror.displayStyle == .optional {
      if let wrapped = mirror.children.first?.value {
        try self.init(foundationObject: wrapped, depthLimit: depthLimit)
      } else {
        self = .null
      }
      return
    }
    switch object {
    case is NSNull: self = .null
    case let string as String: self = .string(string)
    case let number as NSNumber:
      // `JSONSerialization` gives Booleans as NSNumbers whose type code is `c` (a C char).
      if String(cString: number.objCType) == "c", number.intValue == 0 || number.intValue == 1,
        type(of: number) == type(of: NSNumber(value: true))
      {
        self = .bool(number.boolValue)
      } else if let decimal = number as? NSDecimalNumber {
        self = JSONNumber(decimal as Decimal).map(JSON.number) ?? .number(JSONNumber(number.doubleValue))
      } else if "fd".contains(String(cString: number.objCType)) {
        self = .number(JSONNumber(number.doubleValue))
      } else if number.int64Value < 0 {
        self = .number(JSONNumber(number.int64Value))
      } else {
        self = .number(JSONNumber(number.uint64Value))
      }
    case let array as [Any]:
      var elements: [JSON] = []
      elements.reserveCapacity(array.count)
      for (index, element) in array.enumerated() {
        do throws(JSONDecodingError) { elements.append(try JSON(foundationObject: element, depthLimit: depthLimit - 1)) } catch {
          throw error.inside(.index(index))
        }
      }
      self = .array(elements)
    case let dictionary as [String: Any]:
      var object = JSONObject()
      for (key, value) in dictionary {
        do throws(JSONDecodingError) { object[key] = try JSON(foundationObject: value, depthLimit: depthLimit - 1) } catch {
          throw error.inside(.key(key))
        }
      }
      self = .object(object)
    default:
      throw JSONDecodingError(.failure("expected a JSON value, found \(type(of: object))"))
    }
  }
}
