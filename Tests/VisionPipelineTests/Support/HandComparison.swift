import Inference
import Testing
import TestSupport
import VisionPipeline

/// The largest differences between our hands and MediaPipe's, with the hand gates of
/// docs/parity.md §4: x, y within 5e-4; z, world landmarks and the handedness score within 1e-3;
/// the same handedness label.
struct HandErrors: CustomStringConvertible {
    var xy: Float = 0
    var z: Float = 0
    var world: Float = 0
    var handedness: Float = 0
    var labelMismatches = 0

    static let xyGate: Float = 5e-4
    static let zGate: Float = 1e-3
    static let worldGate: Float = 1e-3
    static let handednessGate: Float = 1e-3

    var passes: Bool {
        xy <= Self.xyGate && z <= Self.zGate && world <= Self.worldGate && handedness <= Self.handednessGate
            && labelMismatches == 0
    }

    /// Every value equal to MediaPipe's. The hand goldens were recorded on an AVX2 processor; with
    /// AVX-512, XNNPACK's LOGISTIC uses another polynomial, and the handedness score (a LOGISTIC
    /// of the landmark model) may differ by 1 ulp of 1.
    var isExact: Bool {
        xy == 0 && z == 0 && world == 0 && handedness <= Self.logisticTolerance && labelMismatches == 0
    }
    static let logisticTolerance: Float = FastBackend.usesAVX512 ? Float(1).ulp : 0

    func expectGate(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(passes, "\(what): \(self)", sourceLocation: sourceLocation)
    }

    var description: String {
        "xy \(xy.scientific) z \(z.scientific) world \(world.scientific) handedness \(handedness.scientific)"
            + (labelMismatches > 0 ? " labels differ \(labelMismatches)×" : "")
    }

    init() {}

    init(ours: PipelineHand, golden: GoldenHand) {
        guard ours.landmarks.count == golden.landmarks.count, ours.worldLandmarks.count == golden.worldLandmarks.count,
              let category = golden.handedness.first else {
            xy = .infinity
            return
        }
        for (a, b) in zip(ours.landmarks, golden.landmarks) {
            xy = max(xy, abs(a.x - b.x), abs(a.y - b.y))
            z = max(z, abs(a.z - b.z))
        }
        for (a, b) in zip(ours.worldLandmarks, golden.worldLandmarks) {
            world = max(world, abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z))
        }
        handedness = abs(ours.handedness.score - category.score)
        if ours.handedness.index != category.index || ours.handedness.label != category.categoryName
            || category.displayName != category.categoryName {
            labelMismatches = 1
        }
    }

    mutating func merge(_ other: HandErrors) {
        xy = max(xy, other.xy)
        z = max(z, other.z)
        world = max(world, other.world)
        handedness = max(handedness, other.handedness)
        labelMismatches += other.labelMismatches
    }
}
