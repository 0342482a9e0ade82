import Foundation
import Testing

@testable import Parsnip

@Suite struct CodegenNamingTests {
  @Test func keysBecomeCamelCaseProperties() {
    let cases = [
      ("user_name", "userName"), ("user-name", "userName"), ("User Name", "userName"), ("userName", "userName"),
      ("ID", "id"), ("URLString", "urlString"), ("profile_pic_URL", "profilePicURL"), ("__private", "private"),
      ("2fa", "_2fa"), ("", "field"), ("€", "field"), ("a.b.c", "aBC"),
    ]
    for (key, name) in cases { #expect(SwiftNaming.propertyName(key) == name, "\(key)") }
  }

  @Test func codingKeysAppearOnlyWhenAKeyIsNotItsPropertyName() {
    let code = codegen([["user_name": "a", "id": 1]])
    #expect(
      code.contains("  enum CodingKeys: String, CodingKey {\n    case userName = \"user_name\"\n    case id\n  }"))
    #expect(!codegen([["id": 1]]).contains("CodingKeys"))
  }

  @Test func reservedWordsAreBacktickedOrRenamed() {
    let code = codegen([["default": 1, "self": 2, "hashValue": 3, "class": 4, "description": "d"]])
    #expect(code.contains("let `default`: Int\n"))
    #expect(code.contains("let `class`: Int\n"))
    #expect(code.contains("let selfValue: Int\n"))
    #expect(code.contains("let hashValueValue: Int\n"))
    #expect(code.contains("let descriptionValue: String\n"))
    #expect(code.contains("case `default`\n"))
    #expect(code.contains("case selfValue = \"self\"\n"))
  }

  @Test func keysThatAreNotIdentifiersKeepTheirKey() {
    let code = codegen([["@id": 1, "a\"b": 2, "x y": 3]])
    #expect(code.contains("case id = \"@id\""))
    #expect(code.contains("case aB = \"a\\\"b\""))
    #expect(code.contains("case xY = \"x y\""))
  }

  @Test func propertiesThatConvertToTheSameNameAreNumbered() {
    let code = codegen([["user_id": 1, "userId": 2, "user-id": 3]])
    #expect(code.contains("let userId: Int\n  let userId2: Int\n  let userId3: Int\n"))
  }

  @Test func arrayElementTypesAreNamedInTheSingular() {
    let cases = [
      ("statuses", "Status"), ("entries", "Entry"), ("children", "Child"), ("people", "Person"), ("boxes", "Box"),
      ("addresses", "Address"), ("books", "Book"), ("user_statuses", "UserStatus"), ("status", "StatusElement"),
      ("data", "Datum"), ("series", "SeriesElement"), ("matches", "Match"),
    ]
    for (key, name) in cases { #expect(SwiftNaming.elementTypeName(key) == name, "\(key)") }
    let code = codegen([["children": [["name": "a"]], "entries": [["n": 1]]]])
    #expect(code.contains("let children: [Child]\n"))
    #expect(code.contains("let entries: [Entry]\n"))
  }

  @Test func nameClashesAreResolvedWithTheParentThenNumbers() {
    let code = codegen([["owner": ["user": ["id": 1]], "repo": ["user": ["login": "a"]], "user": ["name": "x"]]])
    // The shallowest `user` gets the plain name; the deeper ones take their parent's name in front.
    #expect(code.contains("struct User: "))
    #expect(declaration("struct Root", in: code).contains("let user: User\n"))
    #expect(declaration("struct Owner", in: code).contains("let user: OwnerUser\n"))
    #expect(declaration("struct Repo", in: code).contains("let user: RepoUser\n"))
  }

  @Test func typeNamesThatShadowStandardTypesArePrefixed() {
    let code = codegen([["data": ["a": 1], "url": ["b": 1], "root": ["c": 1]]])
    #expect(code.contains("let data: RootData\n"))
    #expect(code.contains("let url: Url\n"))
    #expect(code.contains("let root: RootRoot\n"))
  }

  @Test func theSameSamplesAlwaysGiveTheSameCode() throws {
    let data = try JSON(parsing: #"{"a": {"user": {"id": 1}}, "b": {"user": {"x": 2}}, "c": [{"user": {"y": 3}}]}"#)
    let first = codegen([data])
    for _ in 0..<5 { #expect(codegen([data]) == first) }
  }

  @Test func singularizeKeepsCapitalization() {
    #expect(SwiftNaming.singularize("Statuses") == "Status")
    #expect(SwiftNaming.singularize("Categories") == "Category")
    #expect(SwiftNaming.singularize("news") == "news")
  }
}
