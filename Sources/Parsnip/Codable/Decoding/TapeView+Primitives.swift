import Foundation

/// Reading scalar values straight from the tape and the source bytes.
extension TapeView {
  @inline(__always)
  func string(at node: Int) throws(ValueFailure) -> String {
    guard nodes.rawKind(node) == Tape.Kind.string.rawValue else { throw .mismatch(String.self, node) }
    return nodes.string(node)
  }

  @inline(__always)
  func bool(at node: Int) throws(ValueFailure) -> Bool {
    let kind = nodes.rawKind(node)
    if kind == Tape.Kind.true.rawValue { return true }
    if kind == Tape.Kind.false.rawValue { return false }
    throw .mismatch(Bool.self, node)
  }

  /// An integer of any width. Integer syntax of up to 19 digits (all but the largest `UInt64` values) is read in one
  /// pass over the digits; fractions and exponents are accepted when the value is exactly an integer.
  @inline(__always)
  func integer<I: FixedWidthInteger>(_ type: I.Type, at node: Int) throws(ValueFailure) -> I {
    if let value = nodes.integer(I.self, at: node) { return value }
    throw integerFailure(I.self, at: node)
  }

  /// Why node `node` is not an `I`.
  @inline(never)
  func integerFailure<I: FixedWidthInteger>(_: I.Type, at node: Int) -> ValueFailure {
    guard nodes.rawKind(node) == Tape.Kind.number.rawValue else { return .mismatch(I.self, node) }
    let what = nodes.number(node).isInteger ? "does not fit in \(I.self)" : "is not an integer (\(I.self))"
    return .corrupted("number \(Excerpt.abbreviated(numberText(node))) \(what)", I.self, node)
  }

  /// The nearest `Double`. A number too large for `Double`, or a non-zero one that would read as zero, fails as in
  /// Foundation; `nonConformingFloatDecodingStrategy` decides about strings.
  @inline(__always)
  func double(at node: Int) throws(ValueFailure) -> Double {
    if let (magnitude, isNegative) = nodes.smallInteger(node) {
      let value = Double(magnitude)
      return isNegative ? -value : value
    }
    guard nodes.rawKind(node) == Tape.Kind.number.rawValue else {
      return try nonConformingDouble(at: node, as: Double.self)
    }
    let word = nodes.word(node)
    return try floatingSlowPath(at: node, start: TapeCursor.offset(word), count: TapeCursor.aux(word))
  }

  @inline(never)
  func floatingSlowPath(at node: Int, start: Int, count: Int) throws(ValueFailure) -> Double {
    // `Infinity`, `-Infinity` and `NaN`, accepted by the scanner only for JSON5 input.
    if nodes.flags(node) & Tape.Flag.json5 != 0 {
      return NumberParser.nonFiniteLiteral(base, from: start, count: count)
    }
    let scanned = NumberParser.read(base, from: start, end: start + count)
    let value = NumberParser.double(base, from: start, scanned)
    if !value.isFinite {
      throw .corrupted("number \(Excerpt.abbreviated(numberText(node))) does not fit in Double", Double.self, node)
    }
    if value == 0, scanned.significand != 0 {
      throw .corrupted(
        "number \(Excerpt.abbreviated(numberText(node))) is too small for Double (it would read as 0)", Double.self,
        node)
    }
    return value
  }

  /// The nearest `Float`, with the same range rules as `double(at:)`.
  @inline(__always)
  func float(at node: Int) throws(ValueFailure) -> Float {
    guard rawKind(node) == Tape.Kind.number.rawValue else { return try nonConformingDouble(at: node, as: Float.self) }
    let double = try self.double(at: node)
    let value = Float(double)
    if value.isInfinite, double.isFinite {
      throw .corrupted("number \(Excerpt.abbreviated(numberText(node))) does not fit in Float", Float.self, node)
    }
    if value == 0, double != 0 {
      throw .corrupted(
        "number \(Excerpt.abbreviated(numberText(node))) is too small for Float (it would read as 0)", Float.self, node)
    }
    return value
  }

  /// Infinity or NaN written as a string, when the strategy allows it.
  @inline(never)
  func nonConformingDouble<F: BinaryFloatingPoint>(at node: Int, as type: F.Type) throws(ValueFailure) -> F {
    guard rawKind(node) == Tape.Kind.string.rawValue,
      let (positiveInfinity, negativeInfinity, nan) = nonConformingFloats?.pointee
    else { throw .mismatch(F.self, node) }
    let text = string(ofKey: node)
    if text == positiveInfinity { return .infinity }
    if text == negativeInfinity { return -.infinity }
    if text == nan { return .nan }
    throw .mismatch(F.self, node)
  }

  /// A `Decimal` built from the number's digits as written, without going through `Double`.
  func decimal(at node: Int) throws(ValueFailure) -> Decimal {
    guard rawKind(node) == Tape.Kind.number.rawValue else { throw .mismatch(Decimal.self, node) }
    let text = numberText(node)
    guard let value = Decimal(string: text, locale: nil), !value.isNaN else {
      throw .corrupted("number \(Excerpt.abbreviated(text)) does not fit in Decimal", Decimal.self, node)
    }
    return value
  }

  func url(at node: Int) throws(ValueFailure) -> URL {
    let text = try string(at: node)
    guard let url = URL(string: text) else {
      throw .corrupted("Invalid URL string: \(Excerpt.quoted(text))", URL.self, node)
    }
    return url
  }

  /// A `JSONNumber` with every digit of the source.
  func jsonNumber(at node: Int) throws(ValueFailure) -> JSONNumber {
    guard rawKind(node) == Tape.Kind.number.rawValue else { throw .mismatch(JSONNumber.self, node) }
    return nodes.number(node)
  }

  /// A `JSON` value built from the subtree at `node`.
  func json(at node: Int) -> JSON {
    // Building never fails when duplicates are allowed; the depth was bounded by the scanner.
    var builder = TreeBuilder(tape: tape, source: source, options: .default)
    return (try? builder.value(at: node)) ?? .null
  }
}
