/// What codegen has learned about the values seen at one place of the samples: how often each JSON kind occurred,
/// and for strings, arrays and objects what was inside.
///
/// Shapes are merged one value at a time, so memory grows with the number of distinct places (the schema), never
/// with the number of samples. Each part that could grow with the data has a budget (see ``ShapeBudget``).
final class InferredShape {
  /// Values seen here, `null` included.
  var seen = 0
  var nulls = 0
  var bools = 0
  /// Integers in the `Int64` range.
  var integers = 0
  /// Integers beyond `Int64`, and their most significant digits seen.
  var bigIntegers = 0
  var bigIntegerDigits = 0
  /// Numbers with a fraction or an exponent.
  var decimals = 0
  var strings: StringStatistics?
  var arrays: ArrayStatistics?
  var objects: ObjectStatistics?
  /// Whether objects here look for a discriminator member (off inside a discriminated variant, which keeps the
  /// cost of variants to one extra shape per level).
  let tracksVariants: Bool

  init(tracksVariants: Bool = true) { self.tracksVariants = tracksVariants }

  /// Records one value.
  func add(_ value: JSON) {
    seen += 1
    switch value {
    case .null: nulls += 1
    case .bool: bools += 1
    case .number(let number): addNumber(number)
    case .string(let string):
      if strings == nil { strings = StringStatistics() }
      strings!.add(string)
    case .array(let elements):
      if arrays == nil { arrays = ArrayStatistics(tracksVariants: tracksVariants) }
      arrays!.add(elements)
    case .object(let object):
      if objects == nil { objects = ObjectStatistics(tracksVariants: tracksVariants) }
      objects!.add(object)
    }
  }

  private func addNumber(_ number: JSONNumber) {
    switch number.storage {
    case .int: integers += 1
    case .uint(let value):
      bigIntegers += 1
      bigIntegerDigits = max(bigIntegerDigits, String(value).utf8.count)
    case .decimal, .double: decimals += 1
    case .text(let text):
      let digits = text.value.utf8
      if digits.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
        decimals += 1
      } else {
        bigIntegers += 1
        bigIntegerDigits = max(bigIntegerDigits, digits.count - (digits.first == UInt8(ascii: "-") ? 1 : 0))
      }
    }
  }

  /// Adds everything `other` recorded, as if its values had been added here.
  func merge(_ other: InferredShape) {
    seen += other.seen
    nulls += other.nulls
    bools += other.bools
    integers += other.integers
    bigIntegers += other.bigIntegers
    bigIntegerDigits = max(bigIntegerDigits, other.bigIntegerDigits)
    decimals += other.decimals
    if let theirs = other.strings {
      if strings == nil { strings = StringStatistics() }
      strings!.merge(theirs)
    }
    if let theirs = other.arrays {
      if arrays == nil { arrays = ArrayStatistics(tracksVariants: tracksVariants) }
      arrays!.merge(theirs)
    }
    if let theirs = other.objects {
      if objects == nil { objects = ObjectStatistics(tracksVariants: tracksVariants) }
      objects!.merge(theirs)
    }
  }

  /// How many non-null kinds were seen here (numbers count once).
  var kindCount: Int {
    var count = 0
    if bools > 0 { count += 1 }
    if integers + bigIntegers + decimals > 0 { count += 1 }
    if strings != nil { count += 1 }
    if arrays != nil { count += 1 }
    if objects != nil { count += 1 }
    return count
  }
}

/// The limits that keep a ``InferredShape`` small whatever the samples hold.
enum ShapeBudget {
  /// Distinct string values remembered per place (for `String`-backed enums).
  static let distinctStrings = 16
  /// Distinct keys per object place; past this the object is taken as a map and its values merged into one shape.
  static let objectKeys = 512
  /// Distinct discriminator values per object place; past this the objects are not a discriminated union.
  static let variants = 32
  /// The member names that can discriminate objects, in the order they are tried.
  static let discriminators = ["type", "kind", "_type", "@type", "event", "eventType", "event_type", "objectType"]
}

/// Strings seen at one place.
struct StringStatistics {
  var count = 0
  /// Every string was a date-time like `2015-03-25T15:49:10Z` (what the `.iso8601` strategies write back exactly).
  var allDates = true
  /// Every string was an absolute `http`/`https` URL made of characters that `URL(string:)` keeps as they are.
  var allURLs = true
  /// Each distinct value and how often it occurred, while every value could be an enum case (``isEnumValue(_:)``)
  /// and there are no more than the budget allows. Dropping it at the first value that cannot be a case keeps long
  /// strings (URLs, text) from being hashed at all.
  var distinct: [String: Int]? = [:]

  mutating func add(_ string: String) {
    count += 1
    if allDates { allDates = Self.isDate(string) }
    if allURLs { allURLs = Self.isURL(string) }
    if distinct != nil {
      guard Self.isEnumValue(string) else {
        distinct = nil
        return
      }
      distinct![string, default: 0] += 1
      if distinct!.count > ShapeBudget.distinctStrings { distinct = nil }
    }
  }

  /// Short, starts with a letter (or `_`, `-`, ...), then letters, digits, `_`, `-`, spaces or dots: a value a
  /// `String`-backed enum case can be named from.
  static func isEnumValue(_ value: String) -> Bool {
    let bytes = value.utf8
    guard let first = bytes.first, bytes.count <= 40, first &- UInt8(ascii: "0") >= 10 else { return false }
    return bytes.allSatisfy { b in
      b.isDigit || (b | 0x20) &- UInt8(ascii: "a") < 26 || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        || b == UInt8(ascii: " ") || b == UInt8(ascii: ".")
    }
  }

  mutating func merge(_ other: StringStatistics) {
    count += other.count
    allDates = allDates && other.allDates
    allURLs = allURLs && other.allURLs
    if let theirs = other.distinct, distinct != nil {
      for (value, n) in theirs { distinct![value, default: 0] += n }
      if distinct!.count > ShapeBudget.distinctStrings { distinct = nil }
    } else {
      distinct = nil
    }
  }

  /// `yyyy-MM-ddTHH:mm:ssZ`, checked on bytes with field ranges.
  static func isDate(_ string: String) -> Bool {
    var string = string
    return string.withUTF8 { b in
      guard b.count == 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
        b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "Z")
      else { return false }
      func number(_ from: Int, _ count: Int) -> Int? {
        var value = 0
        for k in from..<from + count {
          guard b[k].isDigit else { return nil }
          value = value * 10 + Int(b[k] &- UInt8(ascii: "0"))
        }
        return value
      }
      guard number(0, 4) != nil, let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
        let minute = number(14, 2), let second = number(17, 2)
      else { return false }
      return (1...12).contains(month) && (1...31).contains(day) && hour < 24 && minute < 60 && second < 60
    }
  }

  /// RFC 3986 unreserved and reserved characters and `%`, less `[` and `]`: Foundation's `URL` percent-encodes those
  /// outside an IPv6 host, so such a string would not round-trip through `URL`. A switch, not a `Set<UInt8>`:
  /// hashing each byte was a tenth of inference time.
  @inline(__always)
  static func isURLByte(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"),
      UInt8(ascii: "/"),
      UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
      UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "%"):
      true
    default:
      false
    }
  }

  /// An absolute `http`/`https` URL with a host, of unreserved, reserved and `%` characters only.
  static func isURL(_ string: String) -> Bool {
    var string = string
    return string.withUTF8 { b in
      guard b.count > 8, b[0] == UInt8(ascii: "h"), b[1] == UInt8(ascii: "t"), b[2] == UInt8(ascii: "t"),
        b[3] == UInt8(ascii: "p")
      else { return false }
      let secure = b[4] == UInt8(ascii: "s")
      let colon = secure ? 5 : 4
      guard b[colon] == UInt8(ascii: ":"), b[colon + 1] == UInt8(ascii: "/"), b[colon + 2] == UInt8(ascii: "/") else {
        return false
      }
      let host = colon + 3
      guard b.count > host, b[host] != UInt8(ascii: "/") else { return false }
      for byte in b where !isURLByte(byte) { return false }
      return true
    }
  }
}

/// Arrays seen at one place.
struct ArrayStatistics {
  var count = 0
  /// The shape of every element of every array; `nil` while every array was empty.
  var element: InferredShape?
  let tracksVariants: Bool

  init(tracksVariants: Bool) { self.tracksVariants = tracksVariants }

  mutating func add(_ elements: [JSON]) {
    count += 1
    guard !elements.isEmpty else { return }
    let shape = element ?? InferredShape(tracksVariants: tracksVariants)
    element = shape
    for value in elements { shape.add(value) }
  }

  mutating func merge(_ other: ArrayStatistics) {
    count += other.count
    guard let theirs = other.element else { return }
    let shape = element ?? InferredShape(tracksVariants: tracksVariants)
    element = shape
    shape.merge(theirs)
  }
}
