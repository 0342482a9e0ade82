/// A tape laid over a `JSON` tree, so that tree reads decode with `ParsnipDecoder`'s one decoder instead of a second
/// one, and without writing the tree as JSON text to scan it again.
///
/// Each string is copied once, unescaped, into a scratch buffer that the string nodes point into (no node has the
/// escape flag, so the decoder's byte compares see the key as it is); each number is written in the tree writer's
/// form (`JSONNumber.description`) and classified like scanned numbers. Nothing is validated: a tree holds only valid
/// strings. The walk is iterative, so nesting depth costs heap, not call stack. Positions in this scratch text mean
/// nothing to a reader, so decoders over it report no line and column.
enum TreeTape {
  /// Calls `body` with a tape of `json` and the bytes its offsets refer to, both valid only inside `body`.
  ///
  /// A tree nested deeper than `maximumDepth` is refused, as text nested so deep is by the parser: the decoders
  /// that read the tape recurse once per level.
  /// - Throws: `DecodingError.dataCorrupted` for a non-finite number, which JSON cannot hold, and for nesting past
  ///   `maximumDepth`; `body`'s error.
  static func withTape<R>(
    of json: JSON, maximumDepth: Int, _ body: (Tape, UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    var tape = TapeBuilder(capacity: 16)
    var text: [UInt8] = []
    var building = true
    defer { if building { tape.discard() } }

    var frames: [TreeTapeFrame] = []

    func offset() throws -> Int {
      guard text.count < Int(UInt32.max) else { throw tooLarge() }
      return text.count
    }
    func appendString(_ string: String) throws {
      let start = try offset()
      var flags: UInt8 = 0
      for byte in string.utf8 {
        if byte >= 0x80 { flags = Tape.Flag.nonASCII }
        text.append(byte)
      }
      tape.append(Tape.Kind.string.rawValue | flags, offset: start, aux: UInt32(truncatingIfNeeded: text.count - start))
    }
    /// Lays out `value`; a container is opened and left for the loop below.
    func append(_ value: JSON) throws {
      switch value {
      case .null: tape.append(Tape.Kind.null.rawValue, offset: try offset(), aux: 0)
      case .bool(let flag):
        tape.append(flag ? Tape.Kind.true.rawValue : Tape.Kind.false.rawValue, offset: try offset(), aux: 0)
      case .string(let string): try appendString(string)
      case .number(let number):
        if case .double(let double) = number.storage, !double.isFinite { throw nonFinite(double) }
        let start = try offset()
        text.append(contentsOf: number.description.utf8)
        // A number's description is JSON number text, flagged as the scanner flags it.
        let checked = text.withUnsafeBufferPointer { buffer in
          try? NumberParser.validate(buffer.baseAddress!, from: start, end: buffer.count)
        }
        tape.append(
          checked?.tapeKind ?? Tape.Kind.number.rawValue, offset: start,
          aux: UInt32(truncatingIfNeeded: text.count - start))
      case .array(let elements):
        guard frames.count < maximumDepth else { throw tooDeep(maximumDepth) }
        let start = tape.append(Tape.Kind.array.rawValue, offset: try offset(), aux: 0)
        frames.append(.array(start: start, elements: elements, next: 0))
      case .object(let members):
        guard frames.count < maximumDepth else { throw tooDeep(maximumDepth) }
        let start = tape.append(Tape.Kind.object.rawValue, offset: try offset(), aux: 0)
        frames.append(.object(start: start, members: members, next: 0))
      }
    }

    func close(_ start: Int, count: Int) {
      let end = tape.append(Tape.Kind.end.rawValue, offset: text.count, aux: UInt32(truncatingIfNeeded: count))
      tape.setAux(start, UInt32(truncatingIfNeeded: end))
    }

    try append(json)
    while let frame = frames.popLast() {
      switch frame {
      case .array(let start, let elements, let next):
        if next == elements.count {
          close(start, count: elements.count)
        } else {
          frames.append(.array(start: start, elements: elements, next: next + 1))
          try append(elements[next])
        }
      case .object(let start, let members, let next):
        if next == members.count {
          close(start, count: members.count)
        } else {
          frames.append(.object(start: start, members: members, next: next + 1))
          let member = members.members[next]
          try appendString(member.key)
          try append(member.value)
        }
      }
    }

    building = false
    let finished = tape.finish()
    return try text.withUnsafeBytes { try body(finished, $0) }
  }

  private static func nonFinite(_ value: Double) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "The JSON value cannot be decoded: it holds \(value)"))
  }

  private static func tooDeep(_ limit: Int) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "The JSON value is nested deeper than \(limit) levels"))
  }

  private static func tooLarge() -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "The JSON value is too large to decode (4 GiB of text)"))
  }
}

/// A container being laid out by ``TreeTape``: its start node, its values, and the next one to lay out.
private enum TreeTapeFrame {
  case array(start: Int, elements: [JSON], next: Int)
  case object(start: Int, members: JSONObject, next: Int)
}
