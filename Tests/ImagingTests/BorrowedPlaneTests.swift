import Imaging
import TestSupport
import Testing
import VisionCore

/// Planes that borrow another owner's bytes (`ImagePlane(borrowing:rowStride:)`, a decoded video
/// frame's): read, compared and hashed as the same bytes in an array, copied before they change,
/// and keeping their owner alive.
@Suite struct BorrowedPlaneTests {
    /// Memory that records when it is freed.
    private final class Owner: @unchecked Sendable {
        let memory: UnsafeMutableBufferPointer<UInt8>
        let freed: Flag

        init(_ bytes: [UInt8], freed: Flag) {
            memory = .allocate(capacity: bytes.count)
            _ = memory.initialize(from: bytes)
            self.freed = freed
        }

        deinit {
            memory.update(repeating: 0xEE)
            memory.deallocate()
            freed.isSet = true
        }
    }

    private final class Flag: @unchecked Sendable { var isSet = false }

    private static func borrowed(_ bytes: [UInt8], rowStride: Int, freed: Flag = Flag()) -> ImagePlane {
        let owner = Owner(bytes, freed: freed)
        return ImagePlane(borrowing: BorrowedBytes(UnsafeBufferPointer(owner.memory), keptBy: owner), rowStride: rowStride)
    }

    @Test func borrowedPlanesReadAsTheirBytes() throws {
        var random = SeededRandom(seed: 41)
        let (width, height) = (34, 22)
        let rgb = (0..<width * height * 3).map { _ in UInt8.random(in: 0...255, using: &random) }
        let owned = try Image(width: width, height: height, format: .rgb8, bytes: rgb)
        let i420 = try owned.converted(to: .i420)
        let borrowedI420 = try Image(width: width, height: height, format: .i420,
                                     planes: i420.planes.map { Self.borrowed($0.bytes, rowStride: $0.rowStride) })
        #expect(borrowedI420 == i420)
        #expect(borrowedI420.hashValue == i420.hashValue)
        #expect(borrowedI420.planes.map(\.bytes) == i420.planes.map(\.bytes))
        #expect(borrowedI420.rgbBytes() == i420.rgbBytes())
        let crop = try TensorCrop(NormalizedRect(xCenter: 0.45, yCenter: 0.55, width: 0.7, height: 0.6, rotation: 0.3),
                                  imageWidth: width, imageHeight: height,
                                  options: TensorCropOptions(width: 16, height: 16, border: .replicate))
        #expect(try crop.crop(borrowedI420) == crop.crop(i420))
        var changed = i420.planes[0].bytes
        changed[5] &+= 1
        #expect(Self.borrowed(changed, rowStride: width) != i420.planes[0])
    }

    @Test func changingABorrowedPlaneCopiesItFirst() throws {
        let original: [UInt8] = Array(0..<12)
        let freed = Flag()
        var plane = Self.borrowed(original, rowStride: 4, freed: freed)
        let sibling = plane
        plane.bytes[3] = 99
        #expect(plane.bytes == [0, 1, 2, 99, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(sibling.bytes == original, "the borrowed bytes are left as they were")
        plane = ImagePlane(bytes: [], rowStride: 0)
        #expect(!freed.isSet, "a plane still borrows the bytes")
        #expect(sibling.count == 12)
    }

    @Test func borrowedBytesKeepTheirOwnerAlive() {
        let freed = Flag()
        var plane: ImagePlane? = Self.borrowed([1, 2, 3], rowStride: 3, freed: freed)
        #expect(!freed.isSet)
        #expect(plane?.withUnsafeBufferPointer { Array($0) } == [1, 2, 3])
        plane = nil
        #expect(freed.isSet)
    }

    @Test func anOwnedPlaneChangesInPlace() {
        var plane = ImagePlane(bytes: [UInt8](repeating: 0, count: 4096), rowStride: 64)
        let before = plane.withUnsafeBufferPointer { $0.baseAddress }
        plane.bytes[7] = 200
        plane.bytes.withUnsafeMutableBufferPointer { $0[8] = 201 }
        let after = plane.withUnsafeBufferPointer { $0.baseAddress }
        #expect(plane.bytes[7] == 200 && plane.bytes[8] == 201)
        #expect(before == after, "no copy of bytes nothing else holds")
    }
}
