// libFuzzer target for decode pipelines (`JSONDecoding`, `decodeJSON`). Built by Fuzz/run.sh together with all of
// the Parsnip sources (one module, so internal helpers are visible); it is not part of the SwiftPM build.
//
// Properties checked for every input:
// - `decodeJSON(_:with: .json)` accepts exactly what `JSON(parsing:)` accepts, and gives its tree;
// - a recursive decoder of any value, built from `oneOf`, `lazy`, `array`, `keyValuePairs`, `nullable` and the
//   primitives, rebuilds the tree (inputs without repeated keys), from the text and from the tree alike;
// - a pipeline of `required`, `optional`, `optional(_:_:default:)`, `requiredAt` and `.array` gives the same value,
//   or the same failures (kind and path; accumulated ones in any order, since a tree has no document order), from
//   the text and from the tree, stopping at the first failure and accumulating; accumulated failures from text
//   come in document order, each with a line and column inside the text, and
//   stopping at the first failure fails exactly when accumulating does;
// - with a tiny `maximumDecoderRuns` or `maximumDepth` the any-value decoder ends in a value or an error, never a
//   crash, and an error over the budget is `tooExpensive`.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func pipelineFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: size == 0 ? nil : UnsafeRawPointer(data), count: size)
  PipelineFuzzer.check(Array(input))
  return 0
}

enum PipelineFuzzer {
  /// Any JSON value, rebuilt through the combinators.
  static let anyValue: JSONDecoding<JSON> = .oneOf([
    JSONDecoding<JSON?>.nullable(.fail("not null")).map { _ in JSON.null },
    JSONDecoding<Bool>.bool.map { JSON.bool($0) },
    JSONDecoding<JSONNumber>.number.map { JSON.number($0) },
    JSONDecoding<String>.string.map { JSON.string($0) },
    JSONDecoding<[JSON]>.array(.lazy { anyValue }).map { JSON.array($0) },
    JSONDecoding<[(key: String, value: JSON)]>.keyValuePairs(.lazy { anyValue }).map { pairs in
      var object = JSONObject()
      for (key, value) in pairs { object[key] = value }
      return .object(object)
    },
  ])

  struct Record: Equatable, Sendable {
    var id: Int64?
    var name: String
    var tags: [String]
    var first: Int
    var child: JSON?
  }

  static let record: JSONDecoding<Record> =
    decode { (id: Int64?, name: String, tags: [String], first: Int, child: JSON?) in
      Record(id: id, name: name, tags: tags, first: first, child: child)
    }
    |> .optional("id", .int64)
    |> .required("name", .string)
    |> .optional("tags", .array(.string), default: [])
    |> .requiredAt("list[0]", .int)
    |> .optional("child", .json)

  static let records: JSONDecoding<[Record]> = .oneOf([.array(record), record.map { [$0] }])

  static func check(_ bytes: [UInt8]) {
    let tree = try? JSON(parsing: bytes)
    let viaText = try? decodeJSON(bytes, with: JSONDecoding<JSON>.json).get()
    guard (tree == nil) == (viaText == nil) else { fail("decodeJSON(.json) and JSON(parsing:) disagree", bytes) }
    guard let tree, let viaText else { return }
    if !FuzzEquality.same(tree, viaText) { fail("decodeJSON(.json) gave\n\(viaText)\nfor the tree\n\(tree)", bytes) }

    if (try? JSON(parsing: bytes, options: .init(duplicateKeys: .reject))) != nil {
      for (name, result) in [
        ("text", decodeJSON(bytes, with: anyValue)), ("tree", decodeJSON(tree, with: anyValue)),
      ] {
        switch result {
        case .success(let value):
          if !FuzzEquality.same(value, tree) { fail("any-value decoder (\(name)) gave\n\(value)\nfor\n\(tree)", bytes) }
        case .failure(let error):
          fail("any-value decoder (\(name)) failed: \(error)", bytes)
        }
      }
    }

    for options in [JSONDecodingOptions.default, .accumulating] {
      let fromText = decodeJSON(bytes, with: records, options: options)
      let fromTree = decodeJSON(tree, with: records, options: options)
      switch (fromText, fromTree) {
      case (.success(let a), .success(let b)):
        if a != b { fail("records differ between text and tree:\n\(a)\n\(b)", bytes) }
      case (.failure(let a), .failure(let b)):
        if stripped(a) != stripped(b) { fail("failures differ between text and tree:\n\(a)\n\(b)", bytes) }
        checkLocated(a, in: bytes)
      default:
        fail("text and tree disagree on success: \(fromText) / \(fromTree)", bytes)
      }
    }
    let first = decodeJSON(bytes, with: records)
    let all = decodeJSON(bytes, with: records, options: .accumulating)
    if (try? first.get()) == nil, (try? all.get()) != nil {
      fail("accumulating succeeded where a decode failed", bytes)
    }
    if case .failure(let error) = all, error.failures.count > 1 {
      let offsets = error.failures.map { $0.byteOffset ?? Int.max }
      if offsets != offsets.sorted() { fail("accumulated failures out of document order: \(offsets)", bytes) }
    }

    // Tiny budgets end in a value or an error.
    let runs = Int(bytes.first ?? 0) % 16
    let small = decodeJSON(
      bytes, with: anyValue, options: JSONDecodingOptions(maximumDepth: runs, maximumDecoderRuns: runs * 4))
    if case .failure(let error) = small {
      switch error.kind {
      case .tooExpensive(let limit): if limit != runs * 4 { fail("budget error with limit \(limit)", bytes) }
      case .nestingTooDeep, .oneOf: break
      default: fail("unexpected error under a small budget: \(error)", bytes)
      }
    }
  }

  /// An error without its text locations (a tree has none), nested errors included. Several failures are put in
  /// one order: from text they come in document order, from a tree (which has no offsets) in the decoders' order.
  static func stripped(_ error: JSONDecodingError) -> JSONDecodingError {
    var copy = error
    copy.byteOffset = nil
    copy.line = nil
    copy.column = nil
    switch error.kind {
    case .oneOf(let errors): copy.kind = .oneOf(errors.map(stripped))
    case .several(let errors): copy.kind = .several(errors.map(stripped).sorted { $0.description < $1.description })
    default: break
    }
    return copy
  }

  /// Every located error lies inside the text, with a line and column.
  static func checkLocated(_ error: JSONDecodingError, in bytes: [UInt8]) {
    for failure in error.failures {
      if let offset = failure.byteOffset {
        if offset < 0 || offset > bytes.count || failure.line == nil || failure.column == nil {
          fail("failure located outside the text: \(failure)", bytes)
        }
      }
      if case .oneOf(let nested) = failure.kind { for inner in nested { checkLocated(inner, in: bytes) } }
    }
  }

  static func fail(_ message: String, _ bytes: [UInt8]) -> Never {
    let text = String(decoding: bytes.prefix(2000), as: UTF8.self)
    fatalError("pipeline fuzzer: \(message)\ninput (\(bytes.count) bytes): \(text)")
  }
}
