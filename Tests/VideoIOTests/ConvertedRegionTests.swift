import Imaging
import Testing
import VideoIO
import VisionCore

/// A deferred frame converts a rectangle alone (for the crops of a task) into the bytes the whole
/// frame's conversion has there, in every colour space the reader keeps in YUV, and at widths that
/// are not whole 16-pixel steps; past half the frame, or once the whole frame is converted, its
/// crops read the whole frame.
@Suite("Rectangles of deferred frames converted alone")
struct ConvertedRegionTests {
    /// A clip of `count` frames written in `space` and read twice: converted by the reader, and
    /// deferred (all frames kept, so that none is let go before the checks).
    static func frames(count: Int, width: Int, height: Int, space: YUVColorSpace = .bt601VideoRange) throws
        -> (plain: [VideoFrame], deferred: [VideoFrame]) {
        let folder = try ScratchFolder("converted-region")
        defer { folder.remove() }
        let path = folder.path("source.mp4")
        try VideoFixtures.write(try VideoFixtures.movingCrops(count: count, width: width, height: height), to: path, fps: 25,
                                options: .init(constantQuantizer: 18, yuvColorSpace: space))
        let (_, plain) = try VideoFixtures.readAll(path)
        let (_, deferred) = try VideoFixtures.readAll(path, options: .init(defersRGBConversion: true))
        try #require(plain.count == count && deferred.count == count)
        return (plain, deferred)
    }

    @Test("A rectangle's pixels are the whole frame's there",
          arguments: [(YUVColorSpace.bt601VideoRange, 320), (.bt709VideoRange, 326), (.bt601FullRange, 344), (.bt709FullRange, 320)])
    func rectanglesMatchTheWholeFrame(space: YUVColorSpace, width: Int) throws {
        let height = 180
        let (plain, frames) = try Self.frames(count: 3, width: width, height: height, space: space)
        var state = UInt64(width)
        func integer(_ range: Range<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
        for (frame, reference) in zip(frames, plain) {
            let converter = try #require(frame.image.rgbConverter)
            let whole = reference.image
            var regions = 0
            // Small boxes until the frame's budget (half its pixels) runs out.
            while regions < 100 {
                let x = integer(0..<width - 8), y = integer(0..<height - 8)
                let box = (xs: x..<x + integer(1..<9), ys: y..<y + integer(1..<9))
                guard let region = try converter.rgbImage(of: frame.image, covering: box) else { break }
                regions += 1
                #expect(region.x <= box.xs.lowerBound && region.x + region.image.width >= box.xs.upperBound
                        && region.y <= box.ys.lowerBound && region.y + region.image.height >= box.ys.upperBound
                        && region.x + region.image.width <= width && region.y + region.image.height <= height, "\(box)")
                let rowBytes = region.image.width * 3
                for row in 0..<region.image.height {
                    let start = (region.y + row) * whole.planes[0].rowStride + region.x * 3
                    let offset = row * region.image.planes[0].rowStride
                    if !whole.planes[0].bytes[start..<start + rowBytes].elementsEqual(region.image.planes[0].bytes[offset..<offset + rowBytes]) {
                        Issue.record("\(space) \(width): \(box), row \(region.y + row) differs")
                        break
                    }
                }
            }
            // Each box becomes a 64×16 rectangle, and as many as half the frame's pixels hold are converted.
            #expect(regions == width * height / 2 / (64 * 16), "\(regions) rectangles converted alone")
            // A task's crop of the frame is the crop of the whole conversion, past the budget too.
            let rect = NormalizedRect(xCenter: 0.4, yCenter: 0.55, width: 0.3, height: 0.4, rotation: 0.3)
            let crop = try TensorCrop(rect, imageWidth: width, imageHeight: height, options: TensorCropOptions(width: 64, height: 64))
            #expect(try crop.crop(frame.image) == crop.crop(whole))
            #expect(try frame.convertedToRGB().image == whole)
        }
    }

    @Test("Once the whole frame is converted, its crops read it; boxes off the frame get no rectangle")
    func theWholeFrameServesLaterCrops() throws {
        let frame = try #require(try Self.frames(count: 1, width: 320, height: 240).deferred.first)
        let converter = try #require(frame.image.rgbConverter)
        let box = (xs: 100..<110, ys: 100..<110)
        // Boxes that are empty or reach past the frame get no rectangle (the whole frame serves).
        for outside in [(xs: 100..<100, ys: 100..<110), (xs: -2..<10, ys: 0..<10), (xs: 310..<330, ys: 0..<10)] {
            #expect(try converter.rgbImage(of: frame.image, covering: outside) == nil, "\(outside)")
        }
        #expect(try converter.rgbImage(of: frame.image, covering: box) != nil)
        _ = try frame.convertedToRGB()
        #expect(try converter.rgbImage(of: frame.image, covering: box) == nil)
    }

    @Test("While frames are read whole, the reader converts them itself, deferring every 16th")
    func framesReadWholeAreConvertedByTheReader() throws {
        let folder = try ScratchFolder("converted-adaptive")
        defer { folder.remove() }
        let path = folder.path("source.mp4")
        try VideoFixtures.write(try VideoFixtures.movingCrops(count: 40, width: 160, height: 120), to: path, fps: 25)
        let (_, plain) = try VideoFixtures.readAll(path)
        let reader = try VideoReader(path: path, options: .init(defersRGBConversion: true))
        var deferred: [Int] = []
        var index = 0
        while let frame = try reader.nextFrame() {
            if frame.image.rgbConverter != nil { deferred.append(index) }
            // Frames 0–19 are read whole (as a detector's run reads them), the others in a rectangle.
            if index < 20 {
                #expect(try frame.image.converted(to: .rgb8) == plain[index].image)
            } else {
                let crop = try TensorCrop(NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.2, height: 0.2), imageWidth: 160,
                                          imageHeight: 120, options: TensorCropOptions(width: 16, height: 16))
                #expect(try crop.crop(frame.image) == crop.crop(plain[index].image))
            }
            index += 1
        }
        // Frame 0 is deferred, then the reader converts until frame 16; frame 16 is read whole, so
        // again until frame 32, which is read in a rectangle: deferred from there on.
        #expect(index == 40 && deferred == [0, 16] + Array(32..<40), "\(deferred)")
    }
}
