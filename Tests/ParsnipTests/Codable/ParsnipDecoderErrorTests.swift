import Foundation
import Testing

@testable import Parsnip

/// Errors: Foundation's `DecodingError` cases, full coding paths, and descriptions that point into the input.
@Suite struct ParsnipDecoderErrorTests {
  struct User: Decodable, Equatable {
    var name: String
    var email: String
    var age: Int8
  }

  struct Team: Decodable, Equatable {
    var users: [User]
  }

  static let team = """
    {
      "users": [
        {"name": "a", "email": "a@x", "age": 1},
        {"name": "b", "email": "b@x", "age": 2},
        {"name": "c", "email": "c@x", "age": 3},
        {"name": "d",
         "email": null, "age": 4}
      ]
    }
    """

  private func context(_ body: () throws -> Any) -> (kind: String, context: DecodingError.Context)? {
    do {
      _ = try body()
    } catch let error as DecodingError {
      switch error {
      case .typeMismatch(_, let c): return ("typeMismatch", c)
      case .valueNotFound(_, let c): return ("valueNotFound", c)
      case .keyNotFound(_, let c): return ("keyNotFound", c)
      case .dataCorrupted(let c): return ("dataCorrupted", c)
      @unknown default: return nil
      }
    } catch {
      return nil
    }
    return nil
  }

  @Test func nullForAStringNamesThePathAndTheLocation() throws {
    let failure = try #require(context { try ParsnipDecoder().decode(Team.self, from: Self.team) })
    #expect(failure.kind == "valueNotFound")
    #expect(failure.context.codingPath.map(\.stringValue) == ["users", "Index 3", "email"])
    #expect(failure.context.debugDescription == "users[3].email: expected a String, found null (line 7, column 15)")
  }

  @Test func wrongTypeDescribesTheValueFound() throws {
    let json = #"{"users": [{"name": "a", "email": 12.5, "age": 1}]}"#
    let failure = try #require(context { try ParsnipDecoder().decode(Team.self, from: json) })
    #expect(failure.kind == "typeMismatch")
    #expect(
      failure.context.debugDescription == "users[0].email: expected a String, found a number (12.5) (line 1, column 35)"
    )
  }

  @Test func missingKeyNamesTheKeyAndTheObject() throws {
    let json = "{\"users\": [\n  {\"name\": \"a\", \"age\": 1}]}"
    let decoder = ParsnipDecoder()
    do {
      _ = try decoder.decode(Team.self, from: json)
      Issue.record("expected keyNotFound")
    } catch DecodingError.keyNotFound(let key, let context) {
      #expect(key.stringValue == "email")
      #expect(context.codingPath.map(\.stringValue) == ["users", "Index 0"])
      #expect(context.debugDescription == "users[0]: key \"email\" not found (line 2, column 3)")
    }
  }

  @Test func snakeCaseMissingKeySaysWhatWasLookedFor() throws {
    struct Profile: Decodable { var displayName: String }
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let failure = try #require(context { try decoder.decode(Profile.self, from: #"{"name": "x"}"#) })
    #expect(
      failure.context.debugDescription == #"key "displayName" not found (looked for "display_name") (line 1, column 1)"#
    )
  }

  @Test func numberOutOfRangeKeepsItsPath() throws {
    let json = #"{"users": [{"name": "a", "email": "e", "age": 300}]}"#
    let failure = try #require(context { try ParsnipDecoder().decode(Team.self, from: json) })
    #expect(failure.kind == "dataCorrupted")
    #expect(failure.context.codingPath.map(\.stringValue) == ["users", "Index 0", "age"])
    #expect(failure.context.debugDescription == "users[0].age: number 300 does not fit in Int8 (line 1, column 47)")
  }

  @Test(arguments: [
    ("[1, 2", "unexpected end of input"),
    (#"{"a" 1}"#, "expected ':' after an object key"),
    ("[1, 2] x", "after the top-level value"),
    ("[\"\u{01}\"]", "unescaped control character"),
    ("", "unexpected end of input"),
  ])
  func invalidJSONIsDataCorruptedWithTheParseError(json: String, message: String) throws {
    let failure = try #require(context { try ParsnipDecoder().decode([Int].self, from: json) })
    #expect(failure.kind == "dataCorrupted")
    #expect(failure.context.codingPath.isEmpty)
    let parseError = try #require(failure.context.underlyingError as? JSONParseError)
    #expect(parseError.message.contains(message))
    #expect(failure.context.debugDescription.hasPrefix("The given data was not valid JSON: "))
    #expect(failure.context.debugDescription.hasSuffix("(line \(parseError.line), column \(parseError.column))"))
  }

  @Test func invalidUTF8IsDataCorrupted() throws {
    let failure = try #require(
      context { try ParsnipDecoder().decode([String].self, from: [0x5B, 0x22, 0xFF, 0x22, 0x5D]) })
    #expect((failure.context.underlyingError as? JSONParseError)?.kind == .invalidUTF8)
  }

  @Test func deepNestingFailsCleanly() throws {
    struct Deep: Decodable {
      var child: [Deep]
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        child = container.isAtEnd ? [] : [try container.decode(Deep.self)]
      }
    }
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let failure = try #require(context { try ParsnipDecoder().decode(Deep.self, from: text) })
    #expect((failure.context.underlyingError as? JSONParseError)?.kind == .nestingTooDeep)
    // Within the limit, recursion depth follows the document.
    let ok = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    #expect(throws: Never.self) { try ParsnipDecoder().decode(Deep.self, from: ok) }
  }

  @Test func hugeNumbersAndStringsAreHandled() throws {
    let digits = String(repeating: "9", count: 10_000)
    let failure = try #require(context { try ParsnipDecoder().decode([Int].self, from: "[\(digits)]") })
    #expect(failure.kind == "dataCorrupted")
    #expect(failure.context.debugDescription.contains("does not fit in Int"))
    let double = try #require(context { try ParsnipDecoder().decode([Double].self, from: "[\(digits)]") })
    #expect(double.context.debugDescription.contains("does not fit in Double"))
    #expect(
      try ParsnipDecoder().decode([Decimal].self, from: "[1\(String(repeating: "0", count: 30))]")
        == [Decimal(string: "1" + String(repeating: "0", count: 30))!])
    let long = String(repeating: "é", count: 200_000)
    #expect(try ParsnipDecoder().decode([String].self, from: "[\"\(long)\"]") == [long])
  }

  @Test func containersReportFoundationsTypes() throws {
    do {
      _ = try ParsnipDecoder().decode([Int].self, from: #"{"a": 1}"#)
      Issue.record("expected typeMismatch")
    } catch DecodingError.typeMismatch(let type, let context) {
      #expect(ObjectIdentifier(type) == ObjectIdentifier([Any].self))
      #expect(context.debugDescription == "expected an array, found an object (line 1, column 1)")
    }
    do {
      _ = try ParsnipDecoder().decode(User.self, from: "null")
      Issue.record("expected valueNotFound")
    } catch DecodingError.valueNotFound(let type, _) {
      #expect(ObjectIdentifier(type) == ObjectIdentifier([String: Any].self))
    }
  }

  @Test func unkeyedContainerAtEndIsValueNotFoundAtTheNextIndex() throws {
    struct Pair: Decodable {
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        _ = try container.decode(Int.self)
        _ = try container.decode(Int.self)
      }
    }
    do {
      _ = try ParsnipDecoder().decode([Pair].self, from: "[[1]]")
      Issue.record("expected valueNotFound")
    } catch DecodingError.valueNotFound(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["Index 0", "Index 1"])
      #expect(context.codingPath.last?.intValue == 1)
      #expect(context.debugDescription.hasPrefix("[0][1]: Unkeyed container is at end"))
    }
  }

  @Test func decoderCodingPathIsDerivedFromTheDocument() throws {
    struct Probe: Decodable {
      var path: String
      init(from decoder: any Decoder) throws { path = CodingPathRendering.render(decoder.codingPath) }
    }
    struct Outer: Decodable { var items: [String: [Probe]] }
    let outer = try ParsnipDecoder().decode(Outer.self, from: #"{"items": {"odd key": [{}, {}]}}"#)
    #expect(outer.items["odd key"]?.map(\.path) == ["items.odd key[0]", "items.odd key[1]"])
  }

  @Test func snakeCasePathsShowCamelCasedKeysAsFoundationDoes() throws {
    struct Inner: Decodable { var value: Int }
    struct Outer: Decodable { var innerThing: Inner }
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let json = #"{"inner_thing": {"value": "x"}}"#
    let failure = try #require(context { try decoder.decode(Outer.self, from: json) })
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let expected = try #require(context { try foundation.decode(Outer.self, from: Data(json.utf8)) })
    #expect(failure.context.codingPath.map(\.stringValue) == expected.context.codingPath.map(\.stringValue))
    #expect(failure.context.debugDescription.hasPrefix("innerThing.value: "))
  }

  /// Kept in statics, as a type might keep them: they read on after the decode returns, as Foundation's do (more in
  /// ParsnipDecoderLifetimeTests).
  @Test func containersKeptPastTheDecodeWorkAsFoundationsDo() throws {
    final class Escaper: Decodable, @unchecked Sendable {
      nonisolated(unsafe) static var kept: KeyedDecodingContainer<PathCodingKey>?
      nonisolated(unsafe) static var keptUnkeyed: (any UnkeyedDecodingContainer)?
      nonisolated(unsafe) static var keptDecoder: (any Decoder)?
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PathCodingKey.self)
        Self.kept = container
        Self.keptUnkeyed = try container.nestedUnkeyedContainer(forKey: PathCodingKey(stringValue: "list"))
        Self.keptDecoder = try container.superDecoder(forKey: PathCodingKey(stringValue: "list"))
      }
    }
    defer {
      Escaper.kept = nil
      Escaper.keptUnkeyed = nil
      Escaper.keptDecoder = nil
    }
    for decoder in [ParsnipDecoder()] as [any TopLevelDecoderForTests] + [JSONDecoder()] {
      try decoder.decodeEscaper(Escaper.self, from: Data(#"{"name": "x", "list": [1, 2]}"#.utf8))
      let container = try #require(Escaper.kept)
      #expect(Set(container.allKeys.map(\.stringValue)) == ["name", "list"])
      #expect(container.contains(PathCodingKey(stringValue: "name")))
      #expect(container.codingPath.isEmpty)
      #expect(try container.decode(String.self, forKey: PathCodingKey(stringValue: "name")) == "x")
      #expect(throws: DecodingError.self) { try container.decode(Int.self, forKey: PathCodingKey(stringValue: "name")) }
      var unkeyed = try #require(Escaper.keptUnkeyed)
      #expect(unkeyed.count == 2)
      #expect(try unkeyed.decode(Int.self) == 1)
      let decoder = try #require(Escaper.keptDecoder)
      var list = try decoder.unkeyedContainer()
      #expect(try list.decode(Int.self) == 1)
    }
  }

  @Test func superDecoderOverAMissingMemberReadsNullWithItsPath() throws {
    struct Holder: Decodable {
      var value: Int?
      var path: [String]
      enum CodingKeys: String, CodingKey { case gone }
      init(from decoder: any Decoder) throws {
        let sub = try decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .gone)
        path = sub.codingPath.map(\.stringValue)
        value = try Int?(from: sub)
      }
    }
    let holder = try ParsnipDecoder().decode([Holder].self, from: "[{}]")
    #expect(holder[0].value == nil)
    #expect(holder[0].path == ["Index 0", "gone"])
    struct Required: Decodable {
      enum CodingKeys: String, CodingKey { case gone }
      init(from decoder: any Decoder) throws {
        _ = try Int(from: decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .gone))
      }
    }
    let failure = try #require(context { try ParsnipDecoder().decode([Required].self, from: "[{}]") })
    #expect(failure.kind == "valueNotFound")
    #expect(failure.context.codingPath.map(\.stringValue) == ["Index 0", "gone"])
  }
}

/// Both decoders, for tests that run the same steps through each.
protocol TopLevelDecoderForTests {
  func decodeEscaper<T: Decodable>(_ type: T.Type, from data: Data) throws
}
extension ParsnipDecoder: TopLevelDecoderForTests {
  func decodeEscaper<T: Decodable>(_ type: T.Type, from data: Data) throws { _ = try decode(type, from: data) }
}
extension JSONDecoder: TopLevelDecoderForTests {
  func decodeEscaper<T: Decodable>(_ type: T.Type, from data: Data) throws { _ = try decode(type, from: data) }
}
