import Foundation

extension DecodingState {
  /// A context whose description reads `PATH: MESSAGE (line L, column C)`.
  func context(
    codingPath: [any CodingKey], node: Int?, message: String, underlyingError: (any Error)? = nil
  ) -> DecodingError.Context {
    var text = CodingPathRendering.messagePrefix(codingPath)
    text += message
    if let node, node < documentEnd, isOpen, parent == nil, hasText {
      let place = location(of: node)
      text += " (line \(place.line), column \(place.column))"
    }
    return DecodingError.Context(codingPath: codingPath, debugDescription: text, underlyingError: underlyingError)
  }

  /// What every error at one node shares: its coding path, the path as text and the location as text.
  struct ErrorSite {
    var node: Int
    var codingPath: [any CodingKey]
    var prefix: String
    var suffix: String
  }

  /// The site of `node`, reusing the last one: code that tries several types on one value (`try?` chains in a
  /// single-value `init(from:)`) fails there repeatedly.
  func site(of node: Int) -> ErrorSite {
    if let site = lastErrorSite, site.node == node { return site }
    let steps = pathNodes(to: node)
    // The path to a container is the same for every error inside it, and errors come in document order: resume
    // from the deepest container that the previous error shared.
    var depth = 0
    while depth < steps.count, depth < pathPrefixes.count, pathPrefixes[depth].container == steps[depth].container {
      depth += 1
    }
    var codingPath: [any CodingKey]
    var rendered: String
    if depth > 0 {
      depth -= 1
      codingPath = pathPrefixes[depth].codingPath
      rendered = pathPrefixes[depth].rendered
    } else {
      codingPath = rootPath
      rendered = CodingPathRendering.render(rootPath)
    }
    pathPrefixes.removeSubrange(Swift.min(depth, pathPrefixes.count)...)
    for step in steps[depth...] {
      pathPrefixes.append((step.container, codingPath, rendered))
      let key: any CodingKey =
        step.keyNode < 0
        ? PathCodingKey(index: step.index)
        : presentedKey(keyNode: step.keyNode, in: step.container, parentPath: codingPath)
      codingPath.append(key)
      CodingPathRendering.append(CodingPathComponent(key), to: &rendered)
    }
    var suffix = ""
    if parent == nil, node < documentEnd, isOpen, hasText {
      let place = location(of: node)
      suffix = " (line \(place.line), column \(place.column))"
    }
    let site = ErrorSite(
      node: node, codingPath: codingPath, prefix: CodingPathRendering.messagePrefix(rendered: rendered), suffix: suffix)
    lastErrorSite = site
    return site
  }

  /// The error of a decode nested so deeply through `init(from:)` that the thread's stack would end: the
  /// recursion stops at `node` (`StackGuard`), whatever depth the parser allowed.
  @inline(never)
  func stackError(at node: Int, decoding type: Any.Type) -> DecodingError {
    DecodingError.dataCorrupted(
      context(
        codingPath: codingPath(to: node), node: node,
        message: "nesting deeper than this thread's stack can hold (\(callDepth) levels) decoding \(type)"))
  }

  /// The `DecodingError` for a failure, on the path to its node.
  @inline(never)
  func decodingError(_ failure: ValueFailure) -> DecodingError {
    let node = failure.node
    let site = site(of: node)
    switch failure.reason {
    case .mismatch:
      let text =
        site.prefix + "expected " + describe(type: failure.expected) + ", found " + describe(node: node) + site.suffix
      let context = DecodingError.Context(codingPath: site.codingPath, debugDescription: text)
      return rawKind(node) == Tape.Kind.null.rawValue
        ? DecodingError.valueNotFound(failure.expected, context) : DecodingError.typeMismatch(failure.expected, context)
    case .corrupted(let message):
      return DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: site.codingPath, debugDescription: site.prefix + message + site.suffix))
    }
  }

  /// The location of `node` in the user's text. Errors are usually made in document order (think of `try?` over
  /// every element of a large array), so counting resumes from the last location asked for instead of from the
  /// start: many errors cost one pass over the input, not one pass each.
  func location(of node: Int) -> SourceLocation {
    let location = text.location(ofNode: node, resumingFrom: locationCache)
    locationCache = location
    return location
  }

  /// `keyNotFound` for a member missing from `object`.
  @inline(never)
  func keyNotFound(_ key: any CodingKey, in object: Int, lookedUpAs converted: String? = nil) -> DecodingError {
    var message = "key \(Excerpt.quoted(key.stringValue)) not found"
    if let converted, converted != key.stringValue { message += " (looked for \(Excerpt.quoted(converted)))" }
    return DecodingError.keyNotFound(key, context(codingPath: codingPath(to: object), node: object, message: message))
  }

  /// `valueNotFound` for reading past the end of an array.
  @inline(never)
  func atEnd(_ type: Any.Type, array: Int, index: Int) -> DecodingError {
    DecodingError.valueNotFound(
      type,
      context(
        codingPath: codingPath(to: array) + [PathCodingKey(index: index)], node: array,
        message: "Unkeyed container is at end: expected \(describe(type: type)) at index \(index), "
          + "but the array has \(index) elements"))
  }

  /// The error for a container or decoder used after its decode call returned.
  /// A JSON value for a message: `null`, `true`, `a number (12.5)`, `a string ("abc")`, `an array`, `an object`.
  func describe(node: Int) -> String {
    let view = self.view.pointee
    switch tape.kind(node) {
    case .null: return "null"
    case .true: return "true"
    case .false: return "false"
    case .number:
      return "a number (\(Excerpt.abbreviated(view.numberText(node))))"
    case .string:
      return "a string (\(Excerpt.quoted(string(ofKey: node))))"
    case .array: return "an array"
    case .object: return "an object"
    case .end: return "the end of a container"
    }
  }

  /// A Swift type for a message, cached: naming a type costs a demangling.
  func describe(type: Any.Type) -> String {
    let id = ObjectIdentifier(type)
    if let name = typeNames[id] { return name }
    let name = Self.describe(type: type)
    typeNames[id] = name
    return name
  }

  /// A Swift type for a message: `an Int`, `a String`, `an object` for keyed containers, `an array` for unkeyed ones.
  static func describe(type: Any.Type) -> String {
    if type == [String: Any].self { return "an object" }
    if type == [Any].self { return "an array" }
    let name = String(describing: type)
    let article = name.first.map { "AEIOaeio".contains($0) } == true ? "an" : "a"
    return "\(article) \(name)"
  }

}
