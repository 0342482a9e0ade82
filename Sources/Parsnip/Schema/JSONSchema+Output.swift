extension JSONSchema {
  /// One way an instance fails a schema: the spec's output unit.
  public struct ValidationError: Sendable, Hashable, CustomStringConvertible {
    /// Where in the instance (`/items/0/name`).
    public var instanceLocation: JSONPointer
    /// The keyword that failed, by the path evaluation took through the schema (references included):
    /// `/properties/items/$ref/type`.
    public var keywordLocation: JSONPointer
    /// The failed keyword's absolute URI: its schema resource's URI and a JSON Pointer fragment.
    public var absoluteKeywordLocation: String
    /// What failed, in words.
    public var message: String
    /// The instance's byte offset in the text it was read from, when validation read text.
    public var byteOffset: Int?
    /// The instance's one-based line, when validation read text.
    public var line: Int?
    /// The instance's one-based column (in Unicode scalars), when validation read text.
    public var column: Int?

    /// `INSTANCE_POINTER: MESSAGE (KEYWORD_LOCATION)`, with `LINE:COLUMN: ` first when known.
    public var description: String {
      let place = line.map { "\($0):\(column ?? 1): " } ?? ""
      return "\(place)\(instanceLocation.description): \(message) (\(keywordLocation.description))"
    }
  }

  /// An annotation a valid instance collected (the `basic` output lists them).
  public struct Annotation: Sendable, Hashable {
    /// Where in the instance.
    public var instanceLocation: JSONPointer
    /// The annotating keyword, by evaluation path.
    public var keywordLocation: JSONPointer
    /// The keyword's absolute URI.
    public var absoluteKeywordLocation: String
    /// The keyword's value.
    public var value: JSON
  }

  /// The outcome of validating one instance.
  public struct Output: Sendable {
    /// The errors (empty when valid), at most ``Options/maximumErrors``: in text order for text and documents, in
    /// evaluation order for trees.
    public var errors: [ValidationError]
    /// The annotations of a valid instance's annotation keywords (`title`, `default`, `readOnly`, …), when
    /// ``Options/collectsAnnotations`` is set.
    public var annotations: [Annotation]

    /// Whether the instance is valid.
    public var isValid: Bool { errors.isEmpty }

    /// The spec's `flag` output: `{"valid": true}` or `{"valid": false}`.
    public var flag: JSON { ["valid": .bool(isValid)] }

    /// The spec's `basic` output: `valid` and a flat list of `errors` (or `annotations` when valid), each with
    /// `keywordLocation`, `absoluteKeywordLocation`, `instanceLocation` and `error`.
    public var basic: JSON {
      var object: JSONObject = ["valid": .bool(isValid)]
      if isValid {
        if !annotations.isEmpty {
          object["annotations"] = .array(
            annotations.map { annotation in
              [
                "valid": true, "keywordLocation": .string(annotation.keywordLocation.description),
                "absoluteKeywordLocation": .string(annotation.absoluteKeywordLocation),
                "instanceLocation": .string(annotation.instanceLocation.description), "annotation": annotation.value,
              ]
            })
        }
      } else {
        object["errors"] = .array(
          errors.map { error in
            [
              "valid": false, "keywordLocation": .string(error.keywordLocation.description),
              "absoluteKeywordLocation": .string(error.absoluteKeywordLocation),
              "instanceLocation": .string(error.instanceLocation.description), "error": .string(error.message),
            ]
          })
      }
      return .object(object)
    }
  }
}
