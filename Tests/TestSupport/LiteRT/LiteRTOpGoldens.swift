import Foundation

/// The single-op LiteRT goldens: `Tests/Fixtures/litert-ops/manifest.json`.
///
/// Each case is a one-op (or short-chain) `.tflite` model built by
/// `scripts/golden/litert-single-ops` from the TFLite schema, run by LiteRT 2.3.0's reference
/// kernels on ``SplitMix64`` inputs (seed 1). See `Tests/Fixtures/litert-ops/README.md`.
public struct LiteRTOpGoldens: Decodable, Sendable {
    /// A runtime input of a case.
    public struct Input: Decodable, Sendable {
        public let index: Int
        public let name: String
        public let shape: [Int]
        public let low: Double
        public let high: Double
        /// Position of the input's first value in the case's SplitMix64 stream.
        public let streamOffset: Int
        public let firstValuesBits: [String]
        public let fnv1a64: String
    }

    /// A recorded output of a case.
    public struct Output: Decodable, Sendable {
        public let index: Int
        public let shape: [Int]
        /// Raw little-endian float32, row-major, in `Tests/Fixtures/litert-ops/`.
        public let file: String
        public let maxAbs: Double
        /// 1e-4 × max(1, maxAbs).
        public let tolerance: Double
        /// max |Δ| between LiteRT's reference kernels (recorded) and its XNNPACK path.
        public let maxAbsDiffVsDefaultXNNPACK: Double
    }

    /// One case: a model file and what LiteRT made of it.
    public struct Case: Decodable, Sendable, CustomStringConvertible {
        public let name: String
        /// File name of the `.tflite` model in `Tests/Fixtures/litert-ops/`.
        public let model: String
        public let modelSHA256: String
        /// The builtin op names of the model's operators, in order.
        public let ops: [String]
        public let seed: UInt64
        public let inputs: [Input]
        public let outputs: [Output]

        public var description: String { name }

        /// URL of the case's model.
        public var modelURL: URL { Assets.fixture("litert-ops/\(model)") }

        /// The case's inputs, regenerated: input k takes the stream values
        /// `[streamOffset, streamOffset + count)`, each mapped with that input's own range.
        public func inputValues() -> [[Float]] {
            var generator = SplitMix64(seed: seed)
            var position = 0
            return inputs.map { input in
                while position < input.streamOffset {
                    _ = generator.next()
                    position += 1
                }
                let count = input.shape.reduce(1, *)
                position += count
                return (0..<count).map { _ in generator.nextFloat(low: input.low, high: input.high) }
            }
        }

        /// The recorded values of `output`, row-major.
        public func values(of output: Output) throws -> [Float] {
            try readFloat32File(Assets.fixture("litert-ops/\(output.file)"))
        }
    }

    public let litertVersion: String
    public let cases: [Case]

    /// Reads `Tests/Fixtures/litert-ops/manifest.json`.
    public static func load() throws -> LiteRTOpGoldens {
        try JSONDecoder().decode(LiteRTOpGoldens.self,
                                 from: Data(contentsOf: Assets.fixture("litert-ops/manifest.json")))
    }
}

/// The values of a raw little-endian float32 file.
public func readFloat32File(_ url: URL) throws -> [Float] {
    let data = try Data(contentsOf: url)
    guard data.count % 4 == 0 else { throw GoldenError.truncated(url.path, bytes: data.count) }
    return data.withUnsafeBytes { raw in
        (0..<(data.count / 4)).map { i in
            Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
        }
    }
}
