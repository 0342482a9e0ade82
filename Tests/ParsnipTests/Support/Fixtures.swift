import Foundation
import Testing

/// Locates test data: `../shared/` beside the package (override with `PARSNIP_SHARED`) and `Examples/`.
enum Fixtures {
  /// The package root, found from this file's path.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared` (or `$PARSNIP_SHARED`), or `nil` when absent, as on a user's fresh clone.
  static let shared: URL? = {
    let url =
      ProcessInfo.processInfo.environment["PARSNIP_SHARED"].map { URL(fileURLWithPath: $0) }
      ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }()

  /// A directory under `shared`, or `nil` when absent.
  static func sharedDirectory(_ relativePath: String) -> URL? {
    guard let url = shared?.appendingPathComponent(relativePath),
      FileManager.default.fileExists(atPath: url.path)
    else { return nil }
    return url
  }

  /// The files of a shared directory with an extension, sorted by name; empty when the directory is absent.
  static func sharedFiles(_ relativePath: String, extension ext: String = "json") -> [URL] {
    guard let dir = sharedDirectory(relativePath),
      let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
    else { return [] }
    return names.filter { $0.hasSuffix("." + ext) }.sorted().map { dir.appendingPathComponent($0) }
  }

  /// The twelve benchmark corpora (`../shared/bench-data/*.json`).
  static var benchData: [URL] { sharedFiles("bench-data") }

  /// JSONTestSuite parsing files (`../shared/conformance/json-test-suite/test_parsing/*.json`).
  static var conformanceParsing: [URL] { sharedFiles("conformance/json-test-suite/test_parsing") }

  /// Message used when a test skips because shared data is absent.
  static let absentMessage = "skipped: ../shared (benchmark corpora and conformance suites) is not present"

  /// A file under `Examples/`.
  static func example(_ name: String) throws -> Data {
    try Data(contentsOf: packageRoot.appendingPathComponent("Examples").appendingPathComponent(name))
  }
}

extension Trait where Self == ConditionTrait {
  /// Skips a test or suite, saying why, when `../shared` is absent (a user's fresh clone).
  static var requiresSharedData: Self {
    .enabled(if: Fixtures.shared != nil, Comment(rawValue: Fixtures.absentMessage))
  }
}
