import Foundation

extension LookupWorkspace {
  /// Appends a member name to the name table; returns its index.
  mutating func appendName(_ text: String) -> Int {
    var text = text
    let count = text.utf8.count
    if nameCount + count > nameCapacity {
      let capacity = Swift.max(nameCapacity * 2, nameCount + count)
      let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      bytes.update(from: nameBytes, count: nameCount)
      nameBytes.deallocate()
      nameBytes = bytes
      nameCapacity = capacity
    }
    text.withUTF8 { utf8 in
      if let base = utf8.baseAddress { (nameBytes + nameCount).update(from: base, count: count) }
    }
    if entryCount == entryCapacity {
      let capacity = entryCapacity * 2
      let entries = UnsafeMutablePointer<(start: Int32, count: Int32)>.allocate(capacity: capacity)
      entries.update(from: nameEntries, count: entryCount)
      nameEntries.deallocate()
      nameEntries = entries
      entryCapacity = capacity
    }
    nameEntries[entryCount] = (Int32(truncatingIfNeeded: nameCount), Int32(truncatingIfNeeded: count))
    nameCount += count
    entryCount += 1
    return entryCount - 1
  }
}
