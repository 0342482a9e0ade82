import Foundation

/// A value and its configuration as one `Encodable`: it hands the same encoder on, so it adds no level and no key.
struct ConfiguredValue<Value: EncodableWithConfiguration>: Encodable {
  var value: Value
  var configuration: Value.EncodingConfiguration

  func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder, configuration: configuration)
  }
}
