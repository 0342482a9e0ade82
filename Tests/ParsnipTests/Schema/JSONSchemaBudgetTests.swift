import Testing

@testable import Parsnip

/// Hostile schemas and instances: typed errors or bounded work, never a crash or a hang.
@Suite struct JSONSchemaBudgetTests {
  @Test func referenceCyclesWithoutProgressAreCompileErrors() throws {
    for text in [
      ##"{"$ref": "#"}"##,
      ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##,
      ##"{"anyOf": [{"type": "string"}, {"not": {"$ref": "#"}}]}"##,
    ] {
      #expect(throws: JSONSchemaError.self, "\(text)") { _ = try JSONSchema(parsing: text) }
    }
    // A cycle that moves into the instance ends with it.
    let tree = try JSONSchema(parsing: ##"{"type": "array", "items": {"$ref": "#"}}"##)
    #expect(tree.isValid(try JSON(parsing: "[[[]], []]")))
    #expect(!tree.isValid(try JSON(parsing: "[[1]]")))
  }

  @Test func longReferenceChainsCompileAndValidate() throws {
    func chain(_ length: Int) throws -> JSONSchema {
      var defs: [String] = []
      for k in 0..<length { defs.append(##""d\##(k)": {"$ref": "#/$defs/d\##(k + 1)"}"##) }
      defs.append(##""d\##(length)": {"type": "integer"}"##)
      return try JSONSchema(parsing: ##"{"$defs": {\##(defs.joined(separator: ","))}, "$ref": "#/$defs/d0"}"##)
    }
    let short = try chain(150)
    #expect(short.isValid(1))
    #expect(short.validate("x").errors.count == 1)
    // Longer than the evaluation depth (or the thread's stack, in a debug build): an error naming the budget.
    let long = try chain(12_000)
    let output = long.validate(1)
    #expect(!output.isValid)
    #expect(output.errors.contains { $0.message.contains("depth") })
  }

  @Test func exponentialAnyOfNestingStopsAtTheBudget() throws {
    // Each level doubles the work when every branch must be evaluated (`unevaluatedProperties` gathers from all).
    var defs = [#""l0": {"type": "object"}"#]
    for k in 1...40 {
      defs.append(
        ##""l\##(k)": {"anyOf": [{"$ref": "#/$defs/l\##(k - 1)"}, {"$ref": "#/$defs/l\##(k - 1)"}], "unevaluatedProperties": false}"##
      )
    }
    let text = ##"{"$defs": {\##(defs.joined(separator: ","))}, "$ref": "#/$defs/l40"}"##
    var options = JSONSchema.Options()
    options.evaluationBudget = 100_000
    options.validatesSchema = false
    let schema = try JSONSchema(parsing: text, options: options)
    // 2^40 paths without the budget: the budget's error is the proof that it stopped (no timing in unit tests).
    let output = schema.validate(["a": 1])
    #expect(!output.isValid)
    #expect(output.errors.contains { $0.message.contains("budget") })
  }

  @Test func hugeEnumsAreHashed() throws {
    let values = (0..<100_000).map { JSON.number(JSONNumber($0)) }
    let schema = try JSONSchema(["enum": .array(values)])
    #expect(schema.isValid(99_999))
    #expect(schema.isValid(try JSON(parsing: "5e4")))
    #expect(!schema.isValid(100_000))
    #expect(!schema.isValid("1"))
  }

  @Test func deeplyNestedSchemasAreBoundedWork() throws {
    // As deep as the parser goes (2 048 levels); compiling is iterative, so only validation's depth budget applies.
    let depth = 2_040
    let text = String(repeating: #"{"items": "#, count: depth) + "{}" + String(repeating: "}", count: depth)
    let json = try JSON(parsing: text, options: JSON.ParsingOptions(maximumDepth: 2_048))
    var options = JSONSchema.Options()
    options.validatesSchema = false
    let schema = try JSONSchema(json, options: options)
    let instance = try JSON(parsing: String(repeating: "[", count: 100) + String(repeating: "]", count: 100))
    #expect(schema.isValid(instance))
    // With the meta-schema check, the schema is deeper than the check's evaluation budgets: a typed error, or a pass.
    do {
      _ = try JSONSchema(json)
    } catch {
      #expect(error.kind == .invalidSchema)
    }
  }

  @Test func deepInstancesAreBoundedByTheDepthBudget() throws {
    // Five evaluation levels per level of the instance: 2 040 levels are past the 10 000 of the budget.
    let schema = try JSONSchema(
      parsing: ##"""
        {"$defs": {"n": {"items": {"$ref": "#/$defs/a"}}, "a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/c"},
                   "c": {"$ref": "#/$defs/n"}},
         "$ref": "#/$defs/n"}
        """##)
    let text = String(repeating: "[", count: 2_040) + String(repeating: "]", count: 2_040)
    let document = try JSONDocument(parsing: text, options: JSON.ParsingOptions(maximumDepth: 2_048))
    let output = schema.validate(document)
    #expect(!output.isValid)
    #expect(output.errors.contains { $0.message.contains("depth") })
  }
}
