import Testing
import VisionPipeline

/// The geometry of ``SearchTilePlan`` (docs/pipeline.md §9.1): per level, tiles of one tensor size
/// within the limit, at the level's scale, overlapping by the level's margin and covering the
/// picture; the last tile is MediaPipe's whole-picture pass.
struct SearchTilePlanTests {
    @Test(arguments: [(1920, 1080), (3840, 2160), (640, 480), (1080, 1920), (5000, 300)])
    func faceTilesCoverEachLevelAtItsScale(width: Int, height: Int) {
        let plan = SearchTilePlan.faces(width: width, height: height, minFaceSize: 24)
        let whole = plan.tiles.last!
        #expect(whole.tensorWidth == 128 && whole.tensorHeight == 128 && whole.width == Float(max(width, height)))
        let levels = Dictionary(grouping: plan.tiles.dropLast(), by: \.level)
        #expect(!levels.isEmpty)
        for (level, tiles) in levels {
            // Faces of 24·2^k px are 16 px in the tensor: the scale is 16 / (24·2^k).
            let scale = 16 / (24 * Float(1 << level))
            let sizes = Set(tiles.map { [$0.tensorWidth, $0.tensorHeight] })
            #expect(sizes.count == 1, "level \(level): one tensor size")
            for tile in tiles {
                #expect(tile.tensorWidth <= SearchTilePlan.tileSide && tile.tensorHeight <= SearchTilePlan.tileSide)
                #expect(tile.tensorWidth % 32 == 0 && tile.tensorHeight % 32 == 0)
                #expect(abs(tile.width * scale - Float(tile.tensorWidth)) < 0.01)
                #expect(abs(tile.height * scale - Float(tile.tensorHeight)) < 0.01)
            }
            // Along each axis the tiles reach both edges and overlap by at least 2.5 faces.
            let overlap = 2.5 * 24 * Float(1 << level) - 0.01
            for (centres, side, length) in [(Set(tiles.map(\.centreX)).sorted(), tiles[0].width, Float(width)),
                                            (Set(tiles.map(\.centreY)).sorted(), tiles[0].height, Float(height))] {
                #expect(centres.first! - side / 2 <= 0.01 && centres.last! + side / 2 >= length - 0.01)
                for (a, b) in zip(centres, centres.dropFirst()) { #expect(a + side / 2 - (b - side / 2) >= overlap) }
            }
        }
        // The streaming plan's tiles are at most 256 on a side, and more of them.
        let streaming = SearchTilePlan.faces(width: width, height: height, minFaceSize: 24, streaming: true)
        #expect(streaming.tiles.dropLast().allSatisfy { $0.tensorWidth <= 256 && $0.tensorHeight <= 256 })
        #expect(streaming.detectorRuns >= plan.detectorRuns)
    }

    /// The palm detector keeps its own input: square 192 tiles, as many runs as tiles.
    @Test func handTilesAreTheDetectorsOwnSquares() {
        let plan = EveryHandSearch.plan(width: 1920, height: 1080, minHandSize: 32)
        #expect(plan.tiles.allSatisfy { $0.tensorWidth == 192 && $0.tensorHeight == 192 && $0.width == $0.height })
        #expect(plan.detectorWork == plan.detectorRuns)
        #expect(plan.detectorRuns == 204)
    }
}
