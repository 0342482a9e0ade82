import Foundation
import Testing

@testable import Parsnip
@testable import ParsnipCLI

@Suite struct InputTests {
  /// A document bigger than one read chunk and one output buffer.
  static let large: String = {
    let items = (0..<20_000).map { #"{"id": \#($0), "name": "item \#($0)", "tags": ["a", "é", "😀"]}"# }
    return "[" + items.joined(separator: ",\n") + "]"
  }()

  @Test func readsRegularFiles() throws {
    let path = try CLI.temporaryFile(Self.large)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let input = try FileBytes.read(path: path)
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
    let input = try FileBytes.read(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, name: "<stdin>")
    #expect(input.withUnsafeBytes { Array($0) } == bytes)
  }

  @Test func emptyFileIsEmptyInput() throws {
    let path = try CLI.temporaryFile("")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try FileBytes.read(path: path).count == 0)
    let result = try CLI.both(["validate", path])
    #expect(
      result
        == CLIResult(status: 1, stdout: "", stderr: "\(path):1:1: error: unexpected end of input, expected a value\n"))
  }

  @Test func missingFileIsAnInputError() {
    #expect(throws: InputError(name: "/nonexistent/x.json", reason: "No such file or directory")) {
      try CommandContext(stdin: .bytes([]), stdout: .memory(), stderr: .memory()).input("/nonexistent/x.json")
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

  /// Issue 14 item 17: an input invalid at its start fails before the rest is read.
  @Test func readingStopsWhenTheStartAlreadyProvesTheInputInvalid() throws {
    let path = try CLI.temporaryFile("x" + String(repeating: " ", count: 4 << 20))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try FileBytes.read(path: path) { ScanPipeline.provesInvalid(prefix: $0, options: .default) }
    #expect(file.count == FileBytes.firstChunk)
    let result = try CLI.both(["validate", path])
    #expect(result.stderr == "\(path):1:1: error: expected a value, found 'x'\n")
    // A prefix that is only incomplete is read on.
    let valid = try CLI.temporaryFile("[" + String(repeating: "1,", count: 1 << 16) + "1]")
    defer { try? FileManager.default.removeItem(atPath: valid) }
    #expect(
      try FileBytes.read(path: valid) { ScanPipeline.provesInvalid(prefix: $0, options: .default) }.count == (1 << 17)
        + 3)
    #expect(try CLI.both(["validate", valid]).status == 0)
  }

  /// Issue 14 item 17: the tool's document keeps the bytes it read instead of copying them.
  @Test func documentsOfTheToolShareTheBytesTheyRead() throws {
    let file = FileBytes(name: "x", bytes: Array(Self.large.utf8))
    let document = try JSONDocument(owning: file, options: .default)
    #expect(document.storage.input.baseAddress == file.bytes.baseAddress)
    #expect(document.root.count == 20_000)
  }

  /// Issue 14 item 3: a file truncated while a document reads it gives what was read, never SIGBUS.
  @Test func aFileTruncatedUnderADocumentDoesNotCrash() throws {
    let path = try CLI.temporaryFile(Self.large)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let document = try JSONDocument(contentsOf: URL(fileURLWithPath: path))
    #expect(truncate(path, 0) == 0)
    #expect(document.root[19_999]?["name"]?.stringValue == "item 19999")
  }

  /// FIFOs and character devices are read to their end, as the tool reads them.
  @Test func documentsReadFIFOsAndCharacterDevices() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-fifo-\(UUID().uuidString)").path
    #expect(mkfifo(path, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: path) {
        handle.write(Data(#"{"a": [1, 2]}"#.utf8))
        try? handle.close()
      }
    }
    writer.start()
    let document = try JSONDocument(contentsOf: URL(fileURLWithPath: path))
    #expect(document.root["a"]?.count == 2)
    let null = try #require(throws: JSONParseError.self) {
      try JSONDocument(contentsOf: URL(fileURLWithPath: "/dev/null"))
    }
    #expect(null.kind == .unexpectedEndOfInput)
    #expect(throws: CocoaError.self) { try JSONDocument(contentsOf: URL(fileURLWithPath: "/nonexistent/x.json")) }
  }
}
