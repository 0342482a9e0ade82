import Foundation
import Parsnip

/// `hypermedia`: JSON:API flatten and JSON Templates Expander expansion of generated compound documents of 1, 10
/// and 50 MB (posts with an author and comments, each comment with its author), times per document and per byte.
/// The parse of the same text (`JSON(parsing:)`) is the baseline measured beside each, so the ratio says what
/// flattening costs next to reading the document at all.
enum HypermediaBenchmarks {
  static let sizes = [1, 10, 50]

  /// A JSON:API document of about `megabytes` MB: 20 people, posts each with 4 comments (all included).
  static func jsonAPIDocument(megabytes: Int) -> [UInt8] {
    var data: [String] = []
    var included: [String] = []
    for p in 0..<20 {
      included.append(#"{"type":"people","id":"\#(p)","attributes":{"name":"Person \#(p)","twitter":"p\#(p)"}}"#)
    }
    var bytes = 0
    var post = 0
    var comment = 0
    while bytes < megabytes * 1_000_000 {
      var ids: [String] = []
      for _ in 0..<4 {
        let c =
          #"{"type":"comments","id":"\#(comment)","attributes":{"body":"Comment \#(comment) on a post about JSON"},"relationships":{"author":{"data":{"type":"people","id":"\#(comment % 20)"}}}}"#
        included.append(c)
        ids.append(#"{"type":"comments","id":"\#(comment)"}"#)
        bytes += c.utf8.count + 40
        comment += 1
      }
      let p =
        #"{"type":"articles","id":"\#(post)","attributes":{"title":"Post number \#(post)","views":\#(post * 7)},"relationships":{"author":{"data":{"type":"people","id":"\#(post % 20)"}},"comments":{"data":[\#(ids.joined(separator: ","))]}},"links":{"self":"http://example.com/articles/\#(post)"}}"#
      data.append(p)
      bytes += p.utf8.count
      post += 1
    }
    return Array(#"{"data":[\#(data.joined(separator: ","))],"included":[\#(included.joined(separator: ","))]}"#.utf8)
  }

  /// A JSON:API compound document derived from a corpus file's tree, for `profile-flatten-files`.
  ///
  /// Every object of the file becomes a resource: its `type` is the name of the member that holds it (for an array
  /// element, the array's member; `root` for the top object), its `id` its number in document order. A member that
  /// holds an object, or a non-empty array of nothing but objects, becomes a relationship to those resources (to-one
  /// or to-many); every other member becomes an attribute, with `id` and `type` renamed `_id` and `_type` (JSON:API
  /// reserves those names). The top object is the primary data and every other resource is included, in document
  /// order, so flattening puts the file's own structure back together. The same file always gives the same bytes.
  static func jsonAPIDocument(derivedFrom json: JSON) -> [UInt8] {
    var included: [JSON] = []
    var count = 0
    /// The resource made from `object`, its related resources included (each before its own related ones).
    func resource(_ object: JSONObject, type: String) -> JSON {
      let id = JSON.string(String(count))
      count += 1
      var attributes: [(String, JSON)] = []
      var relationships: [(String, JSON)] = []
      /// Includes `child` as a resource, returning its identifier.
      func related(_ child: JSONObject, type: String) -> JSON {
        let slot = included.count
        included.append(.null)
        let made = resource(child, type: type)
        included[slot] = made
        return ["type": made["type"], "id": made["id"]]
      }
      for member in object.members {
        switch member.value {
        case .object(let child):
          relationships.append((member.key, ["data": related(child, type: member.key)]))
        case .array(let elements) where !elements.isEmpty && elements.allSatisfy({ $0.objectValue != nil }):
          let identifiers = elements.map { related($0.objectValue!, type: member.key) }
          relationships.append((member.key, ["data": .array(identifiers)]))
        default:
          let name = member.key == "id" || member.key == "type" ? "_" + member.key : member.key
          attributes.append((name, member.value))
        }
      }
      return [
        "type": .string(type), "id": id, "attributes": .object(JSONObject(attributes)),
        "relationships": .object(JSONObject(relationships)),
      ]
    }
    let data = resource(json.objectValue!, type: "root")
    return try! JSON.object(["data": data, "included": .array(included)]).bytes()
  }

  /// A JTE document of about `megabytes` MB: posts linking an author and comments through `links` templates.
  static func jteDocument(megabytes: Int) -> [UInt8] {
    var posts: [String] = []
    var comments: [String] = []
    var people: [String] = []
    for p in 0..<20 { people.append(#"{"id":"\#(p)","name":"Person \#(p)"}"#) }
    var bytes = 0
    var post = 0
    var comment = 0
    while bytes < megabytes * 1_000_000 {
      var ids: [String] = []
      for _ in 0..<4 {
        let c = #"{"id":"\#(comment)","body":"Comment \#(comment) on a post about JSON templates"}"#
        comments.append(c)
        ids.append(#""\#(comment)""#)
        bytes += c.utf8.count
        comment += 1
      }
      let p =
        #"{"id":"\#(post)","title":"Post number \#(post)","links":{"author":"\#(post % 20)","comments":[\#(ids.joined(separator: ","))]}}"#
      posts.append(p)
      bytes += p.utf8.count
      post += 1
    }
    let links =
      #"{"posts.author":{"href":"http://example.com/people/{posts.author}","type":"people"},"posts.comments":{"href":"http://example.com/comments/{posts.comments}","type":"comments"}}"#
    return Array(
      #"{"links":\#(links),"posts":[\#(posts.joined(separator: ","))],"people":[\#(people.joined(separator: ","))],"comments":[\#(comments.joined(separator: ","))]}"#
        .utf8)
  }

  static func run(_ harness: Harness) {
    print("\n### Hypermedia: JSON:API flatten and JTE expand (tree in, tree out; parse is the baseline)\n")
    print("| document | MB | parse ms | expand ms | expand ns/byte | expand MB/s | parse + expand MB/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    let options = JSONAPI.FlattenOptions(maximumOutputSize: .max)
    for (name, make) in [("JSON:API flatten", jsonAPIDocument), ("JTE expand", jteDocument)] {
      var perByte: [Double] = []
      for size in sizes {
        let bytes = make(size)
        let tree = try! JSON(parsing: bytes)
        let isJSONAPI = name.hasPrefix("JSON:API")
        let expand = {
          if isJSONAPI {
            blackHole(try! JSONAPI.flatten(tree, options: options))
          } else {
            blackHole(try! JSONTemplates.expand(tree, options: .init(maximumOutputSize: .max)))
          }
        }
        let comparison = harness.compare(expand, baseline: { blackHole(try! JSON(parsing: bytes)) })
        let ns = comparison.parsnip / Double(bytes.count) * 1e9
        perByte.append(ns)
        print(
          "| \(name) \(size) MB | \(format(Double(bytes.count) / 1e6, digits: 1)) | \(format(comparison.baseline * 1e3, digits: 1)) "
            + "| \(format(comparison.parsnip * 1e3, digits: 1)) | \(format(ns, digits: 2)) "
            + "| \(format(Double(bytes.count) / comparison.parsnip / 1e6)) "
            + "| \(format(Double(bytes.count) / (comparison.parsnip + comparison.baseline) / 1e6)) |")
      }
      let spread = (perByte.max()! / perByte.min()! - 1) * 100
      print("| \(name): per-byte spread 1–50 MB | | | | \(format(spread, digits: 0))% | | |")
    }
    // From text: `JSONDocument` (tape, no input tree) and the flatten over it, against the tree parse alone.
    print(
      "\n| JSON:API flatten from text | MB | tree parse ms | JSONDocument + flatten ms | MB/s of input | vs tree parse |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for size in sizes {
      let bytes = jsonAPIDocument(megabytes: size)
      let fromText = { blackHole(try! JSONAPI.flatten(try! JSONDocument(parsing: bytes), options: options)) }
      let comparison = harness.compare(fromText, baseline: { blackHole(try! JSON(parsing: bytes)) })
      print(
        "| \(size) MB | \(format(Double(bytes.count) / 1e6, digits: 1)) | \(format(comparison.baseline * 1e3, digits: 1)) "
          + "| \(format(comparison.parsnip * 1e3, digits: 1)) | \(format(Double(bytes.count) / comparison.parsnip / 1e6)) "
          + "| \(format(comparison.ratio, digits: 2))× |")
    }
    // Text to text: `JSONDocument` and `JSONAPI.flattenedBytes` (no tree either side), what `parsnip expand` does.
    print(
      "\n| JSON:API flatten text → text | MB | tree parse ms | JSONDocument + flattenedBytes ms | ns/byte | MB/s of input | vs tree parse |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (name, layout) in [("compact", JSON.WritingOptions.compact), ("pretty", .pretty)] {
      var perByte: [Double] = []
      for size in sizes {
        let bytes = jsonAPIDocument(megabytes: size)
        let toText = {
          blackHole(try! JSONAPI.flattenedBytes(try! JSONDocument(parsing: bytes), options: options, writing: layout))
        }
        let comparison = harness.compare(toText, baseline: { blackHole(try! JSON(parsing: bytes)) })
        let ns = comparison.parsnip / Double(bytes.count) * 1e9
        perByte.append(ns)
        print(
          "| \(size) MB, \(name) | \(format(Double(bytes.count) / 1e6, digits: 1)) | \(format(comparison.baseline * 1e3, digits: 1)) "
            + "| \(format(comparison.parsnip * 1e3, digits: 1)) | \(format(ns, digits: 2)) "
            + "| \(format(Double(bytes.count) / comparison.parsnip / 1e6)) | \(format(comparison.ratio, digits: 2))× |")
      }
      let spread = (perByte.max()! / perByte.min()! - 1) * 100
      print("| \(name): per-byte spread 1–50 MB | | | | \(format(spread, digits: 0))% | | |")
    }
    fflush(nil)
  }

  /// `hypermedia-linear`: time per byte at equal footing. Looping over one 1 MB document measures it in the
  /// caches (input, tape, index and output together fit in the 32 MB L3 here) while a 50 MB document is read from
  /// memory, so the per-byte times of the tables above differ by the memory system, not by the algorithm (the tree
  /// parse of the same documents, a single pass, shows the same step). Here every sample handles about 50 MB of
  /// input at every size: 50 distinct copies of the 1 MB document, 5 of the 10 MB one, one 50 MB document, each
  /// flattened or expanded once per sample. Reported: the median ns per input byte, and the spread from 1 to 50 MB.
  ///
  /// With `BENCH_COLD=1` the caches are also emptied before each document (64 MB written, not timed), so that no
  /// size keeps its tape, index or output in the caches from the document before: every size then pays for the
  /// memory it touches once, and what is left of the difference is the work per byte and the page faults of blocks
  /// too large for `malloc` to reuse.
  static func linearity(_ harness: Harness) {
    let cold = ProcessInfo.processInfo.environment["BENCH_COLD"] == "1"
    let flush = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 20, alignment: 64)
    defer { flush.deallocate() }
    var flushRound: UInt8 = 0
    /// Seconds per pass over `documents`, the caches emptied before each one when `cold`.
    func measure<T>(_ documents: [T], _ work: (T) -> Void) -> Double {
      guard cold else { return harness.measure { for document in documents { work(document) } } }
      var samples: [Double] = []
      for _ in 0..<max(3, harness.minimumSamples) {
        var total = Duration.zero
        for document in documents {
          flushRound &+= 1
          flush.initializeMemory(as: UInt8.self, repeating: flushRound)
          total += ContinuousClock().measure { work(document) }
        }
        samples.append(total.seconds)
      }
      return samples.sorted()[samples.count / 2]
    }
    print(
      "\n### Hypermedia: time per byte at equal footing (about 50 MB of input per sample at every size\(cold ? ", caches emptied before each document" : ""))\n"
    )
    print("| work | 1 MB ns/byte | 10 MB ns/byte | 50 MB ns/byte | spread 1–50 MB |")
    print("| --- | ---: | ---: | ---: | ---: |")
    let options = JSONAPI.FlattenOptions(maximumOutputSize: .max)
    let templateOptions = JSONTemplates.Options(maximumOutputSize: .max)
    let works: [(String, ([UInt8]) -> Void)] = [
      ("tree parse of the JSON:API text (baseline)", { blackHole(try! JSON(parsing: $0)) }),
      (
        "JSON:API flatten, text → text, compact",
        {
          blackHole(try! JSONAPI.flattenedBytes(try! JSONDocument(parsing: $0), options: options, writing: .compact))
        }
      ),
      ("JSON:API flatten, tree → tree", { _ in }),
      ("JTE expand, tree → tree", { _ in }),
    ]
    for (index, (name, work)) in works.enumerated() {
      var perByte: [Double] = []
      for size in sizes {
        let copies = max(1, 50 / size)
        let make = index == 3 ? jteDocument : jsonAPIDocument
        let texts = (0..<copies).map { _ in make(size) }
        let total = Double(texts.reduce(0) { $0 + $1.count })
        let seconds: Double
        switch index {
        case 2, 3:
          let trees = texts.map { try! JSON(parsing: $0) }
          seconds = measure(trees) { tree in
            if index == 2 {
              blackHole(try! JSONAPI.flatten(tree, options: options))
            } else {
              blackHole(try! JSONTemplates.expand(tree, options: templateOptions))
            }
          }
        default:
          seconds = measure(texts, work)
        }
        perByte.append(seconds / total * 1e9)
      }
      let spread = (perByte.max()! / perByte.min()! - 1) * 100
      print(
        "| \(name) | " + perByte.map { format($0, digits: 2) }.joined(separator: " | ")
          + " | \(format(spread, digits: 0))% |")
      fflush(nil)
    }
  }
}
