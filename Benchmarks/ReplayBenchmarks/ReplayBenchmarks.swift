import Benchmark
import ChatEvents
import ChatReducer
import ChatReplay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a generated log to a temporary file once per process and returns its path.
func generatedLog(events: Int, messages: Int, seed: UInt64 = 1) -> String {
    let path = "/tmp/chatscroll-bench-\(events)-\(messages)-\(seed).jsonl"
    if access(path, R_OK) == 0 { return path }
    var generator = ChatLogGenerator(seed: seed, messages: messages)
    var text = ""
    text.reserveCapacity(events * 80)
    generator.generate(events: events) { line in
        text += line
        text += "\n"
    }
    let file = fopen(path + ".tmp", "w")
    _ = text.withCString { fputs($0, file) }
    fclose(file)
    rename(path + ".tmp", path)
    return path
}

/// The golden corpus: `Tests/Golden` of the package this one sits in.
func goldenFolder() -> String {
    for candidate in ["../Tests/Golden", "Tests/Golden", "../../Tests/Golden"] where access(candidate, R_OK) == 0 {
        return candidate
    }
    return "../Tests/Golden"
}

let benchmarks: @Sendable () -> Void = {
    let slow = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10)

    // The whole pipeline: read, decode, reduce, print the final state.
    for format in [ReplayFormat.json, .jsonl, .text] {
        Benchmark("replay run --format \(format.rawValue), 1,000,000 events", configuration: slow) { benchmark in
            let path = generatedLog(events: 1_000_000, messages: 1_000)
            benchmark.startMeasurement()
            var bytes = 0
            try Replay.run(log: path, format: format) { bytes &+= $0.utf8.count }
            benchmark.stopMeasurement()
            blackHole(bytes)
        }
    }

    // Allocations per event: 100,000 events replayed for json (divide by 100,000).
    Benchmark(
        "replay run --format json, 100,000 events (allocations)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .memoryLeaked], maxDuration: .seconds(10), maxIterations: 20)
    ) { benchmark in
        let path = generatedLog(events: 100_000, messages: 1_000)
        benchmark.startMeasurement()
        try Replay.run(log: path, format: .json) { blackHole($0) }
        benchmark.stopMeasurement()
    }

    // The timeline of a log whose conversation is long: the per-step output must not grow with it.
    for messages in [1_000, 1_000_000] {
        Benchmark("timeline (text) of 100,000 events @ \(messages) messages", configuration: slow) { benchmark in
            let path = generatedLog(events: 100_000, messages: messages)
            let reader = try ChatLogReader(contentsOf: path)
            // Load the history outside the measured region.
            var events = try reader.readAll()
            let prefix = events.prefix {
                if case .historyLoaded = $0.event {
                    true
                } else if case .viewportChanged = $0.event {
                    true
                } else {
                    false
                }
            }
            var replayer = Replayer(configuration: reader.configuration)
            var renderer = TimelineRenderer(configuration: reader.configuration)
            for event in prefix { _ = renderer.render(replayer.apply(event)) }
            events.removeFirst(prefix.count)
            benchmark.startMeasurement()
            var bytes = 0
            for event in events { bytes &+= renderer.render(replayer.apply(event)).utf8.count }
            benchmark.stopMeasurement()
            blackHole(bytes)
        }
    }

    // `replay check` over the whole golden corpus.
    Benchmark(
        "golden check of Tests/Golden",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 50)
    ) { _ in
        let summary = try GoldenSuite.check([goldenFolder()], policy: .never, pending: .nowhere)
        blackHole(summary)
    }
}
