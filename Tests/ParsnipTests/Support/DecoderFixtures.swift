import Foundation

/// Types that the decoder tests decode with both `ParsnipDecoder` and Foundation's `JSONDecoder`.
enum DecoderFixtures {
  struct Numbers: Codable, Equatable {
    var i: Int
    var i8: Int8
    var i16: Int16
    var i32: Int32
    var i64: Int64
    var u: UInt
    var u8: UInt8
    var u16: UInt16
    var u32: UInt32
    var u64: UInt64
    var d: Double
    var f: Float
  }

  struct Scalars: Codable, Equatable {
    var flag: Bool
    var text: String
    var count: Int
    var ratio: Double
  }

  struct Optionals: Codable, Equatable {
    var a: Int?
    var b: String?
    var c: [Int]?
    var d: Scalars?
    var e: Bool?
    var f: Double?
  }

  struct Collections: Codable, Equatable {
    var ints: [Int]
    var strings: [String]
    var doubles: [Double]
    var bools: [Bool]
    var nested: [[Int]]
    var byName: [String: Int]
    var byNumber: [Int: String]
    var optionals: [Int?]
    var objects: [Scalars]
  }

  enum Color: String, Codable, Equatable {
    case red, green, blue
  }

  enum Level: Int, Codable, Equatable {
    case low = 1, high = 2
  }

  enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case point
  }

  struct Enums: Codable, Equatable {
    var color: Color
    var level: Level
    var shape: Shape
  }

  struct SnakeCase: Codable, Equatable {
    var userName: String
    var userId: Int
    var profileImageUrl: String
    var isActive: Bool
    var a: Int
  }

  struct Acronyms: Codable, Equatable {
    var myURLProperty: String
    var userID: Int
    var htmlBody: String
  }

  struct Dated: Codable, Equatable {
    var date: Date
    var dates: [Date]
    var maybe: Date?
  }

  struct Blob: Codable, Equatable {
    var data: Data
    var url: URL
    var decimal: Decimal
  }

  struct Floats: Codable, Equatable {
    var values: [Double]
    var single: Float
  }

  /// Decodes with hand-written container calls, to compare every container operation.
  struct Manual: Decodable, Equatable {
    var name: String
    var point: [Int]
    var keys: [String]
    var hasMissing: Bool
    var nilCheck: Bool
    var nestedValue: Int
    var superValue: String
    var elementCount: Int?
    var afterFailure: Int

    enum CodingKeys: String, CodingKey {
      case name, point, nested, sup, list
    }

    enum NestedKeys: String, CodingKey {
      case value, missing
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      var unkeyed = try container.nestedUnkeyedContainer(forKey: .point)
      var point: [Int] = []
      while !unkeyed.isAtEnd { point.append(try unkeyed.decode(Int.self)) }
      self.point = point
      keys = container.allKeys.map(\.stringValue).sorted()
      hasMissing = container.contains(.list)
      let nested = try container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested)
      nilCheck = try nested.decodeNil(forKey: .value)
      nestedValue = try nested.decodeIfPresent(Int.self, forKey: .value) ?? -1
      superValue = try String(from: container.superDecoder(forKey: .sup))
      var list = try container.nestedUnkeyedContainer(forKey: .point)
      elementCount = list.count
      // A failed decode does not move the cursor.
      _ = try? list.decode(String.self)
      afterFailure = try list.decode(Int.self)
    }
  }

  class Animal: Codable, Equatable {
    var name: String
    init(name: String) { self.name = name }
    static func == (lhs: Animal, rhs: Animal) -> Bool { lhs.name == rhs.name && type(of: lhs) == type(of: rhs) }
  }

  final class Dog: Animal {
    var breed: String
    enum CodingKeys: String, CodingKey { case breed }
    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      breed = try container.decode(String.self, forKey: .breed)
      try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {}
    static func == (lhs: Dog, rhs: Dog) -> Bool { lhs.name == rhs.name && lhs.breed == rhs.breed }
  }

  /// Every JSON value, for decoding whole documents with both decoders.
  indirect enum AnyValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyValue])
    case object([String: AnyValue])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      // Most common kinds first: every failed attempt builds an error.
      if container.decodeNil() {
        self = .null
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else if let string = try? container.decode(String.self) {
        self = .string(string)
      } else if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else if let array = try? container.decode([AnyValue].self) {
        self = .array(array)
      } else {
        self = .object(try container.decode([String: AnyValue].self))
      }
    }
  }
}
