/// The small-faces search's tiles (docs/pipeline.md §9.1): ``SearchTilePlan`` with the face
/// detectors' reach.
extension SearchTilePlan {
    /// The mesh width, in tensor pixels, from which a face detector finds faces reliably. Measured
    /// on the fixture faces pasted at every size onto tensor-sized pictures: the short-range model
    /// (128) finds all of them from 16 px (at 14 px only at scores below 0.5), the full-range model
    /// (192) all from 16 px; on the crowd test pictures, 14 px missed two of twelve 24–32 px faces.
    static func smallestDetectableFace(detectorInputSize: Int) -> Float {
        detectorInputSize == 128 ? 16 : 18
    }
    /// The smallest `minFaceSize` accepted: below it the landmark model's 478 points have less
    /// than a pixel each to tell apart, and the tiles (8 px and less) multiply without bound.
    package static let smallestMinFaceSize = 8

    /// Throws `invalidArgument` for a `minFaceSize` under ``smallestMinFaceSize``.
    static func validate(minFaceSize: Int) throws(PipelineError) {
        guard minFaceSize >= smallestMinFaceSize else {
            throw .invalidArgument("minFaceSize \(minFaceSize) px is below the smallest face the search looks for, \(smallestMinFaceSize) px")
        }
    }

    /// The largest tile tensor side of the plan streaming frames take turns on, pixels.
    package static let streamingFaceTileSide = 256

    /// The tiles for faces down to `minFaceSize` pixels of mesh width, for a face detector with a
    /// `detectorInputSize` tensor (128 short range, 192 full range): tile tensors up to
    /// ``tileSide``, or ``streamingFaceTileSide`` for the plan streaming frames take turns on.
    package static func faces(width: Int, height: Int, minFaceSize: Int, detectorInputSize: Int = 128,
                              streaming: Bool = false) -> SearchTilePlan {
        SearchTilePlan(width: width, height: height, minObjectSize: minFaceSize, detectorInputSize: detectorInputSize,
                       smallestDetectable: smallestDetectableFace(detectorInputSize: detectorInputSize),
                       maxTensorSide: streaming ? streamingFaceTileSide : tileSide)
    }
}

extension FaceDetectorGraphOptions {
    /// The small-faces search's cost on an upright `width`×`height` picture, to find faces down
    /// to `minFaceSize` pixels wide: the short-range detector's work over its tiles, in runs of
    /// its own 128×128 input (the cost model of docs/pipeline.md §9.1; then one more run per
    /// candidate, and the landmark model once per face).
    public static func smallFaceSearchDetectorRuns(width: Int, height: Int, minFaceSize: Int) -> Int {
        guard width > 0, height > 0, minFaceSize >= SearchTilePlan.smallestMinFaceSize else { return 0 }
        return SearchTilePlan.faces(width: width, height: height, minFaceSize: minFaceSize).detectorWork
    }
}
