extension URITemplate {
  /// Expands the template with the members of a JSON object as its variables.
  ///
  /// A variable's value is a string, a number or a Boolean (expanded as its JSON text), an array of those (a list)
  /// or an object of those (an associative array, in member order); `null` members of lists and objects are left
  /// out. A value that is not an object defines no variables.
  /// - Parameters:
  ///   - variables: An object of variable values.
  ///   - maximumLength: The budget of the expansion, in bytes.
  /// - Returns: The URI reference.
  /// - Throws: ``URITemplateError`` for a prefix modifier on a list or an object, a nested list or object, or an
  ///   expansion over budget.
  public func expand(
    _ variables: JSON, maximumLength: Int = URITemplate.defaultMaximumLength
  ) throws(URITemplateError) -> String {
    var out: [UInt8] = []
    let object = variables.objectValue ?? JSONObject()
    try expand(into: &out, maximumLength: maximumLength) { object[$0] }
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the expansion to `out`, reading each variable through `lookup` (`nil` for undefined).
  func expand(
    into out: inout [UInt8], maximumLength: Int, lookup: (String) throws(URITemplateError) -> JSON?
  ) throws(URITemplateError) {
    let limit = out.count + maximumLength
    for part in parts {
      switch part {
      case .literal(let bytes):
        out.append(contentsOf: bytes)
      case .expression(let expression):
        var first = true
        for spec in expression.variables {
          guard let value = try lookup(spec.name) else { continue }
          try Self.expand(value, spec: spec, operation: expression.operation, first: &first, into: &out)
          if out.count > limit { throw URITemplateError(.outputTooLong(limit: maximumLength), byteOffset: spec.offset) }
        }
      }
      if out.count > limit {
        throw URITemplateError(.outputTooLong(limit: maximumLength), byteOffset: 0)
      }
    }
  }

  /// The scalar text of a value, or `nil` for a list, an object or `null`.
  private static func scalarText(_ value: JSON) -> String? {
    switch value {
    case .string(let text): text
    case .number(let number): number.description
    case .bool(let flag): flag ? "true" : "false"
    case .null, .array, .object: nil
    }
  }

  /// RFC 6570 appendix A for one variable.
  private static func expand(
    _ value: JSON, spec: VariableSpec, operation: Operator, first: inout Bool, into out: inout [UInt8]
  ) throws(URITemplateError) {
    let reserved = operation.allowsReserved
    func scalar(_ member: JSON) throws(URITemplateError) -> String? {
      if member.isNull { return nil }
      guard let text = scalarText(member) else {
        throw URITemplateError(.unsupportedValue(variable: spec.name, found: member.kind), byteOffset: spec.offset)
      }
      return text
    }
    func start() {
      out.append(contentsOf: first ? operation.first : [operation.separator])
      first = false
    }
    func appendName() { out.append(contentsOf: spec.name.utf8) }

    switch value {
    case .null:
      return
    case .array(let elements):
      var items: [String] = []
      for member in elements { if let text = try scalar(member) { items.append(text) } }
      guard !items.isEmpty else { return }
      if spec.prefixLength != nil {
        throw URITemplateError(.prefixOfCompositeValue(variable: spec.name), byteOffset: spec.offset)
      }
      start()
      if spec.explodes {
        for (k, item) in items.enumerated() {
          if k > 0 { out.append(operation.separator) }
          if operation.isNamed {
            appendName()
            out.append(contentsOf: item.isEmpty ? operation.ifEmpty : [UInt8(ascii: "=")])
          }
          PercentEncoding.append(item, allowsReserved: reserved, to: &out)
        }
      } else {
        if operation.isNamed { appendName(); out.append(UInt8(ascii: "=")) }
        for (k, item) in items.enumerated() {
          if k > 0 { out.append(.comma) }
          PercentEncoding.append(item, allowsReserved: reserved, to: &out)
        }
      }
    case .object(let object):
      var pairs: [(String, String)] = []
      for member in object.members {
        if let text = try scalar(member.value) { pairs.append((member.key, text)) }
      }
      guard !pairs.isEmpty else { return }
      if spec.prefixLength != nil {
        throw URITemplateError(.prefixOfCompositeValue(variable: spec.name), byteOffset: spec.offset)
      }
      start()
      if spec.explodes {
        for (k, (key, text)) in pairs.enumerated() {
          if k > 0 { out.append(operation.separator) }
          PercentEncoding.append(key, allowsReserved: reserved, to: &out)
          out.append(contentsOf: operation.isNamed && text.isEmpty ? operation.ifEmpty : [UInt8(ascii: "=")])
          PercentEncoding.append(text, allowsReserved: reserved, to: &out)
        }
      } else {
        if operation.isNamed { appendName(); out.append(UInt8(ascii: "=")) }
        for (k, (key, text)) in pairs.enumerated() {
          if k > 0 { out.append(.comma) }
          PercentEncoding.append(key, allowsReserved: reserved, to: &out)
          out.append(.comma)
          PercentEncoding.append(text, allowsReserved: reserved, to: &out)
        }
      }
    case .string, .number, .bool:
      var text = scalarText(value)!
      start()
      if operation.isNamed {
        appendName()
        out.append(contentsOf: text.isEmpty ? operation.ifEmpty : [UInt8(ascii: "=")])
      }
      if let length = spec.prefixLength, text.unicodeScalars.count > length {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text.unicodeScalars.prefix(length))
        text = String(view)
      }
      PercentEncoding.append(text, allowsReserved: reserved, to: &out)
    }
  }
}
