/// RFC 3986 references as schema identifiers use them: parsing into the five components, resolution against a base
/// (section 5.2, dot segments removed) and the fragment split off. Identifiers are compared as the strings this
/// gives; no further normalization (case, percent-encoding) is applied, as the specifications ask of implementations.
enum SchemaURI {
  struct Parts {
    var scheme: String?
    var authority: String?
    var path: Substring
    var query: Substring?
    var fragment: Substring?
  }

  /// The components of a URI reference (RFC 3986 appendix B).
  static func parse(_ text: String) -> Parts {
    var rest = Substring(text)
    var fragment: Substring?
    if let hash = rest.firstIndex(of: "#") {
      fragment = rest[rest.index(after: hash)...]
      rest = rest[..<hash]
    }
    var query: Substring?
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var scheme: String?
    if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII, first.isLetter,
      rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
    {
      scheme = String(rest[..<colon])
      rest = rest[rest.index(after: colon)...]
    }
    var authority: String?
    if rest.hasPrefix("//") {
      let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
      let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
      authority = String(rest[afterSlashes..<end])
      rest = rest[end...]
    }
    return Parts(scheme: scheme, authority: authority, path: rest, query: query, fragment: fragment)
  }

  static func compose(_ parts: Parts, fragment: Bool = true) -> String {
    var out = ""
    if let scheme = parts.scheme { out += scheme + ":" }
    if let authority = parts.authority { out += "//" + authority }
    out += parts.path
    if let query = parts.query { out += "?" + query }
    if fragment, let f = parts.fragment { out += "#" + f }
    return out
  }

  /// `reference` resolved against the absolute `base` (RFC 3986 section 5.2.2).
  static func resolve(_ reference: String, against base: String) -> String {
    let r = parse(reference)
    if r.scheme != nil {
      var t = r
      t.path = Substring(removeDotSegments(String(r.path)))
      return compose(t)
    }
    let b = parse(base)
    var t = Parts(scheme: b.scheme, authority: nil, path: "", query: nil, fragment: r.fragment)
    if r.authority != nil {
      t.authority = r.authority
      t.path = Substring(removeDotSegments(String(r.path)))
      t.query = r.query
    } else {
      t.authority = b.authority
      if r.path.isEmpty {
        t.path = b.path
        t.query = r.query ?? b.query
      } else {
        if r.path.hasPrefix("/") {
          t.path = Substring(removeDotSegments(String(r.path)))
        } else {
          let merged: String
          if b.authority != nil && b.path.isEmpty {
            merged = "/" + r.path
          } else if let slash = b.path.lastIndex(of: "/") {
            merged = String(b.path[...slash]) + r.path
          } else {
            merged = String(r.path)
          }
          t.path = Substring(removeDotSegments(merged))
        }
        t.query = r.query
      }
    }
    return compose(t)
  }

  /// RFC 3986 section 5.2.4.
  static func removeDotSegments(_ path: String) -> String {
    guard path.contains(".") else { return path }
    var input = Substring(path)
    var output: [Substring] = []
    var absolute = false
    if input.hasPrefix("/") { absolute = true }
    let segments = input.split(separator: "/", omittingEmptySubsequences: false)
    input = ""
    for (k, segment) in segments.enumerated() {
      if k == 0 && absolute { continue }
      let last = k == segments.count - 1
      switch segment {
      case ".":
        if last { output.append("") }
      case "..":
        if !output.isEmpty { output.removeLast() }
        if last { output.append("") }
      default:
        output.append(segment)
      }
    }
    return (absolute ? "/" : "") + output.joined(separator: "/")
  }

  /// The URI without its fragment, and the fragment (without `#`) when there is one.
  static func splitFragment(_ uri: String) -> (base: String, fragment: String?) {
    guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
    return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
  }

  /// The URI without its fragment (an empty fragment means none).
  static func withoutFragment(_ uri: String) -> String { splitFragment(uri).base }
}
