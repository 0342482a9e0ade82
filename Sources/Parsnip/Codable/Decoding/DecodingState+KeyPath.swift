import Foundation

/// Walking to the value at a key path or JSON Pointer before decoding, skipping everything else.
extension DecodingState {
  enum PathStep: Equatable {
    case name(String)
    /// A JSON Pointer token: a member name for objects, an index for arrays when it is one.
    case token(String)
    case index(Int)
  }

  /// The node at `path`: a JSON Pointer when it starts with `/`, a key path otherwise.
  func node(atPath path: String) throws -> Int {
    let steps = try path.hasPrefix("/") ? Self.pointerSteps(path) : Self.keyPathSteps(path)
    var node = 0
    var walked: [any CodingKey] = []
    for step in steps {
      let kind = rawKind(node)
      var name: String?
      var position: Int?
      switch step {
      case .name(let n): name = n
      case .index(let i): position = i
      case .token(let token):
        if kind == Tape.Kind.array.rawValue {
          guard let parsed = Self.pointerIndex(token) else {
            throw DecodingError.typeMismatch(
              [Any].self,
              context(codingPath: walked, node: node, message: "\"\(token)\" is not an array index; path \"\(path)\""))
          }
          position = parsed
        } else {
          name = token
        }
      }
      if var name {
        guard kind == Tape.Kind.object.rawValue else {
          throw DecodingError.typeMismatch(
            [String: Any].self,
            context(
              codingPath: walked, node: node,
              message: "cannot look up \"\(name)\" in \(describe(node: node)); path \"\(path)\""))
        }
        let end = end(node)
        let key = name.withUTF8 { view.pointee.findMember($0, in: node, end: end, hasDuplicates: true) }
        guard key >= 0 else {
          throw DecodingError.keyNotFound(
            PathCodingKey(stringValue: name),
            context(codingPath: walked, node: node, message: "key \"\(name)\" not found; path \"\(path)\""))
        }
        walked.append(PathCodingKey(stringValue: name))
        node = key + 1
      } else if let position {
        guard kind == Tape.Kind.array.rawValue else {
          throw DecodingError.typeMismatch(
            [Any].self,
            context(
              codingPath: walked, node: node,
              message: "cannot take element \(position) of \(describe(node: node)); path \"\(path)\""))
        }
        let count = count(node)
        guard position < count else {
          throw DecodingError.valueNotFound(
            Any.self,
            context(
              codingPath: walked + [PathCodingKey(index: position)], node: node,
              message: "index \(position) is out of range for an array of \(count) elements; path \"\(path)\""))
        }
        var child = node + 1
        for _ in 0..<position { child = next(child) }
        walked.append(PathCodingKey(index: position))
        node = child
      }
    }
    return node
  }

  /// An RFC 6901 array index: `0` or digits without a leading zero.
  static func pointerIndex(_ token: String) -> Int? {
    guard let first = token.utf8.first, first.isDigit, token.utf8.allSatisfy(\.isDigit) else { return nil }
    guard first != .zero || token.utf8.count == 1 else { return nil }
    return Int(token)
  }

  /// The tokens of a JSON Pointer such as `/a/0/b~1c`.
  static func pointerSteps(_ pointer: String) throws -> [PathStep] {
    var steps: [PathStep] = []
    for raw in pointer.utf8.split(separator: .slash, omittingEmptySubsequences: false).dropFirst() {
      var token: [UInt8] = []
      var i = raw.startIndex
      while i < raw.endIndex {
        let byte = raw[i]
        if byte == UInt8(ascii: "~") {
          let next = raw.index(after: i)
          guard next < raw.endIndex, raw[next] == .zero || raw[next] == UInt8(ascii: "1") else {
            throw invalidPath(pointer, "'~' must be followed by '0' or '1' in a JSON Pointer")
          }
          token.append(raw[next] == .zero ? UInt8(ascii: "~") : .slash)
          i = raw.index(after: next)
        } else {
          token.append(byte)
          i = raw.index(after: i)
        }
      }
      steps.append(.token(String(decoding: token, as: UTF8.self)))
    }
    return steps
  }

  /// The steps of a key path such as `statuses[0].user["screen name"]`.
  static func keyPathSteps(_ path: String) throws -> [PathStep] {
    let bytes = Array(path.utf8)
    var steps: [PathStep] = []
    var i = 0
    var expectsName = true  // at the start or after a dot
    while i < bytes.count {
      let byte = bytes[i]
      if byte == .openBracket {
        i += 1
        guard i < bytes.count else { throw invalidPath(path, "expected an index or a quoted name after '['") }
        if bytes[i] == .quote || bytes[i] == UInt8(ascii: "'") {
          let quote = bytes[i]
          i += 1
          var name: [UInt8] = []
          while i < bytes.count, bytes[i] != quote {
            if bytes[i] == .backslash, i + 1 < bytes.count { i += 1 }
            name.append(bytes[i])
            i += 1
          }
          guard i < bytes.count else { throw invalidPath(path, "unterminated quoted name") }
          i += 1
          steps.append(.name(String(decoding: name, as: UTF8.self)))
        } else {
          let start = i
          while i < bytes.count, bytes[i].isDigit { i += 1 }
          guard i > start, let index = Int(String(decoding: bytes[start..<i], as: UTF8.self)) else {
            throw invalidPath(path, "expected an index or a quoted name after '[' at offset \(start)")
          }
          steps.append(.index(index))
        }
        guard i < bytes.count, bytes[i] == .closeBracket else {
          throw invalidPath(path, "expected ']' at offset \(i)")
        }
        i += 1
        expectsName = false
      } else if byte == .period {
        guard !expectsName else { throw invalidPath(path, "expected a name at offset \(i)") }
        i += 1
        expectsName = true
        guard i < bytes.count else { throw invalidPath(path, "expected a name after the final '.'") }
      } else {
        guard expectsName else { throw invalidPath(path, "expected '.' or '[' at offset \(i)") }
        let start = i
        while i < bytes.count, bytes[i] != .period, bytes[i] != .openBracket { i += 1 }
        steps.append(.name(String(decoding: bytes[start..<i], as: UTF8.self)))
        expectsName = false
      }
    }
    return steps
  }

  private static func invalidPath(_ path: String, _ message: String) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "invalid path \"\(path)\": \(message)"))
  }
}
