extension FormatAssertion {
  /// RFC 1123 §2.1 host names (`hostname`): dot-separated labels of 1–63 letters, digits and hyphens, not starting
  /// or ending with a hyphen, at most 253 octets in all (no trailing dot). Labels with `--` in the third and
  /// fourth positions are reserved by RFC 5890 §2.3.1; of them only A-labels (`xn--`) are allowed, and only when
  /// they decode to a valid U-label.
  static func isHostname(_ value: String) -> Bool {
    let bytes = Array(value.utf8)
    guard !bytes.isEmpty, bytes.count <= 253 else { return false }
    for label in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
      guard isLDHLabel(label) else { return false }
      if hasHyphensAtThree(label) {
        guard isALabel(label) else { return false }
      }
    }
    return true
  }

  /// IDNA 2008 host names (`idn-hostname`, RFC 5890–5892): labels separated by any of the four dots of RFC 3490
  /// §3.1 (`.`, U+3002, U+FF0E, U+FF61), each an LDH label, a valid A-label, or a valid U-label, of 1–63
  /// characters, and at most 253 in all. A U-label's length is counted in scalars, as the JSON-Schema-Test-Suite
  /// does, not in the octets of its A-label.
  ///
  /// A U-label is checked by RFC 5891 §4.2: no hyphens at its ends or in positions three and four, no combining
  /// mark first, every code point PVALID by RFC 5892's derivation (from the standard library's Unicode
  /// properties), and the CONTEXTJ and CONTEXTO rules of RFC 5892 Appendix A. Not checked: the Bidi rule
  /// (RFC 5893), NFC normalization, and the joining types of the ZERO WIDTH NON-JOINER rule, which are
  /// approximated (Arabic-script letters join on both sides, except the right-joining ones listed here).
  static func isInternationalHostname(_ value: String) -> Bool {
    let scalars = Array(value.unicodeScalars)
    guard !scalars.isEmpty else { return false }
    var total = 0
    var label: [UInt32] = []
    var labels = 0
    func finishLabel() -> Bool {
      defer { label.removeAll(keepingCapacity: true) }
      guard let length = aLabelLength(label) else { return false }
      total += length + (labels > 0 ? 1 : 0)
      labels += 1
      return true
    }
    for scalar in scalars {
      switch scalar.value {
      case 0x2E, 0x3002, 0xFF0E, 0xFF61:
        guard finishLabel() else { return false }
      default:
        label.append(scalar.value)
        guard label.count <= 63 else { return false }
      }
    }
    guard finishLabel() else { return false }
    return total <= 253
  }

  /// The length of a label (octets for an ASCII label, scalars for a U-label), or `nil` when it is not valid.
  static func aLabelLength(_ label: [UInt32]) -> Int? {
    guard !label.isEmpty else { return nil }
    if label.allSatisfy({ $0 < 0x80 }) {
      let bytes = label.map { UInt8($0) }[...]
      guard isLDHLabel(bytes), !hasHyphensAtThree(bytes) || isALabel(bytes) else { return nil }
      return bytes.count
    }
    return isULabel(label) ? label.count : nil
  }

  static func isLDHLabel(_ label: ArraySlice<UInt8>) -> Bool {
    guard let first = label.first, let last = label.last, label.count <= 63,
      first != UInt8(ascii: "-"), last != UInt8(ascii: "-")
    else { return false }
    return label.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
  }

  static func hasHyphensAtThree(_ label: ArraySlice<UInt8>) -> Bool {
    label.count >= 4 && label[label.startIndex + 2] == UInt8(ascii: "-")
      && label[label.startIndex + 3] == UInt8(ascii: "-")
  }

  /// `xn--` and Punycode that decodes to a valid U-label and encodes back to the same text (RFC 5891 §5.4).
  static func isALabel(_ label: ArraySlice<UInt8>) -> Bool {
    guard label.count > 4, label.count <= 63, label.prefix(4).map({ $0 | 0x20 }) == Array("xn--".utf8),
      let decoded = Punycode.decode(label.dropFirst(4)), !decoded.allSatisfy({ $0 < 0x80 }), isULabel(decoded)
    else { return false }
    return Punycode.encode(decoded) == label.dropFirst(4).map { isLetter($0) ? $0 | 0x20 : $0 }
  }

  /// RFC 5891 §4.2.3 and §4.2.2 for one label of scalars.
  static func isULabel(_ label: [UInt32]) -> Bool {
    guard let first = label.first, let last = label.last, label.count <= 63,
      first != 0x2D, last != 0x2D, !(label.count >= 4 && label[2] == 0x2D && label[3] == 0x2D),
      let firstScalar = Unicode.Scalar(first)
    else { return false }
    switch firstScalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return false
    default: break
    }
    for (index, value) in label.enumerated() {
      guard let scalar = Unicode.Scalar(value) else { return false }
      switch IDNA.property(of: scalar) {
      case .pvalid: continue
      case .disallowed: return false
      case .contextJ, .contextO: guard IDNA.satisfiesContext(label, at: index) else { return false }
      }
    }
    return true
  }
}
