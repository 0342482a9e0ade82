extension NumberFormatting {
  /// Writes the shortest round-trip text of a finite `d` as Swift's `description` lays it out, without its `.0`
  /// suffix: the text Foundation's `JSONEncoder` writes, which ``ParsnipEncoder`` matches byte for byte. Plain
  /// digits from `0.0001` up to `2^53` (`1000000000000000`, `0.0001`), exponent notation with at least two exponent
  /// digits beyond (`1e+16`, `1e-05`, `1.2345678901234568e+17`); `-0` for negative zero (at most 25 bytes).
  @inline(__always)
  static func writeDoubleInSwiftLayout(_ d: Double, to start: UnsafeMutablePointer<UInt8>) -> Int {
    writeShortest(d, to: start, layout: .swift(isSmall: d.magnitude <= 0x1p53))
  }
}
