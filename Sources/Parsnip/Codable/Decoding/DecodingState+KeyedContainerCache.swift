import Foundation

// Two per-key-type caches, for the costs that dominate decoding a struct (the same two the encoder keeps, see
// StreamEncoderState+KeyedContainerCache.swift):
//
// - Member names. A `CodingKeys` enum (or any plain key type of at most one byte) is identified by its byte, so its
//   `stringValue`, converted to snake case under `.convertFromSnakeCase`, is the same every time: it is computed once
//   and read from a table afterwards, instead of calling `stringValue` for every member. The tables outlive the
//   decode, for the next one in the same key mode (`DecodeCaches`).
// - Container boxes. `KeyedDecodingContainer` wraps each container in a class instance, and creating one asks the
//   runtime for the generic metadata of the box and of `TapeKeyedContainer<Key>` before allocating. The box handed
//   out last for a key type is handed out again, retargeted at the new object (and, in a later decode, at that
//   decode's view and lifetime slot), once its user has let go of it (the cache holds the only reference); a
//   container that is still held is never touched. A box only the cache holds when its decode ends stays with the
//   names for the thread's next decode.

extension DecodingState {
  /// A keyed container over `object`, reusing this key type's last box when nobody holds it any more.
  @inline(__always)
  func keyedContainer<Key: CodingKey>(
    _ type: Key.Type, decoder: TapeDecoder, object: Int
  ) -> KeyedDecodingContainer<Key> {
    let view = self.view
    let end = view.pointee.end(object)
    let hasDuplicates = view.pointee.hasDuplicateKeys(object: object, end: end)
    if view.pointee.marks != nil || view.pointee.keyMode == .custom { prepareRarePaths(object: object, end: end) }
    let index = keyTypeIndex(type)
    // After the call, boxes are neither reused nor listed (see below).
    let boxIsReference = reusesBoxes && cachesBoxes
    let place = ContainerTarget(
      view: UnsafePointer(view), slot: UnsafePointer(slot), generation: generation, decoder: decoder, object: object,
      end: end, hasDuplicates: hasDuplicates)
    if boxIsReference, isKnownUniquelyReferenced(&keyTypes[index].box), let target = keyTypes[index].target {
      target.pointee = place
      return StandardLibraryLayout.decodingContainer(boxedIn: keyTypes[index].box.unsafelyUnwrapped, as: Key.self)
    }
    // Each target has one owner: the key type's entry while its box is the cached one (kept with the entry from
    // decode to decode), then ``boxes`` or ``ownedTargets``, freed once the box is let go of or the state ends.
    let target = UnsafeMutablePointer<ContainerTarget>.allocate(capacity: 1)
    target.initialize(to: place)
    let container = KeyedDecodingContainer(TapeKeyedContainer<Key>(target: target, names: keyTypes[index].names))
    if boxIsReference {
      // The box it replaces is still held: listed, for `finish(_:)`.
      if let held = keyTypes[index].box, let heldTarget = keyTypes[index].target {
        boxes.append((held, heldTarget))
        if boxes.count >= boxesToPruneAt { pruneBoxes() }
      }
      keyTypes[index].box = StandardLibraryLayout.box(of: container)
      keyTypes[index].target = target
    } else {
      ownedTargets.append(target)
      if reusesBoxes, parent == nil, isDetached {
        // After the call: the container's decoder is held with the box, as `finish(_:)` holds those it finds.
        DetachedDecodes.hold([(StandardLibraryLayout.box(of: container), decoder)])
      }
    }
    return container
  }

  /// Bookkeeping for strict mode and custom key strategies, kept out of the common path.
  @inline(never)
  private func prepareRarePaths(object: Int, end: Int) {
    if tracksKeys { noteOpened(object) }
    if case .custom(let convert) = options.keyDecodingStrategy, customNames[object] == nil {
      let path = codingPath(to: object)
      var names: [String: Int] = [:]
      var key = object + 1
      while key < end {
        // Two members whose names convert to the same key: the first wins, as in Foundation.
        let name = convert(path + [PathCodingKey(stringValue: string(ofKey: key))]).stringValue
        if names[name] == nil { names[name] = key }
        key = next(key + 1)
      }
      customNames[object] = names
    }
  }

  /// The index of `type`'s entry in `keyTypes`, through a direct-mapped cache of metadata addresses.
  @inline(__always)
  private func keyTypeIndex<Key: CodingKey>(_ type: Key.Type) -> Int {
    let tag = UInt(bitPattern: ObjectIdentifier(type))
    let slot = Int(truncatingIfNeeded: (tag &>> 4) & 63)
    if keyTypeTags[slot] == tag { return keyTypeSlots[slot] }
    return registerKeyType(type, tag: tag, slot: slot)
  }

  @inline(never)
  private func registerKeyType<Key: CodingKey>(_ type: Key.Type, tag: UInt, slot: Int) -> Int {
    let index: Int
    if let known = keyTypeIndexes[ObjectIdentifier(type)] {
      index = known
    } else {
      var names: UnsafeMutablePointer<Int32>?
      // Names depend only on the key's byte for payload-free key types of at most one byte; `.custom` may look at
      // the coding path, so its names are never cached.
      if view.pointee.keyMode != .custom, _isPOD(Key.self), MemoryLayout<Key>.size <= 1 {
        names = .allocate(capacity: 256)
        names?.initialize(repeating: 0, count: 256)
      }
      index = keyTypes.count
      keyTypes.append(DecodeKeyTypeEntry(names: names, box: nil, target: nil))
      keyTypeIndexes[ObjectIdentifier(type)] = index
    }
    keyTypeTags[slot] = tag
    keyTypeSlots[slot] = index
    return index
  }

  /// Caches the name of `key` (in snake case under `.convertFromSnakeCase`) and returns its index + 1.
  @inline(never)
  func cacheName<Key: CodingKey>(of key: Key, names: UnsafeMutablePointer<Int32>, byte: Int) -> Int {
    let text = view.pointee.keyMode == .snakeCase ? KeyConversion.convertToSnakeCase(key.stringValue) : key.stringValue
    let index = view.pointee.workspace.pointee.appendName(text)
    names[byte] = Int32(truncatingIfNeeded: index + 1)
    return index + 1
  }

  /// Moves the cached container boxes that are still held to ``boxes``, for `finish(_:)`; those only the cache holds
  /// stay, for the next decode on this thread (`DecodeCaches`).
  func listCachedBoxes() {
    for index in keyTypes.indices where !isKnownUniquelyReferenced(&keyTypes[index].box) {
      if let box = keyTypes[index].box, let target = keyTypes[index].target { boxes.append((box, target)) }
      keyTypes[index].box = nil
      keyTypes[index].target = nil
    }
  }

  /// Lets go of the boxes nobody else holds any more, so that ``boxes`` stays within twice the boxes in use.
  @inline(never)
  private func pruneBoxes() {
    var list = boxes
    boxes = []
    var held = 0
    for index in list.indices where !isKnownUniquelyReferenced(&list[index].box) {
      list.swapAt(held, index)
      held += 1
    }
    for index in held..<list.count { list[index].target.deallocate() }
    list.removeLast(list.count - held)
    boxes = list
    boxesToPruneAt = Swift.max(64, 2 * held)
  }

  /// The boxes that something other than ``boxes`` still holds, each with the decoder it reads through.
  func keptBoxes() -> [(box: AnyObject, decoder: TapeDecoder)] {
    // Taken out first, so that the array's buffer is not shared when the check asks for each element in place.
    var list = boxes
    boxes = []
    var kept: [(box: AnyObject, decoder: TapeDecoder)] = []
    for index in list.indices {
      if isKnownUniquelyReferenced(&list[index].box) {
        list[index].target.deallocate()
      } else {
        kept.append((list[index].box!, list[index].target.pointee.decoder))
        ownedTargets.append(list[index].target)
      }
    }
    return kept
  }
}
