/// The one array-index rule of every path grammar: RFC 6901's `array-index = %x30 / ( %x31-39 *%x30-39 )`, at
/// most `Int.max`. JSON Pointer tokens, key-path subscripts (`[12]`) and normalized paths (`$[12]`) all read
/// indices here.
enum ArrayIndex {
  /// What a run of digits reads as.
  enum Reading: Equatable {
    case index(Int)
    /// `0` followed by more digits; the offset is that of the first extra digit.
    case leadingZero(offset: Int)
    /// More than `Int.max`; the offset is that of the first digit.
    case tooLarge(offset: Int)
  }

  /// Reads the digits of `bytes` (indexed from 0) from `position`, which must be a digit, and moves `position` past
  /// all of them.
  static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at position: inout Int) -> Reading
  where Bytes.Index == Int {
    let start = position
    @inline(__always) func byte(_ i: Int) -> UInt8 { bytes[i] }
    var value = 0
    var overflowed = false
    while position < bytes.count, byte(position).isDigit {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(Int(byte(position) &- .zero))
      overflowed = overflowed || overflow1 || overflow2
      value = sum
      position += 1
    }
    if byte(start) == .zero, position > start + 1 { return .leadingZero(offset: start + 1) }
    return overflowed ? .tooLarge(offset: start) : .index(value)
  }

  /// How a JSON Pointer token reads where an array is: an index, `-` (one past the last element), or neither.
  enum Token: Equatable {
    case index(Int)
    /// `-`, the position after the last element.
    case end
    /// Digits without a leading zero that do not fit `Int`.
    case tooLarge
    /// Anything else: letters, a sign, a leading zero, the empty string.
    case invalid
  }

  /// Classifies a whole JSON Pointer token.
  static func token(_ token: String) -> Token {
    var token = token
    return token.withUTF8 { utf8 in
      guard let first = utf8.first else { return .invalid }
      if first == .minus { return utf8.count == 1 ? .end : .invalid }
      guard first.isDigit else { return .invalid }
      var position = 0
      let reading = read(utf8, at: &position)
      guard position == utf8.count else { return .invalid }
      return classify(reading)
    }
  }

  private static func classify(_ reading: Reading) -> Token {
    switch reading {
    case .index(let value): return .index(value)
    case .tooLarge: return .tooLarge
    case .leadingZero: return .invalid
    }
  }
}
