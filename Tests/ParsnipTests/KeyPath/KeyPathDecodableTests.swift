import Foundation
import Testing

@testable import Parsnip

@Suite struct KeyPathDecodableTests {
  struct Manager: Decodable, Equatable {
    var dept: String
    var salary: Int
  }

  enum Level: String, Decodable, Equatable {
    case junior, senior
  }

  struct Company: Decodable, Equatable {
    var name: String
    var managers: [String: Manager]
    var employees: [String]
    var levels: [Level]
    var founded: Date
    var website: URL
    var logo: Data
    var ratio: Double
    var small: Float
    var tiny: Int8
    var big: UInt64
    var grid: [[Int]]
    var missing: Int?
    var nothing: String?
  }

  static let companyText = #"""
    {"company": {
      "name": "Parsnip Ltd",
      "managers": {"racheal": {"dept": "HR", "salary": 123}, "gavin": {"dept": "RND", "salary": 122}},
      "employees": ["jim", "barb", "sam"], "levels": ["junior", "senior"], "founded": 700000000.5,
      "website": "https://example.com/a?b=c", "logo": "UGFyc25pcA==", "ratio": 0.1, "small": 1.5, "tiny": -128,
      "big": 18446744073709551615, "grid": [[1, 2], [], [3]], "nothing": null
    }}
    """#

  @Test func decodesLikeFoundationJSONDecoder() throws {
    struct Wrapper: Decodable { var company: Company }
    let oracle = try JSONDecoder().decode(Wrapper.self, from: Data(Self.companyText.utf8)).company
    let json = try JSON(parsing: Self.companyText)
    let company: Company = try json.value(at: "company")
    #expect(company == oracle)
    #expect(company.logo == Data("Parsnip".utf8))
  }

  @Test func decodesNestedValueByKeyPath() throws {
    let json = try JSON(parsing: Self.companyText)
    let racheal: Manager = try json.value(at: "company.managers.racheal")
    #expect(racheal == Manager(dept: "HR", salary: 123))
    let levels: [Level] = try json.value(at: "company.levels")
    #expect(levels == [.junior, .senior])
  }

  @Test func missingKeyInsideDecodableNamesFullPath() throws {
    let json: JSON = ["company": ["managers": ["racheal": ["dept": "HR"]]]]
    #expect(throws: JSONKeyPathError(.noValueForKey("salary"), keyPath: try JSONKeyPath("company.managers.racheal"))) {
      try json.value(at: "company", as: [String: [String: Manager]].self)
    }
  }

  @Test func typeMismatchInsideArrayNamesElement() throws {
    let json: JSON = ["list": [["dept": "HR", "salary": 1], ["dept": "RND", "salary": "lots"]]]
    #expect(
      throws: JSONKeyPathError(
        .typeMismatch(expected: "Int", found: .string), keyPath: try JSONKeyPath("list[1].salary"))
    ) {
      try json.value(at: "list", as: [Manager].self)
    }
  }

  /// `Decodable` reads go through `ParsnipDecoder`, which reports a number that does not fit like Foundation does.
  @Test func inexactIntegerInsideDecodableIsDataCorrupted() throws {
    let json: JSON = ["m": ["dept": "HR", "salary": 12.5]]
    #expect(
      throws: JSONKeyPathError(
        .dataCorrupted("number 12.5 is not an integer (Int)"), keyPath: try JSONKeyPath("m.salary"))
    ) {
      try json.value(at: "m", as: Manager.self)
    }
  }

  @Test func nullForNonOptionalIsTypeMismatchWithNull() throws {
    let json: JSON = ["m": ["dept": nil, "salary": 1]]
    #expect(
      throws: JSONKeyPathError(.typeMismatch(expected: "String", found: .null), keyPath: try JSONKeyPath("m.dept"))
    ) {
      try json.value(at: "m", as: Manager.self)
    }
  }

  struct Pair: Decodable {
    var first: Int
    var second: Int
    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      first = try container.decode(Int.self)
      second = try container.decode(Int.self)
    }
  }

  @Test func unkeyedContainerAtEndIsIndexOutOfRange() throws {
    let json: JSON = ["pair": [1]]
    #expect(throws: JSONKeyPathError(.indexOutOfRange(index: 1, count: 1), keyPath: try JSONKeyPath("pair"))) {
      try json.value(at: "pair", as: Pair.self)
    }
    let pair: Pair = try (["pair": [4, 5]] as JSON).value(at: "pair")
    #expect(pair.first == 4 && pair.second == 5)
  }

  struct Validated: Decodable {
    struct TooSmall: Error {}
    var value: Int
    init(from decoder: any Decoder) throws {
      value = try decoder.singleValueContainer().decode(Int.self)
      if value < 10 { throw TooSmall() }
    }
  }

  @Test func customErrorsKeepUnderlyingError() throws {
    let json: JSON = ["v": 3]
    do {
      _ = try json.value(at: "v", as: Validated.self)
      Issue.record("expected an error")
    } catch {
      #expect(error.keyPath == (try JSONKeyPath("v")))
      #expect(error.underlyingError is Validated.TooSmall)
      guard case .dataCorrupted = error.kind else {
        Issue.record("unexpected kind \(error.kind)")
        return
      }
    }
  }
}
