/// The blendshape model's input (docs/pipeline.md §4.6): 146 of the 478 face landmarks, in pixels.
public enum BlendshapesInput {
    /// The landmark indices, in the order the model expects them.
    ///
    /// Data table from MediaPipe's `tasks/cc/vision/face_landmarker/face_blendshapes_graph.cc`
    /// (`kLandmarksSubsetIdxs`), Apache License 2.0.
    public static let landmarkIndices: [Int] = [
        0, 1, 4, 5, 6, 7, 8, 10, 13, 14, 17, 21, 33, 37, 39, 40, 46, 52, 53, 54, 55, 58, 61, 63, 65, 66, 67, 70, 78, 80,
        81, 82, 84, 87, 88, 91, 93, 95, 103, 105, 107, 109, 127, 132, 133, 136, 144, 145, 146, 148, 149, 150, 152, 153, 154, 155, 157, 158, 159, 160,
        161, 162, 163, 168, 172, 173, 176, 178, 181, 185, 191, 195, 197, 234, 246, 249, 251, 263, 267, 269, 270, 276, 282, 283, 284, 285, 288, 291, 293, 295,
        296, 297, 300, 308, 310, 311, 312, 314, 317, 318, 321, 323, 324, 332, 334, 336, 338, 356, 361, 362, 365, 373, 374, 375, 377, 378, 379, 380, 381, 382,
        384, 385, 386, 387, 388, 389, 390, 397, 398, 400, 402, 405, 409, 415, 454, 466, 468, 469, 470, 471, 472, 473, 474, 475, 476, 477,
    ]

    /// The `[1, 146, 2]` float32 tensor: `(x·imageWidth, y·imageHeight)` of each selected landmark
    /// of `landmarks` (image-normalized, all 478), flattened.
    public static func tensor(from landmarks: [LandmarkPoint], imageWidth: Int, imageHeight: Int) throws(VisionCoreError) -> [Float] {
        guard landmarks.count > 477 else {
            throw .sizeMismatch(what: "the face landmarks for blendshapes", expected: 478, actual: landmarks.count)
        }
        let w = Float(imageWidth), h = Float(imageHeight)
        var values: [Float] = []
        values.reserveCapacity(2 * landmarkIndices.count)
        for index in landmarkIndices {
            values.append(landmarks[index].x * w)
            values.append(landmarks[index].y * h)
        }
        return values
    }
}
