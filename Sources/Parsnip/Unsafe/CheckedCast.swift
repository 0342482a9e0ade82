/// `value` as a `T`, which the caller has proven it is (`T.self == U.self` tested just before, or `U` is `T`'s only
/// type): the library's one cast that skips the runtime.
///
/// Checked in debug builds (the tests), unchecked in release: `as! T` asks the runtime for a dynamic cast (a call,
/// and a metadata lookup for generic types) per value, and the coders' fast paths cast every scalar, array and
/// dictionary they read or write; those callers test the type first, so in release the check could only repeat it.
@inline(__always)
func checkedCast<U, T>(_ value: U, to type: T.Type) -> T {
  assert(value is T, "checkedCast: a \(U.self) is not a \(T.self)")
  return unsafeBitCast(value, to: T.self)
}
