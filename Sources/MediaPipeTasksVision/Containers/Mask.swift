import Foundation
import Imaging
import Locking

/// A single-channel image such as a segmentation mask: `width × height` values, row-major
/// (pixel (x, y) at index `y·width + x`), in the coordinates of the input image as stored.
///
/// The mask keeps its values in its native ``dataType``. Reading the other accessor converts once
/// and caches the result: `float = uint8 / 255` and `uint8 = UInt8(float × 255)` truncated toward
/// zero like iOS's C cast (values outside [0, 1] are clamped first, and NaN becomes 0, where iOS's
/// cast is undefined). A task's mask is rendered from the model's output when its values are
/// first read (a pose's segmentation mask is warped onto the picture then), so a result whose
/// masks nobody reads costs no picture-sized mask. The pointers stay valid as long as the mask
/// lives. Thread-safe: rendering and conversion are done under a lock. `copy()` returns a deep
/// copy.
public final class Mask: NSObject, NSCopying, @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The native element type.
    public let dataType: MaskDataType

    private let count: Int
    /// The values in either type, each made from the other on first use. The buffers belong to
    /// this mask alone and are only touched under its lock.
    private struct Storage: @unchecked Sendable {
        var uint8: UnsafeMutablePointer<UInt8>?
        var float32: UnsafeMutablePointer<Float>?
        /// Makes the float values on the first read, then is dropped.
        var renderer: MaskRenderer?

        /// The float values, rendered first if they are still to be.
        mutating func renderedFloats(width: Int, height: Int) -> UnsafeMutablePointer<Float>? {
            if let renderer {
                let count = width * height
                let floats = UnsafeMutablePointer<Float>.allocate(capacity: count)
                floats.initialize(repeating: 0, count: count)
                renderer.render((0..<width, 0..<height), UnsafeMutableBufferPointer(start: floats, count: count))
                float32 = floats
                self.renderer = nil
            }
            return float32
        }
    }

    private let storage: Locked<Storage>

    /// A mask of `width × height` bytes copied from `uInt8Data`. `nil` when a size is not
    /// positive or the pixel count overflows.
    ///
    /// `shouldCopy` is accepted for iOS compatibility; the data is always copied, so the caller's
    /// buffer may be freed or changed afterwards.
    public init?(uInt8Data: UnsafePointer<UInt8>, width: Int, height: Int, shouldCopy: Bool) {
        guard let count = Mask.pixelCount(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        self.count = count
        self.dataType = .uInt8
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        bytes.initialize(from: uInt8Data, count: count)
        storage = Locked(Storage(uint8: bytes))
        super.init()
    }

    /// A mask of `width × height` floats copied from `float32Data`. `nil` when a size is not
    /// positive or the pixel count overflows. `shouldCopy`: see
    /// ``init(uInt8Data:width:height:shouldCopy:)``.
    public init?(float32Data: UnsafePointer<Float>, width: Int, height: Int, shouldCopy: Bool) {
        guard let count = Mask.pixelCount(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        self.count = count
        self.dataType = .float32
        let floats = UnsafeMutablePointer<Float>.allocate(capacity: count)
        floats.initialize(from: float32Data, count: count)
        storage = Locked(Storage(float32: floats))
        super.init()
    }

    /// VisionTasks: a float mask whose `width × height` values `renderer` makes, into memory that
    /// the mask then keeps (no copy), when they are first read (any accessor, or `copy()`). `nil`
    /// when a size is not positive or the pixel count overflows.
    package init?(float32Width width: Int, height: Int, renderer: MaskRenderer) {
        guard let count = Mask.pixelCount(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        self.count = count
        self.dataType = .float32
        storage = Locked(Storage(renderer: renderer))
        super.init()
    }

    /// VisionTasks convenience: a float mask holding `values` (`width × height` of them).
    public convenience init?(float32Values values: [Float], width: Int, height: Int) {
        guard Mask.pixelCount(width: width, height: height) == values.count else { return nil }
        self.init(float32Data: values, width: width, height: height, shouldCopy: true)
    }

    /// VisionTasks convenience: a byte mask holding `values` (`width × height` of them).
    public convenience init?(uInt8Values values: [UInt8], width: Int, height: Int) {
        guard Mask.pixelCount(width: width, height: height) == values.count else { return nil }
        self.init(uInt8Data: values, width: width, height: height, shouldCopy: true)
    }

    deinit {
        storage.withLock { storage in
            storage.uint8?.deallocate()
            storage.float32?.deallocate()
        }
    }

    private static func pixelCount(width: Int, height: Int) -> Int? {
        guard width > 0, height > 0 else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? nil : count
    }

    /// The values as bytes (converted from floats on first use, then cached).
    public var uint8Data: UnsafePointer<UInt8> {
        let count = count
        return storage.withLock { storage in
            if let bytes = storage.uint8 { return UnsafePointer(bytes) }
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            if let floats = storage.renderedFloats(width: width, height: height) {
                truncatedBytes(fromUnitFloats: UnsafeBufferPointer(start: floats, count: count), into: bytes)
            } else {
                bytes.initialize(repeating: 0, count: count)
            }
            storage.uint8 = bytes
            return UnsafePointer(bytes)
        }
    }

    /// The values as floats (converted from bytes as `value / 255` on first use, then cached).
    public var float32Data: UnsafePointer<Float> {
        let count = count
        return storage.withLock { storage in
            if let floats = storage.renderedFloats(width: width, height: height) { return UnsafePointer(floats) }
            let floats = UnsafeMutablePointer<Float>.allocate(capacity: count)
            if let bytes = storage.uint8 {
                for index in 0..<count {
                    floats[index] = Float(bytes[index]) / 255
                }
            } else {
                floats.initialize(repeating: 0, count: count)
            }
            storage.float32 = floats
            return UnsafePointer(floats)
        }
    }

    /// VisionTasks convenience: the values as a float array.
    public var float32Values: [Float] { Array(UnsafeBufferPointer(start: float32Data, count: count)) }

    /// VisionTasks: the float values of the smallest box known to hold every one that is `cut` or
    /// more (with `cut` 0, every nonzero one), given to `body` in bands of at most `bandHeight`
    /// rows, top to bottom, each with its top-left pixel; no call when there is no such value. A
    /// mask not read yet renders each band alone, into memory of the band's size that stays in
    /// the processor's cache, and keeps nothing (a later read renders the whole mask); else the
    /// bands are copied from the whole mask, from (0, 0). For a reader that needs the values once,
    /// such as an overlay that shows values from `cut` up.
    package func forEachBandWithinReach(ignoringBelow cut: Float = 0, bandHeight: Int = 64,
                                        _ body: (FloatImage, (x: Int, y: Int)) throws(ImageError) -> Void) throws(ImageError) {
        let renderer = storage.withLock { $0.renderer }
        let reach: PixelRanges? = if let renderer { renderer.reach(cut) } else { (0..<width, 0..<height) }
        guard let box = reach else { return }
        let floats = renderer == nil ? float32Data : nil
        var top = box.ys.lowerBound
        while top < box.ys.upperBound {
            let rows = top..<min(top + max(bandHeight, 1), box.ys.upperBound)
            let count = box.xs.count * rows.count
            let values = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                if let renderer {
                    buffer.initialize(repeating: 0)
                    renderer.render((box.xs, rows), buffer)
                } else if let floats {
                    _ = buffer.initialize(from: UnsafeBufferPointer(start: floats + rows.lowerBound * width, count: count))
                }
                initialized = count
            }
            try body(try FloatImage(width: box.xs.count, height: rows.count, values: values), (box.xs.lowerBound, rows.lowerBound))
            top = rows.upperBound
        }
    }

    /// VisionTasks convenience: the values as a byte array.
    public var uint8Values: [UInt8] { Array(UnsafeBufferPointer(start: uint8Data, count: count)) }

    /// A deep copy holding the native data (as iOS).
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = switch dataType {
        case .uInt8: Mask(uInt8Data: uint8Data, width: width, height: height, shouldCopy: true)
        case .float32: Mask(float32Data: float32Data, width: width, height: height, shouldCopy: true)
        }
        return copy ?? self  // never nil: this mask's size is valid
    }
}
