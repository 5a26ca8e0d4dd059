/// Why a facial transformation matrix could not be estimated.
public enum FaceGeometryError: Error, Sendable, Hashable, CustomStringConvertible {
    case landmarkCountMismatch(expected: Int, actual: Int)
    case invalidFrameSize(width: Int, height: Int)
    case procrustes(ProcrustesError)

    public var description: String {
        switch self {
        case let .landmarkCountMismatch(expected, actual): "face geometry needs \(expected) landmarks, got \(actual)"
        case let .invalidFrameSize(width, height): "invalid frame size \(width)×\(height)"
        case let .procrustes(error): "face geometry: \(error)"
        }
    }
}

/// MediaPipe's face-geometry pipeline for landmark input (`geometry_pipeline.cc`, docs/pipeline.md §5):
/// from the 468 image-normalized mesh landmarks of one face to the facial transformation matrix,
/// which maps the canonical face (cm) into the camera space (right-handed, looking down −z).
///
/// Environment: origin at the top-left corner, perspective camera with 63° vertical FOV, near
/// plane at 1 cm.
public struct FaceGeometryEstimator: Sendable {
    public let metadata: GeometryPipelineMetadata
    public let verticalFOVDegrees: Float
    public let near: Float
    let canonical: [SIMD3<Float>]
    let weights: [Float]

    public init(metadata: GeometryPipelineMetadata, verticalFOVDegrees: Float = 63, near: Float = 1) {
        self.metadata = metadata
        self.verticalFOVDegrees = verticalFOVDegrees
        self.near = near
        let positions = metadata.canonicalMesh.positions
        canonical = (0..<(positions.count / 3)).map { SIMD3(positions[3 * $0], positions[3 * $0 + 1], positions[3 * $0 + 2]) }
        weights = metadata.landmarkWeights
    }

    /// The number of landmarks the estimator takes (468 for MediaPipe's metadata).
    public var landmarkCount: Int { canonical.count }

    /// The facial transformation matrix for `landmarks` (image-normalized, the first
    /// ``landmarkCount`` of the face landmarker's output, smoothed in stream mode) in a
    /// `frameWidth`×`frameHeight` image. Returns `nil` when the face is too compact (every landmark
    /// within 1e-3 of the mean in x and y), which MediaPipe skips.
    public func transformationMatrix(for landmarks: [LandmarkPoint], frameWidth: Int, frameHeight: Int) throws(FaceGeometryError) -> Matrix4x4? {
        guard landmarks.count == canonical.count else {
            throw .landmarkCountMismatch(expected: canonical.count, actual: landmarks.count)
        }
        guard frameWidth > 0, frameHeight > 0 else { throw .invalidFrameSize(width: frameWidth, height: frameHeight) }
        if Self.isTooCompact(landmarks) { return nil }
        let frustum = PerspectiveFrustum(verticalFOVDegrees: verticalFOVDegrees, near: near,
                                         frameWidth: frameWidth, frameHeight: frameHeight)
        do {
            return try estimate(landmarks, frustum: frustum)
        } catch {
            throw .procrustes(error)
        }
    }

    private func estimate(_ landmarks: [LandmarkPoint], frustum: PerspectiveFrustum) throws(ProcrustesError) -> Matrix4x4 {
        // ProjectXY: flip y (top-left origin), scale to the near plane, move to its corner.
        let xScale = frustum.right - frustum.left
        let yScale = frustum.top - frustum.bottom
        let screen = landmarks.map { landmark in
            SIMD3<Float>(landmark.x * xScale + frustum.left, (1 - landmark.y) * yScale + frustum.bottom, landmark.z * xScale)
        }
        let depthOffset = Float(screen.reduce(0.0) { $0 + Double($1.z) }) / Float(screen.count)

        // First pass: handedness change only.
        let firstScale = try estimateScale(screen.map { SIMD3($0.x, $0.y, -$0.z) })
        // Second pass: unproject with the first scale.
        let secondScale = try estimateScale(unproject(screen, depthOffset: depthOffset, scale: firstScale, frustum: frustum))
        let metric = unproject(screen, depthOffset: depthOffset, scale: firstScale * secondScale, frustum: frustum)
        return try WeightedProcrustes.solve(sources: canonical, targets: metric, weights: weights)
    }

    /// `z ← (z − depthOffset + near)/scale`, `x ← x·z/near`, `y ← y·z/near`, then `z ← −z`.
    private func unproject(_ points: [SIMD3<Float>], depthOffset: Float, scale: Float, frustum: PerspectiveFrustum) -> [SIMD3<Float>] {
        points.map { p in
            let z = (p.z - depthOffset + frustum.near) / scale
            return SIMD3(p.x * z / frustum.near, p.y * z / frustum.near, -z)
        }
    }

    /// The norm of column 0 of the Procrustes transform from the canonical points to `points`.
    private func estimateScale(_ points: [SIMD3<Float>]) throws(ProcrustesError) -> Float {
        let m = try WeightedProcrustes.solve(sources: canonical, targets: points, weights: weights)
        let column = SIMD4<Float>(m[0, 0], m[1, 0], m[2, 0], m[3, 0])
        return (column * column).sum().squareRoot()
    }

    /// MediaPipe's `IsScreenLandmarkListTooCompact`: running mean of x and y in float, then the
    /// largest distance from it `≤ 1e-3`.
    static func isTooCompact(_ landmarks: [LandmarkPoint]) -> Bool {
        var meanX: Float = 0, meanY: Float = 0
        for (i, landmark) in landmarks.enumerated() {
            meanX += (landmark.x - meanX) / Float(i + 1)
            meanY += (landmark.y - meanY) / Float(i + 1)
        }
        var maxSquaredDistance: Float = 0
        for landmark in landmarks {
            let dx = landmark.x - meanX, dy = landmark.y - meanY
            maxSquaredDistance = max(maxSquaredDistance, dx * dx + dy * dy)
        }
        return maxSquaredDistance.squareRoot() <= 1e-3
    }
}
