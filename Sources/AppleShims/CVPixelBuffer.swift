#if !canImport(CoreVideo)
import Foundation
import Imaging

/// Core Video's four-character pixel format codes.
public typealias OSType = UInt32
/// Core Video's result codes.
public typealias CVReturn = Int32

public let kCVReturnSuccess: CVReturn = 0
/// Core Video's `kCVReturnInvalidArgument`.
public let kCVReturnInvalidArgument: CVReturn = -6661

/// 'BGRA': one plane, 4 bytes per pixel, blue first (the iOS camera's usual RGB output).
public let kCVPixelFormatType_32BGRA: OSType = 0x4247_5241
/// '420v': NV12 with luma in 16…235 (the iOS camera's default YUV output).
public let kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange: OSType = 0x3432_3076
/// '420f': NV12 with luma in 0…255.
public let kCVPixelFormatType_420YpCbCr8BiPlanarFullRange: OSType = 0x3432_3066
/// 'y420': I420, three planes (Y, Cb, Cr), video range.
public let kCVPixelFormatType_420YpCbCr8Planar: OSType = 0x7934_3230

/// Core Video's lock options; `.readOnly` is the one camera code passes.
public struct CVPixelBufferLockFlags: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let readOnly = CVPixelBufferLockFlags(rawValue: 1)
}

/// A stand-in for Core Video's `CVBuffer` (whose pixel-buffer form iOS code calls
/// `CVPixelBuffer`): `width`×`height` pixels in one of three layouts, each plane in memory of its
/// own at a fixed address (rows `bytesPerRow` apart). Reached through the `CVPixelBufferGet…`
/// functions, as on iOS; made by ``init(image:)``.
public final class CVBuffer: @unchecked Sendable {
    struct Plane {
        let base: UnsafeMutableRawPointer
        let width: Int, height: Int, bytesPerRow: Int
    }

    let width: Int
    let height: Int
    let pixelFormat: OSType
    let planes: [Plane]

    /// A buffer holding a copy of `image`: BGRA (`kCVPixelFormatType_32BGRA`), NV12 (420v, or 420f
    /// for a full-range image) or I420 (y420). `nil` for other pixel formats (convert the image to
    /// BGRA first).
    public init?(image: Imaging.Image) {
        let format: OSType
        switch image.format {
        case .bgra8: format = kCVPixelFormatType_32BGRA
        case .nv12: format = image.yuvColorSpace.isFullRange ? kCVPixelFormatType_420YpCbCr8BiPlanarFullRange
                                                              : kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
        case .i420: format = kCVPixelFormatType_420YpCbCr8Planar
        default: return nil
        }
        width = image.width
        height = image.height
        pixelFormat = format
        planes = image.planes.enumerated().map { index, plane in
            let geometry = image.format.planeGeometry(index, width: image.width, height: image.height)
            let base = UnsafeMutableRawPointer.allocate(byteCount: max(1, plane.rowStride * geometry.height), alignment: 64)
            plane.bytes.withUnsafeBytes { bytes in
                for row in 0..<geometry.height {
                    let length = min(plane.rowStride, bytes.count - row * plane.rowStride)
                    (base + row * plane.rowStride).copyMemory(from: bytes.baseAddress! + row * plane.rowStride, byteCount: length)
                }
            }
            return Plane(base: base, width: geometry.width, height: geometry.height, bytesPerRow: plane.rowStride)
        }
    }

    deinit {
        for plane in planes { plane.base.deallocate() }
    }
}

/// Core Video's names for the same type.
public typealias CVImageBuffer = CVBuffer
public typealias CVPixelBuffer = CVImageBuffer

public func CVPixelBufferGetWidth(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.width }
public func CVPixelBufferGetHeight(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.height }
public func CVPixelBufferGetPixelFormatType(_ pixelBuffer: CVPixelBuffer) -> OSType { pixelBuffer.pixelFormat }
public func CVPixelBufferIsPlanar(_ pixelBuffer: CVPixelBuffer) -> Bool { pixelBuffer.planes.count > 1 }
/// 0 for a non-planar buffer, as Core Video.
public func CVPixelBufferGetPlaneCount(_ pixelBuffer: CVPixelBuffer) -> Int {
    pixelBuffer.planes.count > 1 ? pixelBuffer.planes.count : 0
}
/// The first plane's address (for BGRA, the pixels).
public func CVPixelBufferGetBaseAddress(_ pixelBuffer: CVPixelBuffer) -> UnsafeMutableRawPointer? {
    pixelBuffer.planes.first?.base
}
public func CVPixelBufferGetBytesPerRow(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.planes.first?.bytesPerRow ?? 0 }
/// `nil` for a plane index out of range.
public func CVPixelBufferGetBaseAddressOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> UnsafeMutableRawPointer? {
    pixelBuffer.planes.indices.contains(planeIndex) ? pixelBuffer.planes[planeIndex].base : nil
}
public func CVPixelBufferGetBytesPerRowOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
    pixelBuffer.planes.indices.contains(planeIndex) ? pixelBuffer.planes[planeIndex].bytesPerRow : 0
}
public func CVPixelBufferGetWidthOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
    pixelBuffer.planes.indices.contains(planeIndex) ? pixelBuffer.planes[planeIndex].width : 0
}
public func CVPixelBufferGetHeightOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
    pixelBuffer.planes.indices.contains(planeIndex) ? pixelBuffer.planes[planeIndex].height : 0
}
/// The memory stays at one address for the buffer's life, so locking only succeeds.
@discardableResult
public func CVPixelBufferLockBaseAddress(_ pixelBuffer: CVPixelBuffer, _ lockFlags: CVPixelBufferLockFlags) -> CVReturn {
    kCVReturnSuccess
}
@discardableResult
public func CVPixelBufferUnlockBaseAddress(_ pixelBuffer: CVPixelBuffer, _ unlockFlags: CVPixelBufferLockFlags) -> CVReturn {
    kCVReturnSuccess
}
#endif
