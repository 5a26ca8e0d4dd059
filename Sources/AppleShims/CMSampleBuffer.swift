#if !canImport(CoreMedia)
import Foundation

/// A stand-in for Core Media's `CMTime`: `value / timescale` seconds.
public struct CMTime: Sendable, Hashable {
    public var value: Int64
    public var timescale: Int32

    public init(value: Int64, timescale: Int32) {
        self.value = value
        self.timescale = timescale
    }

    /// The time in seconds (NaN for a zero timescale, as Core Media's invalid time).
    public var seconds: Double { timescale == 0 ? .nan : Double(value) / Double(timescale) }
}

public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

/// A stand-in for Core Media's `CMSampleBuffer` as a camera or video frame: a pixel buffer and
/// the time it is to be shown at.
public final class CMSampleBuffer: @unchecked Sendable {
    let imageBuffer: CVImageBuffer?
    let presentationTimeStamp: CMTime

    /// A frame of `imageBuffer` shown at `presentationTimeStamp`.
    public init(imageBuffer: CVImageBuffer, presentationTimeStamp: CMTime) {
        self.imageBuffer = imageBuffer
        self.presentationTimeStamp = presentationTimeStamp
    }
}

public func CMSampleBufferGetImageBuffer(_ sampleBuffer: CMSampleBuffer) -> CVImageBuffer? { sampleBuffer.imageBuffer }
public func CMSampleBufferGetPresentationTimeStamp(_ sampleBuffer: CMSampleBuffer) -> CMTime {
    sampleBuffer.presentationTimeStamp
}
#endif
