extension FormatAssertion {
  /// RFC 3339 §5.6 `date-time`: `full-date "T" full-time`, `T` and `Z` in either case.
  static func isDateTime(_ value: String) -> Bool {
    let bytes = Array(value.utf8)
    guard bytes.count > 11, bytes[10] | 0x20 == UInt8(ascii: "t") else { return false }
    return isFullDate(bytes[0..<10]) && isFullTime(bytes[11...])
  }

  /// RFC 3339 §5.6 `full-date`.
  static func isDate(_ value: String) -> Bool {
    isFullDate(Array(value.utf8)[...])
  }

  /// RFC 3339 §5.6 `full-time`: a time with its offset.
  static func isTime(_ value: String) -> Bool {
    isFullTime(Array(value.utf8)[...])
  }

  /// Two ASCII digits at `offset` as a number.
  static func twoDigits(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> Int? {
    let index = bytes.startIndex + offset
    guard index + 1 < bytes.endIndex, isDigit(bytes[index]), isDigit(bytes[index + 1]) else { return nil }
    return Int(bytes[index] - 0x30) * 10 + Int(bytes[index + 1] - 0x30)
  }

  /// `date-fullyear "-" date-month "-" date-mday`, the day within its month (§5.7, leap years by the Gregorian
  /// rule).
  static func isFullDate(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count == 10, let century = twoDigits(bytes, 0), let yearInCentury = twoDigits(bytes, 2),
      bytes[bytes.startIndex + 4] == UInt8(ascii: "-"), let month = twoDigits(bytes, 5),
      bytes[bytes.startIndex + 7] == UInt8(ascii: "-"), let day = twoDigits(bytes, 8)
    else { return false }
    let year = century * 100 + yearInCentury
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days: Int
    switch month {
    case 1, 3, 5, 7, 8, 10, 12: days = 31
    case 4, 6, 9, 11: days = 30
    case 2: days = isLeap ? 29 : 28
    default: return false
    }
    return day >= 1 && day <= days
  }

  /// `partial-time time-offset`. A leap second (`:60`) is valid only where the time is 23:59 in UTC once the
  /// offset is taken away (§5.6 and §5.7).
  static func isFullTime(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count >= 9, let hour = twoDigits(bytes, 0), bytes[bytes.startIndex + 2] == UInt8(ascii: ":"),
      let minute = twoDigits(bytes, 3), bytes[bytes.startIndex + 5] == UInt8(ascii: ":"),
      let second = twoDigits(bytes, 6), hour <= 23, minute <= 59, second <= 60
    else { return false }
    var index = bytes.startIndex + 8
    if bytes[index] == UInt8(ascii: ".") {
      index += 1
      let digits = index
      while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
      guard index > digits else { return false }
    }
    guard index < bytes.endIndex else { return false }
    var offsetMinutes = 0
    if bytes[index] | 0x20 == UInt8(ascii: "z") {
      guard index + 1 == bytes.endIndex else { return false }
    } else {
      let sign = bytes[index]
      guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return false }
      let offset = bytes[(index + 1)...]
      guard offset.count == 5, let offsetHour = twoDigits(offset, 0),
        offset[offset.startIndex + 2] == UInt8(ascii: ":"), let offsetMinute = twoDigits(offset, 3),
        offsetHour <= 23, offsetMinute <= 59
      else { return false }
      offsetMinutes = (offsetHour * 60 + offsetMinute) * (sign == UInt8(ascii: "+") ? 1 : -1)
    }
    if second == 60 {
      let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
      return utc == 23 * 60 + 59
    }
    return true
  }

  /// RFC 3339 Appendix A `duration`: `P` then a week count alone, or date elements (years, months, days; each
  /// present one followed by the next smaller, none skipped) and an optional `T` with time elements (hours,
  /// minutes, seconds, likewise). Counts are `1*DIGIT`; letters are case-insensitive, as ABNF strings are.
  static func isDuration(_ value: String) -> Bool {
    let bytes = Array(value.utf8)
    guard bytes.first.map({ $0 | 0x20 }) == UInt8(ascii: "p") else { return false }
    var position = 1
    /// The next `1*DIGIT unit`, upper-cased unit; `nil` at the end or at `T`.
    func element() -> UInt8?? {
      guard position < bytes.count, bytes[position] | 0x20 != UInt8(ascii: "t") else { return .some(nil) }
      let start = position
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
      guard position > start, position < bytes.count, isLetter(bytes[position]) else { return nil }
      position += 1
      return .some(bytes[position - 1] & ~0x20)
    }
    /// Reads a chain of units that must be consecutive in `order`; returns how many were read, `nil` if invalid.
    func chain(_ order: [UInt8]) -> Int? {
      var next = 0
      var count = 0
      while true {
        guard let unit = element() else { return nil }
        guard let unit else { return count }
        guard let index = order.firstIndex(of: unit), count == 0 ? index >= next : index == next else { return nil }
        next = index + 1
        count += 1
      }
    }
    if bytes.count >= 3, bytes.last.map({ $0 & ~0x20 }) == UInt8(ascii: "W") {
      let digits = bytes[1..<(bytes.count - 1)]
      return digits.allSatisfy(isDigit)
    }
    guard let dateElements = chain(Array("YMD".utf8)) else { return false }
    if position == bytes.count { return dateElements > 0 }
    position += 1  // T
    guard let timeElements = chain(Array("HMS".utf8)) else { return false }
    return timeElements > 0 && position == bytes.count
  }
}
