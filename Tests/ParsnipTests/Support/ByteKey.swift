/// A one-byte key type that is not an enum: every byte is a different key, named `keyNumber` and the byte (a name
/// that snake case changes, to `key_number` and the byte). The encoder caches the names of such key types per byte.
struct ByteKey: CodingKey {
  var byte: UInt8
  init(_ byte: UInt8) { self.byte = byte }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
  var stringValue: String { "keyNumber\(byte)" }
  var intValue: Int? { nil }
}
