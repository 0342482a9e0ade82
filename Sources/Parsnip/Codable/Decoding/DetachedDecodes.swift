import Foundation

/// The decoders of keyed containers kept after their decode call returned (see `DecodingState.finish(_:)`).
///
/// A keyed container holds no counted reference, so what keeps its decoder (and the decode's state and text copy)
/// alive is an entry here, with the container's box. An entry goes once every box in it is held by nothing else;
/// that is checked at later decode calls, all entries once per as many checks as there are entries, so the check
/// costs O(1) per call and memory stays within what is held plus what was let go of since the last check. A thread
/// looks here once per `DecodeCaches.detachedCheckInterval` of its decode calls, so decodes on many threads at once
/// (parallel JSON Lines) seldom meet at this lock.
enum DetachedDecodes {
  private struct State {
    /// Optional boxes: see `DecodingState.boxes`.
    var entries: [[(box: AnyObject?, decoder: TapeDecoder)]] = []
    var callsUntilCheck = 0
  }
  private static let state = Lock(State())

  /// Keeps `boxes` and their decoders until the boxes are let go of.
  static func hold(_ boxes: [(box: AnyObject, decoder: TapeDecoder)]) {
    state.withLock { $0.entries.append(boxes.map { ($0.box, $0.decoder) }) }
  }

  /// Called at the end of a decode call, one in `DecodeCaches.detachedCheckInterval` per thread: lets go of the
  /// entries whose boxes nobody else holds, when it is time.
  static func releaseUnheld() {
    // Released after the lock: a state's deinit ends its lifetime slot, which takes another lock.
    var released: [[(box: AnyObject?, decoder: TapeDecoder)]] = []
    state.withLock { state in
      guard !state.entries.isEmpty else { return }
      state.callsUntilCheck -= 1
      guard state.callsUntilCheck <= 0 else { return }
      // Taken out first, so that the check below sees only the references this array holds.
      var all = state.entries
      state.entries = []
      for index in all.indices {
        var unheld = true
        for box in all[index].indices where !isKnownUniquelyReferenced(&all[index][box].box) {
          unheld = false
          break
        }
        if unheld { released.append(all[index]) } else { state.entries.append(all[index]) }
      }
      state.callsUntilCheck = state.entries.count
    }
    released.removeAll()
  }

  /// How many entries are held (tests).
  static var count: Int { state.withLock { $0.entries.count } }
}
