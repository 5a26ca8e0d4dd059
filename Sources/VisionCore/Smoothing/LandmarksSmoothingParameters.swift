/// The One-Euro settings of MediaPipe's `LandmarksSmoothingCalculator` (docs/pipeline.md §8.2, §8.3).
public struct LandmarksSmoothingParameters: Sendable, Hashable {
    public var frequency: Double
    public var minCutoff: Double
    public var beta: Double
    public var derivateCutoff: Double
    /// Below this object scale (pixels) the landmarks pass through unfiltered.
    public var minAllowedObjectScale: Float
    /// Use a value scale of 1 instead of 1/object scale (world landmarks).
    public var disableValueScaling: Bool

    public init(frequency: Double = 30, minCutoff: Double, beta: Double, derivateCutoff: Double,
                minAllowedObjectScale: Float = 1e-6, disableValueScaling: Bool = false) {
        self.frequency = frequency
        self.minCutoff = minCutoff
        self.beta = beta
        self.derivateCutoff = derivateCutoff
        self.minAllowedObjectScale = minAllowedObjectScale
        self.disableValueScaling = disableValueScaling
    }

    /// Face landmarks: min_cutoff 0.05, beta 80, derivate_cutoff 1, value scaling on.
    /// (The graphs set these through float proto fields, hence the float-rounded 0.05 and 0.1.)
    public static let faceLandmarks = LandmarksSmoothingParameters(minCutoff: Double(Float(0.05)), beta: 80, derivateCutoff: 1)
    /// Pose landmarks: min_cutoff 0.05, beta 80, derivate_cutoff 1, value scaling on (object
    /// scale from the pose's next-frame ROI).
    public static let poseLandmarks = LandmarksSmoothingParameters(minCutoff: Double(Float(0.05)), beta: 80, derivateCutoff: 1)
    /// Pose world landmarks: min_cutoff 0.1, beta 40, derivate_cutoff 1, value scaling off.
    public static let poseWorldLandmarks = LandmarksSmoothingParameters(minCutoff: Double(Float(0.1)), beta: 40, derivateCutoff: 1,
                                                                        disableValueScaling: true)
}
