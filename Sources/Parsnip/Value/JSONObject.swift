/// The members of a JSON object: keys in document order, with constant-time lookup by key.
///
/// Keys are compared by their Unicode scalars, as JSON requires, not by Swift's canonical equivalence:
/// `"\u{E9}"` (é, precomposed) and `"e\u{301}"` (e + combining accent) are two different keys.
///
/// Objects of up to 31 members are searched linearly: comparing a few dozen keys costs about what hashing one key
/// does, and parsing then allocates nothing beside the member array. From 32 members on (an internal tuning constant),
/// a hash index is built on the first lookup (so parsing never pays for indexes nobody reads) and kept beside the
/// ordered members.
/// Keys are unique: setting an existing key replaces its value in place.
///
/// ```swift
/// var object: JSONObject = ["b": 1, "a": 2]
/// object["c"] = true
/// object.keys  // → ["b", "a", "c"]
/// ```
public struct JSONObject: Sendable {
  /// One member of an object.
  public struct Member: Sendable {
    /// The member name.
    public var key: String
    /// The member value.
    public var value: JSON

    /// Creates a member.
    /// - Parameters:
    ///   - key: The member name.
    ///   - value: The member value.
    public init(key: String, value: JSON) {
      self.key = key
      self.value = value
    }
  }

  @usableFromInline var _members: [Member]
  /// Key → position, built lazily; present only for objects with at least `indexThreshold` members.
  @usableFromInline var _index: KeyIndexBox?

  /// The member count from which lookups use a hash index instead of a linear search.
  @usableFromInline static var indexThreshold: Int { 32 }

  /// Creates an empty object.
  public init() {
    _members = []
    _index = nil
  }

  /// Creates an object from key-value pairs in order; a repeated key keeps its first position and last value.
  /// - Parameter pairs: The members.
  public init(_ pairs: some Sequence<(String, JSON)>) {
    self.init()
    for (key, value) in pairs { self[key] = value }
  }

  /// Builds an object from members known to have unique keys (the parser checks them).
  init(uniqueMembers: [Member]) {
    _members = uniqueMembers
    _index = uniqueMembers.count >= Self.indexThreshold ? KeyIndexBox() : nil
  }

  /// The number of members.
  public var count: Int { _members.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { _members.isEmpty }

  /// The keys in order.
  public var keys: [String] { _members.map(\.key) }

  /// The values in key order.
  public var values: [JSON] { _members.map(\.value) }

  /// The members in order.
  public var members: [Member] { _members }

  /// The position of `key` among the members, or `nil` when it is absent.
  /// - Parameter key: The member name.
  /// - Returns: The zero-based position.
  /// - Complexity: O(1) on average.
  public func index(forKey key: String) -> Int? {
    if let box = _index { return box.index(for: _members)[ExactKey(key)] }
    // Through the buffer: `firstIndex` copied each member (key and value retained and released) to test its key.
    return _members.withUnsafeBufferPointer { members in
      for k in members.indices where ExactKey.equal(members[k].key, key) { return k }
      return nil
    }
  }

  /// The value for `key`; assigning `nil` removes the member.
  /// - Parameter key: The member name.
  /// - Complexity: Reading and replacing are O(1) on average; removing is O(*n*).
  public subscript(key: String) -> JSON? {
    get { index(forKey: key).map { _members[$0].value } }
    set {
      if let value = newValue {
        if let position = index(forKey: key) {
          _members[position].value = value
        } else {
          _members.append(Member(key: key, value: value))
          if _index != nil, isKnownUniquelyReferenced(&_index!), let built = _index!.built {
            built.table[ExactKey(key)] = _members.count - 1  // ours alone: extend in place instead of rebuilding
          } else if _members.count >= Self.indexThreshold {
            rebuildIndex()
          }
        }
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Removes the member for `key`.
  /// - Parameter key: The member name.
  /// - Returns: The removed value, or `nil` when the key was absent.
  /// - Complexity: O(*n*).
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSON? {
    guard let position = index(forKey: key) else { return nil }
    let removed = _members.remove(at: position)
    if _index != nil { rebuildIndex() }
    return removed.value
  }

  /// Inserts a member at a position, or moves an existing key's value there.
  /// - Parameters:
  ///   - value: The member value.
  ///   - key: The member name.
  ///   - position: The position, from `0` to `count`.
  public mutating func insert(_ value: JSON, forKey key: String, at position: Int) {
    if index(forKey: key) != nil { removeValue(forKey: key) }
    _members.insert(Member(key: key, value: value), at: Swift.min(Swift.max(position, 0), _members.count))
    if _index != nil || _members.count >= Self.indexThreshold { rebuildIndex() }
  }

  /// Returns a copy whose members are sorted by key, comparing keys by their Unicode scalars.
  /// - Returns: The sorted object.
  public func sortedByKey() -> JSONObject {
    var copy = self
    copy._members.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
    if copy._index != nil { copy.rebuildIndex() }
    return copy
  }

  private mutating func rebuildIndex() {
    _index = _members.count >= Self.indexThreshold ? KeyIndexBox() : nil
  }
}

extension JSONObject: RandomAccessCollection {
  /// The position of the first member.
  public var startIndex: Int { 0 }
  /// The position after the last member.
  public var endIndex: Int { _members.count }
  /// The member at a position.
  /// - Parameter position: A valid position.
  public subscript(position: Int) -> (key: String, value: JSON) {
    let member = _members[position]
    return (member.key, member.value)
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Creates an object from a literal, in the literal's order.
  /// - Parameter elements: The members.
  public init(dictionaryLiteral elements: (String, JSON)...) { self.init(elements) }
}

extension JSONObject: Equatable {
  /// Objects are equal when they have the same keys with equal values; member order does not matter.
  /// - Parameters:
  ///   - lhs: An object.
  ///   - rhs: Another object.
  /// - Returns: Whether they are equal.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { JSON.object(lhs) == JSON.object(rhs) }
}

extension JSONObject: Hashable {
  /// Hashes the members independently of their order.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(JSON.digest(.object(self))) }
}

/// Holds an object's key index, built on first use; safe to read from several threads at once.
///
/// The index is read and published under one of a few shared locks, picked by the box's address: a lock of its own
/// would cost every large object an allocation and a mutex to set up (+0.7% instructions on a tree parse of
/// twitter.json, whose user objects all have an index box), and `AtomicLazyReference` needs macOS 15.
@usableFromInline final class KeyIndexBox: @unchecked Sendable {  // `lazy` is reached only under `stripe`'s lock.
  private var lazy: KeyIndex?
  private static let stripes = (0..<16).map { _ in Lock(()) }

  private var stripe: Lock<Void> {
    Self.stripes[Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(self)) &>> 5) & 15]
  }

  var built: KeyIndex? { stripe.withLock { _ in lazy } }

  func index(for members: [JSONObject.Member]) -> [ExactKey: Int] {
    if let built { return built.table }
    // Built outside the lock; of two threads that both built one, the first to store it wins.
    var table = [ExactKey: Int](minimumCapacity: members.count)
    for (position, member) in members.enumerated() { table[ExactKey(member.key)] = position }
    return stripe.withLock { _ in
      if lazy == nil { lazy = KeyIndex(table) }
      return lazy!.table
    }
  }
}

/// Key → position. Mutated only while its box is uniquely referenced by a mutating `JSONObject`.
@usableFromInline final class KeyIndex: @unchecked Sendable {  // Mutated only while uniquely referenced.
  var table: [ExactKey: Int]
  init(_ table: [ExactKey: Int]) { self.table = table }
}

/// A key compared and hashed by its exact UTF-8 bytes (Swift's `String ==` uses canonical equivalence, which would
/// merge distinct JSON keys).
@usableFromInline struct ExactKey: Hashable, Sendable {
  let string: String

  init(_ string: String) { self.string = string }

  @inline(__always)
  static func equal(_ a: String, _ b: String) -> Bool {
    // Most keys differ in length (O(1) for native strings); `==` then rejects the rest fast. It is never false for
    // byte-equal strings, but canonical equivalence can be true for different bytes, so a match is confirmed on
    // the bytes themselves (a plain loop: the generic `utf8.elementsEqual` cost ~10% of a JSON:API flatten).
    guard a.utf8.count == b.utf8.count, a == b else { return false }
    var a = a
    var b = b
    return a.withUTF8 { x in
      b.withUTF8 { y in
        for k in 0..<x.count where x[k] != y[k] { return false }
        return true
      }
    }
  }

  @usableFromInline static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { equal(lhs.string, rhs.string) }

  @usableFromInline func hash(into hasher: inout Hasher) {
    var string = string
    string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
