import Benchmarks
import Foundation
import Imaging
import Inference
import TFLite
import VisionPipeline

/// `vision-tasks bench`: model latencies (end-to-end task benchmarks join as the tasks land).
struct BenchCommand: Command {
    static let name = "bench"
    static let summary = "Time models: one model (JSON for scripts) or every installed model"
    static let help = """
        Usage: vision-tasks bench model MODEL.tflite [options]
               vision-tasks bench models [options]
               vision-tasks bench warp [--iterations N]
               vision-tasks bench tasks [options]
               vision-tasks bench peak [--json]

        `bench model` times invoke() on one model after untimed warm-up runs and prints a table,
        or with --json one line: {"model","backend","threads","iterations","median_ms","times_ms",
        "load_ms","arena_bytes","multiply_adds"}
        (the contract scripts/bench/litert-compare relies on). multiply_adds counts one invocation's
        convolutions and fully connected layers, one per weight per output value.

        `bench peak` measures the multiply-adds per second one thread reaches in a loop of nothing
        but fused multiply-adds on the widest vectors the processor has, for about two seconds: the
        peak a model's rate is a share of. --json: {"peak_multiply_adds_per_second","lanes"}.

        `bench models` times every model that scripts/setup installed (the three models inside
        face_landmarker.task and the legacy face and pose models) at 1 and 2 threads, and prints
        each model's median latency in milliseconds.

        `bench tasks` times the face and pose tasks end to end on the sample images (image mode,
        tracked video frames, small faces, every person, and the ML Kit face detector: .fast with
        landmarks and classification, the same with tracking per frame, .accurate with contours)
        and prints each case's median and mean in milliseconds and what it found; with --json one
        line per case: {"case","found","backend","threads","median_ms","times_ms"}
        (scripts/bench/mediapipe-compare). --filter keeps the cases whose name contains one of
        the TEXTs separated by "|"; --interleave times the cases in rounds (one run of each per
        round), for a shared machine.

        `bench warp` times the MediaPipe-exact ROI warp: a rotated 256×256 crop from a 1920×1080
        RGB image on one thread (uint8, with normalization, and from NV12 and I420), and a body-sized
        crop reaching past a 1280×720 frame (zero and replicate borders); the replicate, NV12 and
        I420 crops also from a picture evicted from the cache first, as a video frame is.

        Options:
        \(OptionDeclaration.help(for: options))

        Examples:
          vision-tasks bench models
          vision-tasks bench models --backend reference --iterations 10
          vision-tasks bench model assets/models/pose_detection.tflite --threads 2 --json
          vision-tasks bench tasks --filter "mlkit|face-landmarker image" --interleave --iterations 30
        """
    static let iterations = Option<Int>.integer("iterations", in: 1...Int.max, default: 50, help: "timed runs")
    static let warmUp = Option<Int>.integer("warm-up", in: 0...Int.max, default: 5, help: "untimed runs first")
    static let json = Option<Bool>.flag("json", help: "bench model and bench tasks: JSON lines on stdout")
    static let filter = Option<String?>.text(
        "filter", "TEXT[|…]", help: "bench tasks: only the cases whose name contains one of the TEXTs")
    static let interleave = Option<Bool>.flag(
        "interleave", help: "bench tasks: time the cases in rounds instead of one after another")
    static let profile = Option<Bool>.flag(
        "profile",
        help: "bench model: also time each operator (XNNPACK: one runtime per operator, so fusion is lost) and print the costliest ones")
    static let besideXNNPACK = Option<Bool>.flag(
        "beside-xnnpack",
        help: "bench model --profile: also time each node our kernels run with XNNPACK alone, and print both (an ADD or PRELU our kernel fused counts for the convolution before it)")
    static let inputSize = Option<String?>.text(
        "input-size", "WxH", help: "bench model: run an image model at this input size (a fully convolutional detector)")
    static let options = EngineOptions.declarations + [
        iterations.declaration, warmUp.declaration, json.declaration, filter.declaration, interleave.declaration,
        profile.declaration, besideXNNPACK.declaration, inputSize.declaration,
    ]

    enum Target { case model(String), installedModels, warp, tasks, peak }

    let target: Target
    var options: InterpreterOptions
    let threadsGiven: Bool
    let iterations: Int
    let warmUp: Int
    let json: Bool
    /// `--filter`: a case runs when its name contains one of these (nil: every case).
    let filter: [String]?
    let interleave: Bool
    let profile: Bool
    let besideXNNPACK: Bool

    init(arguments: ArgumentList) throws(UsageError) {
        switch arguments.positionals.first {
        case "model":
            guard arguments.positionals.count == 2 else { throw UsageError("bench model takes one MODEL path") }
            target = .model(arguments.positionals[1])
        case "models":
            guard arguments.positionals.count == 1 else { throw UsageError("bench models takes no path") }
            target = .installedModels
        case "tasks":
            guard arguments.positionals.count == 1 else { throw UsageError("bench tasks takes no path") }
            target = .tasks
        case "warp":
            guard arguments.positionals.count == 1 else { throw UsageError("bench warp takes no path") }
            target = .warp
        case "peak":
            guard arguments.positionals.count == 1 else { throw UsageError("bench peak takes no path") }
            target = .peak
        default:
            throw UsageError("expected `bench model MODEL`, `bench models`, `bench tasks`, `bench warp` or `bench peak`")
        }
        options = try EngineOptions.parse(arguments)
        threadsGiven = arguments.isGiven(EngineOptions.threads)
        iterations = try arguments.value(Self.iterations)
        warmUp = try arguments.value(Self.warmUp)
        json = try arguments.value(Self.json)
        filter = try arguments.value(Self.filter).map { $0.split(separator: "|").map(String.init) }
        interleave = try arguments.value(Self.interleave)
        profile = try arguments.value(Self.profile)
        besideXNNPACK = try arguments.value(Self.besideXNNPACK)
        if let size = try arguments.value(Self.inputSize) {
            let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 1 << 14 }) else {
                throw UsageError("--input-size takes WIDTHxHEIGHT in pixels, e.g. 1280x720")
            }
            options.inputShape = [1, parts[1], parts[0], 3]
        }
    }

    func run() throws {
        switch target {
        case .model(let path): try benchOne(path: path)
        case .installedModels: try benchInstalled()
        case .warp:
            for result in try WarpBenchmark.rotatedCrop(iterations: iterations) { print(result) }
        case .tasks: try benchTasks()
        case .peak: try benchPeak()
        }
    }

    /// One line of JSON, keys sorted (the contract of scripts/bench/).
    private func printJSONLine(_ object: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    private func benchPeak() throws {
        let peak = MultiplyAdds.peakPerSecond(measuringFor: 2)
        if json {
            let object: [String: Any] = ["peak_multiply_adds_per_second": peak.rate, "lanes": peak.lanes]
            try printJSONLine(object)
        } else {
            print(String(format: "multiply-add peak, one thread: %.1f G/s (%d-float vectors)", peak.rate / 1e9, peak.lanes))
        }
    }

    private func benchOne(path: String) throws {
        let file = try ModelListing(path: path)
        for entry in file.entries {
            let result = try ModelBenchmark.run(model: entry.model, options: options, warmUp: warmUp, iterations: iterations)
            if json {
                let object: [String: Any] = [
                    "model": entry.name, "backend": options.backend.rawValue, "threads": options.threadCount,
                    "iterations": iterations, "median_ms": result.medianMilliseconds, "times_ms": result.timesMilliseconds,
                    "load_ms": result.loadMilliseconds, "arena_bytes": result.arenaBytes,
                    "multiply_adds": result.multiplyAdds, "parallel_loops": result.parallelLoops,
                    "serial_loops": result.serialLoops,
                ]
                try printJSONLine(object)
            } else {
                print("\(entry.name)  \(options.backend.rawValue)  \(options.threadCount) thread(s)  median \(formatMilliseconds(result.medianMilliseconds)) ms over \(iterations) runs; loading \(formatMilliseconds(result.loadMilliseconds)) ms, arena \(result.arenaBytes / 1_000_000) MB; \(String(format: "%.1f", Double(result.multiplyAdds) / 1e6)) M multiply-adds, \(String(format: "%.1f", Double(result.multiplyAdds) / result.medianMilliseconds / 1e6)) G/s\(poolSummary(result))")
            }
            if profile { try printProfile(of: entry.model) }
        }
    }

    /// The pool's serial share of the timed loops, when there is a pool.
    private func poolSummary(_ result: ModelBenchmark.Result) -> String {
        let loops = result.parallelLoops + result.serialLoops
        return loops == 0 ? "" : "; \(result.serialLoops) of \(loops) loops serial"
    }

    /// Per-operator medians: totals by operator and backend, then the 30 costliest nodes.
    private func printProfile(of model: Model) throws {
        let times = try ModelBenchmark.profile(model: model, options: options, splitsSegments: true, runs: iterations)
        let total = times.reduce(0) { $0 + $1.milliseconds }
        print("profile: sum of per-operator medians \(formatMilliseconds(total)) ms")
        var byOp: [String: (milliseconds: Double, count: Int)] = [:]
        for time in times {
            let key = "\(time.op) [\(time.backend)]"
            byOp[key, default: (0, 0)].milliseconds += time.milliseconds
            byOp[key, default: (0, 0)].count += 1
        }
        for (key, value) in byOp.sorted(by: { $0.value.milliseconds > $1.value.milliseconds }) {
            print("  \(key.padding(toLength: 36, withPad: " ", startingAt: 0)) \(String(value.count).padding(toLength: 5, withPad: " ", startingAt: 0)) \(formatMilliseconds(value.milliseconds)) ms")
        }
        print("costliest operators:")
        for time in times.sorted(by: { $0.milliseconds > $1.milliseconds }).prefix(30) {
            let rate = time.multiplyAdds > 0 && time.milliseconds > 0
                ? String(format: "  %.1f M multiply-adds, %.1f G/s", Double(time.multiplyAdds) / 1e6, Double(time.multiplyAdds) / time.milliseconds / 1e6) : ""
            let shape = time.outputShape.map(String.init).joined(separator: "×")
            print("  node \(String(time.node).padding(toLength: 5, withPad: " ", startingAt: 0)) \(time.op.padding(toLength: 20, withPad: " ", startingAt: 0)) \(time.backend.padding(toLength: 10, withPad: " ", startingAt: 0)) \(formatMilliseconds(time.milliseconds)) ms  out \(shape)\(rate)")
        }
        if besideXNNPACK { try printBesideXNNPACK(times, of: model) }
    }

    /// Each node our fast kernels run, beside the same node (and the ADDs and PRELUs fused into
    /// it, counted for the last fast node before them) on XNNPACK alone.
    private func printBesideXNNPACK(_ ours: [ModelBenchmark.NodeTime], of model: Model) throws {
        let alone = try ModelBenchmark.profile(model: model, options: options, splitsSegments: true, xnnpackAlone: true, runs: iterations)
        let ourNodes = Dictionary(ours.map { ($0.node, $0) }, uniquingKeysWith: { first, _ in first })
        var xnnpack: [Int: Double] = [:]
        var lastFast: Int?
        for time in alone.sorted(by: { $0.node < $1.node }) {
            if let our = ourNodes[time.node] {
                if our.backend == "fast" { lastFast = time.node }
                xnnpack[time.node, default: 0] += time.milliseconds
            } else if let node = lastFast, time.op == "ADD" || time.op == "PRELU" {
                xnnpack[node, default: 0] += time.milliseconds
            }
        }
        print("fast kernels beside XNNPACK alone (ms):")
        var totals = (ours: 0.0, xnnpack: 0.0)
        for time in ours.sorted(by: { $0.node < $1.node }) where time.backend == "fast" {
            let theirs = xnnpack[time.node] ?? 0
            totals.ours += time.milliseconds
            totals.xnnpack += theirs
            print("  node \(String(time.node).padding(toLength: 5, withPad: " ", startingAt: 0)) \(time.op.padding(toLength: 20, withPad: " ", startingAt: 0)) \(String(format: "%7.3f %7.3f  %.2f", time.milliseconds, theirs, time.milliseconds / max(theirs, 1e-9)))")
        }
        print(String(format: "  all fast nodes %.3f ms, XNNPACK alone %.3f ms", totals.ours, totals.xnnpack))
    }

    private func benchTasks() throws {
        let models = try AssetDirectory.requireModels()
        let images = models.deletingLastPathComponent().appendingPathComponent("images")
        let cases = try TaskBenchmarks.cases(models: models, images: images, engine: options)
            .filter { benchmark in filter.map { texts in texts.contains { benchmark.name.contains($0) } } ?? true }
        guard !cases.isEmpty else {
            throw UsageError("no bench tasks case matches --filter \((filter ?? []).joined(separator: "|"))")
        }
        if !json {
            print("backend: \(options.backend.rawValue), \(options.threadCount) thread(s), median and mean ms over \(iterations) runs\(interleave ? ", interleaved" : "")")
        }
        let results = interleave
            ? try TaskBenchmarks.measureInterleaved(cases, iterations: iterations)
            : try cases.map { try TaskBenchmarks.measure($0, iterations: iterations) }
        for result in results {
            if json {
                let object: [String: Any] = [
                    "case": result.name, "found": result.found, "backend": options.backend.rawValue,
                    "threads": options.threadCount, "median_ms": result.medianMilliseconds, "times_ms": result.timesMilliseconds,
                ]
                try printJSONLine(object)
                continue
            }
            let name = result.name.padding(toLength: 62, withPad: " ", startingAt: 0)
            let mean = result.timesMilliseconds.reduce(0, +) / Double(max(result.timesMilliseconds.count, 1))
            print("\(name) \(formatMilliseconds(result.medianMilliseconds).padding(toLength: 9, withPad: " ", startingAt: 0)) mean \(formatMilliseconds(mean).padding(toLength: 9, withPad: " ", startingAt: 0)) found \(result.found)")
        }
    }

    /// The installed models in the order of the LiteRT table in scripts/bench/README.md.
    static let installedModels = [
        "face_landmarker.task", "face_detection_short_range.tflite", "face_detection_full_range_sparse.tflite",
        "pose_detection.tflite", "pose_landmark_full.tflite",
    ]

    private func benchInstalled() throws {
        let directory = try AssetDirectory.requireModels()
        let threadCounts = threadsGiven ? [options.threadCount] : [1, 2]
        let header = ["model".padding(toLength: 42, withPad: " ", startingAt: 0)]
            + threadCounts.map { "\($0) thread(s)".padding(toLength: 13, withPad: " ", startingAt: 0) }
        print("backend: \(options.backend.rawValue), median ms over \(iterations) runs after \(warmUp) warm-up runs")
        print(header.joined())
        for fileName in Self.installedModels {
            let file = try ModelListing(path: directory.appendingPathComponent(fileName).path)
            for entry in file.entries {
                var row = entry.name.padding(toLength: 42, withPad: " ", startingAt: 0)
                for threads in threadCounts {
                    var threaded = options
                    threaded.threadCount = threads
                    let result = try ModelBenchmark.run(model: entry.model, options: threaded, warmUp: warmUp, iterations: iterations)
                    row += formatMilliseconds(result.medianMilliseconds).padding(toLength: 13, withPad: " ", startingAt: 0)
                }
                print(row)
            }
        }
    }
}
