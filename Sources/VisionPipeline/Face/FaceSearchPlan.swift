import Foundation
import VisionCore

/// Where the small-faces search (docs/pipeline.md §9.1) runs the short-range detector on a
/// picture: a pyramid of square tiles, chosen from the smallest face to find in pixels, so that
/// what is found depends on a face's size in pixels and not on its share of the picture.
///
/// The detector finds a face reliably once its mesh is ``smallestDetectableFace(detectorInputSize:)``
/// pixels wide in its tensor (16 of the short-range model's 128). Level 0 therefore cuts tiles of
/// `inputSize × minFaceSize / smallestDetectableFace` pixels, so that a `minFaceSize` face is just large
/// enough in them; each level up doubles the tile side and the face sizes it is there for, until a
/// tile would hold the whole picture: the last level is the whole picture, letterboxed (the pass
/// MediaPipe runs). Level `k` is there for faces from `minFaceSize·2^k` to `minFaceSize·2^(k+1)`
/// pixels wide; larger faces are the next levels' (and may be found here too; the search merges
/// them).
///
/// The tiles of a level overlap by ``overlapMargin`` × the largest face they are there for, so
/// every such face lies wholly inside some tile. Each tile owns the part of the picture nearer its
/// centre than its neighbours' (its *own region*): a detection counts only in the tile that owns
/// its centre. A face whose centre a tile owns lies wholly inside that tile (the owned part reaches
/// at most half the overlap from the tile's edge), so faces cut by a tile edge are neither lost nor
/// doubled.
///
/// Geometry is in the upright picture's pixels (the stored picture turned by its orientation).
/// Package-visible so that tests can put faces on tile edges.
package struct FaceSearchPlan: Equatable {
    /// The mesh width, in tensor pixels, from which a face detector finds faces reliably. Measured
    /// on the fixture faces pasted at every size onto tensor-sized pictures: the short-range model
    /// (128) finds all of them from 16 px (at 14 px only at scores below 0.5), the full-range model
    /// (192) all from 16 px; on the crowd test pictures, 14 px missed two of twelve 24–32 px faces.
    static func smallestDetectableFace(detectorInputSize: Int) -> Float {
        detectorInputSize == 128 ? 16 : 18
    }
    /// The tiles of a level overlap by this many times the largest face the level is there for.
    static let overlapMargin: Float = 1.25
    /// The smallest `minFaceSize` accepted: below it the landmark model's 478 points have less
    /// than a pixel each to tell apart, and the tiles (8 px and less) multiply without bound.
    package static let smallestMinFaceSize = 8

    /// Throws `invalidArgument` for a `minFaceSize` under ``smallestMinFaceSize``.
    static func validate(minFaceSize: Int) throws(PipelineError) {
        guard minFaceSize >= smallestMinFaceSize else {
            throw .invalidArgument("minFaceSize \(minFaceSize) px is below the smallest face the search looks for, \(smallestMinFaceSize) px")
        }
    }

    /// One detector run: a square of the upright picture and the part of it the tile owns.
    package struct Tile: Equatable {
        /// Centre, upright pixels.
        package var centreX: Float
        package var centreY: Float
        /// Side, upright pixels (larger than the picture for a letterboxed whole-picture tile).
        package var side: Float
        /// The owned region, upright pixels: `minX ≤ x < maxX`, `minY ≤ y < maxY` (infinite
        /// bounds at the picture's edges).
        package var ownMinX: Float, ownMaxX: Float, ownMinY: Float, ownMaxY: Float
        /// The pyramid level, 0 for the smallest faces.
        package var level: Int

        func owns(x: Float, y: Float) -> Bool {
            x >= ownMinX && x < ownMaxX && y >= ownMinY && y < ownMaxY
        }
    }

    /// The upright picture's size, pixels.
    package let width: Int
    package let height: Int
    package let minFaceSize: Int
    /// The detector's tensor side, pixels.
    let detectorInputSize: Int
    /// Every tile, finest level first, row by row; the last is the whole picture.
    package let tiles: [Tile]

    /// - Parameters:
    ///   - width, height: the upright picture, pixels (positive).
    ///   - minFaceSize: the smallest face to find, pixels of mesh width (positive).
    ///   - detectorInputSize: the detector's tensor side (128 short range, 192 full range).
    package init(width: Int, height: Int, minFaceSize: Int, detectorInputSize: Int = 128) {
        self.width = width
        self.height = height
        self.minFaceSize = minFaceSize
        self.detectorInputSize = detectorInputSize
        let smallest = Self.smallestDetectableFace(detectorInputSize: detectorInputSize)
        let w = Float(width), h = Float(height)
        var tiles: [Tile] = []
        var level = 0
        var face = Float(minFaceSize)
        while true {
            let side = Float(detectorInputSize) * face / smallest
            if side >= max(w, h) { break }
            let overlap = Self.overlapMargin * 2 * face
            let xs = Self.centres(length: w, side: side, overlap: overlap)
            let ys = Self.centres(length: h, side: side, overlap: overlap)
            for (j, y) in ys.enumerated() {
                for (i, x) in xs.enumerated() {
                    tiles.append(Tile(centreX: x, centreY: y, side: side,
                                      ownMinX: i == 0 ? -.infinity : (xs[i - 1] + x) / 2,
                                      ownMaxX: i == xs.count - 1 ? .infinity : (x + xs[i + 1]) / 2,
                                      ownMinY: j == 0 ? -.infinity : (ys[j - 1] + y) / 2,
                                      ownMaxY: j == ys.count - 1 ? .infinity : (y + ys[j + 1]) / 2,
                                      level: level))
                }
            }
            level += 1
            face *= 2
        }
        tiles.append(Tile(centreX: w / 2, centreY: h / 2, side: max(w, h),
                          ownMinX: -.infinity, ownMaxX: .infinity, ownMinY: -.infinity, ownMaxY: .infinity, level: level))
        self.tiles = tiles
    }

    /// How many detector runs the search makes on a picture.
    package var detectorRuns: Int { tiles.count }

    /// Centres of tiles of `side` along `length` overlapping by at least `overlap`, the first and
    /// last flush with the ends; one centred tile when the picture is not longer than a tile.
    static func centres(length: Float, side: Float, overlap: Float) -> [Float] {
        guard length > side else { return [length / 2] }
        let stride = side - overlap
        let count = Int(((length - side) / stride).rounded(.up)) + 1
        return (0..<count).map { side / 2 + (length - side) * Float($0) / Float(count - 1) }
    }

    /// The tile as a crop of the prepared image whose whole upright picture is `full`.
    func rect(of tile: Tile, full: NormalizedRect, imageWidth: Int, imageHeight: Int) -> NormalizedRect {
        let c = cos(full.rotation), s = sin(full.rotation)
        let dx = tile.centreX - Float(width) / 2, dy = tile.centreY - Float(height) / 2
        let x = full.xCenter * Float(imageWidth) + c * dx - s * dy
        let y = full.yCenter * Float(imageHeight) + s * dx + c * dy
        return NormalizedRect(xCenter: x / Float(imageWidth), yCenter: y / Float(imageHeight),
                              width: tile.side / Float(imageWidth), height: tile.side / Float(imageHeight),
                              rotation: full.rotation)
    }

    /// A point of the prepared image (normalized) in upright pixels.
    func uprightPoint(x: Float, y: Float, full: NormalizedRect, imageWidth: Int, imageHeight: Int) -> (x: Float, y: Float) {
        let c = cos(full.rotation), s = sin(full.rotation)
        let dx = (x - full.xCenter) * Float(imageWidth), dy = (y - full.yCenter) * Float(imageHeight)
        return (c * dx + s * dy + Float(width) / 2, -s * dx + c * dy + Float(height) / 2)
    }
}

extension FaceDetectorGraphOptions {
    /// The small-faces search's cost: how many times the short-range detector runs on an upright
    /// `width`×`height` picture to find faces down to `minFaceSize` pixels wide (the cost model of
    /// docs/pipeline.md §9.1; the landmark model then runs once per candidate face).
    public static func smallFaceSearchDetectorRuns(width: Int, height: Int, minFaceSize: Int) -> Int {
        guard width > 0, height > 0, minFaceSize >= FaceSearchPlan.smallestMinFaceSize else { return 0 }
        return FaceSearchPlan(width: width, height: height, minFaceSize: minFaceSize).detectorRuns
    }
}
