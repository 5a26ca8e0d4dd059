import Foundation
import Imaging
import Testing
import VideoIO

@Suite("Decoded YUV 4:2:0 frames straight back to the encoder")
struct YUVPassThroughTests {
    @Test("keepsYUV hands out I420 frames that match the RGB ones and re-encode without RGB")
    func decodedYUVReencodes() throws {
        let folder = try ScratchFolder("yuv")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 6, width: 320, height: 240)
        let source = folder.path("source.mp4")
        try VideoFixtures.write(images, to: source, fps: 25)

        let (_, plain) = try VideoFixtures.readAll(source)
        #expect(plain.allSatisfy { $0.yuvImage == nil }, "only on request")
        let (_, frames) = try VideoFixtures.readAll(source, options: .init(keepsYUV: true))
        try #require(frames.count == 6)
        for frame in frames {
            let yuv = try #require(frame.yuvImage, "the writer's yuv420p frames are BT.601 video range")
            #expect(yuv.format == .i420 && yuv.width == 320 && yuv.height == 240)
            // The same picture as the RGB frame (two BT.601 conversions that round differently).
            #expect(VideoFixtures.psnr(try yuv.converted(to: .rgb8), frame.image) > 35)
        }

        for codec in [VideoCodec.h264, .mpeg4] where codec == .mpeg4 || VideoWriter.isH264Available {
            let copy = folder.path("copy-\(codec).mp4")
            try VideoFixtures.write(frames.map { $0.yuvImage! }, to: copy, fps: 25,
                                    options: .init(codec: .exactly(codec), constantQuantizer: 18))
            let (reader, copies) = try VideoFixtures.readAll(copy)
            #expect(reader.info.codecName == (codec == .h264 ? "h264" : "mpeg4"))
            try #require(copies.count == 6)
            for (index, frame) in copies.enumerated() {
                let quality = VideoFixtures.psnr(frame.image, images[index])
                #expect(quality > 28, "\(codec) frame \(index): PSNR \(quality) dB")
                // Order kept: each frame is closer to its own input than to a neighbour's.
                if index > 0 { #expect(VideoFixtures.psnr(frame.image, images[index - 1]) < quality - 3) }
            }
        }
    }

    @Test("I420 frames borrow the decoder's buffers: each keeps its pixels while the decoder goes on and after the reader is gone")
    func borrowedFramesOutliveTheReader() throws {
        let folder = try ScratchFolder("yuv-borrowed")
        defer { folder.remove() }
        let source = folder.path("source.mp4")
        try VideoFixtures.write(try VideoFixtures.movingCrops(count: 8, width: 320, height: 240), to: source, fps: 25)
        var frames: [VideoFrame] = [], copies: [[[UInt8]]] = []
        do {
            let reader = try VideoReader(path: source, options: .init(keepsYUV: true))
            while let frame = try reader.nextFrame() {
                frames.append(frame)
                let yuv = try #require(frame.yuvImage)
                copies.append((0..<3).map { yuv.packedBytes(plane: $0) })
            }
        }
        try #require(frames.count == 8)
        for (index, frame) in frames.enumerated() {
            let yuv = try #require(frame.yuvImage)
            #expect((0..<3).map { yuv.packedBytes(plane: $0) } == copies[index], "frame \(index)")
            if index > 0 { #expect(copies[index][0] != copies[index - 1][0], "the clip moves") }
        }
    }

    @Test("BT.709 and full-range videos: tagged when written, kept as YUV in their space when read",
          arguments: [YUVColorSpace.bt709VideoRange, .bt601FullRange, .bt709FullRange])
    func otherColourSpacesPassThrough(space: YUVColorSpace) throws {
        guard VideoWriter.isH264Available else { return }  // the colour tags travel in H.264's VUI
        let folder = try ScratchFolder("yuv-space")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 4, width: 320, height: 240)
        let source = folder.path("source.mp4")
        try VideoFixtures.write(images, to: source, fps: 25, options: .init(constantQuantizer: 18, yuvColorSpace: space))
        let (_, frames) = try VideoFixtures.readAll(source, options: .init(keepsYUV: true))
        try #require(frames.count == 4)
        for (index, frame) in frames.enumerated() {
            let yuv = try #require(frame.yuvImage)
            #expect(yuv.yuvColorSpace == space)
            // Our conversion in that space agrees with FFmpeg's, and both with the RGB written: a
            // wrong matrix or range would shift every colour.
            #expect(VideoFixtures.psnr(try yuv.converted(to: .rgb8), frame.image) > 35)
            #expect(VideoFixtures.psnr(frame.image, images[index]) > 28)
        }
        // Re-encoded as decoded, in the same space: the copy keeps the tags and the picture.
        let copy = folder.path("copy.mp4")
        try VideoFixtures.write(frames.map { $0.yuvImage! }, to: copy, fps: 25, options: .init(constantQuantizer: 18, yuvColorSpace: space))
        let (_, copies) = try VideoFixtures.readAll(copy, options: .init(keepsYUV: true))
        try #require(copies.count == 4)
        for (index, frame) in copies.enumerated() {
            #expect(frame.yuvImage?.yuvColorSpace == space)
            #expect(VideoFixtures.psnr(frame.image, images[index]) > 28)
        }
    }

    @Test("defersRGBConversion: the frames read or converted on another thread are the reader's RGB pixels, byte for byte",
          arguments: [YUVColorSpace.bt601VideoRange, .bt709VideoRange, .bt601FullRange, .bt709FullRange])
    func deferredConversionGivesTheSamePixels(space: YUVColorSpace) throws {
        try #require(VideoWriter.isH264Available, "the colour tags travel in H.264's VUI")
        let folder = try ScratchFolder("yuv-deferred")
        defer { folder.remove() }
        let source = folder.path("source.mp4")
        try VideoFixtures.write(try VideoFixtures.movingCrops(count: 4, width: 320, height: 240), to: source, fps: 25,
                                options: .init(constantQuantizer: 18, yuvColorSpace: space))
        let (_, plain) = try VideoFixtures.readAll(source)
        let (_, deferred) = try VideoFixtures.readAll(source, options: .init(keepsYUV: true, defersRGBConversion: true))
        try #require(plain.count == 4 && deferred.count == 4)
        for (frame, reference) in zip(deferred, plain) {
            let yuv = try #require(frame.yuvImage)
            var picture = frame.image
            #expect(picture.rgbConverter != nil, "the I420 picture, carrying the reader's conversion")
            picture.rgbConverter = nil
            #expect(picture == yuv)
            #expect(try frame.image.converted(to: .rgb8) == reference.image, "read as RGB, the reader's pixels")
            let converted = try frame.convertedToRGB()
            #expect(converted.image.format == .rgb8 && converted.image == reference.image)
            #expect(converted.yuvImage == yuv && converted.timestampMilliseconds == reference.timestampMilliseconds)
            #expect(try converted.convertedToRGB().image == converted.image, "converting again changes nothing")
        }
    }

    @Test("Odd-sized videos (4:4:4 H.264) give no YUV frame, so overlays of them go through RGB")
    func oddSizedVideosStayRGB() throws {
        guard VideoWriter.isH264Available else { return }  // MPEG-4 refuses odd sizes (RoundTripTests)
        let folder = try ScratchFolder("yuv-odd")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 3, width: 161, height: 121)
        let path = folder.path("odd.mp4")
        try VideoFixtures.write(images, to: path, fps: 10)
        // Their RGB conversion is the reader's even when it could be deferred.
        let (reader, frames) = try VideoFixtures.readAll(path, options: .init(keepsYUV: true, defersRGBConversion: true))
        #expect(reader.info.width == 161 && reader.info.height == 121)
        try #require(frames.count == 3)
        for (index, frame) in frames.enumerated() {
            #expect(frame.yuvImage == nil && frame.image.format == .rgb8)
            #expect(VideoFixtures.psnr(frame.image, images[index]) > 28)
        }
    }
}
