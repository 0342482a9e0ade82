import Foundation
import Testing

@testable import Parsnip

enum Level: String, Codable, Equatable { case low, high }
enum Priority: Int, Codable, Equatable {
  case normal = 1
  case urgent = 9
}

struct Tag: JSONModel, Equatable {
  var label: String
}

struct AllTypes: JSONModel, Equatable {
  var bool = true
  var int = -1
  var int8 = Int8.min
  var int16 = Int16.max
  var int32 = Int32.min
  var int64 = Int64.min
  var uint = UInt.max
  var uint8 = UInt8.max
  var uint16 = UInt16.max
  var uint32 = UInt32.max
  var uint64 = UInt64.max
  var float: Float = 0.1
  var double = 2.5e-300
  var decimal = Decimal(string: "12345678901234567890.123")!
  var string = "héllo \"q\" / \n"
  var date = Date(timeIntervalSince1970: 1_427_298_550)
  var url = URL(string: "https://example.com/a?b=c")!
  var data = Data([0, 1, 2, 255])
  var missing: Int? = nil
  var present: String? = "here"
  var tag = Tag(label: "one")
  var tags = [Tag(label: "a"), Tag(label: "b")]
  var tagsByName = ["x": Tag(label: "x")]
  var optionalTags: [Tag?] = [nil, Tag(label: "c")]
  var level = Level.high
  var priority = Priority.urgent
  var levels: [Level] = [.low]
  var payload: JSON = ["any": [1, "thing", nil]]
  var number = JSONNumber(text: "0.1000000000000000055511151231257827")!
  var nested: [[Int]] = [[1], []]
  var camelCaseDictionaryKeys = ["keepMe": 1]
}

struct Appointment: JSONModel, Equatable {
  static var dateFormat: String? { "dd/MM/yyyy HH:mm" }
  var startsAt: Date
  var reminders: [Date]
  var note: Note
  struct Note: JSONModel, Equatable {
    var writtenAt: Date
  }
}

struct Account: JSONModel, Equatable {
  static var keyOverrides: [String: String] { ["identifier": "id", "emailAddress": "email"] }
  var identifier: Int
  var emailAddress: String
  var displayName: String
  var myURLProperty: URL?
}

struct Plain: Codable, Equatable {
  var innerValue: Int
}

struct HoldsPlain: JSONModel, Equatable {
  var plainValue: Plain
}

@Suite struct JSONModelTypeTests {
  @Test func everyPropertyTypeRoundTrips() throws {
    let model = AllTypes()
    let json = try model.json()
    #expect(try AllTypes(json: json) == model)
    #expect(try AllTypes(jsonString: model.jsonString()) == model)
  }

  @Test func propertyTypesHaveTheirJSONForms() throws {
    let json = try AllTypes().json()
    #expect(json["int8"] == -128)
    #expect(json["uint64"].numberValue?.description == "18446744073709551615")
    #expect(json["int64"].numberValue?.description == "-9223372036854775808")
    #expect(json["float"].numberValue?.description == "0.1")
    #expect(json["decimal"].numberValue?.description == "12345678901234567890.123")
    #expect(json["date"] == "2015-03-25T15:49:10Z")
    #expect(json["url"] == "https://example.com/a?b=c")
    #expect(json["data"] == "AAEC/w==")
    #expect(json["missing"] == .null)
    #expect(json["level"] == "high")
    #expect(json["priority"] == 9)
    #expect(json["tags_by_name"]["x"]["label"] == "x")
    #expect(json["optional_tags"] == [nil, ["label": "c"]])
    #expect(json["number"].numberValue?.description == "0.1000000000000000055511151231257827")
    #expect(json["camel_case_dictionary_keys"]["keepMe"] == 1)
    #expect(try AllTypes().jsonString().contains(#""url":"https://example.com/a?b=c""#))
  }

  @Test func aPropertyNamedJSONNeedsTheConfigurationArgument() throws {
    struct Envelope: JSONModel, Equatable {
      var kind = "none"
      var json: JSON = nil
    }
    // `Envelope(json:)` is the memberwise initializer; naming the configuration picks the model initializer.
    #expect(Envelope(json: ["kind": "x"]) == Envelope(kind: "none", json: ["kind": "x"]))
    #expect(try Envelope(json: ["kind": "x", "json": [1]], configuration: nil) == Envelope(kind: "x", json: [1]))
  }

  @Test func nilCanBeOmittedInsteadOfNull() throws {
    var configuration = JSONModelConfiguration()
    configuration.nullEncoding = .omit
    let json = try AllTypes().json(configuration: configuration)
    #expect(json.objectValue?.keys.contains("missing") == false)
    #expect(json["optional_tags"] == [nil, ["label": "c"]])  // array elements stay in place
    #expect(try AllTypes(json: json, configuration: configuration) == AllTypes())
  }

  @Test func keysAreSnakeCaseByDefaultAndCanBePropertyNames() throws {
    let account = Account(identifier: 7, emailAddress: "a@b.c", displayName: "A", myURLProperty: nil)
    #expect(try account.json() == ["id": 7, "email": "a@b.c", "display_name": "A", "my_url_property": nil])
    #expect(try Account(json: ["id": 7, "email": "a@b.c", "display_name": "A"]) == account)
    let configuration = JSONModelConfiguration(keyStyle: .propertyNames)
    #expect(
      try account.json(configuration: configuration)
        == ["id": 7, "email": "a@b.c", "displayName": "A", "myURLProperty": nil])
  }

  @Test func plainCodableValuesInsideModelsFollowTheKeyStyle() throws {
    let model = HoldsPlain(plainValue: Plain(innerValue: 3))
    #expect(try model.json() == ["plain_value": ["inner_value": 3]])
    #expect(try HoldsPlain(json: ["plain_value": ["inner_value": 3]]) == model)
  }

  @Test func aTypeCanHaveItsOwnDateFormat() throws {
    let date = Date(timeIntervalSince1970: 1_427_298_540)
    let appointment = Appointment(startsAt: date, reminders: [date], note: .init(writtenAt: date))
    let json = try appointment.json()
    #expect(json["starts_at"] == "25/03/2015 15:49")
    #expect(json["reminders"] == ["25/03/2015 15:49"])
    #expect(json["note"]["written_at"] == "2015-03-25T15:49:00Z")
    #expect(try Appointment(json: json) == appointment)
  }

  @Test func defaultDateFormatAlsoReadsFractionalSecondsAndOffsets() throws {
    struct Stamp: JSONModel { var at: Date }
    #expect(try Stamp(json: ["at": "2015-03-25T15:49:10.500Z"]).at.timeIntervalSince1970 == 1_427_298_550.5)
    #expect(try Stamp(json: ["at": "2015-03-25T16:49:10+01:00"]).at.timeIntervalSince1970 == 1_427_298_550)
    do {
      _ = try Stamp(json: ["at": "yesterday"])
      Issue.record("expected an error")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription.contains("yyyy-MM-dd'T'HH:mm:ss'Z'"))
      #expect(CodingPathRendering.message(context.codingPath) == "at")
    }
  }

  @Test func decodingErrorsNameThePath() throws {
    struct Tagged: JSONModel { var someTags: [Tag] }
    do {
      _ = try Tagged(json: ["some_tags": [["label": "a"], ["label": 5]]])
      Issue.record("expected an error")
    } catch DecodingError.typeMismatch(_, let context) {
      // The base decoder reports the path in the document's keys; a tree has no lines and columns to report.
      #expect(CodingPathRendering.message(context.codingPath) == "some_tags[1].label")
      #expect(!context.debugDescription.contains("line"))
    }
    // From text, the base decoder reads the tape of the one scan, so its errors are located in the text.
    do {
      _ = try Tagged(jsonString: "{\"some_tags\": [{\"label\": \"a\"},\n {\"label\": 5}]}")
      Issue.record("expected an error")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(CodingPathRendering.message(context.codingPath) == "some_tags[1].label")
      #expect(context.debugDescription.hasSuffix("(line 2, column 12)"), "\(context.debugDescription)")
    }
    #expect(throws: DecodingError.self) { try Tag(jsonString: #"{"label": "a""#) }
    do {
      _ = try Tag(jsonString: "{\n  \"label\": tru }")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.underlyingError is JSONParseError)
      #expect(context.debugDescription.contains("2:"))
    }
  }

  @Test func missingMembersFailWithoutDefaults() throws {
    #expect(throws: DecodingError.self) { try Tag(json: [:]) }
    struct Priced: JSONModel, DefaultInitializable, Equatable {
      var name: String?
      var price = 100
      var currency: String? = "EUR"
      var tags: [Tag] = [Tag(label: "default")]
    }
    #expect(
      try Priced(json: ["name": "x"]) == Priced(name: "x", price: 100, currency: "EUR", tags: [Tag(label: "default")]))
    #expect(try Priced(json: ["currency": nil]).currency == nil)
    #expect(try Priced(json: ["price": 5]).price == 5)
  }

  @Test func modelsInsideDictionariesAndArraysOfArrays() throws {
    struct Library: JSONModel, Equatable {
      var shelves: [[Tag]]
      var index: [String: [Tag]]
    }
    let library = Library(shelves: [[Tag(label: "a")], []], index: ["firstShelf": [Tag(label: "b")]])
    let json = try library.json()
    #expect(json == ["shelves": [[["label": "a"]], []], "index": ["firstShelf": [["label": "b"]]]])
    #expect(try Library(json: json) == library)
  }

  @Test func stringRepresentedTypesUseTheirOwnCodable() throws {
    // Moonflower's stringRepresentationOfObject: in Swift, a type's Codable conformance.
    struct Point: Codable, Equatable {
      var x: Int
      var y: Int
      init(x: Int, y: Int) { (self.x, self.y) = (x, y) }
      init(from decoder: any Decoder) throws {
        let parts = try decoder.singleValueContainer().decode(String.self).split(separator: ",").compactMap { Int($0) }
        guard parts.count == 2 else {
          throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "x,y"))
        }
        (x, y) = (parts[0], parts[1])
      }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("\(x),\(y)")
      }
    }
    struct Marker: JSONModel, Equatable { var position: Point }
    let marker = Marker(position: Point(x: 3, y: -4))
    #expect(try marker.json() == ["position": "3,-4"])
    #expect(try Marker(json: ["position": "3,-4"]) == marker)
  }

  @Test func nonFiniteNumbersAndDeepValuesAreErrors() throws {
    struct Reading: JSONModel { var value: Double }
    #expect(throws: EncodingError.self) { try Reading(value: .nan).json() }
    struct Wrapper: JSONModel { var json: JSON }
    var deep: JSON = 1
    for _ in 0..<600 { deep = [deep] }
    #expect(throws: EncodingError.self) { try Wrapper(json: deep).json() }
  }
}
