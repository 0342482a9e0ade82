/// Number → JSON text.
enum NumberFormatting {
  /// Appends the JSON text of a number. Non-finite doubles are appended as `NaN`/`Infinity`/`-Infinity`;
  /// the writer checks for them first and reports an error.
  static func append(_ number: JSONNumber, to out: inout [UInt8]) {
    switch number.storage {
    case .int(let v): appendInteger(v, to: &out)
    case .uint(let v): appendUnsigned(v, isNegative: false, to: &out)
    case .double(let d): appendShortest(d, to: &out)
    case .decimal(let significand, let exponent, let isNegative):
      appendDecimal(significand: significand, exponent: Int(exponent), isNegative: isNegative, to: &out)
    case .text(let text): out.append(contentsOf: text.value.utf8)
    }
  }

  static func appendInteger(_ v: Int64, to out: inout [UInt8]) {
    appendUnsigned(v.magnitude, isNegative: v < 0, to: &out)
  }

  static func appendUnsigned(_ v: UInt64, isNegative: Bool, to out: inout [UInt8]) {
    if isNegative { out.append(.minus) }
    if v < 10 {
      out.append(UInt8(v) &+ .zero)
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      var n = v
      var i = 20
      while n > 0 {
        i -= 1
        buffer[i] = UInt8(n % 10) &+ .zero
        n /= 10
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<20]))
    }
  }

  /// Writes `±significand × 10^exponent` keeping every digit of the significand, in the style of ECMAScript's
  /// Number-to-String: plain notation when the decimal point falls within 21 digits, exponent notation otherwise.
  static func appendDecimal(significand: UInt64, exponent: Int, isNegative: Bool, to out: inout [UInt8]) {
    var digits: [UInt8] = []
    appendUnsigned(significand, isNegative: false, to: &digits)
    appendDigits(digits, pointPosition: digits.count + exponent, isNegative: isNegative, to: &out)
  }

  /// Lays out `digits` with the decimal point after `pointPosition` digits (ECMAScript rules, RFC 8785).
  static func appendDigits(_ digits: [UInt8], pointPosition n: Int, isNegative: Bool, to out: inout [UInt8]) {
    let k = digits.count
    if isNegative { out.append(.minus) }
    if k <= n && n <= 21 {
      out.append(contentsOf: digits)
      for _ in 0..<(n - k) { out.append(.zero) }
    } else if 0 < n && n <= 21 {
      out.append(contentsOf: digits[0..<n])
      out.append(.period)
      out.append(contentsOf: digits[n...])
    } else if -6 < n && n <= 0 {
      out.append(.zero)
      out.append(.period)
      for _ in 0..<(-n) { out.append(.zero) }
      out.append(contentsOf: digits)
    } else {
      out.append(digits[0])
      if k > 1 {
        out.append(.period)
        out.append(contentsOf: digits[1...])
      }
      out.append(.lowerE)
      let e = n - 1
      out.append(e < 0 ? .minus : .plus)
      appendUnsigned(UInt64(e.magnitude), isNegative: false, to: &out)
    }
  }

  /// Appends the shortest text that parses back to `d`, in ECMAScript layout (`1e+21`, `0.000001`, `1.5`).
  static func appendShortest(_ d: Double, to out: inout [UInt8]) {
    guard d.isFinite else {
      out.append(contentsOf: (d.isNaN ? "NaN" : d < 0 ? "-Infinity" : "Infinity").utf8)
      return
    }
    if d == 0 {
      out.append(.zero)
      return
    }
    let (digits, pointPosition) = shortestDigits(d.magnitude)
    appendDigits(digits, pointPosition: pointPosition, isNegative: d < 0, to: &out)
  }

  /// The shortest round-trip digits of a positive finite double and the position of the decimal point.
  static func shortestDigits(_ d: Double) -> (digits: [UInt8], pointPosition: Int) {
    // Swift's description is the shortest round-trip text; re-layout its digits.
    var digits: [UInt8] = []
    var exponent = 0
    var pointSeen = false
    var afterPoint = 0
    var text = d.description.utf8[...]
    if let e = text.firstIndex(of: .lowerE) {
      exponent = Int(String(decoding: text[text.index(after: e)...], as: UTF8.self)) ?? 0
      text = text[..<e]
    }
    for c in text {
      if c == .period {
        pointSeen = true
      } else {
        if digits.isEmpty && c == .zero {
          if pointSeen { afterPoint += 1 }
          continue
        }
        digits.append(c)
        if pointSeen { afterPoint += 1 }
      }
    }
    while digits.count > 1, digits.last == .zero {
      digits.removeLast()
      afterPoint -= 1
    }
    return (digits, digits.count - afterPoint + exponent)
  }
}
