/// Why one framed value failed to become the reader's output.
enum StreamValueFailure: Error {
  /// Not valid JSON.
  case parse(JSONParseError)
  /// Valid JSON (or not: `parseError`) that did not decode.
  case decode(message: String, parseError: JSONParseError?)
}

/// What a ``JSONStreamReader`` makes of each value's text: a tree, a document or a decoded value, all through the
/// one scan pipeline.
struct StreamOutput<Value> {
  /// The grammar the values are parsed with, which also decides when a long value's start proves it invalid.
  let parsing: JSON.ParsingOptions
  let make: (UnsafeRawBufferPointer) throws(StreamValueFailure) -> Value
}

extension StreamOutput where Value == JSON {
  /// Trees, parsed with `options`.
  static func trees(_ options: JSON.ParsingOptions) -> StreamOutput {
    StreamOutput(parsing: options) { (bytes) throws(StreamValueFailure) in
      do throws(JSONParseError) {
        return try JSON(parsing: bytes, options: options)
      } catch {
        throw .parse(error)
      }
    }
  }
}

extension StreamOutput where Value == JSONDocument {
  /// Documents, each owning a copy of its text.
  static func documents(_ options: JSON.ParsingOptions) -> StreamOutput {
    StreamOutput(parsing: options) { (bytes) throws(StreamValueFailure) in
      do throws(JSONParseError) {
        return try JSONDocument(parsing: bytes, options: options)
      } catch {
        throw .parse(error)
      }
    }
  }
}

extension StreamOutput where Value: Decodable {
  /// Values decoded by `decoder`, with its options as they are now.
  static func decoded(_ type: Value.Type, by decoder: ParsnipDecoder) -> StreamOutput {
    let options = decoder.optionsSnapshot
    return StreamOutput(parsing: options.parsingOptions) { (bytes) throws(StreamValueFailure) in
      do {
        return try ParsnipDecoder.run(Value.self, buffer: bytes, options: options, path: nil, utf8Only: true)
      } catch {
        // The one reading of a decoding error's parse error and explanation, which JSON Lines makes too.
        let described = JSONLinesError(line: 1, lineStart: 0, decoding: error)
        throw .decode(message: described.message, parseError: described.parseError)
      }
    }
  }
}

extension StreamOutput where Value == Void {
  /// Nothing: each value is scanned, as ``JSONDocument`` scans, and its repeated keys checked under
  /// ``JSON/ParsingOptions/DuplicateKeyPolicy/reject``, the check `JSONLines.validate` makes of a line.
  static func checks(_ options: JSON.ParsingOptions) -> StreamOutput {
    StreamOutput(parsing: options) { (bytes) throws(StreamValueFailure) in
      do throws(JSONParseError) {
        try JSONLines.checkValue(bytes, options: options)
      } catch {
        throw .parse(error)
      }
    }
  }
}

extension JSONStreamReader where Value == Void {
  /// A reader that checks each value without building anything: what `parsnip validate --framing` reads with.
  package convenience init(validating framing: JSONStreamFraming, options: JSON.ParsingOptions) {
    self.init(framing: framing, output: .checks(options), errorPolicy: .stop)
  }
}
