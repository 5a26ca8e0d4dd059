import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// The largest differences between our poses and MediaPipe's, per quantity, with the parity gates
/// of docs/parity.md §4.
struct PoseErrors: CustomStringConvertible {
    var xy: Float = 0
    var z: Float = 0
    var scores: Float = 0
    var world: Float = 0
    /// The smallest fraction of mask pixels within 0.02 of MediaPipe's, over compared masks.
    var maskAgreement: Double = 1
    var masksCompared = 0
    /// The largest difference of mask means (also for masks MediaPipe did not store as PNG).
    var maskMean: Float = 0

    static let landmarkGate: Float = 1e-3
    static let scoreGate: Float = 1e-3
    static let worldGate: Float = 1e-3
    static let maskTolerance: Float = 0.02
    static let maskGate = 0.995

    var passes: Bool {
        xy <= Self.landmarkGate && scores <= Self.scoreGate && world <= Self.worldGate && maskAgreement >= Self.maskGate
    }

    /// Asserts the strict pose gates (docs/parity.md §4).
    func expectGate(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(passes, "\(what): \(self)", sourceLocation: sourceLocation)
    }

    var description: String {
        "xy \(xy.scientific) z \(z.scientific) vis/pres \(scores.scientific) world \(world.scientific) "
            + "mask \(String(format: "%.4f", maskAgreement * 100))% (\(masksCompared)) mask mean \(maskMean.scientific)"
    }

    init() {}

    mutating func merge(_ other: PoseErrors) {
        xy = max(xy, other.xy)
        z = max(z, other.z)
        scores = max(scores, other.scores)
        world = max(world, other.world)
        maskAgreement = min(maskAgreement, other.maskAgreement)
        masksCompared += other.masksCompared
        maskMean = max(maskMean, other.maskMean)
    }

    /// The differences of one pose; the mask is compared when MediaPipe's is stored as PNG.
    init(ours: PipelinePose, golden: GoldenPose, comparesMasks: Bool = true) throws {
        guard ours.landmarks.count == golden.landmarks.count, ours.worldLandmarks.count == golden.worldLandmarks.count else {
            xy = .infinity
            return
        }
        for (a, b) in zip(ours.landmarks, golden.landmarks) {
            xy = max(xy, abs(a.x - b.x), abs(a.y - b.y))
            z = max(z, abs(a.z - b.z))
            scores = max(scores, Self.difference(a.visibility, b.visibility), Self.difference(a.presence, b.presence))
        }
        for (a, b) in zip(ours.worldLandmarks, golden.worldLandmarks) {
            world = max(world, abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z))
            scores = max(scores, Self.difference(a.visibility, b.visibility), Self.difference(a.presence, b.presence))
        }
        if comparesMasks, let reference = golden.segmentationMask, let url = MediaPipeGoldens.maskURL(reference) {
            guard let mask = ours.segmentationMask else {
                maskAgreement = 0
                return
            }
            maskAgreement = try Self.agreement(try mask.rendered(), with: url, width: reference.width, height: reference.height)
            masksCompared = 1
        }
    }

    private static func difference(_ a: Float?, _ b: Float?) -> Float {
        guard let a, let b else { return a == nil && b == nil ? 0 : .infinity }
        return abs(a - b)
    }

    /// The fraction of pixels of `mask` within 0.02 of the 16-bit PNG at `url`. Our PNG decoder
    /// keeps the high byte of 16-bit samples, so the reference value is taken as the middle of
    /// that byte's range, `(hi·256 + 128)/65535` (error ≤ 0.002).
    static func agreement(_ mask: FloatImage, with url: URL, width: Int, height: Int) throws -> Double {
        let png = try Image(contentsOfFile: url.path)
        guard png.width == width, png.height == height, mask.width == width, mask.height == height,
              png.format == .gray8 else { return 0 }
        let bytes = png.packedBytes()
        var within = 0
        for i in 0..<(width * height) {
            let reference = (Float(bytes[i]) * 256 + 128) / 65535
            if abs(mask.values[i] - reference) <= maskTolerance { within += 1 }
        }
        return Double(within) / Double(width * height)
    }
}

extension Float {
    var scientific: String { String(format: "%.2e", Double(self)) }
}
