/// What one run of a decoder shares: its options, and how deep `lazy` decoders have recursed.
final class DecodingSession {
  let accumulates: Bool
  let maximumDepth: Int
  var depth = 0

  init(_ options: JSONDecodingOptions) {
    accumulates = options.accumulatesErrors
    maximumDepth = options.maximumDepth
  }
}
