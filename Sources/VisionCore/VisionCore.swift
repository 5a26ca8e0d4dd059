// VisionCore: the pure math of MediaPipe's face and pose graphs (MediaPipe Tasks, CPU path), in
// plain Swift with no inference engine and no image code. docs/pipeline.md
// describes it; "§" in comments refers to that file's sections unless another file is named.
//
// Folders follow the stages of a frame:
//   Geometry/      NormalizedRect, PixelRegion (GetRoi/PadRoi), RectTransformation, the tensor→image
//                  Matrix4x4, AxisAlignedBox IoU, normalizeRadians
//   Detection/     SSD anchors and decoding, weighted NMS, projection and letterbox removal,
//                  detection → landmark ROI (face, pose), the Face Detector's pixel boxes
//   Landmarks/     tensor decoding, projection modes (a) and (b), heatmap refinement, world
//                  landmarks, landmarks → next-frame ROI
//   Tracking/      association of tracked and detected ROIs, when to run the detector
//   Smoothing/     LowPassFilter, OneEuroFilter, landmark and visibility smoothers (time is passed in)
//   Protobuf/      a minimal bounds-checked protobuf wire-format reader
//   FaceGeometry/  the geometry metadata, weighted Procrustes, the facial transformation matrix
//   Blendshapes/   the blendshape model's input indices and output names
//
// Numbers are float32 wherever MediaPipe stores floats (rects, detections, landmarks), in the C++
// order of operations; double only where MediaPipe computes in double (NormalizeRadians, the
// One-Euro filter, z scales via std::pow) and for the 3×3 SVD of the geometry pipeline.
