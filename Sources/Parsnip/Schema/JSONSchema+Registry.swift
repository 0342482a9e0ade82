extension JSONSchema {
  /// The documents that references may name, beyond the schema itself and the shipped meta-schemas: values,
  /// files, and folders mapped to a URI prefix. Nothing is ever fetched from the network; a reference to a URI the
  /// registry cannot supply is a ``JSONSchemaError/Kind/unresolvableReference`` error when the schema is compiled.
  ///
  /// ```swift
  /// var registry = JSONSchema.Registry()
  /// registry.add(["type": "integer"], uri: "https://example.com/int.json")
  /// registry.map(prefix: "https://example.com/schemas/", toDirectory: "Schemas")
  /// let schema = try JSONSchema(
  ///   ["$ref": "https://example.com/int.json"], options: .init(draft: .draft2020_12, registry: registry))
  /// ```
  public struct Registry: Sendable {
    var documents: [String: JSON] = [:]
    var files: [String: String] = [:]
    var folders: [(prefix: String, directory: String)] = []

    /// An empty registry.
    public init() {}

    /// Adds a document under a URI (its fragment, if any, is ignored). A `$id` inside the document also names it.
    /// - Parameters:
    ///   - document: The schema document.
    ///   - uri: The absolute URI references use for it.
    public mutating func add(_ document: JSON, uri: String) {
      documents[SchemaURI.withoutFragment(uri)] = document
    }

    /// Adds a file, read and parsed when a reference first needs it.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - uri: The absolute URI references use for it.
    public mutating func add(contentsOf path: String, uri: String) {
      files[SchemaURI.withoutFragment(uri)] = path
    }

    /// Maps every URI that starts with `prefix` to the file at the rest of the URI under `directory`:
    /// with `http://localhost:1234/` mapped to `remotes/`, `http://localhost:1234/a/b.json` reads
    /// `remotes/a/b.json`. URIs with `..` segments, a query, or percent-escapes are not mapped.
    /// - Parameters:
    ///   - prefix: The URI prefix.
    ///   - directory: The folder it maps to.
    public mutating func map(prefix: String, toDirectory directory: String) {
      folders.append((prefix, directory))
    }

    /// The document named by `uri` (without fragment): `nil` when the registry has none.
    /// - Throws: ``JSONSchemaError`` when a file it names cannot be read or is not JSON.
    func document(for uri: String) throws(JSONSchemaError) -> JSON? {
      if let document = documents[uri] { return document }
      if let path = files[uri] { return try Self.read(path, for: uri) }
      for (prefix, directory) in folders where uri.hasPrefix(prefix) {
        let rest = uri.dropFirst(prefix.count)
        guard !rest.isEmpty, !rest.contains("?"), !rest.contains("%"), !rest.hasPrefix("/"),
          !rest.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." })
        else { continue }
        let path = directory.hasSuffix("/") ? directory + rest : directory + "/" + rest
        return try Self.read(path, for: uri)
      }
      return nil
    }

    private static func read(_ path: String, for uri: String) throws(JSONSchemaError) -> JSON {
      let file: FileBytes
      do throws(FileReadError) {
        file = try FileBytes.read(path: path)
      } catch {
        throw JSONSchemaError(.unresolvableReference, "cannot read '\(path)' for \(uri): \(error.reason)")
      }
      do throws(JSONParseError) {
        return try JSONDocument(owning: file, options: .default).root.json()
      } catch {
        throw JSONSchemaError(
          .unresolvableReference, "'\(path)' for \(uri) is not JSON: \(error.line):\(error.column): \(error.message)")
      }
    }
  }
}
