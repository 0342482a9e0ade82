// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Parsnip",
  products: [
    .library(name: "Parsnip", targets: ["Parsnip"]),
    .executable(name: "parsnip", targets: ["ParsnipCLI"]),
    .executable(name: "parsnip-benchmarks", targets: ["parsnip-benchmarks"]),
  ],
  targets: [
    .target(name: "Parsnip"),
    .executableTarget(name: "ParsnipCLI", dependencies: ["Parsnip"]),
    .executableTarget(
      name: "parsnip-benchmarks",
      dependencies: ["Parsnip"],
      path: "Benchmarks/parsnip-benchmarks"
    ),
    .testTarget(name: "ParsnipTests", dependencies: ["Parsnip", "ParsnipCLI"]),
  ],
  swiftLanguageModes: [.v6]
)
