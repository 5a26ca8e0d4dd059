import Foundation
import Imaging
import Locking
import MediaPipeTasksVision
import Testing

/// `Mask`: native data, lazy cached conversion both ways, rendering on first read, deep copies,
/// bad sizes.
@Suite struct MaskTests {
    @Test func floatMaskConvertsToBytesByTruncation() throws {
        let values: [Float] = [0, 0.5, 1, 0.999, 0.2, -0.5, 1.5, .nan]
        let mask = try #require(Mask(float32Values: values, width: 4, height: 2))
        #expect(mask.dataType == .float32 && mask.width == 4 && mask.height == 2)
        #expect(mask.float32Values.elementsEqual(values) { $0 == $1 || ($0.isNaN && $1.isNaN) })
        // iOS: data[i] = float * 255 (C truncation); out-of-range and NaN are clamped here.
        #expect(mask.uint8Values == [0, 127, 255, 254, 51, 0, 255, 0])
        let first = mask.uint8Data, second = mask.uint8Data
        #expect(first == second, "the conversion is cached")
    }

    @Test func byteConversionIsTheClampedTruncatingCast() throws {
        // Steps of 1/4096 over [-0.25, 1.25], each k/255 with its neighbours, and the special values:
        // enough of them for the vector loop and its tail.
        var values: [Float] = (-1024...5120).map { Float($0) / 4096 }
        for k in 0...255 {
            let value = Float(k) / 255
            values += [value.nextDown, value, value.nextUp]
        }
        values += [.nan, .infinity, -.infinity, .leastNonzeroMagnitude, -0.0, .greatestFiniteMagnitude]
        let mask = try #require(Mask(float32Values: values, width: values.count, height: 1))
        let expected = values.map { value -> UInt8 in
            let scaled = value * 255
            guard scaled > 0 else { return 0 }
            return scaled >= 255 ? 255 : UInt8(scaled)
        }
        #expect(mask.uint8Values == expected)
    }

    @Test func byteMaskConvertsToFloatsDividingBy255() throws {
        let bytes: [UInt8] = [0, 51, 128, 255, 1, 254]
        let mask = try #require(Mask(uInt8Values: bytes, width: 3, height: 2))
        #expect(mask.dataType == .uInt8)
        #expect(mask.uint8Values == bytes)
        #expect(mask.float32Values == bytes.map { Float($0) / 255 })
        #expect(mask.float32Data == mask.float32Data)
    }

    @Test func initializersCopyTheCallersBuffer() throws {
        var source: [Float] = [0.25, 0.75]
        let mask = try source.withUnsafeBufferPointer { buffer in
            try #require(Mask(float32Data: buffer.baseAddress!, width: 2, height: 1, shouldCopy: false))
        }
        source[0] = 1
        #expect(mask.float32Values == [0.25, 0.75])
    }

    @Test func copyIsDeep() throws {
        let mask = try #require(Mask(float32Values: [0.1, 0.2, 0.3, 0.4], width: 2, height: 2))
        let copy = try #require(mask.copy() as? Mask)
        #expect(copy !== mask)
        #expect(copy.float32Data != mask.float32Data, "separate storage")
        #expect(copy.float32Values == mask.float32Values && copy.dataType == .float32)
        let byteMask = try #require(Mask(uInt8Values: [9, 8], width: 1, height: 2))
        let byteCopy = try #require(byteMask.copy() as? Mask)
        #expect(byteCopy.dataType == .uInt8 && byteCopy.uint8Values == [9, 8])
    }

    @Test func invalidSizesGiveNil() {
        #expect(Mask(float32Values: [1], width: 0, height: 1) == nil)
        #expect(Mask(float32Values: [1, 2], width: 1, height: 1) == nil)
        #expect(Mask(uInt8Values: [], width: -1, height: -1) == nil)
        let one: [UInt8] = [1]
        #expect(one.withUnsafeBufferPointer { Mask(uInt8Data: $0.baseAddress!, width: Int.max, height: 2, shouldCopy: true) } == nil)
    }

    @Test func concurrentReadersShareOneConversion() async throws {
        let mask = try #require(Mask(float32Values: (0..<10_000).map { Float($0 % 256) / 255 }, width: 100, height: 100))
        let addresses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { Int(bitPattern: mask.uint8Data) } }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(addresses.count == 1)
        #expect(mask.uint8Values == (0..<10_000).map { UInt8($0 % 256) })
    }

    /// A mask whose renderer writes x + 10·y (hundredths) for pixel (x, y) of any box, counting its
    /// calls; its reach is column 1 and beyond, and from 0.1 up the bottom row.
    private static func renderedMask(calls: Locking.Locked<Int>) -> Mask? {
        Mask(float32Width: 3, height: 2, renderer: MaskRenderer(reach: { cut in cut < 0.1 ? (1..<3, 0..<2) : (1..<3, 1..<2) }) { box, values in
            calls.withLock { $0 += 1 }
            var index = 0
            for y in box.ys {
                for x in box.xs {
                    values[index] = x == 0 ? 0 : Float(x + 10 * y) / 100
                    index += 1
                }
            }
        })
    }

    @Test func taskMaskRendersOnFirstReadOnly() async throws {
        let calls = Locking.Locked(0)
        let mask = try #require(Self.renderedMask(calls: calls))
        #expect(mask.dataType == .float32 && mask.width == 3 && mask.height == 2)
        #expect(calls.withLock { $0 } == 0, "nothing is rendered before a read")
        let addresses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { Int(bitPattern: mask.float32Data) } }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(addresses.count == 1 && calls.withLock { $0 } == 1, "concurrent first readers share one rendering")
        #expect(mask.float32Values == [0, 0.01, 0.02, 0, 0.11, 0.12])
        #expect(mask.uint8Values == [0, 2, 5, 0, 28, 30])
        let copy = try #require(mask.copy() as? Mask)
        #expect(copy.float32Values == mask.float32Values && calls.withLock { $0 } == 1)
    }

    @Test func bytesOfAnUnreadTaskMaskComeFromItsRendering() throws {
        let calls = Locking.Locked(0)
        let mask = try #require(Self.renderedMask(calls: calls))
        #expect(mask.uint8Values == [0, 2, 5, 0, 28, 30])
        #expect(mask.float32Values == [0, 0.01, 0.02, 0, 0.11, 0.12] && calls.withLock { $0 } == 1)
    }

    /// The bands of a mask's reach: each band's values, top-left pixel, width and height.
    private static func bands(_ mask: Mask, ignoringBelow cut: Float = 0, bandHeight: Int = 64) throws
        -> [(values: [Float], origin: (x: Int, y: Int), width: Int, height: Int)] {
        var bands: [(values: [Float], origin: (x: Int, y: Int), width: Int, height: Int)] = []
        try mask.forEachBandWithinReach(ignoringBelow: cut, bandHeight: bandHeight) { band, origin in
            bands.append((band.values, origin, band.width, band.height))
        }
        return bands
    }

    @Test func anUnreadTaskMaskGivesItsReachAloneInBandsWithoutKeepingIt() throws {
        let calls = Locking.Locked(0)
        let mask = try #require(Self.renderedMask(calls: calls))
        let part = try Self.bands(mask)
        #expect(part.count == 1 && part[0].origin == (1, 0) && part[0].width == 2 && part[0].height == 2)
        #expect(part[0].values == [0.01, 0.02, 0.11, 0.12] && calls.withLock { $0 } == 1)
        let rows = try Self.bands(mask, bandHeight: 1)
        #expect(rows.map(\.values) == [[0.01, 0.02], [0.11, 0.12]] && rows.map(\.origin.y) == [0, 1] && calls.withLock { $0 } == 3,
                "one rendering per band")
        let strong = try Self.bands(mask, ignoringBelow: 0.1)
        #expect(strong.count == 1 && strong[0].origin == (1, 1) && strong[0].values == [0.11, 0.12] && calls.withLock { $0 } == 4,
                "the values from a cut up: the renderer's smaller box")
        #expect(mask.float32Values == [0, 0.01, 0.02, 0, 0.11, 0.12] && calls.withLock { $0 } == 5, "a later read renders all")
        let whole = try Self.bands(mask, bandHeight: 1)
        #expect(whole.map(\.values) == [[0, 0.01, 0.02], [0, 0.11, 0.12]] && whole.allSatisfy { $0.origin.x == 0 }
                && calls.withLock { $0 } == 5, "then the whole mask is copied, band by band")
        let empty = try #require(Mask(float32Width: 3, height: 2, renderer: MaskRenderer(reach: { _ in nil }) { _, _ in calls.withLock { $0 += 1 } }))
        #expect(try Self.bands(empty).isEmpty && calls.withLock { $0 } == 5, "no reach: nothing to render")
        let bytes = try #require(Mask(uInt8Values: [0, 51, 255], width: 3, height: 1))
        #expect(try Self.bands(bytes).map(\.values) == [[0, 0.2, 1]])
    }
}
