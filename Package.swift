// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ChatScroll",
    products: [
        .library(name: "ChatEvents", targets: ["ChatEvents"]),
        .library(name: "ChatReducer", targets: ["ChatReducer"]),
        .library(name: "ChatReplay", targets: ["ChatReplay"]),
        .executable(name: "replay", targets: ["replay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "ChatEvents"),
        .target(name: "ChatReducer", dependencies: ["ChatEvents"]),
        .target(name: "ChatReplay", dependencies: ["ChatEvents", "ChatReducer"]),
        .executableTarget(
            name: "replay",
            dependencies: [
                "ChatReplay",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ReducerTests", dependencies: ["ChatEvents", "ChatReducer"]),
        .testTarget(name: "ReplayTests", dependencies: ["ChatEvents", "ChatReducer", "ChatReplay", "replay"]),
        .testTarget(name: "ChatEventsTests", dependencies: ["ChatEvents"]),
        .testTarget(name: "DocumentationTests", dependencies: ["ChatEvents", "ChatReducer", "ChatReplay"]),
        .testTarget(name: "RecorderTests", dependencies: ["ChatEvents", "ChatReducer", "ChatReplay", "replay"]),
    ],
    swiftLanguageModes: [.v6]
)

// DocC: `swift package --disable-sandbox generate-documentation --target ChatEvents` (see
// docs/documentation.md). The plugin is fetched only when CHATSCROLL_DOCC is set, so that
// building and testing never need it.
if Context.environment["CHATSCROLL_DOCC"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
