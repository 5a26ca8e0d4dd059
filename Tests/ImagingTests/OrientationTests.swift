import Imaging
import Testing
import VisionCore

/// The 8 UIImage orientations: EXIF mapping, upright pixels, and crops that read the image upright.
@Suite struct OrientationTests {
    @Test func exifRoundTripAndRawValues() {
        #expect(Orientation.allCases.count == 8)
        for orientation in Orientation.allCases {
            #expect(Orientation(exifValue: orientation.exifValue) == orientation)
        }
        #expect(Orientation(exifValue: 0) == nil && Orientation(exifValue: 9) == nil)
        // UIImage.Orientation raw values.
        #expect([Orientation.up, .down, .left, .right, .upMirrored, .downMirrored, .leftMirrored, .rightMirrored]
            .map(\.rawValue) == Array(0..<8))
        #expect(Orientation.right.clockwiseRotationDegrees == 90 && !Orientation.right.isMirrored)
        #expect(Orientation.leftMirrored.clockwiseRotationDegrees == 270 && Orientation.leftMirrored.isMirrored)
    }

    /// A 3×2 image whose pixel values are their indices: [0 1 2; 3 4 5].
    static func indexed() throws -> Image {
        try Image(width: 3, height: 2, format: .gray8, bytes: [0, 1, 2, 3, 4, 5])
    }

    @Test(arguments: Orientation.allCases)
    func uprightPixels(orientation: Orientation) throws {
        // The expected upright pictures, from the EXIF definitions.
        let expected: [Orientation: (Int, Int, [UInt8])] = [
            .up: (3, 2, [0, 1, 2, 3, 4, 5]),
            .upMirrored: (3, 2, [2, 1, 0, 5, 4, 3]),          // EXIF 2: flip horizontally
            .down: (3, 2, [5, 4, 3, 2, 1, 0]),                // EXIF 3: rotate 180°
            .downMirrored: (3, 2, [3, 4, 5, 0, 1, 2]),        // EXIF 4: flip vertically
            .leftMirrored: (2, 3, [0, 3, 1, 4, 2, 5]),        // EXIF 5: transpose
            .right: (2, 3, [3, 0, 4, 1, 5, 2]),               // EXIF 6: rotate 90° clockwise
            .rightMirrored: (2, 3, [5, 2, 4, 1, 3, 0]),       // EXIF 7: transverse
            .left: (2, 3, [2, 5, 1, 4, 0, 3]),                // EXIF 8: rotate 90° counter-clockwise
        ]
        let (width, height, bytes) = try #require(expected[orientation])
        let upright = try Self.indexed().oriented(orientation)
        #expect(upright.width == width && upright.height == height)
        #expect(upright.packedBytes() == bytes)
        #expect(orientation.uprightSize(width: 3, height: 2) == (width, height))
    }

    /// A full-image crop with the orientation's ROI reads the picture upright: the tensor corners map
    /// to the stored pixels that the upright picture has in its corners.
    @Test(arguments: Orientation.allCases)
    func fullImageROIReadsUpright(orientation: Orientation) throws {
        let width = 64, height = 48
        let rect = NormalizedRect.fullImage(orientation: orientation, imageWidth: width, imageHeight: height)
        let crop = try TensorCrop(rect, imageWidth: width, imageHeight: height,
                                  options: TensorCropOptions(width: 32, height: 32, flipHorizontally: orientation.isMirrored))
        // Upright top-left corner: the stored pixel that lands at upright (0, 0).
        let (uw, uh) = orientation.uprightSize(width: width, height: height)
        let cornersUpright = [(0, 0, 0 as Float, 0 as Float), (uw - 1, 0, 1, 0), (0, uh - 1, 0, 1), (uw - 1, uh - 1, 1, 1)]
        for (ux, uy, u, v) in cornersUpright {
            // Find the stored pixel mapped to (ux, uy).
            var stored: (Int, Int)?
            for y in 0..<height { for x in 0..<width where orientation.uprightPixel(x: x, y: y, width: width, height: height) == (ux, uy) {
                stored = (x, y)
            } }
            let (sx, sy) = try #require(stored)
            let (nx, ny) = crop.imagePoint(u: u, v: v)
            // The tensor corner is the outer corner of that stored pixel: within one pixel of its centre.
            #expect(abs(nx * Float(width) - (Float(sx) + 0.5)) <= 0.51, "\(orientation) corner (\(u), \(v)) x")
            #expect(abs(ny * Float(height) - (Float(sy) + 0.5)) <= 0.51, "\(orientation) corner (\(u), \(v)) y")
        }
    }

    /// At scale 1 the crop reads exactly the stored pixels, upright. MediaPipe's mapping sends
    /// tensor pixel index (i, j) to the upright point (i, j) — a pixel corner, not a centre — so on a
    /// flipped axis it reads the stored pixel whose corner that is: the continuous form of the
    /// orientation map (with W, H instead of W − 1, H − 1), clamped by the REPLICATE border.
    @Test(arguments: Orientation.allCases)
    func cropAtScaleOneReadsStoredPixelsUpright(orientation: Orientation) throws {
        let width = 40, height = 30
        let stored = try TestImages.pattern(width: width, height: height)
        let (uw, uh) = orientation.uprightSize(width: width, height: height)
        let rect = NormalizedRect.fullImage(orientation: orientation, imageWidth: width, imageHeight: height)
        let crop = try TensorCrop(rect, imageWidth: width, imageHeight: height,
                                  options: TensorCropOptions(width: uw, height: uh, border: .replicate,
                                                             flipHorizontally: orientation.isMirrored))
        let got = try crop.crop(stored).planes[0].bytes
        // Continuous orientation map on the integer lattice: stored corner → upright corner.
        var storedCorner: [Int: (Int, Int)] = [:]
        for y in 0...height {
            for x in 0...width {
                let mx = orientation.isMirrored ? width - x : x
                let (ux, uy): (Int, Int)
                switch orientation.clockwiseRotationDegrees {
                case 90: (ux, uy) = (height - y, mx)
                case 180: (ux, uy) = (width - mx, height - y)
                case 270: (ux, uy) = (y, width - mx)
                default: (ux, uy) = (mx, y)
                }
                storedCorner[uy * (uw + 1) + ux] = (x, y)
            }
        }
        let pixels = stored.planes[0].bytes
        var mismatches = 0
        for j in 0..<uh {
            for i in 0..<uw {
                let (x, y) = try #require(storedCorner[j * (uw + 1) + i])
                let sx = min(x, width - 1), sy = min(y, height - 1)
                let expected = Array(pixels[(sy * width + sx) * 3..<(sy * width + sx) * 3 + 3])
                if Array(got[(j * uw + i) * 3..<(j * uw + i) * 3 + 3]) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(orientation): \(mismatches) of \(uw * uh) pixels differ")
    }
}
