import Foundation
import VisionCore

/// Where a search by size in pixels runs a detector on a picture (the small-faces search,
/// docs/pipeline.md §9.1, and the every-hand search, §12.8): a pyramid of levels, each the picture
/// scaled so that the objects it is there for are just large enough for the detector, cut into
/// tiles; what is found depends on an object's size in pixels, not on its share of the picture.
///
/// The detector finds an object reliably once it is `smallestDetectable` pixels wide in its
/// tensor. Level 0 scales the picture by `smallestDetectable / minObjectSize`, so that a
/// `minObjectSize` object is just large enough; each level up halves the scale and doubles the
/// object sizes it is there for, until the scaled picture fits the detector's own input: the last
/// level is the whole picture, letterboxed (the pass MediaPipe runs). Level `k` is there for
/// objects from `minObjectSize·2^k` to `minObjectSize·2^(k+1)` pixels wide; larger ones are the
/// next levels' (and may be found here too; the search merges them).
///
/// A fully convolutional detector runs on tiles larger than its input (its input resized,
/// docs/engine.md §2): a level is cut into as few tiles of at most `maxTensorSide` (``tileSide``
/// by default) tensor pixels as will do, all of one size, a multiple of ``tensorMultiple``. A
/// detector kept at its own size (the palm detector, docs/pipeline.md §12.8) gets square tiles of
/// that size.
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
    /// The largest tile tensor side when every tile runs at once, pixels. On the machine we test
    /// on a tensor pixel costs about the same from 128 to 512 and more beyond (the activations
    /// leave the cache), and each tile size is one more interpreter to load (about 50 ms and
    /// 25 MB at 512×512 for the face detector).
    package static let tileSide = 512
    /// Tile tensor sides are multiples of this by default (the face detectors' largest stride is
    /// 16; their tiles' feature maps then have whole sides at every stride).
    package static let tensorMultiple = 32

    /// One detector run: a rectangle of the upright picture, its tensor size and the part of it
    /// the tile owns.
    package struct Tile: Equatable {
        /// Centre, upright pixels.
        package var centreX: Float
        package var centreY: Float
        /// Size, upright pixels (larger than the picture for a letterboxed whole-picture tile).
        package var width: Float
        package var height: Float
        /// The detector's input for this tile, pixels.
        package var tensorWidth: Int
        package var tensorHeight: Int
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
    /// The detector's own (square) input side, pixels.
    let detectorInputSize: Int
    /// Every tile, finest level first, row by row; the last is the whole picture.
    package let tiles: [Tile]

    /// - Parameters:
    ///   - width, height: the upright picture, pixels (positive).
    ///   - minObjectSize: the smallest object to find, pixels (positive).
    ///   - detectorInputSize: the detector's own tensor side.
    ///   - smallestDetectable: the object size, in tensor pixels, from which the detector finds
    ///     objects reliably.
    ///   - maxTensorSide: the largest tile tensor side (at least `detectorInputSize`).
    ///   - tensorMultiple: tile tensor sides are multiples of this (at most `maxTensorSide`). A
    ///     detector that runs at its own size only takes `maxTensorSide` and `tensorMultiple`
    ///     equal to its input: its tiles are then squares of that size.
    package init(width: Int, height: Int, minObjectSize: Int, detectorInputSize: Int, smallestDetectable: Float,
                 maxTensorSide: Int = SearchTilePlan.tileSide, tensorMultiple: Int = SearchTilePlan.tensorMultiple) {
        self.width = width
        self.height = height
        self.minObjectSize = minObjectSize
        self.detectorInputSize = detectorInputSize
        let maxSide = max(maxTensorSide, detectorInputSize)
        let multiple = min(max(tensorMultiple, 1), maxSide)
        let w = Float(width), h = Float(height)
        let overlap = Self.overlapMargin * 2 * smallestDetectable
        var tiles: [Tile] = []
        var level = 0
        var scale = smallestDetectable / Float(minObjectSize)
        while max(w, h) * scale > Float(detectorInputSize) {
            let (columns, tensorWidth) = Self.split(length: w * scale, overlap: overlap, maxSide: maxSide, multiple: multiple)
            let (rows, tensorHeight) = Self.split(length: h * scale, overlap: overlap, maxSide: maxSide, multiple: multiple)
            let tileWidth = Float(tensorWidth) / scale, tileHeight = Float(tensorHeight) / scale
            let xs = Self.centres(length: w, side: tileWidth, count: columns)
            let ys = Self.centres(length: h, side: tileHeight, count: rows)
            for (j, y) in ys.enumerated() {
                for (i, x) in xs.enumerated() {
                    tiles.append(Tile(centreX: x, centreY: y, width: tileWidth, height: tileHeight,
                                      tensorWidth: tensorWidth, tensorHeight: tensorHeight,
                                      ownMinX: i == 0 ? -.infinity : (xs[i - 1] + x) / 2,
                                      ownMaxX: i == xs.count - 1 ? .infinity : (x + xs[i + 1]) / 2,
                                      ownMinY: j == 0 ? -.infinity : (ys[j - 1] + y) / 2,
                                      ownMaxY: j == ys.count - 1 ? .infinity : (y + ys[j + 1]) / 2,
                                      level: level))
                }
            }
            level += 1
            scale /= 2
        }
        tiles.append(Tile(centreX: w / 2, centreY: h / 2, width: max(w, h), height: max(w, h),
                          tensorWidth: detectorInputSize, tensorHeight: detectorInputSize,
                          ownMinX: -.infinity, ownMaxX: .infinity, ownMinY: -.infinity, ownMaxY: .infinity, level: level))
        self.tiles = tiles
    }

    /// How many detector runs the search makes on a picture.
    package var detectorRuns: Int { tiles.count }

    /// The detector's work over all tiles, in runs of its own input size (a tile of
    /// `tensorWidth × tensorHeight` counts `tensorWidth·tensorHeight / detectorInputSize²`),
    /// rounded up: the search's cost model.
    package var detectorWork: Int {
        let pixels = tiles.reduce(0) { $0 + $1.tensorWidth * $1.tensorHeight }
        let run = detectorInputSize * detectorInputSize
        return (pixels + run - 1) / run
    }

    /// How a scaled length is cut: the fewest tiles of at most `maxSide` overlapping by at least
    /// `overlap` (tensor pixels), and their common side, the least multiple of `multiple` that
    /// covers the length with those overlaps (one tile when the length fits).
    static func split(length: Float, overlap: Float, maxSide: Int, multiple: Int) -> (count: Int, side: Int) {
        let count = length <= Float(maxSide) ? 1 : Int(((length - overlap) / (Float(maxSide) - overlap)).rounded(.up))
        let needed = (length + Float(count - 1) * overlap) / Float(count)
        let side = min(Int((needed / Float(multiple)).rounded(.up)) * multiple, maxSide)
        return (count, max(side, multiple))
    }

    /// Centres of `count` tiles of `side` along `length`, spread evenly with the first and last
    /// flush with the ends; one centred tile when the count is 1.
    static func centres(length: Float, side: Float, count: Int) -> [Float] {
        guard count > 1 else { return [length / 2] }
        return (0..<count).map { side / 2 + (length - side) * Float($0) / Float(count - 1) }
    }

    /// The tile as a crop of the prepared image whose whole upright picture is `full`.
    func rect(of tile: Tile, full: NormalizedRect, imageWidth: Int, imageHeight: Int) -> NormalizedRect {
        let c = cos(full.rotation), s = sin(full.rotation)
        let dx = tile.centreX - Float(width) / 2, dy = tile.centreY - Float(height) / 2
        let x = full.xCenter * Float(imageWidth) + c * dx - s * dy
        let y = full.yCenter * Float(imageHeight) + s * dx + c * dy
        return NormalizedRect(xCenter: x / Float(imageWidth), yCenter: y / Float(imageHeight),
                              width: tile.width / Float(imageWidth), height: tile.height / Float(imageHeight),
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
