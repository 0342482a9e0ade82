// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Parsnip",
  // Linux has no minimum. On Apple platforms, the floor is where Swift concurrency back-deploys; newer APIs are used
  // behind `if #available` (`scripts/check-availability.py` checks that).
  platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
  products: [
    .library(name: "Parsnip", targets: ["Parsnip"]),
    .executable(name: "parsnip", targets: ["ParsnipCLI"]),
  ],
  targets: [
    // The privacy manifest is for App Store builds; on Linux it is only copied into a resource bundle nothing reads.
    .target(name: "Parsnip", resources: [.copy("PrivacyInfo.xcprivacy")]),
    .executableTarget(name: "ParsnipCLI", dependencies: ["Parsnip"]),
    // Not a product: `swift run -c release parsnip-benchmarks` builds it here, and packages that depend on Parsnip
    // do not see it.
    .executableTarget(
      name: "parsnip-benchmarks",
      dependencies: ["Parsnip", "BenchmarkModels"],
      path: "Benchmarks/parsnip-benchmarks"
    ),
    // Codable models of the benchmark corpora, shared by the benchmarks and the tests (not a product).
    .target(name: "BenchmarkModels", path: "Benchmarks/Models"),
    .testTarget(name: "ParsnipTests", dependencies: ["Parsnip", "ParsnipCLI", "BenchmarkModels"]),
  ],
  swiftLanguageModes: [.v6]
)
