import Foundation
import Parsnip

/// `depth`: how deep recursive decodes reach on a thread with a 512 KB stack (the smallest default secondary-thread
/// stack, Apple's), before they stop with an error instead of overflowing it. Each shape is decoded at growing
/// depths (each on a new thread) and the deepest that decodes is printed, beside the limit that applies.
enum DepthBenchmarks {
  /// `{"k":{"k":…}}` through a synthesized `init(from:)`.
  final class ObjectNode: Decodable { let k: ObjectNode? }

  /// `[[…]]` through a single-value container.
  struct ArrayNode: Decodable {
    var children: [ArrayNode]
    init(from decoder: any Decoder) throws { children = try decoder.singleValueContainer().decode([ArrayNode].self) }
  }

  /// The README's recursive pipeline: nested arrays through `.array(.lazy { … })`.
  struct Nest: Sendable { var children: [Nest] }
  static let nest: JSONDecoding<Nest> = JSONDecoding<[Nest]>.array(.lazy { nest }).map(Nest.init)

  /// `lazy`'s own example: a comment with replies.
  struct Comment: Sendable { var text: String; var replies: [Comment] }
  static let comment: JSONDecoding<Comment> =
    decode(Comment.init) |> .required("text", .string) |> .required("replies", .array(.lazy { comment }))

  static func text(_ depth: Int, open: String, close: String, leaf: String) -> Data {
    Data((String(repeating: open, count: depth) + leaf + String(repeating: close, count: depth)).utf8)
  }

  static let deep = JSONDecodingOptions(maximumDepth: 100_000, parsing: JSON.ParsingOptions(maximumDepth: 2048))

  static let shapes: [(name: String, limit: Int, decodes: @Sendable (Int) -> Bool)] = [
    (
      "ParsnipDecoder, nested objects", 512,
      { n in
        (try? ParsnipDecoder().decode(ObjectNode.self, from: text(n, open: #"{"k":"#, close: "}", leaf: "{}"))) != nil
      }
    ),
    (
      "ParsnipDecoder, nested arrays", 512,
      { n in (try? ParsnipDecoder().decode(ArrayNode.self, from: text(n, open: "[", close: "]", leaf: "[]"))) != nil }
    ),
    (
      "pipeline .array(.lazy), nested arrays", 2048,
      { n in (try? decodeJSON(text(n, open: "[", close: "]", leaf: "[]"), with: nest, options: deep).get()) != nil }
    ),
    (
      "pipeline comment replies", 1024,
      { n in
        let data = text(n, open: #"{"text":"a","replies":["#, close: "]}", leaf: #"{"text":"a","replies":[]}"#)
        return (try? decodeJSON(data, with: comment, options: deep).get()) != nil
      }
    ),
  ]

  static func run() {
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    print("Depth reached on a 512 KB thread (\(configuration) build):")
    var failed = false
    for shape in shapes {
      // Every depth up to the deepest is assumed to decode: find the last one that does.
      var low = 0
      var high = shape.limit
      while low < high {
        let middle = (low + high + 1) / 2
        if onSmallStack({ shape.decodes(middle) }) { low = middle } else { high = middle - 1 }
      }
      print("  \(shape.name): \(low) levels (input limit \(shape.limit))")
      // Foundation's JSONDecoder reaches 505 objects and 511 arrays on the same thread (issue 42, N3).
      if shape.name.hasPrefix("pipeline .array"), low < 505, configuration == "release" {
        print("  FAILED: the README's pipeline reaches fewer than Foundation's 505 levels")
        failed = true
      }
    }
    if failed { exit(1) }
  }

  /// Runs `body` on a new thread with a 512 KB stack and waits for it.
  static func onSmallStack(_ body: @escaping @Sendable () -> Bool) -> Bool {
    final class Box: @unchecked Sendable { var value = false }  // Written once before the thread that reads it ends.
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = body()
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    return box.value
  }
}
