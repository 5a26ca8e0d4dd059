import Imaging
import Testing
import VisionCore

/// Crops of a picture that carries its own conversion to RGB (``Image/rgbConverter``, a video
/// frame's) convert only the rectangle their taps fall in (``TensorCrop/tapBox``) and give the bytes
/// the crop of the whole converted picture gives: random ROIs, rotations, scales, flips, ROIs partly
/// or wholly off the picture, both borders.
@Suite struct ConvertedRegionCropTests {
    /// Converts an I420 picture as `converted(to: .rgb8)` does, the whole of it or exactly the
    /// rectangle asked for (so that a box one pixel too small would show), and keeps count.
    final class ExactConverter: RGBConverting, @unchecked Sendable {
        enum Answer { case box, none, shiftedBox }
        let answer: Answer
        private(set) var boxes: [PixelRanges] = []
        private(set) var wholePictures = 0

        init(answering answer: Answer) { self.answer = answer }

        static func plain(_ image: Image) throws(ImageError) -> Image {
            var plain = image
            plain.rgbConverter = nil
            return try plain.converted(to: .rgb8)
        }

        func rgbImage(of image: Image) throws(ImageError) -> Image {
            wholePictures += 1
            return try Self.plain(image)
        }

        func rgbImage(of image: Image, covering box: PixelRanges) throws(ImageError) -> (image: Image, x: Int, y: Int)? {
            boxes.append(box)
            if answer == .none { return nil }
            // A rectangle one column right of the box misses its first column.
            let shift = answer == .shiftedBox && box.xs.upperBound < image.width ? 1 : 0
            let xs = box.xs.lowerBound + shift..<box.xs.upperBound + shift
            let whole = try Self.plain(image).planes[0]
            var bytes: [UInt8] = []
            for row in box.ys {
                bytes += whole.bytes[row * whole.rowStride + 3 * xs.lowerBound..<row * whole.rowStride + 3 * xs.upperBound]
            }
            return (try Image(width: xs.count, height: box.ys.count, format: .rgb8, bytes: bytes), xs.lowerBound, box.ys.lowerBound)
        }
    }

    /// A noisy I420 picture carrying `converter`.
    static func picture(width: Int, height: Int, converter: ExactConverter) throws -> Image {
        var image = try WarpDifferentialTests.noise(width: width, height: height, seed: 11).converted(to: .i420)
        image.rgbConverter = converter
        return image
    }

    /// Crops `count` random ROIs (``WarpDifferentialTests/randomCrops(count:seed:width:height:)``)
    /// from `image` and from its whole conversion; the number that differ.
    static func mismatches(_ image: Image, count: Int, seed: UInt64) throws -> Int {
        let whole = try ExactConverter.plain(image)
        var mismatches = 0
        for crop in try WarpDifferentialTests.randomCrops(count: count, seed: seed, width: image.width, height: image.height)
        where try crop.crop(image) != crop.crop(whole) {
            mismatches += 1
            Issue.record("\(crop.roi), \(crop.options)")
        }
        return mismatches
    }

    @Test func cropsConvertOnlyTheirRectangleAndMatchTheWholePicture() throws {
        let converter = ExactConverter(answering: .box)
        let image = try Self.picture(width: 236, height: 148, converter: converter)
        #expect(try Self.mismatches(image, count: 300, seed: 12) == 0)
        #expect(converter.wholePictures == 0)
        // Most ROIs are smaller than the picture, and so are their rectangles.
        let smaller = converter.boxes.count { $0.xs.count * $0.ys.count < image.width * image.height }
        #expect(converter.boxes.count == 300 && smaller > 150, "\(smaller) of \(converter.boxes.count)")
    }

    @Test func theBoxIsTheROIWithTwoPixelsToSpare() throws {
        // An upright 64×32 ROI centred at (128, 64) of a 256×128 picture, sampled at its own size:
        // positions from column 96 to 159 and row 48 to 79, so the box is columns 94..<162 and rows
        // 46..<82.
        let rect = NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.25, height: 0.25)
        let crop = try TensorCrop(rect, imageWidth: 256, imageHeight: 128, options: TensorCropOptions(width: 64, height: 32))
        let box = try #require(crop.tapBox)
        #expect(box.xs == 94..<162 && box.ys == 46..<82, "\(box)")
        // Off the picture's top left, the box keeps the corner pixel a replicated border repeats.
        let outside = NormalizedRect(xCenter: -0.5, yCenter: -0.5, width: 0.2, height: 0.2)
        let corner = try TensorCrop(outside, imageWidth: 256, imageHeight: 128, options: TensorCropOptions(width: 8, height: 8))
        let cornerBox = try #require(corner.tapBox)
        #expect(cornerBox.xs == 0..<1 && cornerBox.ys == 0..<1, "\(cornerBox)")
    }

    @Test func aRectangleMissingTheBoxOrNoneConvertsTheWholePicture() throws {
        for answer in [ExactConverter.Answer.shiftedBox, .none] {
            let converter = ExactConverter(answering: answer)
            let image = try Self.picture(width: 120, height: 90, converter: converter)
            #expect(try Self.mismatches(image, count: 40, seed: 13) == 0, "\(answer)")
            #expect(converter.wholePictures > 0, "\(answer)")
        }
    }

    @Test func everyOtherReadingOfThePixelsGoesThroughTheConverter() throws {
        let converter = ExactConverter(answering: .box)
        let image = try Self.picture(width: 64, height: 48, converter: converter)
        var plain = image
        plain.rgbConverter = nil
        #expect(image != plain)
        #expect(try image.converted(to: .i420) == image)  // the same format keeps the converter
        #expect(try image.converted(to: .rgb8) == ExactConverter.plain(image))
        #expect(try image.oriented(.upMirrored) == plain.converted(to: .rgb8).oriented(.upMirrored))
        #expect(converter.wholePictures == 2)
    }
}
