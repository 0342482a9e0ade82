import Foundation

/// RFC 3339 / ISO 8601 internet date-time text, shared by the `iso8601` date strategies of ``ParsnipDecoder`` and
/// ``ParsnipEncoder``.
///
/// Written form: `2024-01-02T03:04:05Z`, or `2024-01-02T03:04:05.123Z` with fractional seconds (milliseconds,
/// rounded), always in UTC. Like Foundation's formatter, the calendar is Gregorian from 1582-10-15 and Julian
/// before, so dates round-trip with Foundation's `JSONEncoder`/`JSONDecoder` on either side.
///
/// Accepted form: `YYYY-MM-DDThh:mm:ss`, an optional fraction of any length, then `Z` or an offset `±hh:mm`,
/// `±hhmm` or `±hh`; `t` and `z` may be lowercase (RFC 3339 §5.6). `24:00:00` means the end of the day and second
/// `60` (a leap second) rolls over to the next minute, as in Foundation. Unlike Foundation, impossible calendar dates
/// such as February 30 are rejected instead of rolling over into the next month.
enum ISO8601 {
  /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
  static let referenceOffset: Int64 = 978_307_200

  // MARK: Formatting

  /// Formats a date in UTC.
  /// - Parameters:
  ///   - date: The date.
  ///   - fractionalSeconds: Whether to write milliseconds (`.123`).
  /// - Returns: Text such as `2024-01-02T03:04:05Z`; a date that is not finite gives `"invalid date"`.
  static func format(_ date: Date, fractionalSeconds: Bool) -> String {
    let t = date.timeIntervalSince1970
    // ±1e14 s is about ±3 million years: far beyond any calendar use, and safe for Int64 arithmetic.
    guard t.isFinite, abs(t) < 1e14 else { return "invalid date" }
    var seconds: Int64
    var milliseconds: Int64 = 0
    if fractionalSeconds {
      let total = Int64((t * 1000).rounded(.toNearestOrAwayFromZero))
      seconds = floorDivide(total, 1000)
      milliseconds = total - seconds * 1000
    } else {
      seconds = Int64(t.rounded(.down))
    }
    let days = floorDivide(seconds, 86_400)
    var secondOfDay = seconds - days * 86_400
    let (year, month, day) = civil(fromDaysSince1970: days)
    let hour = secondOfDay / 3600
    secondOfDay -= hour * 3600
    let minute = secondOfDay / 60
    let second = secondOfDay - minute * 60

    var out: [UInt8] = []
    out.reserveCapacity(24)
    if year < 0 { out.append(.minus) }
    appendDigits(year.magnitude, width: 4, to: &out)
    out.append(.minus)
    appendDigits(UInt64(month), width: 2, to: &out)
    out.append(.minus)
    appendDigits(UInt64(day), width: 2, to: &out)
    out.append(UInt8(ascii: "T"))
    appendDigits(UInt64(hour), width: 2, to: &out)
    out.append(.colon)
    appendDigits(UInt64(minute), width: 2, to: &out)
    out.append(.colon)
    appendDigits(UInt64(second), width: 2, to: &out)
    if fractionalSeconds {
      out.append(.period)
      appendDigits(UInt64(milliseconds), width: 3, to: &out)
    }
    out.append(UInt8(ascii: "Z"))
    return String(decoding: out, as: UTF8.self)
  }

  private static func appendDigits(_ value: UInt64, width: Int, to out: inout [UInt8]) {
    let digits = Array(String(value).utf8)
    if digits.count < width { out.append(contentsOf: repeatElement(UInt8.zero, count: width - digits.count)) }
    out.append(contentsOf: digits)
  }

  // MARK: Parsing

  /// Parses internet date-time text.
  /// - Parameter text: Text such as `2024-01-02T03:04:05Z` or `2024-01-02T03:04:05.123+01:00`.
  /// - Returns: The date, or `nil` when the text is not a valid date-time.
  static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return nil }
      return parse(base, count: bytes.count)
    }
  }

  /// Parses internet date-time text from UTF-8 bytes.
  /// - Parameters:
  ///   - p: The first byte.
  ///   - count: The number of bytes.
  /// - Returns: The date, or `nil` when the bytes are not a valid date-time.
  static func parse(_ p: UnsafePointer<UInt8>, count: Int) -> Date? {
    var i = 0
    @inline(__always) func number(_ width: Int) -> Int64? {
      guard i + width <= count else { return nil }
      var value: Int64 = 0
      for k in i..<(i + width) {
        guard p[k].isDigit else { return nil }
        value = value * 10 + Int64(p[k] &- .zero)
      }
      i += width
      return value
    }
    @inline(__always) func expect(_ byte: UInt8) -> Bool {
      guard i < count, p[i] == byte else { return false }
      i += 1
      return true
    }
    guard let year = number(4), expect(.minus), let month = number(2), expect(.minus), let day = number(2),
      i < count, p[i] | 0x20 == UInt8(ascii: "t")
    else { return nil }
    i += 1
    guard let hour = number(2), expect(.colon), let minute = number(2), expect(.colon), let second = number(2)
    else { return nil }
    var fraction = 0.0
    if i < count, p[i] == .period {
      i += 1
      let start = i
      var digits: UInt64 = 0
      var scale = 1.0
      while i < count, p[i].isDigit {
        if i - start < 18 {
          digits = digits * 10 + UInt64(p[i] &- .zero)
          scale *= 10
        }
        i += 1
      }
      guard i > start else { return nil }
      fraction = Double(digits) / scale
    }
    guard i < count else { return nil }
    var offset: Int64 = 0
    if p[i] | 0x20 == UInt8(ascii: "z") {
      i += 1
    } else if p[i] == .plus || p[i] == .minus {
      let sign: Int64 = p[i] == .minus ? -1 : 1
      i += 1
      guard let offsetHours = number(2), offsetHours < 24 else { return nil }
      var offsetMinutes: Int64 = 0
      if i < count {
        _ = expect(.colon)
        guard let m = number(2), m < 60 else { return nil }
        offsetMinutes = m
      }
      offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
    } else {
      return nil
    }
    guard i == count else { return nil }

    guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month), minute < 60,
      second <= 60, hour < 24 || (hour == 24 && minute == 0 && second == 0 && fraction == 0)
    else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    // Add the fraction relative to the reference date, as `Date` stores it, so values match Foundation's parser.
    return Date(timeIntervalSinceReferenceDate: Double(seconds - referenceOffset) + fraction)
  }

  // MARK: Calendar

  /// Julian day number of 1582-10-15, the first day of the Gregorian calendar.
  private static let gregorianStart: Int64 = 2_299_161
  /// Julian day number of 1970-01-01.
  private static let unixEpochDay: Int64 = 2_440_588

  static func isLeapYear(_ year: Int64, julian: Bool) -> Bool {
    if julian { return year % 4 == 0 }
    return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2: return isLeapYear(year, julian: (year, month) < (1582, 10)) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 to a calendar date (Gregorian from 1582-10-15, Julian before).
  static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let a = (14 - month) / 12
    let y = year + 4800 - a
    let m = month + 12 * a - 3
    let isGregorian = (year, month, day) >= (1582, 10, 15)
    let jdn: Int64 =
      isGregorian
      ? day + (153 * m + 2) / 5 + 365 * y + floorDivide(y, 4) - floorDivide(y, 100) + floorDivide(y, 400) - 32045
      : day + (153 * m + 2) / 5 + 365 * y + floorDivide(y, 4) - 32083
    return jdn - unixEpochDay
  }

  /// The calendar date of a day counted from 1970-01-01 (Gregorian from 1582-10-15, Julian before).
  static func civil(fromDaysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let jdn = days + unixEpochDay
    if jdn >= gregorianStart {
      // Gregorian: days from 0000-03-01 in 400-year eras.
      let z = days + 719_468
      let era = floorDivide(z, 146_097)
      let dayOfEra = z - era * 146_097
      let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
      let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
      let mp = (5 * dayOfYear + 2) / 153
      let day = dayOfYear - (153 * mp + 2) / 5 + 1
      let month = mp < 10 ? mp + 3 : mp - 9
      let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
      return (year, month, day)
    }
    let c = jdn + 32082
    let d = floorDivide(4 * c + 3, 1461)
    let e = c - floorDivide(1461 * d, 4)
    let m = (5 * e + 2) / 153
    let day = e - (153 * m + 2) / 5 + 1
    let month = m + 3 - 12 * (m / 10)
    let year = d - 4800 + m / 10
    return (year, month, day)
  }

  @inline(__always) static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }
}
