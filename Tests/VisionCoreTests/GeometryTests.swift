import Foundation
import Testing
import VisionCore

@Suite struct NormalizeRadiansTests {
    @Test func wrapsIntoHalfOpenRange() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<2000 {
            let angle = Float.random(in: -50...50, using: &generator)
            let wrapped = normalizeRadians(angle)
            #expect(wrapped >= -Float.pi && wrapped < Float.pi, "\(angle) → \(wrapped)")
            // Same direction: the difference is a whole number of turns.
            let turns = (Double(angle) - Double(wrapped)) / (2 * Double.pi)
            #expect(abs(turns - turns.rounded()) < 1e-5)
        }
    }

    @Test func knownValues() {
        #expect(normalizeRadians(0) == 0)
        #expect(normalizeRadians(1) == 1)
        // Swift's Float.pi is rounded toward zero, so it stays; the nearest float to π lies above
        // π and wraps to −π.
        #expect(normalizeRadians(Float.pi) == Float.pi)
        #expect(normalizeRadians(Float(Double.pi)) == -Float.pi)
        #expect(isClose(normalizeRadians(3 * Float.pi / 2), -Float.pi / 2, 1e-6))
        #expect(isClose(normalizeRadians(-3 * Float.pi / 2), Float.pi / 2, 1e-6))
        #expect(normalizeRadians(.nan).isNaN)
    }
}

@Suite struct RectTransformationTests {
    @Test func squareLongUsesPixels() {
        // 640×480 image; 0.2×0.4 rect is 128×192 px, so the long side is 192 px.
        let rect = NormalizedRect(xCenter: 0.5, yCenter: 0.4, width: 0.2, height: 0.4, rotation: 0.3)
        let out = RectTransformation.faceFromLandmarks.apply(to: rect, imageWidth: 640, imageHeight: 480)
        #expect(isClose(out.width, 192.0 / 640 * 1.5))   // 0.45
        #expect(isClose(out.height, 192.0 / 480 * 1.5))  // 0.6
        #expect(out.xCenter == 0.5 && out.yCenter == 0.4 && out.rotation == 0.3)
    }

    @Test func scaleWithoutSquaring() {
        let rect = NormalizedRect(xCenter: 0.3, yCenter: 0.6, width: 0.2, height: 0.1)
        let out = RectTransformation.faceFromDetection.apply(to: rect, imageWidth: 100, imageHeight: 300)
        #expect(isClose(out.width, 0.3) && isClose(out.height, 0.15))
    }

    @Test func shiftFollowsRotation() {
        // Unrotated: centre moves by shift·size.
        let t = RectTransformation(shiftX: 0.5, shiftY: -0.25)
        let plain = t.apply(to: NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.2, height: 0.4), imageWidth: 100, imageHeight: 100)
        #expect(isClose(plain.xCenter, 0.6) && isClose(plain.yCenter, 0.4))
        // Rotated by 90° clockwise in a square image: +x of the rect points down the image.
        let turned = RectTransformation(shiftX: 0.5).apply(
            to: NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.2, height: 0.4, rotation: .pi / 2),
            imageWidth: 100, imageHeight: 100)
        #expect(isClose(turned.xCenter, 0.5, 1e-6) && isClose(turned.yCenter, 0.6, 1e-6))
    }

    @Test func squareShort() {
        let t = RectTransformation(squareShort: true)
        let out = t.apply(to: NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.5, height: 0.5), imageWidth: 200, imageHeight: 100)
        #expect(isClose(out.width, 0.25) && isClose(out.height, 0.5))
    }
}

@Suite struct PixelRegionTests {
    @Test func getRoiInPixels() {
        let region = PixelRegion(NormalizedRect(xCenter: 0.25, yCenter: 0.5, width: 0.5, height: 0.1, rotation: 1),
                                 imageWidth: 640, imageHeight: 480)
        #expect(region == PixelRegion(centerX: 160, centerY: 240, width: 320, height: 48, rotation: 1))
    }

    @Test func letterboxOfLandscapeImage() throws {
        // docs/pipeline.md §2.1 example: full 640×480 image into a square tensor → a 640×640 square and
        // vertical padding (1 − 480/640)/2 = 0.125.
        let region = PixelRegion(.fullImage, imageWidth: 640, imageHeight: 480)
        let (padded, padding) = try #require(region.letterboxed(tensorWidth: 128, tensorHeight: 128))
        #expect(padded.width == 640 && padded.height == 640)
        #expect(padded.centerX == 320 && padded.centerY == 240)
        #expect(padding == LetterboxPadding(left: 0, top: 0.125, right: 0, bottom: 0.125))
    }

    @Test func letterboxOfPortraitImage() throws {
        let region = PixelRegion(.fullImage, imageWidth: 300, imageHeight: 600)
        let (padded, padding) = try #require(region.letterboxed(tensorWidth: 224, tensorHeight: 224))
        #expect(padded.width == 600 && padded.height == 600)
        #expect(padding == LetterboxPadding(left: 0.25, top: 0, right: 0.25, bottom: 0))
        #expect(region.letterboxed(tensorWidth: 0, tensorHeight: 224) == nil)
    }
}

@Suite struct SubRectMatrixTests {
    @Test func fullImageIsIdentityOnXY() {
        let m = Matrix4x4.subRectToImage(PixelRegion(.fullImage, imageWidth: 640, imageHeight: 480), imageWidth: 640, imageHeight: 480)
        #expect(m.rowMajor == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(m.zScale == 1)
    }

    @Test func rotatedRegionMatchesNumpy() {
        // Expected values: numpy float32, the formulas of docs/pipeline.md §2.4, region (300, 200, 120×80, r = 0.3)
        // in a 640×480 image (throwaway script; see the report).
        let m = Matrix4x4.subRectToImage(PixelRegion(centerX: 300, centerY: 200, width: 120, height: 80, rotation: 0.3),
                                         imageWidth: 640, imageHeight: 480)
        let expected: [(Int, Float)] = [(0, 0.1791255921125412), (1, -0.03694002702832222), (3, 0.39765721559524536),
                                        (4, 0.07388005405664444), (5, 0.15922275185585022), (7, 0.30011528730392456),
                                        (10, 0.1875), (15, 1)]
        for (index, value) in expected { #expect(isClose(m.rowMajor[index], value, 1e-7), "m[\(index)]") }
        #expect(isClose(m.zScale, 0.1937633603811264, 1e-7))
        // The tensor centre maps to the region centre.
        let centre = m.projectXY(x: 0.5, y: 0.5)
        #expect(isClose(centre.x, 300.0 / 640, 1e-6) && isClose(centre.y, 200.0 / 480, 1e-6))
    }

    @Test func columnMajorIsTranspose() throws {
        let m = try #require(Matrix4x4(rowMajor: (0..<16).map(Float.init)))
        #expect(m.columnMajor == [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15])
        #expect(m[1, 3] == 7)
        #expect(Matrix4x4(rowMajor: [1, 2]) == nil)
    }
}

@Suite struct AxisAlignedBoxTests {
    @Test func intersectionOverUnion() {
        let a = AxisAlignedBox(xmin: 0, ymin: 0, width: 2, height: 2)
        let b = AxisAlignedBox(xmin: 1, ymin: 1, width: 2, height: 2)
        #expect(isClose(a.intersectionOverUnion(with: b), 1.0 / 7))  // 1 / (4 + 4 − 1)
        #expect(a.intersectionOverUnion(with: a) == 1)
        // Touching and disjoint boxes have IoU 0.
        #expect(a.intersectionOverUnion(with: AxisAlignedBox(xmin: 2, ymin: 0, width: 1, height: 1)) == 0)
        #expect(a.intersectionOverUnion(with: AxisAlignedBox(xmin: 5, ymin: 5, width: 1, height: 1)) == 0)
        // Zero-area boxes have IoU 0, even with themselves.
        let point = AxisAlignedBox(xmin: 1, ymin: 1, width: 0, height: 0)
        #expect(point.intersectionOverUnion(with: point) == 0)
    }

    @Test func normalizedRectBoxIgnoresRotation() {
        let box = NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.2, height: 0.4, rotation: 1).axisAlignedBox
        #expect(isClose(box.xmin, 0.4) && isClose(box.ymin, 0.3) && isClose(box.xmax, 0.6) && isClose(box.ymax, 0.7))
    }
}
