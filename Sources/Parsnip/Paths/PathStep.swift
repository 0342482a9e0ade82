/// How one step of a path addresses a member of a container.
enum PathStep: Equatable {
  /// An object member.
  case member(String)
  /// An array element, possibly one past the end.
  case element(Int)
  /// The position after the last element (JSON Pointer's `-`).
  case end
}
