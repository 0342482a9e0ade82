// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Parsnip",
  // Linux has no minimum. On Apple platforms, `Synchronization` (Atomic, Mutex) sets the floor.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Parsnip", targets: ["Parsnip"]),
    .executable(name: "parsnip", targets: ["ParsnipCLI"]),
    .executable(name: "parsnip-benchmarks", targets: ["parsnip-benchmarks"]),
  ],
  targets: [
    // The privacy manifest is for App Store builds; on Linux it is only copied into a resource bundle nothing reads.
    .target(name: "Parsnip", resources: [.copy("PrivacyInfo.xcprivacy")]),
    .executableTarget(name: "ParsnipCLI", dependencies: ["Parsnip"]),
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
