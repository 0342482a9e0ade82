import Foundation
import Testing

@testable import Parsnip

/// Foundation decoder behaviours that ParsnipDecoder must share (issue 13), each checked against JSONDecoder on this
/// toolchain.
@Suite struct CodableDropInDecoderTests {
  // MARK: 1. The runtime type

  class Person: Codable {
    var name: String
    enum CodingKeys: CodingKey { case name }
    required init(from decoder: any Decoder) throws {
      name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }
  }

  final class Employee: Person {
    var company: String
    enum EmployeeKeys: CodingKey { case company }
    required init(from decoder: any Decoder) throws {
      company = try decoder.container(keyedBy: EmployeeKeys.self).decode(String.self, forKey: .company)
      try super.init(from: decoder)
    }
  }

  /// Decodes `Employee` through a `Person.Type` in every kind of container.
  struct Staff: Decodable {
    var keyed: Person
    var keyedIfPresent: Person?
    var element: Person
    var elementIfPresent: Person?
    var single: Person
    enum CodingKeys: CodingKey { case boss, deputy, team }

    init(from decoder: any Decoder) throws {
      let type: Person.Type = Employee.self
      let container = try decoder.container(keyedBy: CodingKeys.self)
      keyed = try container.decode(type, forKey: .boss)
      keyedIfPresent = try container.decodeIfPresent(type, forKey: .deputy)
      var team = try container.nestedUnkeyedContainer(forKey: .team)
      element = try team.decode(type)
      elementIfPresent = try team.decodeIfPresent(type)
      single = try container.superDecoder(forKey: .boss).singleValueContainer().decode(type)
    }

    var all: [Person?] { [keyed, keyedIfPresent, element, elementIfPresent, single] }
  }

  @Test func decodesTheRuntimeTypeItIsHandedAsFoundationDoes() throws {
    let person = #"{"name": "Ada", "company": "ACME"}"#
    let type: Person.Type = Employee.self
    let foundation = try JSONDecoder().decode(type, from: Data(person.utf8))
    let parsnip = try ParsnipDecoder().decode(type, from: person)
    #expect(foundation is Employee)
    #expect(parsnip is Employee)
    #expect((parsnip as? Employee)?.company == "ACME")
    #expect(try (ParsnipDecoder().decode(type, from: Data(person.utf8)) as? Employee)?.company == "ACME")

    let staff = #"{"boss": \#(person), "deputy": \#(person), "team": [\#(person), \#(person)]}"#
    let foundationStaff = try JSONDecoder().decode(Staff.self, from: Data(staff.utf8))
    let parsnipStaff = try ParsnipDecoder().decode(Staff.self, from: staff)
    // `KeyedDecodingContainer` hands its box `T.self`, not the metatype, so keyed members decode the static type,
    // in Foundation too; unkeyed and single-value containers see the metatype.
    #expect(foundationStaff.all.map { $0 is Employee } == [false, false, true, true, true])
    #expect(parsnipStaff.all.map { $0 is Employee } == foundationStaff.all.map { $0 is Employee })
  }

  // MARK: 2. decodeIfPresent past the end

  /// Reads three optional elements whatever the array holds, then reports where the container is.
  struct ReadsPastTheEnd: Decodable, Equatable {
    var scalars: [Int?] = []
    var generic: [[Int]?] = []
    var index = 0
    var isAtEnd = false

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      for _ in 0..<2 { scalars.append(try container.decodeIfPresent(Int.self)) }
      for _ in 0..<2 { generic.append(try container.decodeIfPresent([Int].self)) }
      index = container.currentIndex
      isAtEnd = container.isAtEnd
    }
  }

  @Test(arguments: ["[]", "[1]", "[1, null, [2]]", "[1, 2, [3], [4]]"])
  func decodeIfPresentPastTheEndAnswersNil(json: String) {
    DecoderOracle.expectSame(ReadsPastTheEnd.self, json)
  }

  // MARK: 5. Dictionary keys on error paths

  struct Inner: Decodable, Equatable { var fooBar: Int }
  struct Outer: Decodable, Equatable { var someMap: [String: Inner] }

  @Test(arguments: [
    #"{"leave_me_alone": {"foo_bar": "x"}}"#, #"{"ok_key": {"foo_bar": 1}, "leave_me_alone": {"foo_bar": null}}"#,
    #"{"leave_me_alone": {}}"#,
  ])
  func dictionaryKeysOnErrorPathsAreAsWritten(json: String) throws {
    let snakeCase: (JSONDecoder) -> Void = { $0.keyDecodingStrategy = .convertFromSnakeCase }
    let parsnipSnakeCase: (ParsnipDecoder) -> Void = { $0.keyDecodingStrategy = .convertFromSnakeCase }
    DecoderOracle.expectSame([String: Inner].self, json, foundation: snakeCase, parsnip: parsnipSnakeCase)
    DecoderOracle.expectSame(Outer.self, #"{"some_map": \#(json)}"#, foundation: snakeCase, parsnip: parsnipSnakeCase)
    DecoderOracle.expectSame([String: Int].self, json, foundation: snakeCase, parsnip: parsnipSnakeCase)
  }

  @Test func dictionaryKeyOnTheErrorMessageIsAsWritten() {
    let decoder = ParsnipDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    do {
      _ = try decoder.decode(Outer.self, from: #"{"some_map": {"leave_me_alone": {"foo_bar": "x"}}}"#)
      Issue.record("expected an error")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["someMap", "leave_me_alone", "fooBar"])
      #expect(context.debugDescription.hasPrefix("someMap.leave_me_alone.fooBar: "))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  // MARK: 7. Repeated and colliding keys

  struct Member: Decodable, Equatable { var fooBar: Int }
  struct Twenty: Decodable, Equatable { var k3: Int; var k19: Int }
  struct Identified: Decodable, Equatable { var id: Int; var userName: Int? }

  @Test func repeatedKeysDecodeTheFirstAsFoundation() {
    DecoderOracle.expectSame(Member.self, #"{"fooBar": 1, "fooBar": 2}"#)
    DecoderOracle.expectSame(Member.self, #"{"fooBar": 1, "f\u006foBar": 2}"#)
    DecoderOracle.expectSame(Member.self, #"{"fooBar": "x", "fooBar": 2}"#)
    DecoderOracle.expectSame([String: Int].self, #"{"a": 1, "b": 2, "a": 3}"#)
    let members = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    DecoderOracle.expectSame(Twenty.self, "{\(members), \"k3\": 33}")
    DecoderOracle.expectSame(Twenty.self, "{\"k19\": 0, \(members), \"k3\": 33}")
  }

  @Test(arguments: [
    #"{"foo_bar": 1, "fooBar": 2}"#, #"{"fooBar": 2, "foo_bar": 1}"#, #"{"foo__bar": 2, "foo_bar": 1}"#,
    #"{"foo_bar": 1, "foo__bar": 2}"#, #"{"foo_bar": 1, "foo_bar": 2}"#, #"{"Foo_bar": 1, "foo_bar": 2}"#,
    #"{"foo_Bar": 3, "fooBar": 2, "foo_bar": 1}"#, #"{"foo_bar": "x", "fooBar": 2}"#, #"{"fooBar": 1, "other": 2}"#,
  ])
  func keysThatMeetAfterSnakeCaseConversionDecodeFoundationsChoice(json: String) {
    DecoderOracle.expectSame(
      Member.self, json, foundation: { $0.keyDecodingStrategy = .convertFromSnakeCase },
      parsnip: { $0.keyDecodingStrategy = .convertFromSnakeCase })
  }

  @Test(arguments: [
    #"{"_id": 1, "id": 2}"#, #"{"id": 2, "_id": 1}"#, #"{"id": 1, "user_name": 2, "userName": 3}"#,
    #"{"id": 1, "User_Name": 2, "user_name": 3}"#, #"{"id_": 1, "id": 2, "user__name": 4}"#,
    #"{"a1": 0, "a_1": 1, "id": 2}"#,
  ])
  func snakeCaseCollisionsInLargerObjects(json: String) {
    // Padding members make the object large enough for the hashed check.
    let padding = (0..<12).map { "\"pad_\($0)\": \($0)" }.joined(separator: ", ")
    let padded = String(json.dropLast()) + ", " + padding + "}"
    for text in [json, padded] {
      DecoderOracle.expectSame(
        Identified.self, text, foundation: { $0.keyDecodingStrategy = .convertFromSnakeCase },
        parsnip: { $0.keyDecodingStrategy = .convertFromSnakeCase })
    }
  }

  // MARK: Trailing commas

  @Test(arguments: [
    "[1, 2,]", "[1 , \n ]", "[[1,], [], ]", #"["a,]",]"#, #"["a\",]",]"#, "[,]", "[1,,]", "[1,]x", "[1] ,",
  ])
  func trailingCommasAsFoundationWithTheOption(json: String) {
    DecoderOracle.expectSame([[Int]].self, "[\(json)]", parsnip: { $0.allowsTrailingCommas = true })
    DecoderOracle.expectSame([String].self, json, parsnip: { $0.allowsTrailingCommas = true })
    DecoderOracle.expectSame([Int].self, json, parsnip: { $0.allowsTrailingCommas = true })
  }

  @Test func trailingCommasInObjectsAsFoundationWithTheOption() {
    for json in [#"{"a": 1,}"#, #"{"a": {"b": [2,],},}"#, "{,}", #"{"a":,}"#, #"{"a": 1,,}"#] {
      DecoderOracle.expectSame([String: Int].self, json, parsnip: { $0.allowsTrailingCommas = true })
      DecoderOracle.expectSame([String: [String: [Int]]].self, json, parsnip: { $0.allowsTrailingCommas = true })
    }
  }

  @Test func trailingCommasAreRejectedByDefaultAndErrorsPointIntoTheTextAsWritten() throws {
    #expect(throws: DecodingError.self) { try ParsnipDecoder().decode([Int].self, from: "[1,]") }
    let decoder = ParsnipDecoder()
    decoder.allowsTrailingCommas = true
    #expect(try decoder.decode([Int].self, from: "[1,]") == [1])
    // The error after a dropped comma names its place in the input.
    do {
      _ = try decoder.decode([Int].self, from: "[1,]\n[2,]")
      Issue.record("expected an error")
    } catch DecodingError.dataCorrupted(let context) {
      let parseError = try #require(context.underlyingError as? JSONParseError)
      #expect(parseError.byteOffset == 5)
      #expect(parseError.line == 2 && parseError.column == 1)
    }
    // A type mismatch after dropped commas is located in the input too.
    do {
      _ = try decoder.decode([[Int]].self, from: #"[[1,], [2,], ["x"]]"#)
      Issue.record("expected an error")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(context.debugDescription.hasSuffix("(line 1, column 15)"))
    }
    #expect(try JSON(parsing: "[1,]", options: .init(allowsTrailingCommas: true)) == [1])
  }
}
