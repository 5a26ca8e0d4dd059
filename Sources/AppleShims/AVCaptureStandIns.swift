#if !canImport(AVFoundation)
import Foundation

/// Stand-in for AVFoundation's capture output: only its type, for the delegate signature.
open class AVCaptureOutput: NSObject {}

/// Stand-in for AVFoundation's capture connection: only its type, for the delegate signature.
open class AVCaptureConnection: NSObject {}

/// AVFoundation's video frame delegate, as camera code adopts it; VideoIO's `SampleBufferSource`
/// calls `captureOutput(_:didOutput:from:)` for each frame.
public protocol AVCaptureVideoDataOutputSampleBufferDelegate: NSObjectProtocol {
    func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection)
}
#endif
