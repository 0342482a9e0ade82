import Foundation
import Testing

@testable import Parsnip

/// An asynchronous sequence of the chunks it was given, counting the chunks read.
final class CountingChunks: AsyncSequence, @unchecked Sendable {  // Read by one task at a time in these tests.
  typealias Element = [UInt8]
  let chunks: [[UInt8]]
  var read = 0
  var cancelAfter: Int?

  init(_ chunks: [[UInt8]]) { self.chunks = chunks }

  struct AsyncIterator: AsyncIteratorProtocol {
    let owner: CountingChunks
    mutating func next() async throws -> [UInt8]? {
      guard owner.read < owner.chunks.count else { return nil }
      defer { owner.read += 1 }
      if let limit = owner.cancelAfter, owner.read == limit { withUnsafeCurrentTask { $0?.cancel() } }
      return owner.chunks[owner.read]
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(owner: self) }
}

/// The bytes of `bytes`, one at a time.
struct AsyncBytes: AsyncSequence, Sendable {
  typealias Element = UInt8
  let bytes: [UInt8]
  struct AsyncIterator: AsyncIteratorProtocol {
    var index = 0
    let bytes: [UInt8]
    mutating func next() async -> UInt8? {
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return bytes[index]
    }
  }
  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}

@Suite("AsyncJSONStream")
struct AsyncJSONStreamTests {
  @Test("bytes one at a time and chunks give the same values", arguments: JSONStreamReaderTests.framings)
  func bytesAndChunks(_ framing: JSONStreamFraming) async throws {
    let text = Array(JSONStreamReaderTests.framedSample(framing).utf8)
    var fromBytes: [String] = []
    // Explicit iterators: `for try await` calls `next(isolation:)`, newer than the platform floors.
    var bytes = AsyncBytes(bytes: text).jsonValues(framing: framing).makeAsyncIterator()
    while let element = try await bytes.next() {
      fromBytes.append(element.value.description)
    }
    #expect(fromBytes == JSONStreamReaderTests.sampleValues)
    var fromChunks: [String] = []
    let chunks = stride(from: 0, to: text.count, by: 5).map { Array(text[$0..<Swift.min($0 + 5, text.count)]) }
    var documents = CountingChunks(chunks).jsonDocuments(framing: framing).makeAsyncIterator()
    while let element = try await documents.next() {
      fromChunks.append(element.value.root.json().description)
    }
    #expect(fromChunks == JSONStreamReaderTests.sampleValues)
  }

  @Test("the base sequence is read only as far as the consumer asks")
  func backpressure() async throws {
    let chunks = (0..<100).map { Array("{\"n\":\($0)}\n".utf8) }
    let source = CountingChunks(chunks)
    var iterator = source.jsonValues(framing: .lines).makeAsyncIterator()
    #expect(try await iterator.next()?.value == ["n": 0])
    #expect(source.read == 1)
    #expect(try await iterator.next()?.value == ["n": 1])
    #expect(source.read == 2)
  }

  @Test("a cancelled task stops reading")
  func cancellation() async throws {
    let chunks = (0..<100).map { Array("[\($0)]\n".utf8) }
    let source = CountingChunks(chunks)
    source.cancelAfter = 3
    var seen = 0
    await #expect(throws: CancellationError.self) {
      var values = source.jsonValues(framing: .concatenated).makeAsyncIterator()
      while try await values.next() != nil { seen += 1 }
    }
    // The fourth chunk, read before the cancellation was seen, gives its value; nothing more is read.
    #expect(source.read == 4)
    #expect(seen == 4)
  }

  @Test("decoded values, and errors with their places")
  func decoded() async throws {
    struct Item: Decodable, Equatable { var id: Int }
    let text = Array("[{\"id\":1},\n{\"id\":2}, {\"id\":}]".utf8)
    var items: [Item] = []
    let error = await #expect(throws: JSONStreamError.self) {
      var values = AsyncBytes(bytes: text).jsonValues(Item.self, framing: .arrayElements).makeAsyncIterator()
      while let element = try await values.next() {
        items.append(element.value)
      }
    }
    #expect(items == [Item(id: 1), Item(id: 2)])
    #expect(error?.line == 2)
    #expect(error?.column == 17)
    #expect(error?.valueIndex == 2)
  }
}
