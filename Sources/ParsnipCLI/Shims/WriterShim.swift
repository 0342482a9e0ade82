// SHIM(writer): stands in for the writer API of branch `writer` (ARCHITECTURE.md names) until it is merged.
// Delete this file when merging `writer`; the commands already use the contract names.
import Foundation
import Parsnip

extension JSON {
  struct WritingOptions: Sendable, Hashable {
    var indent: Int?
    var sortsKeys = false
    var escapesSlashes = false
    var asciiOnly = false
    var isCanonical = false

    static var compact: WritingOptions { WritingOptions(indent: nil) }
    static var pretty: WritingOptions { WritingOptions(indent: 2) }
    static func pretty(indent: Int) -> WritingOptions { WritingOptions(indent: indent) }
    static var canonical: WritingOptions { WritingOptions(indent: nil, sortsKeys: true, isCanonical: true) }
  }

  func bytes(options: WritingOptions) throws(JSONWritingError) -> [UInt8] {
    var out: [UInt8] = []
    ShimWriter(options: options).write(self, depth: 0, to: &out)
    return out
  }

  func write(to handle: FileHandle, options: WritingOptions) throws {
    try handle.write(contentsOf: Data(try bytes(options: options)))
  }
}

struct JSONWritingError: Error, CustomStringConvertible {
  var description: String
}

private struct ShimWriter {
  var options: JSON.WritingOptions

  func write(_ value: JSON, depth: Int, to out: inout [UInt8]) {
    switch value {
    case .array(let elements) where !elements.isEmpty:
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1, &out)
        write(element, depth: depth + 1, to: &out)
      }
      newline(depth, &out)
      out.append(UInt8(ascii: "]"))
    case .object(let object) where !object.isEmpty:
      out.append(UInt8(ascii: "{"))
      let members = options.sortsKeys ? object.sortedByKey().members : object.members
      for (i, member) in members.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1, &out)
        out.append(contentsOf: JSON.string(member.key).description.utf8)
        out.append(UInt8(ascii: ":"))
        if options.indent != nil { out.append(UInt8(ascii: " ")) }
        write(member.value, depth: depth + 1, to: &out)
      }
      newline(depth, &out)
      out.append(UInt8(ascii: "}"))
    default:
      out.append(contentsOf: value.description.utf8)
    }
  }

  func newline(_ depth: Int, _ out: inout [UInt8]) {
    guard let indent = options.indent else { return }
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
  }
}
