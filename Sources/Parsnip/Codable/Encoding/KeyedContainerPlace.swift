import Foundation

/// Where a keyed container writes: its frame and the member names of its key type.
struct KeyedContainerPlace {
  var frameIndex: Int
  var id: Int
  /// Index + 1 into ``StreamCore/names`` per key byte (0 while unseen), then whether two bytes share a name and one
  /// past the highest byte named; `nil` when names of this key type are not cached.
  let names: UnsafeMutablePointer<Int32>?
}

/// Owns a ``KeyedContainerPlace`` for the containers that share it (the one handed out and the cache).
final class KeyedContainerTarget {
  let place: UnsafeMutablePointer<KeyedContainerPlace>

  init(_ place: KeyedContainerPlace) {
    self.place = .allocate(capacity: 1)
    self.place.initialize(to: place)
  }

  deinit { place.deallocate() }
}

/// A member name, quoted and escaped, in ``StreamCore/nameBytes``.
struct CachedName {
  var start: Int
  /// The length including the quotes and, when not pretty printing, the colon.
  var count: Int
  /// The hash of the escaped bytes between the quotes, as ``OutputCore/hash(_:count:)`` computes it.
  var hash: UInt64
}

/// The caches of one key type.
struct KeyTypeEntry {
  /// 256 name indexes and two more words (see ``KeyedContainerPlace/names``), or `nil`.
  let names: UnsafeMutablePointer<Int32>?
  /// The last `KeyedEncodingContainer` box handed out for this key type, and its target.
  var box: AnyObject?
  var target: KeyedContainerTarget?
}
