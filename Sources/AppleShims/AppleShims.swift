// AppleShims: the few Apple types iOS vision code passes around, for platforms that lack them,
// re-exported by MediaPipeTasksVision, MLKitVision and FirebaseMLVision so that such code builds
// unchanged.
//
// * `UIImage` (where there is no UIKit): decoded PNG or JPEG pixels with an orientation.
// * `CVPixelBuffer` (where there is no CoreVideo): BGRA, NV12 or I420 planes, with the
//   `CVPixelBufferGet…` functions iOS code calls.
// * `CMSampleBuffer` and `CMTime` (where there is no CoreMedia): a pixel buffer and its
//   presentation time, with `CMSampleBufferGetImageBuffer` and
//   `CMSampleBufferGetPresentationTimeStamp`.
// * `AVCaptureOutput`, `AVCaptureConnection` and `AVCaptureVideoDataOutputSampleBufferDelegate`
//   (where there is no AVFoundation): empty stand-ins, so that a camera delegate's
//   `captureOutput(_:didOutput:from:)` compiles; VideoIO's `SampleBufferSource` calls it.
//
// On Apple platforms each file compiles to nothing and the real types are used. What compiles
// everywhere is `Imaging.Image(pixelBuffer:)`, which reads any of the three layouts through the
// `CVPixelBufferGet…` functions, Apple's or ours.
