import Foundation
import Testing

@testable import Parsnip

/// Foundation coder API that ParsnipDecoder and ParsnipEncoder must also have (issue 13): 128-bit integers and
/// `CodableWithConfiguration`, each compared with JSONDecoder and JSONEncoder on this toolchain.
@Suite struct CodableDropInAPITests {
  // MARK: Int128 and UInt128

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Int128
  struct Wide: Codable, Equatable {
    var signed: Int128
    var unsigned: UInt128
    var optional: Int128?
    var list: [UInt128]
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Int128
  static let extremes = Wide(
    signed: .min, unsigned: .max, optional: Int128(Int64.max) + 1, list: [0, UInt128(UInt64.max) + 1, .max])

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Int128
  @Test func encodes128BitIntegersExactlyWithFoundationsBytes() throws {
    let encoder = ParsnipEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let bytes = try encoder.encode(Self.extremes)
    #expect(bytes == (try foundation.encode(Self.extremes)))
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"list":[0,18446744073709551616,340282366920938463463374607431768211455],"#
        + #""optional":9223372036854775808,"signed":-170141183460469231731687303715884105728,"#
        + #""unsigned":340282366920938463463374607431768211455}"#)
    // The tree encoder (containers used out of order, and encodeToJSON's value) keeps every digit too.
    #expect(try encoder.encodeToJSON(Self.extremes)["signed"].description == "-170141183460469231731687303715884105728")
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Int128
  @Test func decodes128BitIntegersExactlyAsFoundationDoes() throws {
    let text = try JSONEncoder().encode(Self.extremes)
    #expect(try ParsnipDecoder().decode(Wide.self, from: text) == Self.extremes)
    #expect(try JSONDecoder().decode(Wide.self, from: text) == Self.extremes)
    // Whole numbers in other spellings, as for every integer type.
    #expect(
      try ParsnipDecoder().decode([Int128].self, from: "[1e3, -2, 3.0, 170141183460469231731687303715884105727]")
        == [1000, -2, 3, .max])
    #expect(try ParsnipDecoder().decode(Int128.self, from: try ParsnipEncoder().encode(Int128.min)) == .min)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // Int128
  @Test func rejects128BitIntegersOutOfRangeWithTheirPath() throws {
    for (text, type) in [
      ("[340282366920938463463374607431768211456]", "UInt128"), ("[-1]", "UInt128"), ("[1.5]", "UInt128"),
    ] {
      let error = #expect(throws: DecodingError.self) { try ParsnipDecoder().decode([UInt128].self, from: text) }
      guard case .dataCorrupted(let context) = error else {
        Issue.record("expected dataCorrupted, got \(String(describing: error))")
        continue
      }
      #expect(context.codingPath.map(\.intValue) == [0])
      #expect(context.debugDescription.contains(type))
    }
    let tooSmall = #expect(throws: DecodingError.self) {
      try ParsnipDecoder().decode(Int128.self, from: "-170141183460469231731687303715884105729")
    }
    #expect(tooSmall != nil)
  }

  // MARK: CodableWithConfiguration

  struct Price: DecodableWithConfiguration, EncodableWithConfiguration, Equatable {
    var cents: Int
    enum CodingKeys: CodingKey { case amount }

    init(cents: Int) { self.cents = cents }

    init(from decoder: any Decoder, configuration: Currency) throws {
      let amount = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .amount)
      cents = amount * configuration.centsPerUnit
    }

    func encode(to encoder: any Encoder, configuration: Currency) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(cents / configuration.centsPerUnit, forKey: .amount)
    }
  }

  struct Currency: Sendable { var centsPerUnit: Int }

  enum Euro: DecodingConfigurationProviding, EncodingConfigurationProviding {
    static var decodingConfiguration: Currency { Currency(centsPerUnit: 100) }
    static var encodingConfiguration: Currency { Currency(centsPerUnit: 100) }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)  // JSONDecoder.decode(_:from:configuration:)
  @Test func decodesWithAConfigurationAsFoundationDoes() throws {
    let data = Data(#"{"amount": 12}"#.utf8)
    let yen = Currency(centsPerUnit: 1)
    #expect(try ParsnipDecoder().decode(Price.self, from: data, configuration: yen) == Price(cents: 12))
    #expect(try ParsnipDecoder().decode(Price.self, from: data, configuration: Euro.self) == Price(cents: 1200))
    #expect(try JSONDecoder().decode(Price.self, from: data, configuration: Euro.self) == Price(cents: 1200))
    // Errors are Foundation's, with the coding path.
    let error = #expect(throws: DecodingError.self) {
      try ParsnipDecoder().decode(Price.self, from: Data(#"{"amount": "12"}"#.utf8), configuration: yen)
    }
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("expected typeMismatch, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["amount"])
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)  // JSONEncoder.encode(_:configuration:)
  @Test func encodesWithAConfigurationToFoundationsBytes() throws {
    let price = Price(cents: 1200)
    let parsnip = try ParsnipEncoder().encode(price, configuration: Euro.self)
    #expect(parsnip == (try JSONEncoder().encode(price, configuration: Euro.self)))
    #expect(String(decoding: parsnip, as: UTF8.self) == #"{"amount":12}"#)
    #expect(
      String(decoding: try ParsnipEncoder().encode(price, configuration: Currency(centsPerUnit: 1)), as: UTF8.self)
        == #"{"amount":1200}"#)
  }
}
