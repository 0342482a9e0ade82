// SHIM(paths, jsonpath): stand in for the APIs of branches `paths` and `jsonpath` (ARCHITECTURE.md names) until
// they are merged. Delete this file when merging them; the commands already use the contract names.
import Parsnip

struct ShimUnavailable: Error, CustomStringConvertible {
  var description: String { "not available in this build yet" }
}

typealias JSONPointerError = ShimUnavailable
typealias JSONPathError = ShimUnavailable

struct JSONPatchError: Error, CustomStringConvertible {
  var isMalformed: Bool { true }
  var description: String { "not available in this build yet" }
}

struct JSONPointer: CustomStringConvertible {
  init(_ text: String) throws(JSONPointerError) { throw ShimUnavailable() }
  init(fragment: String) throws(JSONPointerError) { throw ShimUnavailable() }
  var description: String { "" }
}

struct JSONPath {
  struct NormalizedPath: CustomStringConvertible { var description: String { "$" } }
  struct Node {
    var value: JSON
    var path: NormalizedPath
  }
  init(_ text: String) throws(JSONPathError) { throw ShimUnavailable() }
  func query(_ json: JSON) -> [Node] { [] }
}

extension JSON {
  func value(at pointer: JSONPointer) -> JSON? { nil }
}

struct JSONPatch {
  init(_ json: JSON) throws(JSONPatchError) { throw JSONPatchError() }
  var json: JSON { .array([]) }
  func apply(to json: JSON) throws(JSONPatchError) -> JSON { throw JSONPatchError() }
  private init() {}
  static func diff(from a: JSON, to b: JSON) -> JSONPatch { JSONPatch() }
}

enum JSONMergePatch {
  static func apply(_ patch: JSON, to json: JSON) -> JSON { json }
  static func diff(from a: JSON, to b: JSON) -> JSON { b }
}
