// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ChatScroll",
    products: [
        .library(name: "ChatEvents", targets: ["ChatEvents"]),
        .library(name: "ChatReducer", targets: ["ChatReducer"]),
        .library(name: "ChatReplay", targets: ["ChatReplay"]),
        .library(name: "ChatScrollDriver", targets: ["ChatScrollDriver"]),
        .library(name: "ChatScrollSimulator", targets: ["ChatScrollSimulator"]),
        .executable(name: "replay", targets: ["replay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // A command plugin only: `swift package generate-documentation` (docs/documentation.md).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(name: "ChatEvents"),
        .target(name: "ChatReducer", dependencies: ["ChatEvents"]),
        .target(name: "ChatReplay", dependencies: ["ChatEvents", "ChatReducer"]),
        .target(name: "ChatScrollDriver", dependencies: ["ChatEvents", "ChatReducer"]),
        .target(name: "ChatScrollSimulator", dependencies: ["ChatEvents", "ChatReducer", "ChatScrollDriver"]),
        .executableTarget(
            name: "replay",
            dependencies: [
                "ChatReplay", "ChatScrollSimulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What every test target that runs the built `replay` binary shares; not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DriverTests", dependencies: ["ChatEvents", "ChatReducer", "ChatScrollDriver", "ChatScrollSimulator", "ChatReplay"]),
        .testTarget(name: "ReducerTests", dependencies: ["ChatEvents", "ChatReducer"]),
        .testTarget(name: "ReplayTests", dependencies: ["ChatEvents", "ChatReducer", "ChatReplay", "replay", "TestSupport"]),
        .testTarget(name: "ChatEventsTests", dependencies: ["ChatEvents"]),
        .testTarget(name: "DocumentationTests", dependencies: ["ChatEvents", "ChatReducer", "ChatReplay", "ChatScrollDriver"]),
        .testTarget(name: "RecorderTests", dependencies: ["ChatEvents", "ChatReducer", "ChatReplay", "replay", "TestSupport"]),
        .testTarget(name: "MalformedLogTests", dependencies: ["ChatEvents", "ChatReducer", "ChatReplay", "replay", "TestSupport"]),
        .testTarget(
            name: "PropertyTests",
            dependencies: [
                "ChatEvents", "ChatReducer", "replay", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
