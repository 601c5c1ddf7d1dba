// swift-tools-version: 6.0
import PackageDescription

/// Where ChatScrollUIKit compiles against the stand-in of UIKit, and ChatScrollSwiftUI against the
/// stand-ins of UIKit and SwiftUI (the adapters are for iOS; macOS builds and tests them as Linux
/// does).
let platformsWithoutUIKit: [Platform] = [.macOS, .linux, .windows, .android, .wasi, .openbsd]

let package = Package(
    name: "ChatScroll",
    // (The SwiftUI adapter's model is `@Observable`; macOS runs the tests and the tools only.)
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ChatEvents", targets: ["ChatEvents"]),
        .library(name: "ChatLogFormat", targets: ["ChatLogFormat"]),
        .library(name: "ChatReducer", targets: ["ChatReducer"]),
        .library(name: "ChatReplay", targets: ["ChatReplay"]),
        .library(name: "ChatScrollDriver", targets: ["ChatScrollDriver"]),
        .library(name: "ChatScrollSimulator", targets: ["ChatScrollSimulator"]),
        .library(name: "ChatScrollUIKit", targets: ["ChatScrollUIKit"]),
        .library(name: "ChatScrollSwiftUI", targets: ["ChatScrollSwiftUI"]),
        .executable(name: "replay", targets: ["replay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // A command plugin only: `swift package generate-documentation` (docs/documentation.md).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // What several layers share: the number format and a seeded random source; not a product.
        .target(name: "ChatScrollUtilities"),
        // What the tools ask of the operating system (files, console, environment, math,
        // compression); not a product.
        .target(name: "ChatPlatform", dependencies: ["CZlib"]),
        // zlib, which every system this builds on has (the player's page is compressed).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // JSON scanning and writing, no domain types; used by the log format and the tools only.
        // `rounded()` and friends call the C math library, which an app without Foundation does not link.
        .target(
            name: "ChatJSON", dependencies: ["ChatScrollUtilities"],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android, .wasi]))]
        ),
        .target(name: "ChatEvents"),
        // The log format: decoding (full and single-pass), encoding, redaction, the recorder's export.
        .target(name: "ChatLogFormat", dependencies: ["ChatEvents", "ChatJSON"]),
        .target(name: "ChatReducer", dependencies: ["ChatEvents", "ChatScrollUtilities"]),
        .target(
            name: "ChatReplay",
            dependencies: [
                "ChatEvents", "ChatJSON", "ChatLogFormat", "ChatPlatform", "ChatReducer", "ChatScrollUtilities",
            ]
        ),
        .target(name: "ChatScrollDriver", dependencies: ["ChatEvents", "ChatReducer"]),
        // The UIKit adapter. Where UIKit is absent it compiles against the stand-in below.
        .target(
            name: "ChatScrollUIKit",
            dependencies: [
                "ChatEvents", "ChatReducer", "ChatScrollDriver",
                .target(name: "UIKitStandIn", condition: .when(platforms: platformsWithoutUIKit)),
            ]
        ),
        // The SwiftUI adapter: a model of the scroll view that SwiftUI's modifiers report to.
        .target(
            name: "ChatScrollSwiftUI",
            dependencies: [
                "ChatEvents", "ChatReducer", "ChatScrollDriver", "ChatScrollUIKit",
                .target(name: "UIKitStandIn", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "SwiftUIStandIn", condition: .when(platforms: platformsWithoutUIKit)),
            ]
        ),
        // The SwiftUI API that ChatScrollSwiftUI and Examples/Client's SwiftUI screens use, for the
        // platforms without UIKit (the adapter re-exports it there); not a product.
        .target(
            name: "SwiftUIStandIn",
            dependencies: [.target(name: "UIKitStandIn", condition: .when(platforms: platformsWithoutUIKit))]
        ),
        // The UIKit, QuartzCore and CoreGraphics API that ChatScrollUIKit and Examples/Client's UIKit
        // screen use, for the platforms without UIKit (the adapter re-exports it there); not a product.
        .target(name: "UIKitStandIn"),
        .target(
            name: "ChatScrollSimulator",
            dependencies: [
                "ChatEvents", "ChatJSON", "ChatLogFormat", "ChatPlatform", "ChatReducer", "ChatScrollDriver",
                "ChatScrollSwiftUI", "ChatScrollUIKit", "ChatScrollUtilities",
                // (The simulator runs where UIKit is absent, over the stand-in's views.)
                .target(name: "UIKitStandIn", condition: .when(platforms: platformsWithoutUIKit)),
            ]
        ),
        .executableTarget(
            name: "replay",
            dependencies: [
                "ChatPlatform", "ChatReplay", "ChatScrollSimulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What every test target that runs the built `replay` binary shares; not a product.
        .target(name: "TestSupport", dependencies: ["ChatEvents", "ChatScrollUtilities"], path: "Tests/TestSupport"),
        // One test target per module; the reducer's is ReducerTests, as the package was specified.
        .testTarget(name: "ChatScrollUtilitiesTests", dependencies: ["ChatScrollUtilities"]),
        .testTarget(name: "ChatPlatformTests", dependencies: ["ChatPlatform"]),
        .testTarget(
            name: "ChatJSONTests", dependencies: ["ChatJSON", "ChatEvents", "ChatLogFormat", "ChatScrollUtilities"]),
        .testTarget(
            name: "ChatEventsTests",
            dependencies: ["ChatEvents", "ChatLogFormat", "ChatReducer", "ChatReplay", "TestSupport"]),
        .testTarget(
            name: "ChatLogFormatTests",
            dependencies: [
                "ChatJSON", "ChatEvents", "ChatLogFormat", "ChatReducer", "ChatReplay", "replay", "TestSupport",
            ]),
        .testTarget(name: "ReducerTests", dependencies: ["ChatEvents", "ChatReducer"]),
        .testTarget(
            name: "ChatReplayTests",
            dependencies: ["ChatEvents", "ChatLogFormat", "ChatReducer", "ChatReplay", "replay", "TestSupport"]),
        .testTarget(name: "ChatScrollDriverTests", dependencies: ["ChatEvents", "ChatReducer", "ChatScrollDriver"]),
        .testTarget(
            name: "ChatScrollUIKitTests",
            dependencies: [
                "ChatEvents", "ChatLogFormat", "ChatReducer", "ChatScrollUIKit",
                .target(name: "UIKitStandIn", condition: .when(platforms: platformsWithoutUIKit)),
            ]),
        .testTarget(
            name: "ChatScrollSwiftUITests",
            dependencies: [
                "ChatEvents", "ChatReducer", "ChatScrollSwiftUI",
                .target(name: "UIKitStandIn", condition: .when(platforms: platformsWithoutUIKit)),
            ]),
        .testTarget(
            name: "ChatScrollSimulatorTests",
            dependencies: [
                "ChatEvents", "ChatLogFormat", "ChatReducer", "ChatScrollDriver", "ChatScrollSimulator", "ChatReplay",
                "ChatScrollUtilities",
            ]),
        .testTarget(name: "ReplayCommandTests", dependencies: ["ChatReplay", "replay", "TestSupport"]),
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["ChatEvents", "ChatLogFormat", "ChatReducer", "ChatReplay", "ChatScrollDriver"]),
        .testTarget(
            name: "PropertyTests",
            dependencies: [
                "ChatEvents", "ChatLogFormat", "ChatReducer", "replay", "TestSupport", "ChatScrollUtilities",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
