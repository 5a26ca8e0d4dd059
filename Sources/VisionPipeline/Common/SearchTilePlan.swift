import Foundation
import VisionCore

/// Where a search by size in pixels runs a detector on a picture (the small-faces search,
/// docs/pipeline.md §9.1, and the every-hand search, §12.8): a pyramid of square tiles, chosen
/// from the smallest object to find in pixels, so that what is found depends on an object's size
/// in pixels and not on its share of the picture.
///
/// The detector finds an object reliably once it is `smallestDetectable` pixels wide in its
/// tensor. Level 0 therefore cuts tiles of `inputSize × minObjectSize / smallestDetectable`
/// pixels, so that a `minObjectSize` object is just large enough in them; each level up doubles
/// the tile side and the object sizes it is there for, until a tile would hold the whole picture:
/// the last level is the whole picture, letterboxed (the pass MediaPipe runs). Level `k` is there
/// for objects from `minObjectSize·2^k` to `minObjectSize·2^(k+1)` pixels wide; larger ones are the
/// next levels' (and may be found here too; the search merges them).
///
/// The tiles of a level overlap by ``overlapMargin`` × the largest object they are there for, so
/// every such object lies wholly inside some tile. Each tile owns the part of the picture nearer
/// its centre than its neighbours' (its *own region*): a detection counts only in the tile that
/// owns its centre. An object whose centre a tile owns lies wholly inside that tile (the owned
/// part reaches at most half the overlap from the tile's edge), so objects cut by a tile edge are
/// neither lost nor doubled.
///
/// Geometry is in the upright picture's pixels (the stored picture turned by its orientation).
/// Package-visible so that tests can put objects on tile edges.
package struct SearchTilePlan: Equatable {
    /// The tiles of a level overlap by this many times the largest object the level is there for.
    static let overlapMargin: Float = 1.25

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
        /// The pyramid level, 0 for the smallest objects.
        package var level: Int

        func owns(x: Float, y: Float) -> Bool {
            x >= ownMinX && x < ownMaxX && y >= ownMinY && y < ownMaxY
        }
    }

    /// The upright picture's size, pixels.
    package let width: Int
    package let height: Int
    package let minObjectSize: Int
    /// The detector's tensor side, pixels.
    let detectorInputSize: Int
    /// Every tile, finest level first, row by row; the last is the whole picture.
    package let tiles: [Tile]

    /// - Parameters:
    ///   - width, height: the upright picture, pixels (positive).
    ///   - minObjectSize: the smallest object to find, pixels (positive).
    ///   - detectorInputSize: the detector's tensor side.
    ///   - smallestDetectable: the object size, in tensor pixels, from which the detector finds
    ///     objects reliably.
    package init(width: Int, height: Int, minObjectSize: Int, detectorInputSize: Int, smallestDetectable: Float) {
        self.width = width
        self.height = height
        self.minObjectSize = minObjectSize
        self.detectorInputSize = detectorInputSize
        let w = Float(width), h = Float(height)
        var tiles: [Tile] = []
        var level = 0
        var object = Float(minObjectSize)
        while true {
            let side = Float(detectorInputSize) * object / smallestDetectable
            if side >= max(w, h) { break }
            let overlap = Self.overlapMargin * 2 * object
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
            object *= 2
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

    /// The detections (normalized image coordinates) whose box centre `tile` owns.
    func owned(_ detections: [RelativeDetection], by tile: Tile, full: NormalizedRect, imageWidth: Int,
               imageHeight: Int) -> [RelativeDetection] {
        detections.filter { detection in
            let centre = uprightPoint(x: detection.xmin + detection.width / 2, y: detection.ymin + detection.height / 2,
                                      full: full, imageWidth: imageWidth, imageHeight: imageHeight)
            return tile.owns(x: centre.x, y: centre.y)
        }
    }

    /// A point of the prepared image (normalized) in upright pixels.
    func uprightPoint(x: Float, y: Float, full: NormalizedRect, imageWidth: Int, imageHeight: Int) -> (x: Float, y: Float) {
        let c = cos(full.rotation), s = sin(full.rotation)
        let dx = (x - full.xCenter) * Float(imageWidth), dy = (y - full.yCenter) * Float(imageHeight)
        return (c * dx + s * dy + Float(width) / 2, -s * dx + c * dy + Float(height) / 2)
    }
}
