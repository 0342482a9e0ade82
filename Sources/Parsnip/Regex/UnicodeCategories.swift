/// Unicode general categories as bits, for `\p{..}` in both regular expression dialects.
enum UnicodeCategories {
  static func bit(_ category: Unicode.GeneralCategory) -> UInt32 {
    let index: UInt32 =
      switch category {
      case .uppercaseLetter: 0
      case .lowercaseLetter: 1
      case .titlecaseLetter: 2
      case .modifierLetter: 3
      case .otherLetter: 4
      case .nonspacingMark: 5
      case .spacingMark: 6
      case .enclosingMark: 7
      case .decimalNumber: 8
      case .letterNumber: 9
      case .otherNumber: 10
      case .connectorPunctuation: 11
      case .dashPunctuation: 12
      case .openPunctuation: 13
      case .closePunctuation: 14
      case .initialPunctuation: 15
      case .finalPunctuation: 16
      case .otherPunctuation: 17
      case .mathSymbol: 18
      case .currencySymbol: 19
      case .modifierSymbol: 20
      case .otherSymbol: 21
      case .spaceSeparator: 22
      case .lineSeparator: 23
      case .paragraphSeparator: 24
      case .control: 25
      case .format: 26
      case .surrogate: 27
      case .privateUse: 28
      case .unassigned: 29
      @unknown default: 29
      }
    return 1 << index
  }

  /// The categories an RFC 9485 `IsCategory` name stands for; `nil` for names outside the grammar.
  static func mask(named name: String) -> UInt32? {
    func bits(_ range: ClosedRange<UInt32>) -> UInt32 { range.reduce(0) { $0 | 1 << $1 } }
    switch name {
    case "L": return bits(0...4)
    case "Lu": return 1 << 0
    case "Ll": return 1 << 1
    case "Lt": return 1 << 2
    case "Lm": return 1 << 3
    case "Lo": return 1 << 4
    case "M": return bits(5...7)
    case "Mn": return 1 << 5
    case "Mc": return 1 << 6
    case "Me": return 1 << 7
    case "N": return bits(8...10)
    case "Nd": return 1 << 8
    case "Nl": return 1 << 9
    case "No": return 1 << 10
    case "P": return bits(11...17)
    case "Pc": return 1 << 11
    case "Pd": return 1 << 12
    case "Ps": return 1 << 13
    case "Pe": return 1 << 14
    case "Pi": return 1 << 15
    case "Pf": return 1 << 16
    case "Po": return 1 << 17
    case "S": return bits(18...21)
    case "Sm": return 1 << 18
    case "Sc": return 1 << 19
    case "Sk": return 1 << 20
    case "So": return 1 << 21
    case "Z": return bits(22...24)
    case "Zs": return 1 << 22
    case "Zl": return 1 << 23
    case "Zp": return 1 << 24
    case "C": return bits(25...29)
    case "Cc": return 1 << 25
    case "Cf": return 1 << 26
    case "Co": return 1 << 28
    case "Cn": return 1 << 29
    default: return nil
    }
  }

  /// The categories an ECMA-262 `General_Category` value stands for: the short names above plus `Cs` and `LC`,
  /// the long names (`Letter`, `Decimal_Number`, …) and the aliases ECMA-262 lists (`digit`, `punct`, `cntrl`,
  /// `Combining_Mark`); `nil` for anything else.
  static func ecmaScriptMask(named name: String) -> UInt32? {
    if let mask = mask(named: name) { return mask }
    switch name {
    case "Cs", "Surrogate": return 1 << 27
    case "LC", "Cased_Letter": return 0b111
    case "Letter": return mask(named: "L")
    case "Uppercase_Letter": return mask(named: "Lu")
    case "Lowercase_Letter": return mask(named: "Ll")
    case "Titlecase_Letter": return mask(named: "Lt")
    case "Modifier_Letter": return mask(named: "Lm")
    case "Other_Letter": return mask(named: "Lo")
    case "Mark", "Combining_Mark": return mask(named: "M")
    case "Nonspacing_Mark": return mask(named: "Mn")
    case "Spacing_Mark": return mask(named: "Mc")
    case "Enclosing_Mark": return mask(named: "Me")
    case "Number": return mask(named: "N")
    case "Decimal_Number", "digit": return mask(named: "Nd")
    case "Letter_Number": return mask(named: "Nl")
    case "Other_Number": return mask(named: "No")
    case "Punctuation", "punct": return mask(named: "P")
    case "Connector_Punctuation": return mask(named: "Pc")
    case "Dash_Punctuation": return mask(named: "Pd")
    case "Open_Punctuation": return mask(named: "Ps")
    case "Close_Punctuation": return mask(named: "Pe")
    case "Initial_Punctuation": return mask(named: "Pi")
    case "Final_Punctuation": return mask(named: "Pf")
    case "Other_Punctuation": return mask(named: "Po")
    case "Symbol": return mask(named: "S")
    case "Math_Symbol": return mask(named: "Sm")
    case "Currency_Symbol": return mask(named: "Sc")
    case "Modifier_Symbol": return mask(named: "Sk")
    case "Other_Symbol": return mask(named: "So")
    case "Separator": return mask(named: "Z")
    case "Space_Separator": return mask(named: "Zs")
    case "Line_Separator": return mask(named: "Zl")
    case "Paragraph_Separator": return mask(named: "Zp")
    case "Other": return mask(named: "C")
    case "Control", "cntrl": return mask(named: "Cc")
    case "Format": return mask(named: "Cf")
    case "Private_Use": return mask(named: "Co")
    case "Unassigned": return mask(named: "Cn")
    default: return nil
    }
  }
}
