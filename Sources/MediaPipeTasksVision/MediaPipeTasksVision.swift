// MediaPipeTasksVision: Google MediaPipe Tasks' iOS vision API (FaceLandmarker, FaceDetector,
// PoseLandmarker), source-compatible with the CocoaPods `MediaPipeTasksVision` module, on Linux
// and any Swift platform.
//
// Layering: this module is a thin layer. It converts options and results between MediaPipe's
// classes and the `VisionPipeline` graphs, enforces MediaPipe's running-mode rules
// (Runner/VisionTaskRunner.swift) and builds MediaPipe's errors; it contains no image or landmark
// math.
//
// Usage (as on iOS; only the image loading is this package's):
//
//     let options = FaceLandmarkerOptions()
//     options.baseOptions.modelAssetPath = "assets/models/face_landmarker.task"
//     options.outputFaceBlendshapes = true
//     let landmarker = try FaceLandmarker(options: options)
//     let result = try landmarker.detect(image: try MPImage(contentsOfFile: "photo.jpg"))
//     for face in result.faceLandmarks { print(face.count) }   // 478 normalized landmarks
//
// Porting iOS code: `import MediaPipeTasksVision` and the same calls work. `UIImage`,
// `CVPixelBuffer` and `CMSampleBuffer` are AppleShims' stand-ins where Apple's frameworks are
// absent (re-exported here); `MPImage(image:orientation:)` also takes an `Imaging.Image` in any
// pixel format, and `MPImage(contentsOfFile:)` decodes a file with its EXIF orientation. Every
// difference from iOS, and the one rule they follow (iOS's results by default, bugs included,
// with `corrects…` switches), is listed in docs/ios-compatibility.md.
//
// Errors are `NSError`s with domain "com.google.mediapipe.tasks", `TasksErrorCode` raw values as
// codes and the messages of MediaPipe's iOS tasks (`TasksError`).
//
// Threads: every task is `Sendable`; calls are serialized by a lock, results are immutable, and
// live-stream results are delivered on the task's private serial queue
// `com.mediapipe.tasks.vision.<task>_<UUID>` with at most one frame in flight and one waiting.

@_exported import AppleShims
