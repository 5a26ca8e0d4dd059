import Imaging
import TestSupport
import Testing
import VisionCore

/// The part of a warped-back mask that an overlay draws from (docs/pipeline.md §6.6): every
/// nonzero pixel of the whole mask lies in `warpBackReach(from:)`, and every pixel of a value
/// `cut` or more in `warpBackReach(from:ignoringBelow: cut)`; a box rendered alone has the whole
/// mask's values there, bit for bit, and a part tinted at its place draws what the whole mask
/// draws, byte for byte.
@Suite struct MaskWarpReachTests {
    /// Probabilities that are positive everywhere, so that the whole ROI is nonzero.
    static func probabilities(random: inout SeededRandom) throws -> FloatImage {
        try FloatImage(width: 256, height: 256, values: (0..<256 * 256).map { _ in Float.random(in: 0.001...1, using: &random) })
    }

    /// An ROI of random centre (inside the picture, at its edges or off it), size and rotation.
    static func randomCrop(width: Int, height: Int, random: inout SeededRandom) throws -> TensorCrop {
        let rect = NormalizedRect(xCenter: Float.random(in: -0.4...1.4, using: &random),
                                  yCenter: Float.random(in: -0.4...1.4, using: &random),
                                  width: Float.random(in: 0.02...1.6, using: &random),
                                  height: Float.random(in: 0.02...1.6, using: &random),
                                  rotation: Float.random(in: -3.2...3.2, using: &random))
        return try TensorCrop(rect, imageWidth: width, imageHeight: height, options: TensorCropOptions(width: 256, height: 256))
    }

    @Test func theReachHoldsEveryNonzeroPixelAndBoxesKeepTheirValues() throws {
        var random = SeededRandom(seed: 0x7265_6163)
        let source = try Self.probabilities(random: &random)
        var (landed, missed, smaller) = (0, 0, 0)
        for index in 0..<80 {
            let width = Int.random(in: 1...360, using: &random), height = Int.random(in: 1...240, using: &random)
            let crop = try Self.randomCrop(width: width, height: height, random: &random)
            let whole = try source.warpedBack(from: crop)
            guard let reach = source.warpBackReach(from: crop) else {
                #expect(!whole.values.contains { $0 != 0 }, "case \(index): no reach, yet nonzero pixels")
                missed += 1
                continue
            }
            var outside = 0
            for y in 0..<height {
                for x in 0..<width where !(reach.xs.contains(x) && reach.ys.contains(y)) && whole[x, y] != 0 { outside += 1 }
            }
            #expect(outside == 0, "case \(index): \(outside) nonzero pixels outside \(reach) of \(width)×\(height)")
            if whole.values.contains(where: { $0 != 0 }) { landed += 1 }
            if reach.xs.count * reach.ys.count < width * height / 2 { smaller += 1 }
            // The reach, and a random box inside it, rendered alone.
            let x0 = Int.random(in: reach.xs, using: &random), y0 = Int.random(in: reach.ys, using: &random)
            let inner: PixelRanges = (x0..<Int.random(in: x0 + 1...reach.xs.upperBound, using: &random),
                                      y0..<Int.random(in: y0 + 1...reach.ys.upperBound, using: &random))
            for box in [reach, inner] {
                var values = [Float](repeating: 0, count: box.xs.count * box.ys.count)
                try values.withUnsafeMutableBufferPointer { buffer in try source.warpBack(from: crop, into: buffer, box: box) }
                var wrong = 0
                for (row, y) in box.ys.enumerated() {
                    for (column, x) in box.xs.enumerated()
                    where values[row * box.xs.count + column].bitPattern != whole[x, y].bitPattern { wrong += 1 }
                }
                #expect(wrong == 0, "case \(index): box \(box)")
            }
        }
        #expect(landed > 30 && missed > 3 && smaller > 15, "landed \(landed), missed \(missed), smaller \(smaller)")
    }

    /// A person-like mask: a disc of random probabilities near 1, a rim falling off to just
    /// below and above `cut`, and a faint background (some of it exactly 0).
    static func blob(cut: Float, random: inout SeededRandom) throws -> FloatImage {
        let cx = Float.random(in: 40...216, using: &random), cy = Float.random(in: 40...216, using: &random)
        let radius = Float.random(in: 10...60, using: &random)
        let values = (0..<256 * 256).map { index -> Float in
            let dx = Float(index % 256) - cx, dy = Float(index / 256) - cy
            let distance = (dx * dx + dy * dy).squareRoot()
            if distance < radius { return Float.random(in: 0.5...1, using: &random) }
            if distance < radius + 4 { return cut * Float.random(in: 0.99...1.01, using: &random) }
            return index % 7 == 0 ? 0 : Float.random(in: 0...cut * 0.9, using: &random)
        }
        return try FloatImage(width: 256, height: 256, values: values)
    }

    @Test func theReachFromACutHoldsEveryPixelTheTintShows() throws {
        var random = SeededRandom(seed: 0x6375_7421)
        let color = Color(red: 64, green: 140, blue: 255, alpha: 110)
        let cut = Image.smallestTintingMaskValue(color: color)
        var (checked, smaller) = (0, 0)
        for index in 0..<40 {
            let source = try Self.blob(cut: cut, random: &random)
            let width = Int.random(in: 40...360, using: &random), height = Int.random(in: 40...240, using: &random)
            let crop = try Self.randomCrop(width: width, height: height, random: &random)
            let whole = try source.warpedBack(from: crop)
            guard let reach = source.warpBackReach(from: crop, ignoringBelow: cut) else {
                #expect(!whole.values.contains { $0 >= cut }, "case \(index): no reach, yet values of the cut or more")
                continue
            }
            var outside = 0
            for y in 0..<height {
                for x in 0..<width where !(reach.xs.contains(x) && reach.ys.contains(y)) && whole[x, y] >= cut { outside += 1 }
            }
            #expect(outside == 0, "case \(index): \(outside) pixels of the cut or more outside \(reach)")
            let nonzero = try #require(source.warpBackReach(from: crop))
            if reach.xs.count * reach.ys.count < nonzero.xs.count * nonzero.ys.count { smaller += 1 }
            // The part tints the picture as the whole mask does.
            var values = [Float](repeating: 0, count: reach.xs.count * reach.ys.count)
            try values.withUnsafeMutableBufferPointer { buffer in try source.warpBack(from: crop, into: buffer, box: reach) }
            let part = try FloatImage(width: reach.xs.count, height: reach.ys.count, values: values)
            let picture = try Image(width: width, height: height, format: .rgb8,
                                    bytes: (0..<width * height * 3).map { _ in UInt8.random(in: 0...255, using: &random) })
            var fromWhole = picture, fromPart = picture
            try fromWhole.fillMask(whole, color: color)
            try fromPart.fillMask(part, at: (reach.xs.lowerBound, reach.ys.lowerBound), color: color)
            #expect(YUVTintDifferentialTests.differences(fromWhole, fromPart) == 0, "case \(index)")
            checked += 1
        }
        #expect(checked > 15 && smaller > 10, "checked \(checked), smaller than the nonzero reach \(smaller)")
        let faint = try FloatImage(width: 8, height: 8, repeating: cut * 0.99)
        #expect(faint.warpBackReach(from: try TensorCrop(.fullImage, imageWidth: 20, imageHeight: 20,
                                                         options: TensorCropOptions(width: 8, height: 8)),
                                    ignoringBelow: cut) == nil, "a mask below the cut everywhere reaches nothing")
    }

    @Test(arguments: [
        [Float(1e6), 0, 0, 0, 1, 0],  // source x saturated to int16
        [Float(0), 0, 3e9, 0, 1, 0],  // the row term beyond int32 (OpenCV's INT_MIN)
        [Float(9e5), 0, -2e9, 0, 1, 0],  // positions that wrap back into the source
        [Float.nan, 0, 0, 0, 1, 0],
        [Float(0), 0, 3, 0, 1, 0],  // singular: every column reads one source column
        [Float(0.5), 0.2, -3, -0.1, 0.7, 4],
    ])
    func extremeMapsStayInTheirReach(map: [Float]) throws {
        var random = SeededRandom(seed: 11)
        let source = try FloatImage(width: 37, height: 29, values: (0..<37 * 29).map { _ in Float.random(in: 0.01...1, using: &random) })
        let warped = try source.warpedAffine(inverseMap: map, width: 45, height: 33)
        let reach = FloatImage.affineWarpReach(inverseMap: map, sourceWidth: 37, sourceHeight: 29, width: 45, height: 33)
        var outside = 0
        for y in 0..<33 {
            for x in 0..<45 where warped[x, y] != 0 && !(reach.map { $0.xs.contains(x) && $0.ys.contains(y) } ?? false) { outside += 1 }
        }
        #expect(outside == 0, "\(map): reach \(String(describing: reach))")
    }

    @Test func aBoxOutsideTheOutputIsATypedError() throws {
        let source = try FloatImage(width: 4, height: 4, repeating: 1)
        var values = [Float](repeating: 0, count: 16)
        let map: [Float] = [1, 0, 0, 0, 1, 0]
        for box: PixelRanges in [(0..<4, 6..<10), (-1..<3, 0..<4), (0..<0, 0..<4)] {
            #expect(throws: ImageError.self) {
                try values.withUnsafeMutableBufferPointer { try source.warpAffine(inverseMap: map, into: $0, width: 8, height: 8, box: box) }
            }
        }
        #expect(throws: ImageError.self, "the buffer must have the box's size") {
            try values.withUnsafeMutableBufferPointer { try source.warpAffine(inverseMap: map, into: $0, width: 8, height: 8, box: (0..<5, 0..<4)) }
        }
    }

    @Test func aPartTintsAsTheWholeMaskAtItsPlace() throws {
        var random = SeededRandom(seed: 0x7061_7274)
        let source = try Self.probabilities(random: &random)
        let color = Color(red: 64, green: 140, blue: 255, alpha: 110)
        var drawn = 0
        for index in 0..<40 {
            let width = Int.random(in: 2...200, using: &random), height = Int.random(in: 2...150, using: &random)
            let crop = try Self.randomCrop(width: width, height: height, random: &random)
            guard let reach = source.warpBackReach(from: crop) else { continue }
            let whole = try source.warpedBack(from: crop)
            var values = [Float](repeating: 0, count: reach.xs.count * reach.ys.count)
            try values.withUnsafeMutableBufferPointer { buffer in try source.warpBack(from: crop, into: buffer, box: reach) }
            let part = try FloatImage(width: reach.xs.count, height: reach.ys.count, values: values)
            let format = [PixelFormat.rgb8, .i420, .nv12][index % 3]
            let picture = format == .rgb8
                ? try Image(width: width, height: height, format: .rgb8,
                            bytes: (0..<width * height * 3).map { _ in UInt8.random(in: 0...255, using: &random) })
                : try YUVTintDifferentialTests.picture(width: width, height: height, format: format, random: &random)
            for threshold in [nil, Float(0.5)] {
                var fromWhole = picture, fromPart = picture
                try fromWhole.fillMask(whole, color: color, threshold: threshold)
                try fromPart.fillMask(part, at: (reach.xs.lowerBound, reach.ys.lowerBound), color: color, threshold: threshold)
                #expect(YUVTintDifferentialTests.differences(fromWhole, fromPart) == 0, "case \(index) \(format) \(String(describing: threshold))")
                if YUVTintDifferentialTests.differences(fromWhole, picture) > 0 { drawn += 1 }
            }
        }
        #expect(drawn > 20, "most masks change the picture (\(drawn))")
        var picture = try TestImages.pattern(width: 10, height: 10)
        #expect(throws: ImageError.self, "a part must lie inside the picture") {
            try picture.fillMask(try FloatImage(width: 4, height: 4, repeating: 1), at: (7, 0), color: color)
        }
    }
}
