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
// Porting iOS code: `import MediaPipeTasksVision` and the same calls work. What differs:
//
// * Images: `UIImage` here is a small stand-in (`UIImage(contentsOfFile:)`, `UIImage(named:)`,
//   `UIImage(data:)`, `imageOrientation`, `size`, `scale`); `MPImage(image:orientation:)` takes an
//   `Imaging.Image` in any pixel format (RGB, RGBA, BGRA, gray, YUV) in place of `CVPixelBuffer` /
//   `CMSampleBuffer`, which do not exist here; `MPImage(contentsOfFile:)` decodes a file and
//   uses its EXIF orientation. `UIImage.Orientation` is `Imaging.Orientation` (same 8 cases and raw
//   values).
// * Mirrored orientations are supported (MediaPipe refuses them): the tasks un-mirror the crop and
//   report results, as always, in the coordinates of the pixels as stored.
// * `Delegate.GPU` is accepted and runs on the CPU (there is no GPU path). `BaseOptions` adds
//   `inferenceBackend` and `threadCount`.
// * `TransformMatrix.data` is MediaPipe's column-major buffer and `value(atRow:column:)` reads it
//   like iOS (`data[row·columns + column]`, i.e. the transpose of the mathematical matrix, exactly
//   the numbers iOS returns); `element(row:column:)` is the added accessor for M itself.
// * `FaceLandmarker.rightIrisConnections()` returns the right iris (iOS returns the left: a bug).
// * `PoseLandmarkerOptions.shouldOutputSegmentationMasks` is honoured (iOS ignores it).
// * Out-of-range `TransformMatrix` indices return NaN (iOS raises); `Mask` initializers always copy.
// * Landmark and category equality is exact and consistent with `hash` (iOS compares within 1e-6).
// * Extensions, all defaulting to MediaPipe's behaviour: `FaceLandmarkerOptions.detectsSmallFaces`,
//   `landmarkSmoothing` (both landmarkers), `PoseLandmarkerOptions.findsEveryPerson` and
//   `correctsRotatedInputs`, and `reset()` on every task (a new video; timestamps may restart).
//
// Errors are `NSError`s with domain "com.google.mediapipe.tasks", `TasksErrorCode` raw values as
// codes and the messages of MediaPipe's iOS tasks (`TasksError`).
//
// Threads: every task is `Sendable`; calls are serialized by a lock, results are immutable, and
// live-stream results are delivered on the task's private serial queue
// `com.mediapipe.tasks.vision.<task>_<UUID>` with at most one frame in flight and one waiting.
