import Foundation
import Testing
import VisionCore

@Suite struct WeightedProcrustesTests {
    /// Rotation by `angle` about the unit `axis` (Rodrigues), row-major, in double.
    func rotation(axis: SIMD3<Double>, angle: Double) -> [Double] {
        let k = axis / (axis * axis).sum().squareRoot()
        let c = cos(angle), s = sin(angle), t = 1 - c
        return [t * k.x * k.x + c, t * k.x * k.y - s * k.z, t * k.x * k.z + s * k.y,
                t * k.x * k.y + s * k.z, t * k.y * k.y + c, t * k.y * k.z - s * k.x,
                t * k.x * k.z - s * k.y, t * k.y * k.z + s * k.x, t * k.z * k.z + c]
    }

    func transform(_ p: SIMD3<Float>, _ r: [Double], scale: Double, translation: SIMD3<Double>) -> SIMD3<Float> {
        let q = SIMD3<Double>(p)
        return SIMD3<Float>(scale * SIMD3(r[0] * q.x + r[1] * q.y + r[2] * q.z,
                                          r[3] * q.x + r[4] * q.y + r[5] * q.z,
                                          r[6] * q.x + r[7] * q.y + r[8] * q.z) + translation)
    }

    func check(sources: [SIMD3<Float>], weights: [Float], axis: SIMD3<Double>, angle: Double, scale: Double,
               translation: SIMD3<Double>, tolerance: Float) throws {
        let r = rotation(axis: axis, angle: angle)
        let targets = sources.map { transform($0, r, scale: scale, translation: translation) }
        let m = try WeightedProcrustes.solve(sources: sources, targets: targets, weights: weights)
        for row in 0..<3 {
            for column in 0..<3 { #expect(isClose(m[row, column], Float(scale * r[3 * row + column]), tolerance), "(\(row), \(column))") }
        }
        #expect(isClose(m[0, 3], Float(translation.x), tolerance * 10) && isClose(m[1, 3], Float(translation.y), tolerance * 10)
                && isClose(m[2, 3], Float(translation.z), tolerance * 10))
        #expect(m[3, 0] == 0 && m[3, 1] == 0 && m[3, 2] == 0 && m[3, 3] == 1)
    }

    @Test func recoversKnownSimilarity() throws {
        var generator = SeededGenerator(seed: 11)
        for trial in 0..<20 {
            let n = Int.random(in: 4...60, using: &generator)
            let sources = (0..<n).map { _ in SIMD3<Float>(Float.random(in: -8...8, using: &generator), Float.random(in: -8...8, using: &generator),
                                                          Float.random(in: -8...8, using: &generator)) }
            let weights = (0..<n).map { _ in Float.random(in: 0.01...1, using: &generator) }
            let axis = SIMD3<Double>(Double.random(in: -1...1, using: &generator), Double.random(in: -1...1, using: &generator),
                                     Double.random(in: 0.1...1, using: &generator))
            try check(sources: sources, weights: weights, axis: axis, angle: Double.random(in: -3...3, using: &generator),
                      scale: Double.random(in: 0.2...5, using: &generator),
                      translation: SIMD3(Double(trial), -2, -70), tolerance: 2e-4)
        }
    }

    @Test func planarPointsNeedTheCompletedBasis() throws {
        // All sources in the z = 0 plane: the design matrix has rank 2.
        let sources: [SIMD3<Float>] = [[0, 0, 0], [1, 0, 0], [0, 2, 0], [3, 1, 0], [-1, 4, 0]]
        try check(sources: sources, weights: [1, 1, 1, 0.5, 2], axis: [0.3, -0.2, 1], angle: 0.7, scale: 1.5,
                  translation: [1, 2, 3], tolerance: 1e-5)
    }

    @Test func zeroWeightsAreIgnored() throws {
        let sources: [SIMD3<Float>] = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [5, 5, 5]]
        var targets = sources.map { $0 + SIMD3(1, 2, 3) }
        targets[4] = [100, -100, 7]  // an outlier with weight 0
        let m = try WeightedProcrustes.solve(sources: sources, targets: targets, weights: [1, 1, 1, 1, 0])
        #expect(isClose(m[0, 0], 1, 1e-5) && isClose(m[1, 1], 1, 1e-5) && isClose(m[2, 2], 1, 1e-5))
        #expect(isClose(m[0, 3], 1, 1e-5) && isClose(m[1, 3], 2, 1e-5) && isClose(m[2, 3], 3, 1e-5))
    }

    @Test func mirroredTargetsStillGiveARotation() throws {
        let sources: [SIMD3<Float>] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1], [-1, 2, 0.5]]
        let mirrored = sources.map { SIMD3(-$0.x, $0.y, $0.z) }
        let m = try WeightedProcrustes.solve(sources: sources, targets: mirrored, weights: [1, 1, 1, 1, 1])
        let r = (0..<3).map { row in (0..<3).map { m[row, $0] } }
        let det = r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1]) - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
            + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0])
        #expect(det > 0)
    }

    @Test func rejectsDegenerateProblems() {
        let p: [SIMD3<Float>] = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]
        #expect(throws: ProcrustesError.noPoints) { try WeightedProcrustes.solve(sources: [], targets: [], weights: []) }
        #expect(throws: ProcrustesError.countMismatch(sources: 3, targets: 2, weights: 3)) {
            try WeightedProcrustes.solve(sources: p, targets: Array(p.prefix(2)), weights: [1, 1, 1])
        }
        #expect(throws: ProcrustesError.negativeWeight(index: 1)) { try WeightedProcrustes.solve(sources: p, targets: p, weights: [1, -1, 1]) }
        #expect(throws: ProcrustesError.negativeWeight(index: 0)) { try WeightedProcrustes.solve(sources: p, targets: p, weights: [.nan, 1, 1]) }
        #expect(throws: ProcrustesError.totalWeightTooSmall) { try WeightedProcrustes.solve(sources: p, targets: p, weights: [0, 0, 0]) }
        let collapsed = [SIMD3<Float>](repeating: .zero, count: 3)
        #expect(throws: ProcrustesError.designMatrixNormTooSmall) { try WeightedProcrustes.solve(sources: p, targets: collapsed, weights: [1, 1, 1]) }
        let samePoint = [SIMD3<Float>](repeating: [1, 2, 3], count: 3)
        #expect(throws: ProcrustesError.designMatrixNormTooSmall) { try WeightedProcrustes.solve(sources: samePoint, targets: p, weights: [1, 1, 1]) }
    }
}

@Suite struct FaceGeometryEstimatorTests {
    /// The canonical mesh turned by 0.2 rad about y and laid on a 640×480 image with the
    /// deterministic formula of the throwaway numpy script (x = 0.5 + 0.012·X, y = 0.45 − 0.016·Y,
    /// z = −0.012·Z, in double, rounded to float).
    func syntheticLandmarks(_ metadata: GeometryPipelineMetadata) -> [LandmarkPoint] {
        let positions = metadata.canonicalMesh.positions
        let c = cos(0.2), s = sin(0.2)
        return (0..<468).map { i in
            let x = Double(positions[3 * i]), y = Double(positions[3 * i + 1]), z = Double(positions[3 * i + 2])
            let px = c * x + s * z, py = y, pz = -s * x + c * z
            return LandmarkPoint(x: Float(0.5 + px * 0.012), y: Float(0.45 - py * 0.016), z: Float(-pz * 0.012))
        }
    }

    @Test func matchesTheNumpyReplica() throws {
        let metadata = try GeometryPipelineMetadata(protobuf: try geometryMetadataBytes())
        let estimator = FaceGeometryEstimator(metadata: metadata)
        #expect(estimator.landmarkCount == 468)
        let landmarks = syntheticLandmarks(metadata)
        // The script's landmarks 0 and 4, to check that both sides start from the same input.
        #expect(landmarks[0] == LandmarkPoint(x: 0.5142553448677063, y: 0.5045024752616882, z: -0.07032378017902374))
        #expect(landmarks[4] == LandmarkPoint(x: 0.5180866718292236, y: 0.4574107229709625, z: -0.08922424167394638))
        let m = try #require(try estimator.transformationMatrix(for: landmarks, frameWidth: 640, frameHeight: 480))
        // Expected: the numpy replica of geom.py (docs/pipeline.md §5.2; SVD in double, sums in double),
        // row-major.
        let expected: [Float] = [0.982479453086853, -0.00394833367317915, 0.1863282173871994, 0.06224202737212181,
                                 0.0045874412171542645, 0.999984860420227, -0.0029990021139383316, 3.0303549766540527,
                                 -0.18631356954574585, 0.0038012266159057617, 0.9824828505516052, -53.51546096801758,
                                 0, 0, 0, 1]
        for (index, (value, reference)) in zip(m.rowMajor, expected).enumerated() {
            #expect(isClose(value, reference, 2e-5 * max(1, abs(reference))), "element \(index): \(value) vs \(reference)")
        }
        // Column-major layout puts the translation at 12...14 (docs/pipeline.md §5.3).
        #expect(m.columnMajor[14] == m[2, 3] && m.columnMajor[12] == m[0, 3])
    }

    @Test func compactFacesAreSkippedAndBadInputThrows() throws {
        let metadata = try GeometryPipelineMetadata(protobuf: try geometryMetadataBytes())
        let estimator = FaceGeometryEstimator(metadata: metadata)
        let dot = [LandmarkPoint](repeating: LandmarkPoint(x: 0.5, y: 0.5, z: 0), count: 468)
        #expect(try estimator.transformationMatrix(for: dot, frameWidth: 640, frameHeight: 480) == nil)
        #expect(throws: FaceGeometryError.landmarkCountMismatch(expected: 468, actual: 478)) {
            try estimator.transformationMatrix(for: dot + dot.prefix(10), frameWidth: 640, frameHeight: 480)
        }
        #expect(throws: FaceGeometryError.invalidFrameSize(width: 0, height: 480)) {
            try estimator.transformationMatrix(for: syntheticLandmarks(metadata), frameWidth: 0, frameHeight: 480)
        }
    }

    @Test func nonFiniteLandmarksThrowWithoutTrapping() throws {
        let metadata = try GeometryPipelineMetadata(protobuf: try geometryMetadataBytes())
        let estimator = FaceGeometryEstimator(metadata: metadata)
        for bad in [Float.nan, .infinity] {
            // A non-finite z passes the compactness check and fails in Procrustes.
            var landmarks = syntheticLandmarks(metadata)
            landmarks[4].z = bad
            #expect(throws: FaceGeometryError.self) { try estimator.transformationMatrix(for: landmarks, frameWidth: 640, frameHeight: 480) }
            // A non-finite x makes every distance NaN, which MediaPipe's max() ignores: the face
            // counts as too compact and is skipped, as in MediaPipe.
            landmarks[100].x = bad
            #expect(try estimator.transformationMatrix(for: landmarks, frameWidth: 640, frameHeight: 480) == nil)
        }
    }

    @Test func frustum() {
        let f = PerspectiveFrustum(frameWidth: 640, frameHeight: 480)
        let h = 2 * tan(0.5 * 63 * Double.pi / 180)
        #expect(isClose(Double(f.top), h / 2, 1e-6) && isClose(Double(f.right), h / 2 * 640 / 480, 1e-6))
        #expect(f.left == -f.right && f.bottom == -f.top && f.near == 1)
    }
}

@Suite struct BlendshapesTests {
    @Test func tables() {
        #expect(BlendshapesInput.landmarkIndices.count == 146)
        #expect(zip(BlendshapesInput.landmarkIndices, BlendshapesInput.landmarkIndices.dropFirst()).allSatisfy { $0 < $1 })
        #expect(BlendshapesInput.landmarkIndices.first == 0 && BlendshapesInput.landmarkIndices.last == 477)
        #expect(blendshapeNames.count == 52 && Set(blendshapeNames).count == 52)
        #expect(blendshapeNames[0] == "_neutral" && blendshapeNames[9] == "eyeBlinkLeft" && blendshapeNames[25] == "jawOpen")
        #expect(blendshapeNames[51] == "noseSneerRight")
    }

    @Test func tensorIsInPixels() throws {
        let landmarks = (0..<478).map { LandmarkPoint(x: Float($0) / 1000, y: 0.5) }
        let tensor = try BlendshapesInput.tensor(from: landmarks, imageWidth: 1000, imageHeight: 200)
        #expect(tensor.count == 292)
        #expect(tensor[0] == 0 && tensor[1] == 100)
        #expect(isClose(tensor[4], 4, 1e-4) && isClose(tensor[290], 477, 1e-3))  // indices 4 and 477
        #expect(throws: VisionCoreError.self) { try BlendshapesInput.tensor(from: Array(landmarks.prefix(468)), imageWidth: 1, imageHeight: 1) }
    }
}
