import Testing

@testable import Parsnip

/// Drafts 2019-09 and 7, from their specifications: the keywords that differ from 2020-12, chosen by `$schema` or
/// by ``JSONSchema/Options/draft``.
@Suite struct JSONSchemaDraftTests {
  static func schema(_ text: String, draft: JSONSchema.Draft = .draft2020_12) throws -> JSONSchema {
    try JSONSchema(parsing: text, options: .init(draft: draft))
  }

  @Test func theDraftComesFromSchemaOrTheOption() throws {
    #expect(try Self.schema(#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#).draft == .draft7)
    #expect(try Self.schema(#"{"$schema": "https://json-schema.org/draft/2019-09/schema"}"#).draft == .draft2019_09)
    #expect(try Self.schema("{}", draft: .draft7).draft == .draft7)
    #expect(
      try Self.schema(#"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#, draft: .draft7).draft
        == .draft2020_12)
  }

  // Draft 7 (draft-handrews-json-schema-validation-01 section 6.4.1, 6.5.7; core section 8.3).

  @Test func draft7ItemsArrayAndAdditionalItems() throws {
    let schema = try Self.schema(
      #"{"items": [{"type": "integer"}, {"type": "string"}], "additionalItems": false}"#, draft: .draft7)
    #expect(schema.isValid([1, "a"]))
    #expect(schema.isValid([1]))
    #expect(!schema.isValid(["a"]))
    #expect(!schema.isValid([1, "a", true]))
    // `additionalItems` means nothing beside a schema-valued `items`.
    let single = try Self.schema(#"{"items": {"type": "integer"}, "additionalItems": false}"#, draft: .draft7)
    #expect(single.isValid([1, 2, 3]))
  }

  @Test func draft7DependenciesTakeNamesOrSchemas() throws {
    let schema = try Self.schema(
      #"{"dependencies": {"a": ["b"], "c": {"required": ["d"]}}}"#, draft: .draft7)
    #expect(schema.isValid(["a": 1, "b": 2]))
    #expect(!schema.isValid(["a": 1]))
    #expect(!schema.isValid(["c": 1]))
    #expect(schema.isValid(["c": 1, "d": 2]))
    // `dependentRequired` is not a draft 7 keyword.
    #expect(try Self.schema(#"{"dependentRequired": {"a": ["b"]}}"#, draft: .draft7).isValid(["a": 1]))
  }

  @Test func draft7RefOverridesItsSiblings() throws {
    let schema = try Self.schema(
      ##"{"definitions": {"int": {"type": "integer"}}, "properties": {"a": {"$ref": "#/definitions/int", "maximum": 1}}}"##,
      draft: .draft7)
    #expect(schema.isValid(["a": 5]))
    #expect(!schema.isValid(["a": "x"]))
  }

  @Test func draft7IdWithFragmentIsAnAnchorAndLaterKeywordsAreIgnored() throws {
    let schema = try Self.schema(
      ##"""
      {"definitions": {"a": {"$id": "#name", "type": "string"}}, "properties": {"n": {"$ref": "#name"}},
       "unevaluatedProperties": false, "prefixItems": [false], "minContains": 5, "contains": true}
      """##, draft: .draft7)
    #expect(schema.isValid(["n": "x", "other": 1]))
    #expect(!schema.isValid(["n": 1]))
    #expect(schema.isValid([1]))
  }

  // Draft 2019-09 (core sections 8.2.4.2, 9.3.1.1; validation section 6.4.4, 6.5.4).

  @Test func draft2019ItemsAndUnevaluatedItems() throws {
    let schema = try Self.schema(
      #"""
      {"$schema": "https://json-schema.org/draft/2019-09/schema",
       "items": [{"type": "integer"}], "unevaluatedItems": false, "prefixItems": [{"type": "string"}]}
      """#)
    #expect(schema.isValid([1]))
    #expect(!schema.isValid([1, 2]))
    #expect(!schema.isValid(["a"]))
  }

  @Test func draft2019ContainsBoundsAndDependentKeywords() throws {
    let schema = try Self.schema(
      #"""
      {"contains": {"type": "integer"}, "minContains": 2, "maxContains": 3,
       "dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {"required": ["d"]}}}
      """#, draft: .draft2019_09)
    #expect(schema.isValid([1, 2, "x"]))
    #expect(!schema.isValid([1, "x"]))
    #expect(!schema.isValid([1, 2, 3, 4]))
    #expect(!schema.isValid(["a": 1]))
    #expect(!schema.isValid(["c": 1]))
    #expect(schema.isValid(["a": 1, "b": 1, "c": 1, "d": 1]))
  }

  @Test func draft2019RecursiveRefExtendsThroughRecursiveAnchor() throws {
    var registry = JSONSchema.Registry()
    registry.add(
      try JSON(
        parsing: ##"""
          {"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/tree",
           "$recursiveAnchor": true, "type": "object",
           "properties": {"children": {"type": "array", "items": {"$recursiveRef": "#"}}}}
          """##), uri: "https://example.com/tree")
    let strict = try JSONSchema(
      parsing: #"""
        {"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/strict-tree",
         "$recursiveAnchor": true, "$ref": "tree", "unevaluatedProperties": false}
        """#, options: .init(draft: .draft2019_09, registry: registry))
    #expect(strict.isValid(try JSON(parsing: #"{"children": [{"children": []}]}"#)))
    // The misspelled property deep in the tree is caught: `$recursiveRef` resolved to the strict tree.
    #expect(!strict.isValid(try JSON(parsing: #"{"children": [{"childrens": []}]}"#)))
  }

  @Test func draft2019UnevaluatedPropertiesSeesThroughRef() throws {
    let schema = try Self.schema(
      ##"""
      {"$defs": {"named": {"properties": {"name": {"type": "string"}}}},
       "$ref": "#/$defs/named", "properties": {"age": true}, "unevaluatedProperties": false}
      """##, draft: .draft2019_09)
    #expect(schema.isValid(["name": "a", "age": 3]))
    #expect(!schema.isValid(["name": "a", "extra": 3]))
  }

  @Test func vocabularyOfACustomMetaSchemaIsHonoured() throws {
    var registry = JSONSchema.Registry()
    registry.add(
      try JSON(
        parsing: #"""
          {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/no-validation",
           "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
                           "https://json-schema.org/draft/2020-12/vocab/applicator": true}}
          """#), uri: "https://example.com/no-validation")
    let schema = try JSONSchema(
      parsing:
        #"{"$schema": "https://example.com/no-validation", "properties": {"a": {"minimum": 10}}, "type": "array"}"#,
      options: .init(draft: .draft2020_12, registry: registry))
    // `type` and `minimum` belong to the validation vocabulary, which the meta-schema leaves out.
    #expect(schema.isValid(["a": 1]))
    let unknown = try JSON(
      parsing: #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/custom",
         "$vocabulary": {"https://example.com/vocab/unknown": true}}
        """#)
    registry.add(unknown, uri: "https://example.com/custom")
    #expect {
      _ = try JSONSchema(
        parsing: #"{"$schema": "https://example.com/custom"}"#, options: .init(draft: .draft2020_12, registry: registry)
      )
    } throws: { ($0 as? JSONSchemaError)?.kind == .unsupportedVocabulary }
  }
}
