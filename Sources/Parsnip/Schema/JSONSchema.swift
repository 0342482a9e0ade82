/// A JSON Schema, compiled once and used to validate many instances.
///
/// Drafts 2020-12 (the default), 2019-09 and 7 are supported, chosen by the schema's `$schema` or, for a schema
/// without one, by ``Options/draft``. Compiling resolves every reference (to the schema itself, to the shipped
/// meta-schemas and to the documents of ``Options/registry``; never to the network), checks the schema against its
/// meta-schema, and turns it into a program of keyword nodes, so validating looks nothing up by name.
///
/// ```swift
/// let schema = try JSONSchema(parsing: #"{"type": "object", "required": ["id"]}"#)
/// schema.isValid(try JSON(parsing: #"{"id": 1}"#))      // → true
/// let output = schema.validate(try JSON(parsing: "{}"))
/// output.errors[0].message                               // → "\"id\" is a required property"
/// ```
///
/// A schema is `Sendable`: compile it once and validate from any number of tasks.
public struct JSONSchema: Sendable {
  let program: SchemaProgram
  /// The schema as given.
  public let json: JSON
  /// The draft the schema's root is read with.
  public let draft: Draft
  /// The options it was compiled with.
  public let options: Options

  /// Compiles a schema.
  ///
  /// - Parameters:
  ///   - schema: The schema: an object or a Boolean.
  ///   - options: The draft for a schema without `$schema`, the documents references may name, whether `format`
  ///     asserts, and the cap on collected errors.
  /// - Throws: ``JSONSchemaError`` when the schema is not valid against its meta-schema, holds a reference that
  ///   resolves to nothing, names an unknown meta-schema or vocabulary, or holds a pattern that cannot be compiled.
  /// - Complexity: Linear in the size of the schema and of the documents its references reach.
  public init(_ schema: JSON, options: Options = Options()) throws(JSONSchemaError) {
    try self.init(schema, options: options, text: nil)
  }

  /// Parses and compiles a schema; errors in it are reported at their line and column.
  ///
  /// - Parameters:
  ///   - text: The schema as JSON text.
  ///   - options: See ``init(_:options:)``.
  /// - Throws: ``JSONSchemaError`` (of kind ``JSONSchemaError/Kind/syntax`` when the text is not JSON), located in
  ///   `text` where the problem is.
  public init(parsing text: some StringProtocol, options: Options = Options()) throws(JSONSchemaError) {
    try self.init(parsing: Array(text.utf8), options: options)
  }

  /// Parses and compiles a schema from UTF-8 bytes, as the initializer from text does.
  ///
  /// - Parameters:
  ///   - bytes: The schema as JSON text.
  ///   - options: See ``init(_:options:)``.
  /// - Throws: ``JSONSchemaError``, located in `bytes`.
  public init(parsing bytes: [UInt8], options: Options = Options()) throws(JSONSchemaError) {
    let document: JSONDocument
    do throws(JSONParseError) {
      document = try JSONDocument(parsing: bytes)
    } catch {
      throw JSONSchemaError(syntax: error)
    }
    try self.init(document.root.json(), options: options, text: document)
  }

  private init(_ schema: JSON, options: Options, text: JSONDocument?) throws(JSONSchemaError) {
    do throws(JSONSchemaError) {
      var compiler = SchemaCompiler(options: options)
      if options.validatesSchema { try compiler.checkAgainstMetaSchema(schema) }
      program = try compiler.compile(root: schema)
      draft = compiler.rootDraft
    } catch {
      throw error.located(in: text)
    }
    json = schema
    self.options = options
  }

  /// Whether `instance` is valid: the spec's `flag` output, the fastest check (it stops at the first failure).
  /// - Parameter instance: The value to check.
  /// - Returns: Whether it is valid.
  public func isValid(_ instance: JSON) -> Bool {
    var run = SchemaEvaluation<JSON>(program: program, collecting: false, budget: options.evaluationBudget)
    return run.validateRoot(instance)
  }

  /// Whether a document is valid, read through its scanned index (no tree is built).
  /// - Parameter document: The document to check.
  /// - Returns: Whether it is valid.
  public func isValid(_ document: JSONDocument) -> Bool {
    withExtendedLifetime(document) {
      var run = SchemaEvaluation<TapeNode>(program: program, collecting: false, budget: options.evaluationBudget)
      return run.validateRoot(document.root.node)
    }
  }

  /// Validates a value, collecting the errors (up to ``Options/maximumErrors``).
  /// - Parameter instance: The value to check.
  /// - Returns: The outcome, with the errors in the order the schema's keywords found them (keywords in a fixed
  ///   order, members and elements in the instance's order).
  public func validate(_ instance: JSON) -> Output {
    var run = SchemaEvaluation<JSON>(program: program, collecting: false, budget: options.evaluationBudget)
    if run.validateRoot(instance) { return annotatedOutput(instance) }
    var collecting = SchemaEvaluation<JSON>(
      program: program, collecting: true, maximumErrors: options.maximumErrors, budget: options.evaluationBudget)
    _ = collecting.validateRoot(instance)
    return Output(errors: collecting.errorList(), annotations: [])
  }

  /// Validates a document read through its scanned index (no tree is built); each error has the line and column of
  /// the instance it is about.
  /// - Parameter document: The document to check.
  /// - Returns: The outcome, with the errors in document order.
  public func validate(_ document: JSONDocument) -> Output {
    withExtendedLifetime(document) { validate(document.root.node, text: document.storage.input) }
  }

  /// Validates a value of a scanned text, locating each error's instance in `text` (the user's bytes).
  func validate(_ root: TapeNode, text: UnsafeRawBufferPointer) -> Output {
    var run = SchemaEvaluation<TapeNode>(program: program, collecting: false, budget: options.evaluationBudget)
    if run.validateRoot(root) { return annotatedOutput(root) }
    var collecting = SchemaEvaluation<TapeNode>(
      program: program, collecting: true, maximumErrors: options.maximumErrors, budget: options.evaluationBudget)
    _ = collecting.validateRoot(root)
    // In text order, so a file's diagnostics read top to bottom (stable: errors at one place keep keyword order).
    var errors = collecting.errorList().enumerated().sorted {
      ($0.element.byteOffset ?? 0, $0.offset) < ($1.element.byteOffset ?? 0, $1.offset)
    }.map(\.element)
    var last: SourceLocation?
    for k in errors.indices {
      guard let offset = errors[k].byteOffset else { continue }
      let location = SourceLocation(byteOffset: offset, in: text, resumingFrom: last)
      errors[k].line = location.line
      errors[k].column = location.column
      last = location
    }
    return Output(errors: errors, annotations: [])
  }

  /// Parses JSON text and validates it; errors carry the line and column of their instance.
  /// - Parameter text: The instance as JSON text.
  /// - Returns: The outcome.
  /// - Throws: ``JSONParseError`` when the text is not JSON.
  public func validate(parsing text: some StringProtocol) throws(JSONParseError) -> Output {
    validate(try JSONDocument(parsing: text))
  }

  /// The outcome for a valid instance: no errors, and the annotations the `basic` format lists.
  private func annotatedOutput<N: JSONNode>(_ instance: N) -> Output {
    guard options.collectsAnnotations, program.hasAnnotations else { return Output(errors: [], annotations: []) }
    var run = SchemaEvaluation<N>(
      program: program, collecting: true, maximumErrors: options.maximumErrors, budget: options.evaluationBudget)
    run.collectsAnnotations = true
    _ = run.validateRoot(instance)
    return Output(errors: [], annotations: run.annotationList())
  }
}
