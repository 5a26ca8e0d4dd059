import Inference
import TestSupport
import VisionCore
import VisionPipeline

/// The largest differences between our faces and MediaPipe's, per quantity.
struct FaceErrors: CustomStringConvertible {
    var xy: Float = 0
    var z: Float = 0
    var blendshapes: Float = 0
    /// max |Δ| / max(1, |ref|) over the 16 matrix entries.
    var matrix: Float = 0

    mutating func merge(_ other: FaceErrors) {
        xy = max(xy, other.xy); z = max(z, other.z)
        blendshapes = max(blendshapes, other.blendshapes); matrix = max(matrix, other.matrix)
    }

    /// The face parity gates (docs/parity.md §4).
    var passes: Bool { xy <= 5e-4 && z <= 1e-3 && blendshapes <= 5e-3 && matrix <= 2e-3 }

    var description: String {
        "xy \(xy.formatted6) z \(z.formatted6) blendshapes \(blendshapes.formatted6) matrix \(matrix.formatted6)"
    }

    init() {}

    /// Differences of one face (golden matrix row-major, as MediaPipe Python's numpy array).
    init(ours: PipelineFace, golden: GoldenFace) {
        for (a, b) in zip(ours.landmarks, golden.landmarks) {
            xy = max(xy, abs(a.x - b.x), abs(a.y - b.y))
            z = max(z, abs(a.z - b.z))
        }
        if ours.landmarks.count != golden.landmarks.count { xy = .infinity }
        if let reference = golden.blendshapes {
            guard let scores = ours.blendshapes, scores.count == reference.count else { blendshapes = .infinity; return }
            for category in reference { blendshapes = max(blendshapes, abs(scores[category.index] - category.score)) }
        }
        if let reference = golden.matrix {
            guard let matrix = ours.transformationMatrix else { self.matrix = .infinity; return }
            for (a, b) in zip(matrix.rowMajor, reference) { self.matrix = max(self.matrix, abs(a - b) / max(1, abs(b))) }
        }
    }
}

extension Float {
    var formatted6: String {
        let v = Double(self)
        if v == 0 { return "0" }
        if !v.isFinite { return "\(v)" }
        var exponent = 0
        var mantissa = v
        while abs(mantissa) < 1 { mantissa *= 10; exponent -= 1 }
        while abs(mantissa) >= 10 { mantissa /= 10; exponent += 1 }
        return "\((mantissa * 100).rounded() / 100)e\(exponent)"
    }
}

/// The engine the parity tests use: the fastest of this build (XNNPACK, else the built-in kernels).
enum TestEngine {
    static let choice = InterpreterOptions(backend: .fastest)
}
