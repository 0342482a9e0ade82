import Foundation

/// Conversions between Swift's camelCase property names and snake_case JSON keys, shared by ``ParsnipDecoder`` and
/// ``ParsnipEncoder``.
///
/// Both directions reproduce Foundation's `JSONEncoder`/`JSONDecoder` results exactly, so switching to Parsnip never
/// renames a key on the wire:
/// - ``convertToSnakeCase(_:)`` splits words where a lowercase letter meets an uppercase one and where a run of
///   uppercase letters meets a lowercase one, joins them with `_` and lowercases them: `myURLProperty` →
///   `my_url_property`, `userID` → `user_id`. As in Foundation the first character always starts the first word, so
///   `URL` → `u_rl` (Swift names start lowercase, which makes this rare).
/// - ``convertFromSnakeCase(_:)`` keeps leading and trailing underscores, drops the others, lowercases the first word
///   and capitalizes the rest: `my_url_property` → `myUrlProperty`. A key without inner underscores is unchanged.
///
/// The second conversion loses information (`myURLProperty` cannot be recovered), which is why the decoder matches a
/// property by converting the *property name* to snake case (see `ParsnipDecoder.KeyDecodingStrategy`).
///
/// Uppercase means Unicode general category Lu or Lt and lowercase means Ll, as Foundation's
/// `CharacterSet.uppercaseLetters`/`lowercaseLetters`; ASCII keys take a byte-level fast path.
enum KeyConversion {
  // MARK: camelCase → snake_case

  /// Converts a Swift name to snake_case: `myURLProperty` → `my_url_property`.
  /// - Parameter key: A property or case name.
  /// - Returns: The snake_case key.
  static func convertToSnakeCase(_ key: String) -> String {
    guard !key.isEmpty else { return key }
    var key = key
    let ascii: String? = key.withUTF8 { bytes in
      guard takesASCIISnakeCasePath(bytes) else { return nil }
      return String(unsafeUninitializedCapacity: bytes.count * 2) { out in
        snakeCaseASCII(bytes, into: out.baseAddress!)
      }
    }
    return ascii ?? snakeCaseUnicode(key)
  }

  /// Whether `snakeCaseASCII` converts `name`: ASCII, and every byte a character of its own (no `\r\n`, which is one
  /// character, and Foundation steps over characters).
  @inline(__always)
  static func takesASCIISnakeCasePath(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in name where byte >= 0x80 || byte == UInt8(ascii: "\r") { return false }
    return true
  }

  /// Writes the snake_case form of an ASCII name into `out`, which must hold `2 * name.count` bytes.
  /// - Returns: The number of bytes written.
  @inline(__always)
  static func snakeCaseASCII(_ name: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
    let n = name.count
    guard n > 0 else { return 0 }
    var o = 0
    @inline(__always) func emit(_ start: Int, _ end: Int) {
      if o > 0 {
        out[o] = .underscore
        o &+= 1
      }
      var k = start
      while k < end {
        out[o] = name[k].asciiLowercased
        o &+= 1
        k &+= 1
      }
    }
    // The loop of `snakeCaseWords`, on bytes that are each a character; words are never empty, so `o > 0` marks
    // every word but the first.
    var wordStart = 0
    var searchStart = 1
    while true {
      var u = searchStart
      while u < n, !name[u].isASCIIUppercase { u &+= 1 }
      if u >= n { break }
      emit(wordStart, u)
      var l = u
      while l < n, !name[l].isASCIILowercase { l &+= 1 }
      if l >= n {
        wordStart = u
        break
      }
      if l == u &+ 1 {
        wordStart = u
      } else {
        emit(u, l &- 1)
        wordStart = l &- 1
      }
      searchStart = l &+ 1
    }
    emit(wordStart, n)
    return o
  }

  /// The Foundation algorithm on Unicode scalars, for names with non-ASCII characters.
  static func snakeCaseUnicode(_ key: String) -> String {
    let scalars = Array(key.unicodeScalars)
    var startsCharacter = [Bool](repeating: false, count: scalars.count + 1)
    var offset = 0
    for character in key {
      startsCharacter[offset] = true
      offset += character.unicodeScalars.count
    }
    startsCharacter[scalars.count] = true
    let words = snakeCaseWords(
      count: scalars.count, isUpper: { isUppercase(scalars[$0]) },
      isLower: { isLowercase(scalars[$0]) }, startsCharacter: { startsCharacter[$0] })
    return words.map { range in
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars[range])
      return String(view).lowercased()
    }.joined(separator: "_")
  }

  /// Word ranges of a name of `count` Unicode scalars, split the way Foundation's `convertToSnakeCase` splits them.
  ///
  /// Foundation finds letters scalar by scalar but steps from one to the next by whole characters (a letter with
  /// its combining marks): `startsCharacter(k)` tells whether scalar `k` begins one (and is true at `count`).
  static func snakeCaseWords(
    count: Int, isUpper: (Int) -> Bool, isLower: (Int) -> Bool, startsCharacter: (Int) -> Bool
  ) -> [Range<Int>] {
    guard count > 0 else { return [] }
    // `String.index(after:)` and `index(before:)` from a scalar position: round down to its character, then step.
    func characterStart(_ k: Int) -> Int {
      var b = k
      while b > 0, !startsCharacter(b) { b -= 1 }
      return b
    }
    func nextCharacter(after k: Int) -> Int {
      var b = characterStart(k) + 1
      while b < count, !startsCharacter(b) { b += 1 }
      return b
    }
    func previousCharacter(before k: Int) -> Int { characterStart(Swift.max(characterStart(k) - 1, 0)) }
    var words: [Range<Int>] = []
    var wordStart = 0
    var searchStart = nextCharacter(after: 0)
    while true {
      // The next uppercase letter at or after searchStart.
      var u = searchStart
      while u < count, !isUpper(u) { u += 1 }
      if u >= count { break }
      words.append(wordStart..<u)
      // The next lowercase letter after it.
      var l = u
      while l < count, !isLower(l) { l += 1 }
      if l >= count {
        wordStart = u
        break
      }
      if l == nextCharacter(after: u) {
        wordStart = u  // a capitalized word: `Property`
      } else {
        // An uppercase run: `URL` in `URLProperty`. (Foundation would trap on an inverted range, which only a
        // lowercase letter inside the uppercase letter's own character could make.)
        let beforeLower = Swift.max(previousCharacter(before: l), u)
        words.append(u..<beforeLower)
        wordStart = beforeLower
      }
      searchStart = l + 1
    }
    words.append(wordStart..<count)
    return words
  }

  @inline(__always) static func isUppercase(_ s: Unicode.Scalar) -> Bool {
    if s.isASCII { return UInt8(s.value).isASCIIUppercase }
    let category = s.properties.generalCategory
    return category == .uppercaseLetter || category == .titlecaseLetter
  }

  @inline(__always) static func isLowercase(_ s: Unicode.Scalar) -> Bool {
    if s.isASCII { return UInt8(s.value).isASCIILowercase }
    return s.properties.generalCategory == .lowercaseLetter
  }

  // MARK: snake_case → camelCase

  /// Converts a snake_case key to camelCase the way Foundation's `JSONDecoder` does: `my_url_property` →
  /// `myUrlProperty`, `_a_b_` → `_aB_`, `a__b` → `aB`; keys without inner underscores are returned unchanged.
  /// - Parameter key: A JSON key.
  /// - Returns: The camelCase name.
  static func convertFromSnakeCase(_ key: String) -> String {
    guard !key.isEmpty else { return key }
    var key = key
    if let ascii: String = key.withUTF8({ bytes in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { out -> String? in
        guard let n = camelCaseASCII(bytes, into: out.baseAddress!) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: out.baseAddress!, count: n), as: UTF8.self)
      }
    }) {
      return ascii
    }
    return camelCaseUnicode(key)
  }

  /// Writes the camelCase form of an ASCII key into `out` (at most `key.count` bytes), or returns `nil` when a
  /// component holds a character other than a letter or digit, whose capitalization needs Foundation's rules.
  /// - Returns: The number of bytes written.
  static func camelCaseASCII(_ key: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int? {
    let n = key.count
    var first = 0
    while first < n, key[first] == .underscore { first += 1 }
    if first == n {
      out.update(from: key.baseAddress!, count: n)
      return n
    }
    var last = n - 1
    while last > first, key[last] == .underscore { last -= 1 }
    // Leading underscores as they are.
    var o = 0
    for _ in 0..<first {
      out[o] = .underscore
      o += 1
    }
    var hasInnerUnderscore = false
    for k in first...last where key[k] == .underscore {
      hasInnerUnderscore = true
      break
    }
    if !hasInnerUnderscore {
      out.advanced(by: o).update(from: key.baseAddress! + first, count: last - first + 1)
      o += last - first + 1
    } else {
      var component = 0
      var k = first
      while k <= last {
        if key[k] == .underscore {
          k += 1
          continue
        }
        // One component: key[k..<e].
        var e = k
        while e <= last, key[e] != .underscore { e += 1 }
        if component == 0 {
          for j in k..<e {
            out[o] = key[j].asciiLowercased
            o += 1
          }
        } else {
          // `capitalized`: a letter is uppercased at the start of the component or after a digit, lowercased
          // elsewhere; digits separate words (`1b` → `1B`). Other characters need the full rules.
          var previousIsLetter = false
          for j in k..<e {
            let b = key[j]
            if b.isASCIILetter {
              out[o] = previousIsLetter ? b.asciiLowercased : b.asciiUppercased
              previousIsLetter = true
            } else if b.isDigit {
              out[o] = b
              previousIsLetter = false
            } else {
              return nil
            }
            o += 1
          }
        }
        component += 1
        k = e
      }
    }
    for k in (last + 1)..<n {
      out[o] = key[k]
      o += 1
    }
    return o
  }

  /// Foundation's conversion with its full capitalization rules, for keys outside the ASCII fast path.
  static func camelCaseUnicode(_ key: String) -> String {
    guard let firstIndex = key.firstIndex(where: { $0 != "_" }) else { return key }
    var lastIndex = key.index(before: key.endIndex)
    while lastIndex > firstIndex, key[lastIndex] == "_" { key.formIndex(before: &lastIndex) }
    let middle = key[firstIndex...lastIndex]
    let components = middle.split(separator: "_")
    let joined: String
    if components.count == 1 {
      joined = String(middle)
    } else {
      joined = ([components[0].lowercased()] + components.dropFirst().map { $0.capitalized }).joined()
    }
    return String(key[..<firstIndex]) + joined + String(key[key.index(after: lastIndex)...])
  }
}

extension UInt8 {
  static let underscore = UInt8(ascii: "_")

  @inline(__always) var isASCIIUppercase: Bool { self &- UInt8(ascii: "A") < 26 }
  @inline(__always) var isASCIILowercase: Bool { self &- UInt8(ascii: "a") < 26 }
  @inline(__always) var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }
  @inline(__always) var asciiLowercased: UInt8 { isASCIIUppercase ? self | 0x20 : self }
  @inline(__always) var asciiUppercased: UInt8 { isASCIILowercase ? self & ~0x20 : self }
}
