// VisionPipeline: MediaPipe's face and pose Tasks graphs on our own engine.
//
// image (PipelineImage: pixels + orientation)
//   -> Imaging.TensorCrop (MediaPipe-exact ROI warp, letterbox, value range)
//   -> Inference.Interpreter (one per model, built once and reused)
//   -> VisionCore (SSD decoding, weighted NMS, projections, ROIs, association, smoothing, geometry)
//
// Common/  model files (.tflite or .task), running a crop through an interpreter, errors, options
//          shared by every graph.
// Face/    FaceDetectorGraph (Face Detector task) and FaceLandmarkerGraph (Face Landmarker task),
//          with detectsSmallFaces (full-range detector + tiles) beyond MediaPipe.
// Pose/    PoseLandmarkerGraph.
//
// The graphs hold no public iOS-style API: MediaPipeTasksVision (and later the ML Kit layer) wrap
// them. Coordinates in results are always normalized to the input's own (un-rotated) pixel grid.
