// libFuzzer target for the hypermedia expanders: URI templates, JSON Templates Expander and JSON:API. Built by
// `Fuzz/run.sh hypermedia` together with the Parsnip sources (one module, so internal types are visible); not part
// of the SwiftPM build.
//
// Each input is read as text (invalid UTF-8 repaired) and tried as a URI template, an include list and, when it is
// JSON, as a JSON:API document, a JTE document and nested resources to build. Properties:
// - a template either compiles or fails at an offset inside it, with a message that quotes at most 64 characters;
//   a compiled template's `variableNames` are its names, each once, in order of first appearance (checked against
//   the quadratic rule); expanding it with fixed variables stays within the length asked for, or fails with an
//   expansion error; a template of plain `{name}` expressions and ASCII literals expands to the literals with each
//   value percent-encoded as RFC 6570 section 3.2.2 says (the reference rule, written out here);
// - an include list parses or fails with `invalidIncludePath`, and one equal to itself re-parsed from its names;
// - a JSON:API flatten agrees across the tree, the `JSONDocument` and the text output (same bytes, or the same
//   error), and a result within a budget is never larger than the budget in compact bytes; a flattened document
//   builds back (or fails with a typed error), and a build result flattens;
// - a JTE expansion never crashes, and a result within a budget is never larger than it.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func hypermediaFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: size == 0 ? nil : UnsafeRawPointer(data), count: size)
  HypermediaFuzzer.check(Array(input))
  return 0
}

enum HypermediaFuzzer {
  /// Values the template fuzzing expands with, picked per variable name.
  static let values: [JSON] = [
    "", "a b/c?d&e=f", "café 😀", "%41%zz", 42, true, ["red", "green", nil], ["semi": ";", "dot": ".", "empty": ""],
    [], [:], nil, .string(String(repeating: "x", count: 300)),
  ]

  static func check(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    checkTemplate(text)
    checkIncludePaths(text)
    guard let tree = try? JSON(parsing: bytes) else { return }
    let budget = bytes.isEmpty ? 1 << 20 : [1 << 20, 0, 40, 200, 1000][Int(bytes[0]) % 5]
    checkJSONAPI(bytes, tree, budget: budget)
    checkJTE(tree, budget: budget)
  }

  static func fail(_ message: String) -> Never { fatalError("HypermediaFuzzer: \(message)") }

  // MARK: URI templates

  static func checkTemplate(_ text: String) {
    let template: URITemplate
    do throws(URITemplateError) {
      template = try URITemplate(text)
    } catch {
      guard error.isSyntaxError, error.byteOffset >= 0, error.byteOffset <= text.utf8.count else {
        fail("syntax error \(error) outside '\(text)'")
      }
      return
    }
    // The quadratic rule, on names already seen.
    var expected: [String] = []
    for case .expression(let expression) in template.parts {
      for variable in expression.variables where !expected.contains(variable.name) { expected.append(variable.name) }
    }
    guard template.variableNames == expected else { fail("variableNames of '\(text)'") }
    var variables = JSONObject()
    for name in expected { variables[name] = values[abs(name.hashValue) % values.count] }
    let limit = 2000
    do throws(URITemplateError) {
      let uri = try template.expand(.object(variables), maximumLength: limit)
      guard uri.utf8.count <= limit else { fail("'\(text)' expanded past \(limit) bytes") }
    } catch {
      guard !error.isSyntaxError else { fail("expansion of '\(text)' gave a syntax error \(error)") }
    }
    checkReferenceRule(template)
  }

  /// RFC 6570 section 3.2.2 (simple string expansion) written out: unreserved characters stay, every other byte of
  /// the value's UTF-8 is `%XX` in uppercase hexadecimal; ASCII literals are copied as they are.
  static func checkReferenceRule(_ template: URITemplate) {
    var expected: [UInt8] = []
    var variables = JSONObject()
    var k = 0
    for part in template.parts {
      switch part {
      case .literal(let bytes):
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") }) else { return }
        expected += bytes
      case .expression(let expression):
        guard expression.operation == .simple,
          expression.variables.allSatisfy({ $0.prefixLength == nil && !$0.explodes })
        else { return }
        var first = true
        for variable in expression.variables {
          let value = variables[variable.name]?.stringValue ?? ["é/ x", "a-b.c_d~e", "%2F", "", "?&="][k % 5]
          k += 1
          variables[variable.name] = .string(value)
          if !first { expected.append(UInt8(ascii: ",")) }
          first = false
          for byte in value.utf8 {
            let unreserved =
              (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
              || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
              || byte == UInt8(ascii: "~")
            if unreserved {
              expected.append(byte)
            } else {
              expected += Array("%\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8)
            }
          }
        }
      }
    }
    guard let uri = try? template.expand(.object(variables)), Array(uri.utf8) == expected else {
      fail(
        "'\(template.text)' does not follow the reference rule: expected \(String(decoding: expected, as: UTF8.self))")
    }
  }

  static func checkIncludePaths(_ text: String) {
    guard text.utf8.count < 512 else { return }
    do throws(JSONAPIError) {
      let include = try JSONAPIIncludePaths(text)
      guard include == (try JSONAPIIncludePaths(text + "," + text)) else { fail("include list '\(text)' twice") }
      for name in include.names where name.isEmpty || include[name] == nil { fail("include list '\(text)'") }
    } catch {
      guard case .invalidIncludePath = error.kind else { fail("include list '\(text)': \(error)") }
    }
  }

  // MARK: JSON:API and JTE

  enum Outcome: Equatable {
    case text([UInt8])
    case failed(JSONAPIError)
  }

  static func checkJSONAPI(_ bytes: [UInt8], _ tree: JSON, budget: Int) {
    guard let document = try? JSONDocument(parsing: bytes) else { fail("the tree parsed, the document did not") }
    let include = try? JSONAPIIncludePaths(["a", "a.b", "b,a.a.a", "r"][bytes.count % 4])
    for options in [
      JSONAPI.FlattenOptions(maximumOutputSize: budget),
      JSONAPI.FlattenOptions(
        include: include, unresolved: .null, maximumDepth: bytes.count % 5, maximumOutputSize: budget),
    ] {
      let fromTree: Outcome
      do {
        let flattened = try JSONAPI.flatten(tree, options: options)
        let text = try flattened.bytes()
        guard text.count <= options.maximumOutputSize else { fail("flatten wrote \(text.count) bytes past its budget") }
        fromTree = .text(text)
        checkBuild(flattened)
      } catch let error as JSONAPIError {
        fromTree = .failed(error)
      } catch {
        continue  // a value the writer refuses (a JSON5 number); the text output says so too
      }
      let fromDocument: Outcome
      do {
        fromDocument = .text(try JSONAPI.flatten(document, options: options).bytes())
      } catch let error as JSONAPIError {
        fromDocument = .failed(error)
      } catch {
        fail("document flatten: \(error)")
      }
      let fromText: Outcome
      do {
        fromText = .text(try JSONAPI.flattenedBytes(document, options: options))
      } catch let error as JSONAPIError {
        fromText = .failed(error)
      } catch {
        fail("text flatten: \(error)")
      }
      guard fromTree == fromDocument, fromTree == fromText else {
        fail("flatten outcomes differ: \(fromTree) \(fromDocument) \(fromText)")
      }
    }
  }

  /// A flattened document builds, or fails with a typed error; what it builds flattens.
  static func checkBuild(_ flattened: JSON) {
    do throws(JSONAPIError) {
      let built = try JSONAPI.build(flattened)
      _ = try JSONAPI.flatten(built)
    } catch {
      _ = error.description
    }
  }

  static func checkJTE(_ tree: JSON, budget: Int) {
    do throws(JSONTemplatesError) {
      let expanded = try JSONTemplates.expand(tree, options: .init(maximumOutputSize: budget, maximumHrefLength: 4096))
      if let text = try? expanded.bytes(), text.count > budget {
        fail("expand wrote \(text.count) bytes past \(budget)")
      }
    } catch {
      _ = error.description
    }
  }
}
