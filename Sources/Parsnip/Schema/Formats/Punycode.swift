/// RFC 3492 Punycode with the IDNA parameters, for the A-labels (`xn--…`) of host names: an A-label must decode
/// and encode back to itself. Arithmetic is checked, so hostile input fails, never traps.
enum Punycode {
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN: UInt32 = 0x80

  private static func adapt(_ delta: Int, _ numPoints: Int, _ firstTime: Bool) -> Int {
    var delta = firstTime ? delta / damp : delta / 2
    delta += delta / numPoints
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30) + 26
    case 0x41...0x5A: Int(byte - 0x41)
    case 0x61...0x7A: Int(byte - 0x61)
    default: nil
    }
  }

  private static func digit(_ value: Int) -> UInt8 {
    value < 26 ? UInt8(0x61 + value) : UInt8(0x30 + value - 26)
  }

  /// The scalars an encoded label (without `xn--`) stands for; `nil` when it is not valid Punycode.
  static func decode(_ input: ArraySlice<UInt8>) -> [UInt32]? {
    var output: [UInt32] = []
    var rest = input
    if let delimiter = input.lastIndex(of: UInt8(ascii: "-")) {
      for byte in input[..<delimiter] {
        guard byte < 0x80 else { return nil }
        output.append(UInt32(byte))
      }
      rest = input[(delimiter + 1)...]
    }
    var n = Int(initialN)
    var i = 0
    var bias = initialBias
    var index = rest.startIndex
    while index < rest.endIndex {
      let oldI = i
      var w = 1
      var k = base
      while true {
        guard index < rest.endIndex, let digit = digitValue(rest[index]) else { return nil }
        index += 1
        let (product, overflow1) = digit.multipliedReportingOverflow(by: w)
        let (sum, overflow2) = i.addingReportingOverflow(product)
        guard !overflow1, !overflow2, sum <= 0x7FFF_FFFF else { return nil }
        i = sum
        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
        if digit < t { break }
        let (weight, overflow3) = w.multipliedReportingOverflow(by: base - t)
        guard !overflow3, weight <= 0x7FFF_FFFF else { return nil }
        w = weight
        k += base
      }
      let count = output.count + 1
      bias = adapt(i - oldI, count, oldI == 0)
      n += i / count
      guard n <= 0x10_FFFF else { return nil }
      i %= count
      output.insert(UInt32(n), at: i)
      i += 1
    }
    return output
  }

  /// The Punycode encoding of scalars (without `xn--`), lower case.
  static func encode(_ input: [UInt32]) -> [UInt8] {
    var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
    let basicCount = output.count
    var handled = basicCount
    if basicCount > 0 { output.append(UInt8(ascii: "-")) }
    var n = initialN
    var delta = 0
    var bias = initialBias
    while handled < input.count {
      let m = input.filter { $0 >= n }.min()!
      delta += Int(m - n) * (handled + 1)
      n = m
      for c in input {
        if c < n { delta += 1 }
        if c == n {
          var q = delta
          var k = base
          while true {
            let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
            if q < t { break }
            output.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
          }
          output.append(digit(q))
          bias = adapt(delta, handled + 1, handled == basicCount)
          delta = 0
          handled += 1
        }
      }
      delta += 1
      n += 1
    }
    return output
  }
}
