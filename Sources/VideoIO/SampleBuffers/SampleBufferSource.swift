#if !canImport(CoreMedia)
import AppleShims
import Foundation
import Imaging

/// The frames of a camera (`/dev/video*`), a stream or a video file as `CMSampleBuffer`s (AppleShims'
/// stand-in) holding a BGRA `CVPixelBuffer`, as an iOS camera configured for
/// `kCVPixelFormatType_32BGRA` delivers them; so camera code written for iOS runs here unchanged.
///
/// ```swift
/// let source = try SampleBufferSource(path: "/dev/video0")
/// try source.run(delegate: cameraFeed)   // calls captureOutput(_:didOutput:from:) per frame
/// ```
///
/// Cameras and streams are read live (``LiveVideoSource``: a frame that arrives while the
/// delegate is busy replaces the one waiting, as AVFoundation drops late frames); files frame by
/// frame (``VideoReader``). Presentation times are the container's, in microseconds
/// (timescale 1,000,000), from 0 for the first frame.
public final class SampleBufferSource: @unchecked Sendable {
    /// What the container says about the video stream.
    public let info: VideoStreamInfo
    private let nextFrame: () throws(VideoError) -> VideoFrame?
    private let output = AVCaptureOutput()
    private let connection = AVCaptureConnection()

    /// Opens `path`; `live` chooses live reading (nil: for capture devices and URLs, not for files).
    public init(path: String, live: Bool? = nil) throws(VideoError) {
        let isLive = live ?? (CaptureDevice.isDevice(path) || path.contains("://"))
        if isLive {
            let source = try LiveVideoSource(path: path)
            info = source.info
            nextFrame = { () throws(VideoError) in try source.nextFrame() }
        } else {
            let reader = try VideoReader(path: path)
            info = reader.info
            nextFrame = { () throws(VideoError) in try reader.nextFrame() }
        }
    }

    /// The next frame, or nil at the end.
    public func nextSampleBuffer() throws(VideoError) -> CMSampleBuffer? {
        guard let frame = try nextFrame() else { return nil }
        let bgra: Imaging.Image
        do {
            bgra = try frame.image.converted(to: .bgra8)
        } catch {
            throw .ffmpeg("frame \(frame.index): \(error)")
        }
        guard let buffer = CVPixelBuffer(image: bgra) else { throw .ffmpeg("frame \(frame.index): no pixel buffer") }
        let time = CMTime(value: Int64((frame.timestampMilliseconds * 1000).rounded()), timescale: 1_000_000)
        return CMSampleBuffer(imageBuffer: buffer, presentationTimeStamp: time)
    }

    /// Hands every frame to `delegate.captureOutput(_:didOutput:from:)`, on the calling thread,
    /// until the end of the input; returns how many it handed out.
    @discardableResult
    public func run(delegate: any AVCaptureVideoDataOutputSampleBufferDelegate) throws(VideoError) -> Int {
        var count = 0
        while let sampleBuffer = try nextSampleBuffer() {
            delegate.captureOutput(output, didOutput: sampleBuffer, from: connection)
            count += 1
        }
        return count
    }
}
#endif
