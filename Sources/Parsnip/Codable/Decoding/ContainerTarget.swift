import Foundation

/// Where a keyed container reads: its decode's view and lifetime slot, its decoder and object. Lives in memory of its
/// own, owned by the key type's cache entry while its box is the cached one and by the state otherwise (see
/// `DecodingState.keyedContainer(_:decoder:object:)`), so containers reach it without counting references.
struct ContainerTarget {
  /// The decode's tape view and lifetime slot, and the generation of the slot the decode runs in (see `isOpen`).
  var view: UnsafePointer<TapeView>
  var slot: UnsafePointer<UInt64>
  var generation: UInt64
  unowned(unsafe) var decoder: TapeDecoder
  var object: Int
  var end: Int
  var hasDuplicates: Bool
}

/// The caches of one key type.
struct DecodeKeyTypeEntry {
  /// 256 name indexes (see `TapeKeyedContainer.names`), or `nil`.
  let names: UnsafeMutablePointer<Int32>?
  /// The last `KeyedDecodingContainer` box handed out for this key type, and its target.
  var box: AnyObject?
  var target: UnsafeMutablePointer<ContainerTarget>?
}
