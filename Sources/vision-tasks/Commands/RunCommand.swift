import Benchmarks
import Inference
import TFLite

/// `vision-tasks run MODEL`: one real run of a model (or of every model in a bundle).
struct RunCommand: Command {
    static let name = "run"
    static let summary = "Run a model on generated input; print output shapes, statistics and timing"
    static let help = """
        Usage: vision-tasks run MODEL_OR_TASK [options]

        Loads the model (every model of a .task bundle), fills each input with fixed pseudo-random
        values in the input's range (from the model's normalization metadata, else [0, 1]),
        runs it, and prints each output's shape with its minimum, maximum and mean, the median
        latency, and which backend runs how many operators.

        Options:
        \(OptionDeclaration.help(for: options))

        Examples:
          vision-tasks run assets/models/face_landmarker.task
          vision-tasks run assets/models/pose_landmark_full.tflite --backend reference
        """
    static let iterations = Option<Int>.integer("iterations", in: 1...Int.max, default: 10, help: "timed runs after 3 warm-up runs")
    static let options = EngineOptions.declarations + [iterations.declaration]

    let path: String
    let options: InterpreterOptions
    let iterations: Int

    init(arguments: ArgumentList) throws(UsageError) {
        path = try arguments.onePositional("MODEL_OR_TASK")
        options = try EngineOptions.parse(arguments)
        iterations = try arguments.value(Self.iterations)
    }

    func run() throws {
        let file = try ModelListing(path: path)
        for entry in file.entries {
            try run(entry)
        }
    }

    private func run(_ entry: ModelListing.Entry) throws {
        let interpreter = try Interpreter(model: entry.model, options: options)
        let ranges = InputRange.of(entry.model)
        for (index, input) in interpreter.inputs.enumerated() {
            let range = index < ranges.count ? ranges[index] : 0...1
            try interpreter.withInput(at: index) { buffer in
                var generator = InputGenerator(seed: UInt64(index + 1))
                for i in buffer.indices { buffer[i] = generator.next(in: range) }
            }
            print("\(entry.name)  input \(index) '\(input.name)' \(shapeText(input.shape)) filled in [\(range.lowerBound), \(range.upperBound)]")
        }
        for _ in 0..<3 { try interpreter.invoke() }
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<iterations {
            let start = clock.now
            try interpreter.invoke()
            times.append(milliseconds(start.duration(to: clock.now)))
        }
        for (index, output) in interpreter.outputs.enumerated() {
            let stats = try interpreter.withOutput(at: index) { Statistics($0) }
            var line = "\(entry.name)  output \(index) '\(output.name)' \(shapeText(output.shape))"
            line += "  min \(stats.minimum)  max \(stats.maximum)  mean \(stats.mean)"
            if stats.nonFiniteCount > 0 { line += "  non-finite \(stats.nonFiniteCount)" }
            print(line)
        }
        var perBackend: [String: Int] = [:]
        for assignment in interpreter.kernelAssignments { perBackend[assignment.backend, default: 0] += 1 }
        let backends = perBackend.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let median = ModelBenchmark.median(times)
        print("\(entry.name)  median \(formatMilliseconds(median)) ms over \(iterations) runs, \(options.backend.rawValue) backend, \(options.threadCount) thread(s); operators: \(backends)\n")
    }
}

func shapeText(_ shape: [Int]) -> String { "[" + shape.map(String.init).joined(separator: "×") + "]" }

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
}

func formatMilliseconds(_ value: Double) -> String {
    let hundredths = (value * 100).rounded() / 100
    return String(hundredths)
}
