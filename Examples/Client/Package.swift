// swift-tools-version: 6.0
// A client of the package, as an app embeds it: `DriverOnly` takes the reducer and the driver,
// `BugReport` adds the log format to export a recording, `UIKitMessenger` is a UIKit screen over
// the adapter (compiled here against the stand-in of UIKit), and `SwiftUIScreens` are the three
// SwiftUI screens of the "Integrating with SwiftUI" article (against the stand-in of SwiftUI).
// scripts/check-layers.sh builds them and checks that DriverOnly links no JSON, log-format or
// Foundation code.
import PackageDescription

let package = Package(
    name: "Client",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "ChatScroll", path: "../..")],
    targets: [
        .executableTarget(
            name: "DriverOnly",
            dependencies: [
                .product(name: "ChatEvents", package: "ChatScroll"),
                .product(name: "ChatReducer", package: "ChatScroll"),
                .product(name: "ChatScrollDriver", package: "ChatScroll"),
            ]
        ),
        .executableTarget(
            name: "BugReport",
            dependencies: [
                .product(name: "ChatEvents", package: "ChatScroll"),
                .product(name: "ChatLogFormat", package: "ChatScroll"),
                .product(name: "ChatScrollDriver", package: "ChatScroll"),
            ]
        ),
        .target(
            name: "UIKitMessenger",
            dependencies: [
                .product(name: "ChatEvents", package: "ChatScroll"),
                .product(name: "ChatReducer", package: "ChatScroll"),
                .product(name: "ChatScrollUIKit", package: "ChatScroll"),
            ]
        ),
        .target(
            name: "SwiftUIScreens",
            dependencies: [
                .product(name: "ChatEvents", package: "ChatScroll"),
                .product(name: "ChatReducer", package: "ChatScroll"),
                .product(name: "ChatScrollSwiftUI", package: "ChatScroll"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
