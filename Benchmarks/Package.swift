// swift-tools-version: 6.1
import PackageDescription

// Performance benchmarks of the ChatScroll package. A separate package, so that users of the
// library never fetch the benchmark tool. Run from this folder:
//
//     swift package --allow-writing-to-package-directory benchmark
//
// See docs/performance.md for the figures and how to reproduce them.
let package = Package(
    name: "ChatScrollBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ChatScroll", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ReducerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ChatEvents", package: "ChatScroll"),
                .product(name: "ChatReducer", package: "ChatScroll"),
            ],
            path: "ReducerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DriverBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ChatEvents", package: "ChatScroll"),
                .product(name: "ChatReducer", package: "ChatScroll"),
                .product(name: "ChatScrollDriver", package: "ChatScroll"),
            ],
            path: "DriverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ChatEvents", package: "ChatScroll"),
                .product(name: "ChatReducer", package: "ChatScroll"),
                .product(name: "ChatReplay", package: "ChatScroll"),
            ],
            path: "ReplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
