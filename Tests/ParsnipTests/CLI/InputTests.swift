import Foundation
import Testing

@testable import ParsnipCLI

@Suite struct InputTests {
  /// A document bigger than one read chunk and one output buffer.
  static let large: String = {
    let items = (0..<20_000).map { #"{"id": \#($0), "name": "item \#($0)", "tags": ["a", "é", "😀"]}"# }
    return "[" + items.joined(separator: ",\n") + "]"
  }()

  @Test func mapsRegularFiles() throws {
    let path = try CLI.temporaryFile(Self.large)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let input = try InputBytes.file(atPath: path)
    #expect(input.count == Self.large.utf8.count)
    #expect(input.withUnsafeBytes { Array($0) } == Array(Self.large.utf8))
  }

  @Test func readsPipesToTheEnd() throws {
    let pipe = Pipe()
    let bytes = Array(Self.large.utf8)
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(bytes))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    let input = try InputBytes.read(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, name: "<stdin>")
    #expect(input.withUnsafeBytes { Array($0) } == bytes)
  }

  @Test func emptyFileIsEmptyInput() throws {
    let path = try CLI.temporaryFile("")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try InputBytes.file(atPath: path).count == 0)
    let result = try CLI.both(["validate", path])
    #expect(
      result
        == CLIResult(status: 1, stdout: "", stderr: "\(path):1:1: error: unexpected end of input, expected a value\n"))
  }

  @Test func missingFileIsAnInputError() {
    #expect(throws: InputError(name: "/nonexistent/x.json", reason: "No such file or directory")) {
      try InputBytes.file(atPath: "/nonexistent/x.json")
    }
  }

  @Test func largeDocumentRoundTripsThroughTheBinary() throws {
    let path = try CLI.temporaryFile(Self.large)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let formatted = try CLI.binary(["format", "--compact", path])
    #expect(formatted.status == 0)
    #expect(formatted.stdout.utf8.count > 1 << 17)
    let fromStandardInput = try CLI.binary(["format", "--compact"], stdin: Self.large)
    #expect(fromStandardInput == formatted)
    let original = try JSONSerialization.jsonObject(with: Data(Self.large.utf8)) as? NSArray
    let written = try JSONSerialization.jsonObject(with: Data(formatted.stdout.utf8)) as? NSArray
    #expect(original != nil && original == written)
  }
}
