import Foundation
import Imaging
import MediaPipeTasksVision
import Locking

/// How the command line turns pose results into its output: writes the masks with `--masks`
/// (named after the current input), lists them in the JSON with `--output-segmentation-masks`.
final class PoseOutput: Sendable {
    private let masks: PoseMaskWriter?
    /// Whether the JSON lists the masks; they may be computed for the overlay only.
    private let listsMasks: Bool
    /// Image mode: mask names carry no timestamp.
    private let isImageMode: Bool
    private let inputName = Locked("image")

    init(masks: PoseMaskWriter?, listsMasks: Bool, isImageMode: Bool) {
        self.masks = masks
        self.listsMasks = listsMasks
        self.isImageMode = isImageMode
    }

    func setInputName(_ name: String) {
        inputName.withLock { $0 = name }
    }

    /// The result as JSON and overlay, after writing its masks.
    func output(_ result: PoseLandmarkerResult) throws -> TaskOutput {
        let name = inputName.withLock { $0 }
        let files = try masks?.write(result.segmentationMasks, inputName: name,
                                     timestampInMilliseconds: isImageMode ? nil : result.timestampInMilliseconds)
        return result.taskOutput(listsMasks: listsMasks, maskFiles: files)
    }
}

extension PoseLandmarkerResult {
    /// The JSON object of docs/json-contract.md §2.2 and the skeleton overlay (with the masks tinted). The
    /// JSON lists the masks when `listsMasks`; `maskFiles` are their PNG paths (`--masks`), nil
    /// when they were not written.
    func taskOutput(listsMasks: Bool, maskFiles: [String]?) -> TaskOutput {
        let poses = landmarks.map { pose in pose.map { (x: $0.x, y: $0.y) } }
        let masks = segmentationMasks
        return TaskOutput(json: json(listsMasks: listsMasks, maskFiles: maskFiles), drawOverlay: { image in
            try PoseOverlay.draw(poses: poses, masks: masks, on: &image)
        })
    }

    /// `{"timestampInMilliseconds","landmarks","worldLandmarks","segmentationMasks"}`.
    func json(listsMasks: Bool, maskFiles: [String]?) -> JSONValue {
        .object([
            ("timestampInMilliseconds", .number(timestampInMilliseconds)),
            ("landmarks", .array(landmarks.map { .array($0.map(\.json)) })),
            ("worldLandmarks", .array(worldLandmarks.map { .array($0.map(\.json)) })),
            ("segmentationMasks", .array(!listsMasks ? [] : segmentationMasks.enumerated().map { index, mask in
                var members: [(key: String, value: JSONValue)] = [("width", .number(mask.width)), ("height", .number(mask.height))]
                if let maskFiles, index < maskFiles.count { members.append(("file", .string(maskFiles[index]))) }
                return .object(members)
            })),
        ])
    }
}
