import Foundation

@testable import Parsnip

/// Reads `text` through a push reader fed in the given chunk sizes (cycled), under ``JSONLines/ErrorPolicy/skip``;
/// each value as compact text, and each failure as `!KIND@LINE:COLUMN#INDEX`, in stream order.
func framedOutcomes(
  _ framing: JSONStreamFraming, _ text: some Collection<UInt8>, chunks: [Int] = [Int.max],
  maximumValueLength: Int? = nil
) -> [String] {
  let bytes = Array(text)
  let reader = JSONStreamReader<JSON>(framing: framing, errorPolicy: .stop)
  if let maximumValueLength { reader.maximumValueLength = maximumValueLength }
  var outcomes: [String] = []
  func drain() {
    while true {
      do {
        guard let element = try reader.next() else { return }
        outcomes.append(element.value.description)
      } catch {
        outcomes.append("!\(error.kind)@\(error.line):\(error.column)#\(error.valueIndex)")
      }
    }
  }
  var offset = 0
  var k = 0
  while offset < bytes.count {
    let size = Swift.max(1, Swift.min(chunks[k % chunks.count], bytes.count - offset))
    reader.append(bytes[offset..<(offset + size)])
    offset += size
    k += 1
    drain()
  }
  reader.finish()
  drain()
  return outcomes
}

/// Random chunk sizes from 1 to `largest`, 1-byte runs included.
func randomChunking(_ random: inout SeededRandom, largest: Int) -> [Int] {
  (0..<64).map { _ in Int.random(in: 0..<4, using: &random) == 0 ? 1 : Int.random(in: 1...largest, using: &random) }
}
