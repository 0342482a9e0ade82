/// RFC 5892: the IDNA 2008 derived property of a code point, and the contextual rules of its Appendix A.
enum IDNA {
  enum Property {
    case pvalid
    case contextJ
    case contextO
    case disallowed
  }

  /// RFC 5892 §3, in its order: exceptions, unassigned, LDH, join controls, unstable, ignorable properties and
  /// blocks, old Hangul jamo, then letters and digits. ASCII upper case is let through: host names compare case
  /// insensitively, and the LDH rule of `hostname` allows it.
  static func property(of scalar: Unicode.Scalar) -> Property {
    let value = scalar.value
    switch value {
    case 0xDF, 0x3C2, 0x6FD, 0x6FE, 0xF0B, 0x3007: return .pvalid
    case 0xB7, 0x375, 0x5F3, 0x5F4, 0x30FB, 0x660...0x669, 0x6F0...0x6F9: return .contextO
    case 0x640, 0x7FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: return .disallowed
    case 0x200C, 0x200D: return .contextJ
    case 0x30...0x39, 0x61...0x7A, 0x2D, 0x41...0x5A: return .pvalid
    case 0...0x7F: return .disallowed
    default: break
    }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .unassigned: return .disallowed
    default: break
    }
    if properties.changesWhenNFKCCaseFolded { return .disallowed }
    if properties.isDefaultIgnorableCodePoint || properties.isWhitespace || properties.isNoncharacterCodePoint {
      return .disallowed
    }
    switch value {
    case 0x20D0...0x20FF, 0x1D100...0x1D1FF, 0x1D200...0x1D24F: return .disallowed  // ignorable blocks
    case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .disallowed  // old Hangul jamo
    default: break
    }
    switch properties.generalCategory {
    case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter, .nonspacingMark,
      .spacingMark:
      return .pvalid
    default:
      return .disallowed
    }
  }

  /// Whether the CONTEXTJ or CONTEXTO code point at `index` meets its rule (RFC 5892 Appendix A).
  static func satisfiesContext(_ label: [UInt32], at index: Int) -> Bool {
    let value = label[index]
    let before = index > 0 ? label[index - 1] : nil
    let after = index + 1 < label.count ? label[index + 1] : nil
    switch value {
    case 0x200D:  // ZERO WIDTH JOINER: after a virama
      return before.map(isVirama) ?? false
    case 0x200C:  // ZERO WIDTH NON-JOINER: after a virama, or between joining letters
      if before.map(isVirama) ?? false { return true }
      var left = index - 1
      while left >= 0, joiningType(label[left]) == .transparent { left -= 1 }
      var right = index + 1
      while right < label.count, joiningType(label[right]) == .transparent { right += 1 }
      guard left >= 0, right < label.count else { return false }
      let leftType = joiningType(label[left])
      let rightType = joiningType(label[right])
      return (leftType == .dual || leftType == .left) && (rightType == .dual || rightType == .right)
    case 0xB7:  // MIDDLE DOT: between two l
      return before == 0x6C && after == 0x6C
    case 0x375:  // GREEK LOWER NUMERAL SIGN: before Greek
      return after.map(isGreek) ?? false
    case 0x5F3, 0x5F4:  // HEBREW GERESH, GERSHAYIM: after Hebrew
      return before.map(isHebrew) ?? false
    case 0x30FB:  // KATAKANA MIDDLE DOT: with Hiragana, Katakana or Han in the label
      return label.contains { $0 != 0x30FB && isHiraganaKatakanaOrHan($0) }
    case 0x660...0x669:  // ARABIC-INDIC DIGITS: not mixed with the extended ones
      return !label.contains { (0x6F0...0x6F9).contains($0) }
    case 0x6F0...0x6F9:
      return !label.contains { (0x660...0x669).contains($0) }
    default:
      return false
    }
  }

  static func isVirama(_ value: UInt32) -> Bool {
    Unicode.Scalar(value).map { $0.properties.canonicalCombiningClass.rawValue == 9 } ?? false
  }

  static func isGreek(_ value: UInt32) -> Bool {
    switch value {
    case 0x370...0x373, 0x375...0x377, 0x37A...0x37D, 0x37F, 0x384, 0x386, 0x388...0x3E1, 0x3F0...0x3FF,
      0x1F00...0x1FFE, 0x10140...0x1018E:
      return true
    default: return false
    }
  }

  static func isHebrew(_ value: UInt32) -> Bool {
    (0x591...0x5F4).contains(value) || (0xFB1D...0xFB4F).contains(value)
  }

  static func isHiraganaKatakanaOrHan(_ value: UInt32) -> Bool {
    switch value {
    case 0x3041...0x309F, 0x1B001...0x1B11F:  // Hiragana
      return true
    case 0x30A0...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE, 0x3300...0x3357, 0xFF66...0xFF9F, 0x1B000:  // Katakana
      return true
    case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xF900...0xFAFF, 0x20000...0x3134F:  // Han
      return true
    default:
      return false
    }
  }

  enum JoiningType {
    case dual, left, right, transparent, none
  }

  /// An approximation of Unicode's Joining_Type for the ZERO WIDTH NON-JOINER rule: marks are transparent,
  /// Arabic, Syriac and N'Ko letters dual-joining except the right-joining Arabic letters listed.
  static func joiningType(_ value: UInt32) -> JoiningType {
    guard let scalar = Unicode.Scalar(value) else { return .none }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return .transparent
    default: break
    }
    switch value {
    case 0x622...0x625, 0x627, 0x629, 0x62F...0x632, 0x648, 0x671...0x673, 0x675...0x677, 0x688...0x699, 0x6C0,
      0x6C3...0x6CB, 0x6CD, 0x6CF, 0x6D2, 0x6D3, 0x6D5, 0x6EE, 0x6EF:
      return .right
    case 0x620...0x64A, 0x66E...0x6D3, 0x6FA...0x6FF, 0x710...0x74F, 0x750...0x77F, 0x7CA...0x7EA, 0x8A0...0x8C9:
      return scalar.properties.generalCategory == .otherLetter ? .dual : .none
    default:
      return .none
    }
  }
}
