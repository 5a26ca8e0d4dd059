import Foundation
import Imaging
import TestSupport
import Testing

/// The segmentation masks' warp kernel (eight-pixel vector groups, groups skipped wholly outside,
/// the per-pixel path for the rest) against the plain ``ReferenceWarp`` on seeded random maps:
/// rotations, up- and downscaling, maps that leave the source on every side, tiny sources, and
/// coefficients large enough to saturate OpenCV's int16 source index (docs/pipeline.md §6.6).
@Suite struct MaskWarpDifferentialTests {
    static func noise(width: Int, height: Int, random: inout SeededRandom) throws -> FloatImage {
        try FloatImage(width: width, height: height, values: (0..<width * height).map { _ in Float.random(in: -1...2, using: &random) })
    }

    /// A map from output pixels to source positions: a random rotation and scale about a random
    /// centre, so that the output sees the source whole, in part or not at all.
    static func randomMap(source: FloatImage, output: (width: Int, height: Int), random: inout SeededRandom) -> [Float] {
        let angle = Float.random(in: -3.2...3.2, using: &random)
        let scale = Float.random(in: 0.05...3, using: &random) * Float(source.width) / Float(output.width)
        let centre = (x: Float.random(in: -0.5...1.5, using: &random) * Float(source.width),
                      y: Float.random(in: -0.5...1.5, using: &random) * Float(source.height))
        let (c, s) = (scale * cos(angle), scale * sin(angle))
        let (ox, oy) = (Float(output.width) / 2, Float(output.height) / 2)
        return [c, -s, centre.x - c * ox + s * oy, s, c, centre.y - s * ox - c * oy]
    }

    static func mismatches(source: FloatImage, map: [Float], width: Int, height: Int) throws -> Int {
        let warped = try source.warpedAffine(inverseMap: map, width: width, height: height)
        let reference = ReferenceWarp.warpAffine(source, affine: map, outputWidth: width, outputHeight: height)
        return zip(warped.values, reference).filter { $0.bitPattern != $1.bitPattern }.count
    }

    @Test func randomMapsMatchTheReference() throws {
        var random = SeededRandom(seed: 0x6D61_736B)
        var covered = 0
        for index in 0..<120 {
            let source = try Self.noise(width: index % 10 == 0 ? Int.random(in: 1...3, using: &random) : Int.random(in: 4...80, using: &random),
                                        height: Int.random(in: 1...80, using: &random), random: &random)
            let output = (width: Int.random(in: 1...97, using: &random), height: Int.random(in: 1...61, using: &random))
            let map = Self.randomMap(source: source, output: output, random: &random)
            let wrong = try Self.mismatches(source: source, map: map, width: output.width, height: output.height)
            #expect(wrong == 0, "case \(index): \(source.width)×\(source.height) → \(output), map \(map)")
            let warped = try source.warpedAffine(inverseMap: map, width: output.width, height: output.height)
            if warped.values.contains(where: { $0 != 0 }) { covered += 1 }
        }
        #expect(covered > 60, "most maps land on the source (\(covered) of 120)")
    }

    @Test func rowsSplitAmongThreadsGiveTheSameValues() throws {
        // Bands of rows on Dispatch's threads, as the pipeline splits them on its inference pool.
        let threads = ParallelLoop(pieces: 5) { count, body in
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let body = body  // the warp's bands write disjoint rows
                DispatchQueue.concurrentPerform(iterations: count) { body($0) }
            }
        }
        var random = SeededRandom(seed: 0x6261_6E64)
        for (width, height) in [(1280, 720), (97, 64), (640, 1000)] {
            let source = try Self.noise(width: 256, height: 256, random: &random)
            // The output onto most of the source, turned slightly (values inside, at the edges, outside).
            let map: [Float] = [0.9 * 256 / Float(width), 0.1, 5, -0.05, 0.9 * 256 / Float(height), 10]
            let serial = try source.warpedAffine(inverseMap: map, width: width, height: height)
            let split = try source.warpedAffine(inverseMap: map, width: width, height: height, parallel: threads)
            #expect(split.values.elementsEqual(serial.values) { $0.bitPattern == $1.bitPattern }, "\(width)×\(height)")
            #expect(serial.values.contains { $0 != 0 }, "the map lands on the source")
        }
    }

    @Test(arguments: [
        [Float(1e6), 0, 0, 0, 1, 0],  // source x far beyond int16: saturates to 32767
        [Float(-1e6), 0, 5, 0, 1, 0],  // and below: −32768
        [Float(0), 0, 3e9, 0, 1, 0],  // the row term beyond int32: OpenCV's INT_MIN
        [Float.nan, 0, 0, 0, 1, 0],
        [Float(1), 0, -0.5, 0, 1, -0.5],  // half a pixel off the top-left: border taps read 0
        [Float(1), 0, 0, 0, 1, 0],  // the identity
    ])
    func extremeMapsMatchTheReference(map: [Float]) throws {
        var random = SeededRandom(seed: 7)
        let source = try Self.noise(width: 37, height: 29, random: &random)
        #expect(try Self.mismatches(source: source, map: map, width: 45, height: 33) == 0)
    }

    @Test func identityReproducesTheSource() throws {
        var random = SeededRandom(seed: 11)
        let source = try Self.noise(width: 64, height: 48, random: &random)
        let warped = try source.warpedAffine(inverseMap: [1, 0, 0, 0, 1, 0], width: 64, height: 48)
        #expect(warped.values == source.values)
    }
}
