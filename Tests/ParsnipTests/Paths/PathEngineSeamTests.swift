import Foundation
import Testing

@testable import Parsnip

/// The seams of the one path engine: for random documents, the tree, `JSONDocument`, `ParsnipDecoder` and the
/// on-demand reader give the same answer, and the same error, for every path into the document and for paths
/// that lead just past it.
@Suite struct PathEngineSeamTests {
  /// Every value's key path and pointer, and for each container a missing member and an element past its end.
  static func paths(in json: JSON) -> [(JSONKeyPath, JSONPointer)] {
    var result: [(JSONKeyPath, JSONPointer)] = []
    var pending: [(JSON, JSONKeyPath)] = [(json, .root)]
    while let (value, keyPath) = pending.popLast() {
      result.append((keyPath, JSONPointer(keyPath)))
      switch value {
      case .array(let elements):
        for (index, element) in elements.enumerated() { pending.append((element, keyPath.appending(index: index))) }
        let past = keyPath.appending(index: elements.count)
        result.append((past, JSONPointer(past)))
        result.append((keyPath.appending(key: "x"), JSONPointer(keyPath.appending(key: "x"))))
      case .object(let object):
        for member in object.members { pending.append((member.value, keyPath.appending(key: member.key))) }
        result.append((keyPath.appending(key: "missing"), JSONPointer(keyPath.appending(key: "missing"))))
        result.append((keyPath.appending(index: 0), JSONPointer(keyPath.appending(index: 0))))
      default:
        result.append((keyPath.appending(key: "x"), JSONPointer(keyPath.appending(key: "x"))))
      }
    }
    return result
  }

  @Test(arguments: 1...40)
  func everyReaderAgreesOnEveryPath(seed: UInt64) throws {
    var generator = SeededRandom(seed: seed)
    let tree = PathsRandomJSON.value(depth: 4, using: &generator)
    let text = try tree.bytes()
    let document = try JSONDocument(parsing: text)
    let decoder = ParsnipDecoder()
    for (keyPath, pointer) in Self.paths(in: tree) {
      // Key paths.
      let expected = tree.value(at: keyPath)
      #expect(document.root.value(at: keyPath)?.json() == expected, "\(keyPath)")
      #expect(try JSON.value(at: keyPath, inText: text) == expected, "\(keyPath)")
      #expect((try? decoder.decode(JSON.self, from: text, at: keyPath)) == expected, "\(keyPath)")
      let treeError = Result { () throws(JSONKeyPathError) in try tree.resolve(keyPath) }
      let documentError = Result { () throws(JSONKeyPathError) in try document.root.resolve(keyPath) }
      let onDemand = try text.withUnsafeBytes { try JSON.resolveOnDemand(keyPath, inText: $0, options: .default) }
      if case .failure(let error) = treeError {
        #expect(throws: error) { try documentError.get() }
        #expect(throws: error) { try onDemand.get() }
      }
      // Pointers.
      let expectedAtPointer = tree.value(at: pointer)
      #expect(document.root.value(at: pointer)?.json() == expectedAtPointer, "\(pointer)")
      #expect(try JSON.value(at: pointer, inText: text) == expectedAtPointer, "\(pointer)")
      #expect((try? decoder.decode(JSON.self, from: text, at: pointer)) == expectedAtPointer, "\(pointer)")
      let pointerTree = Result { () throws(JSONPointerError) in try tree.resolve(pointer) }
      let pointerDocument = Result { () throws(JSONPointerError) in try document.root.resolve(pointer) }
      let pointerOnDemand = try text.withUnsafeBytes {
        try JSON.resolveOnDemand(pointer, inText: $0, options: .default)
      }
      if case .failure(let error) = pointerTree {
        #expect(throws: error) { try pointerDocument.get() }
        #expect(throws: error) { try pointerOnDemand.get() }
      }
    }
  }
}
