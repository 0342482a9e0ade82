/// Writes the Swift model types that decode a set of JSON samples: `parsnip codegen` as a library.
///
/// Samples are merged one at a time into a summary of their shapes, so any number of them (a JSON Lines file of
/// millions of lines) is inferred in memory proportional to the number of distinct places in the samples, not to
/// their size. Then ``source()`` writes the code.
///
/// ```swift
/// let samples: [JSON] = [
///   ["id": 1, "user_name": "ada", "joined": "2015-03-25T15:49:10Z"],
///   ["id": 2, "user_name": "grace", "joined": "2016-01-02T03:04:05Z", "bio": "Compilers"],
/// ]
/// let code = SwiftModelGenerator.source(for: samples, options: .init(rootName: "User"))
/// // struct User: Codable, Sendable, Hashable {
/// //   let id: Int
/// //   let userName: String
/// //   let joined: Date
/// //   let bio: String?
/// //   ...
/// ```
///
/// Inference rules, in short: a member missing from some samples or `null` in some is optional; integers mixed with
/// decimals are `Double`; integers beyond `Int64` are `Decimal` (beyond 38 digits, ``JSONNumber``); kinds that conflict
/// are ``JSON``; arrays that are always empty are `[JSON]`; strings that are all `yyyy-MM-ddTHH:mm:ssZ` are `Date`,
/// all absolute http(s) URLs `URL`; a required string member with a few identifier-like values, seen at least three
/// times as often as it has values, is a `String`-backed enum read through ``UnknownFallback``; objects whose keys
/// look like ids (or with more than 512 distinct keys) are `[String: T]`; objects that all carry a discriminator
/// (`type`, `kind`, `_type`, `@type`, `event`, ...) with differently shaped variants are an enum with associated
/// values. Identical shapes are one type; names come from keys (camelCase properties, singular element types) and
/// clashes are settled in a fixed order, so the same samples always give the same code.
public final class SwiftModelGenerator {
  /// What the code looks like.
  public var options: Options
  /// How many samples were added.
  public private(set) var sampleCount = 0
  /// What the samples so far look like.
  let shape = InferredShape()

  /// Creates a generator with no samples.
  /// - Parameter options: What the code looks like.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Merges one sample (a whole document: a top-level array's elements are merged into its element type).
  /// - Parameter sample: The sample.
  public func add(_ sample: JSON) {
    shape.add(sample)
    sampleCount += 1
  }

  /// Merges a document read with ``JSONDocument``.
  /// - Parameter document: The sample.
  public func add(_ document: JSONDocument) {
    add(document.root.json())
  }

  /// Merges every line of a JSON Lines input as one sample each, streaming: the lines are read in chunks and
  /// dropped once merged.
  /// - Parameter lines: The input; with ``JSONLines/ErrorPolicy/skip``, invalid lines are left out.
  /// - Throws: ``JSONLinesError`` for the first invalid line under ``JSONLines/ErrorPolicy/stop``, or when the input
  ///   cannot be read.
  public func add(_ lines: JSONLines) throws(JSONLinesError) {
    var iterator = lines.makeIterator()
    while let line = try iterator.next() { add(line.value) }
  }

  /// The Swift source for the samples added so far.
  public func source() -> String {
    let declarations = ShapeResolver.declarations(for: shape, rootName: SwiftNaming.rootTypeName(options.rootName))
    return SwiftEmitter(options: options, declarations: declarations, sampleCount: sampleCount).source()
  }

  /// The Swift source for `samples`.
  /// - Parameters:
  ///   - samples: The samples, each a whole document.
  ///   - options: What the code looks like.
  /// - Returns: The source of a file that imports Foundation and Parsnip.
  public static func source(for samples: [JSON], options: Options = Options()) -> String {
    let generator = SwiftModelGenerator(options: options)
    for sample in samples { generator.add(sample) }
    return generator.source()
  }
}
