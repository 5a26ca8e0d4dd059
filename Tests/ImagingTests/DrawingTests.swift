import Imaging
import Testing

/// Drawing changes the pixels it should and nothing else.
@Suite struct DrawingTests {
    static func black(_ format: PixelFormat = .rgb8, width: Int = 40, height: Int = 30) throws -> Image {
        try Image(width: width, height: height, format: format, fill: 0).converted(to: format)
    }

    static func pixel(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let bpp = image.format.bytesPerPixel, i = y * image.planes[0].rowStride + x * bpp
        return Array(image.planes[0].bytes[i..<i + bpp])
    }

    static func changed(_ a: Image, _ b: Image) -> Set<[Int]> {
        var set = Set<[Int]>()
        for y in 0..<a.height { for x in 0..<a.width where pixel(a, x, y) != pixel(b, x, y) { set.insert([x, y]) } }
        return set
    }

    @Test func horizontalLineWithoutAntialiasing() throws {
        let before = try Self.black()
        var image = before
        try image.drawLine(from: PixelPoint(x: 5, y: 10.5), to: PixelPoint(x: 30, y: 10.5), thickness: 1, color: .red, antialiased: false)
        let changed = Self.changed(before, image)
        #expect(changed.contains([10, 10]) && changed.contains([29, 10]))
        #expect(changed.allSatisfy { $0[1] == 10 && $0[0] >= 4 && $0[0] <= 30 }, "only row 10 between the end points")
        #expect(Self.pixel(image, 15, 10) == [255, 0, 0])
        #expect(Self.pixel(image, 15, 11) == [0, 0, 0] && Self.pixel(image, 2, 10) == [0, 0, 0])
    }

    @Test func antialiasedLineHasSoftEdges() throws {
        let before = try Self.black()
        var image = before
        try image.drawLine(from: PixelPoint(x: 3, y: 3), to: PixelPoint(x: 35, y: 25), thickness: 2, color: .white)
        let values = Set(Self.changed(before, image).map { Self.pixel(image, $0[0], $0[1])[0] })
        #expect(values.contains(255), "the core is fully covered")
        #expect(values.contains { $0 > 0 && $0 < 255 }, "edges are partially covered")
        #expect(Self.pixel(image, 35, 3) == [0, 0, 0], "far from the line")
        // A pixel centre on the line is white; the opposite corner region is untouched.
        #expect(Self.pixel(image, 19, 14)[0] > 200)
    }

    @Test func pointIsADisc() throws {
        let before = try Self.black(.rgba8)
        var image = before
        try image.drawPoint(PixelPoint(x: 20, y: 15), radius: 3, color: .green, antialiased: false)
        let changed = Self.changed(before, image)
        #expect(changed.contains([19, 14]) && changed.contains([20, 15]))
        for point in changed {
            let dx = Float(point[0]) + 0.5 - 20, dy = Float(point[1]) + 0.5 - 15
            #expect(dx * dx + dy * dy <= 9.0001)
        }
        #expect(changed.count > 20 && changed.count < 36)
        #expect(Self.pixel(image, 20, 15) == [0, 255, 0, 255], "opaque green, alpha set")
    }

    @Test func rectangleOutlineLeavesTheInsideAlone() throws {
        let before = try Self.black(.bgra8)
        var image = before
        try image.drawRectangle(PixelRect(x: 10, y: 8, width: 20, height: 12), thickness: 1, color: .blue, antialiased: false)
        let changed = Self.changed(before, image)
        #expect(changed.contains([15, 7]) || changed.contains([15, 8]), "top edge")
        #expect(!changed.contains([20, 14]), "inside unchanged")
        #expect(!changed.contains([2, 2]), "outside unchanged")
        // BGRA order: blue lands in byte 0.
        let edge = try #require(changed.first { $0[1] == 8 || $0[1] == 7 })
        #expect(Self.pixel(image, edge[0], edge[1]) == [255, 0, 0, 255])
    }

    @Test func filledTranslucentRectangle() throws {
        let before = try Self.black()
        var image = before
        try image.drawRectangle(PixelRect(x: 4, y: 4, width: 6, height: 5), filled: true, color: Color.white.withAlpha(128), antialiased: false)
        let changed = Self.changed(before, image)
        #expect(changed.count == 30)
        #expect(Self.pixel(image, 4, 4) == [128, 128, 128], "round(255 · 128/255)")
        #expect(Self.pixel(image, 10, 4) == [0, 0, 0])
    }

    @Test func closedPolylineBlendsJointsOnce() throws {
        let before = try Self.black()
        var open = before, closed = before
        let points = [PixelPoint(x: 5, y: 5), PixelPoint(x: 30, y: 5), PixelPoint(x: 30, y: 25)]
        let color = Color.red.withAlpha(100)
        try open.drawPolyline(points, closed: false, thickness: 3, color: color)
        try closed.drawPolyline(points, closed: true, thickness: 3, color: color)
        #expect(Self.changed(before, closed).count > Self.changed(before, open).count, "closing adds the diagonal")
        // The shared joint at (30, 5) is blended once: the same as a straight stretch of the line.
        #expect(Self.pixel(open, 30, 5) == Self.pixel(open, 20, 5))
        #expect(Self.pixel(open, 20, 5)[0] == UInt8((255 * 100 / 255.0).rounded()))
    }

    @Test func maskFillTintsOnlyTheMask() throws {
        let before = try Self.black(width: 8, height: 6)
        var image = before
        var values = [Float](repeating: 0, count: 48)
        for y in 2..<4 { for x in 3..<6 { values[y * 8 + x] = 1 } }
        values[0] = 0.5
        values[1] = .nan
        let mask = try FloatImage(width: 8, height: 6, values: values)
        try image.fillMask(mask, color: Color.green.withAlpha(200))
        #expect(Self.pixel(image, 4, 3) == [0, 200, 0])
        #expect(Self.pixel(image, 0, 0) == [0, 100, 0], "half coverage")
        #expect(Self.pixel(image, 1, 0) == [0, 0, 0] && Self.pixel(image, 7, 5) == [0, 0, 0])
        var thresholded = before
        try thresholded.fillMask(mask, color: .green, threshold: 0.6)
        #expect(Self.pixel(thresholded, 0, 0) == [0, 0, 0] && Self.pixel(thresholded, 4, 3) == [0, 255, 0])
        #expect(throws: ImageError.self) { try image.fillMask(try FloatImage(width: 2, height: 2), color: .red) }
    }

    @Test func yuvImagesGetTheSameColours() throws {
        // A grey RGB picture and its I420 and NV12 copies, drawn on alike.
        let rgb = try Image(width: 40, height: 30, format: .rgb8, fill: 100)
        var drawn = [rgb, try rgb.converted(to: .i420), try rgb.converted(to: .nv12)]
        var values = [Float](repeating: 0, count: 40 * 30)
        for y in 20..<28 { for x in 4..<12 { values[y * 40 + x] = 1 } }
        let mask = try FloatImage(width: 40, height: 30, values: values)
        for index in drawn.indices {
            try drawn[index].drawLine(from: PixelPoint(x: 4, y: 5), to: PixelPoint(x: 36, y: 5), thickness: 4, color: .red)
            try drawn[index].drawRectangle(PixelRect(x: 20, y: 12, width: 12, height: 12), filled: true,
                                           color: Color.blue.withAlpha(128))
            try drawn[index].fillMask(mask, color: Color.green.withAlpha(200))
        }
        let reference = drawn[0]
        let i420 = try drawn[1].converted(to: .rgb8), nv12 = try drawn[2].converted(to: .rgb8)
        #expect(i420 == nv12, "the two YUV layouts blend alike")
        #expect(drawn[1].planes[0].bytes != (try rgb.converted(to: .i420)).planes[0].bytes)
        // Inside each shape (whole 2×2 blocks, fully covered), the colours match the RGB drawing up to
        // the rounding of 8-bit YUV.
        for (x, y) in [(10, 4), (30, 5), (24, 16), (28, 20), (6, 22), (10, 26)] {
            let expected = Self.pixel(reference, x, y), got = Self.pixel(i420, x, y)
            #expect(zip(expected, got).allSatisfy { abs(Int($0) - Int($1)) <= 4 }, "(\(x), \(y)): \(got) vs \(expected)")
        }
        // Away from the shapes nothing changes.
        let untouched = try rgb.converted(to: .i420).converted(to: .rgb8)
        for (x, y) in [(2, 15), (38, 28), (16, 14)] {
            #expect(Self.pixel(i420, x, y) == Self.pixel(untouched, x, y))
        }
    }

    @Test func offImageAndInvalidInputsAreSafe() throws {
        let before = try Self.black()
        var image = before
        try image.drawLine(from: PixelPoint(x: -100, y: -100), to: PixelPoint(x: -50, y: -60), color: .red)
        try image.drawLine(from: PixelPoint(x: .nan, y: 3), to: PixelPoint(x: 5, y: .infinity), color: .red)
        try image.drawPoint(PixelPoint(x: 1e30, y: -1e30), radius: 5, color: .red)
        try image.drawPolyline([], color: .red)
        #expect(image == before)
        try image.drawLine(from: PixelPoint(x: -100, y: 15.5), to: PixelPoint(x: 100, y: 15.5), color: .red, antialiased: false)
        #expect(Self.changed(before, image).count == 40, "clipped to the 40 pixels of row 15")
        #expect(throws: ImageError.self) { try image.drawLine(from: PixelPoint(x: 0, y: 0), to: PixelPoint(x: 1, y: 1), thickness: 0, color: .red) }
        var gray = try Self.black(.gray8)
        #expect(throws: ImageError.self) { try gray.drawPoint(PixelPoint(x: 1, y: 1), radius: 1, color: .red) }
    }
}
