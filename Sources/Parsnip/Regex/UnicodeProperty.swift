/// The binary Unicode properties ECMA-262 names for `\p{..}` (a lone name, such as `\p{Alphabetic}`), answered
/// from the standard library's Unicode tables. `Script=` and `Script_Extensions=` are not here: the standard
/// library has no script data, so a pattern that names a script is refused (``RegularExpression/Failure``).
enum UnicodeProperty: Sendable, Hashable {
  case any, ascii, assigned, asciiHexDigit, alphabetic, hexDigit, lowercase, uppercase, whiteSpace, ideographic
  case math, dash, cased, caseIgnorable, emoji, emojiPresentation, emojiModifier, emojiModifierBase
  case noncharacter, defaultIgnorable, diacritic, extender, joinControl, quotationMark, patternWhiteSpace
  case patternSyntax, idStart, idContinue, xidStart, xidContinue, variationSelector, radical, unifiedIdeograph
  case deprecated, softDotted, terminalPunctuation, sentenceTerminal, logicalOrderException, bidiMirrored
  case bidiControl

  /// The property a name or its short alias stands for; `nil` for names ECMA-262 does not list (or this engine
  /// cannot answer).
  init?(name: String) {
    switch name {
    case "Any": self = .any
    case "ASCII": self = .ascii
    case "Assigned": self = .assigned
    case "ASCII_Hex_Digit", "AHex": self = .asciiHexDigit
    case "Alphabetic", "Alpha": self = .alphabetic
    case "Hex_Digit", "Hex": self = .hexDigit
    case "Lowercase", "Lower": self = .lowercase
    case "Uppercase", "Upper": self = .uppercase
    case "White_Space", "space": self = .whiteSpace
    case "Ideographic", "Ideo": self = .ideographic
    case "Math": self = .math
    case "Dash": self = .dash
    case "Cased": self = .cased
    case "Case_Ignorable", "CI": self = .caseIgnorable
    case "Emoji": self = .emoji
    case "Emoji_Presentation", "EPres": self = .emojiPresentation
    case "Emoji_Modifier", "EMod": self = .emojiModifier
    case "Emoji_Modifier_Base", "EBase": self = .emojiModifierBase
    case "Noncharacter_Code_Point", "NChar": self = .noncharacter
    case "Default_Ignorable_Code_Point", "DI": self = .defaultIgnorable
    case "Diacritic", "Dia": self = .diacritic
    case "Extender", "Ext": self = .extender
    case "Join_Control", "Join_C": self = .joinControl
    case "Quotation_Mark", "QMark": self = .quotationMark
    case "Pattern_White_Space", "Pat_WS": self = .patternWhiteSpace
    case "Pattern_Syntax", "Pat_Syn": self = .patternSyntax
    case "ID_Start", "IDS": self = .idStart
    case "ID_Continue", "IDC": self = .idContinue
    case "XID_Start", "XIDS": self = .xidStart
    case "XID_Continue", "XIDC": self = .xidContinue
    case "Variation_Selector", "VS": self = .variationSelector
    case "Radical": self = .radical
    case "Unified_Ideograph", "UIdeo": self = .unifiedIdeograph
    case "Deprecated", "Dep": self = .deprecated
    case "Soft_Dotted", "SD": self = .softDotted
    case "Terminal_Punctuation", "Term": self = .terminalPunctuation
    case "Sentence_Terminal", "STerm": self = .sentenceTerminal
    case "Logical_Order_Exception", "LOE": self = .logicalOrderException
    case "Bidi_Mirrored", "Bidi_M": self = .bidiMirrored
    case "Bidi_Control", "Bidi_C": self = .bidiControl
    default: return nil
    }
  }

  func contains(_ scalar: Unicode.Scalar) -> Bool {
    let p = scalar.properties
    switch self {
    case .any: return true
    case .ascii: return scalar.value < 0x80
    case .assigned: return p.generalCategory != .unassigned
    case .asciiHexDigit: return p.isASCIIHexDigit
    case .alphabetic: return p.isAlphabetic
    case .hexDigit: return p.isHexDigit
    case .lowercase: return p.isLowercase
    case .uppercase: return p.isUppercase
    case .whiteSpace: return p.isWhitespace
    case .ideographic: return p.isIdeographic
    case .math: return p.isMath
    case .dash: return p.isDash
    case .cased: return p.isCased
    case .caseIgnorable: return p.isCaseIgnorable
    case .emoji: return p.isEmoji
    case .emojiPresentation: return p.isEmojiPresentation
    case .emojiModifier: return p.isEmojiModifier
    case .emojiModifierBase: return p.isEmojiModifierBase
    case .noncharacter: return p.isNoncharacterCodePoint
    case .defaultIgnorable: return p.isDefaultIgnorableCodePoint
    case .diacritic: return p.isDiacritic
    case .extender: return p.isExtender
    case .joinControl: return p.isJoinControl
    case .quotationMark: return p.isQuotationMark
    case .patternWhiteSpace: return p.isPatternWhitespace
    case .patternSyntax: return p.isPatternSyntax
    case .idStart: return p.isIDStart
    case .idContinue: return p.isIDContinue
    case .xidStart: return p.isXIDStart
    case .xidContinue: return p.isXIDContinue
    case .variationSelector: return p.isVariationSelector
    case .radical: return p.isRadical
    case .unifiedIdeograph: return p.isUnifiedIdeograph
    case .deprecated: return p.isDeprecated
    case .softDotted: return p.isSoftDotted
    case .terminalPunctuation: return p.isTerminalPunctuation
    case .sentenceTerminal: return p.isSentenceTerminal
    case .logicalOrderException: return p.isLogicalOrderException
    case .bidiMirrored: return p.isBidiMirrored
    case .bidiControl: return p.isBidiControl
    }
  }
}
