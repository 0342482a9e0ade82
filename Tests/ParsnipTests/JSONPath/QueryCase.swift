import Testing

@testable import Parsnip

/// One query run against one document, with the expected nodelist (values, and paths when given).
struct QueryCase: Sendable, CustomTestStringConvertible {
  var query: String
  var document: String
  /// The expected values, as JSON array text.
  var values: String
  /// The expected normalized paths, in order; `nil` to check values only.
  var paths: [String]?
  var sourceLocation: Testing.SourceLocation

  init(
    _ query: String, _ document: String, values: String, paths: [String]? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    self.query = query
    self.document = document
    self.values = values
    self.paths = paths
    self.sourceLocation = sourceLocation
  }

  var testDescription: String { query }

  /// Runs the query and compares values (by JSON equality) and paths (by text).
  func check() throws {
    let json = try JSON(parsing: document)
    let path = try JSONPath(query)
    let nodes = try path.nodes(in: json)
    let expected = try JSON(parsing: values)
    #expect(JSON.array(nodes.map(\.value)) == expected, "values of \(query)", sourceLocation: sourceLocation)
    if let paths {
      #expect(nodes.map(\.path.description) == paths, "paths of \(query)", sourceLocation: sourceLocation)
    }
    // The values-only entry point must agree with the full nodelist.
    #expect(try path.values(in: json) == nodes.map(\.value), "values(in:) of \(query)", sourceLocation: sourceLocation)
    // Every normalized path is itself a query that selects exactly its node.
    for node in nodes {
      let reselected = try JSONPath(node.path.description).nodes(in: json)
      #expect(reselected.count == 1 && reselected.first?.value == node.value, sourceLocation: sourceLocation)
    }
  }
}

/// A query that must be rejected, with the error kind and, when given, the offset of the caret.
struct InvalidQuery: Sendable, CustomTestStringConvertible {
  var query: String
  var kind: JSONPathError.Kind
  var offset: Int?
  var sourceLocation: Testing.SourceLocation

  init(
    _ query: String, _ kind: JSONPathError.Kind = .syntax, at offset: Int? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    self.query = query
    self.kind = kind
    self.offset = offset
    self.sourceLocation = sourceLocation
  }

  var testDescription: String { query.debugDescription }

  func check() {
    do {
      let path = try JSONPath(query)
      Issue.record(
        "\(query.debugDescription) compiled as \(path), expected a \(kind) error", sourceLocation: sourceLocation)
    } catch {
      #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
      if let offset {
        #expect(error.byteOffset == offset, "\(error)", sourceLocation: sourceLocation)
      }
      #expect(error.query == query, sourceLocation: sourceLocation)
    }
  }
}

/// The bookstore document of RFC 9535 section 1.5, Figure 1.
let bookstore = """
  { "store": {
      "book": [
        { "category": "reference",
          "author": "Nigel Rees",
          "title": "Sayings of the Century",
          "price": 8.95
        },
        { "category": "fiction",
          "author": "Evelyn Waugh",
          "title": "Sword of Honour",
          "price": 12.99
        },
        { "category": "fiction",
          "author": "Herman Melville",
          "title": "Moby Dick",
          "isbn": "0-553-21311-3",
          "price": 8.99
        },
        { "category": "fiction",
          "author": "J. R. R. Tolkien",
          "title": "The Lord of the Rings",
          "isbn": "0-395-19395-8",
          "price": 22.99
        }
      ],
      "bicycle": {
        "color": "red",
        "price": 399
      }
    }
  }
  """
