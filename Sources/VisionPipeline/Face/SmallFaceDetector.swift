import Inference
import Foundation
import VisionCore

/// `detectsSmallFaces` (beyond MediaPipe): the full-range detector (192×192) on the whole upright
/// picture, plus the short-range detector on overlapping square tiles, all merged by weighted NMS.
final class SmallFaceDetector {
    let fullRange: FaceDetectorModel
    let shortRange: FaceDetectorModel
    /// IoU above which detections from the different passes are merged.
    static let mergeThreshold: Float = 0.3

    init(fullRangePath: String, shortRange: FaceDetectorModel, engine: InterpreterOptions) throws(PipelineError) {
        let file = try ModelFile(path: fullRangePath)
        fullRange = try FaceDetectorModel(model: file.model(named: nil), path: fullRangePath, engine: engine)
        guard fullRange.inputSize == 192 else {
            throw .invalidModel(path: fullRangePath, detail: "detectsSmallFaces needs the full-range face detector (192×192 input)")
        }
        self.shortRange = shortRange
    }

    /// Detections in image-normalized coordinates, best first.
    func detect(_ prepared: PreparedImage, minScore: Float) throws(PipelineError) -> [RelativeDetection] {
        let full = prepared.fullImageRect
        var all = try shortRange.detect(prepared.image, rect: full, minScore: minScore, iouThreshold: 0.5)
        all += try fullRange.detect(prepared.image, rect: full, minScore: minScore, iouThreshold: 0.5)
        for tile in Self.tiles(of: full, imageWidth: prepared.width, imageHeight: prepared.height) {
            all += try shortRange.detect(prepared.image, rect: tile, minScore: minScore, iouThreshold: 0.5)
        }
        return WeightedNonMaxSuppression(iouThreshold: Self.mergeThreshold).apply(to: all)
    }

    /// Square tiles of the upright picture, each about 2/5 of its shorter side (a face of 1/10
    /// of the picture then fills 1/4 of a tile, the short-range model's comfortable size), with
    /// half a tile of overlap; none when the picture is already small.
    static func tiles(of full: NormalizedRect, imageWidth: Int, imageHeight: Int) -> [NormalizedRect] {
        let uprightWidth = Double(full.width) * Double(imageWidth)   // pixels along the rect's x axis
        let uprightHeight = Double(full.height) * Double(imageHeight)
        let side = 0.4 * min(uprightWidth, uprightHeight)
        guard side >= 64 else { return [] }
        let stride = side / 2
        func starts(_ length: Double) -> [Double] {
            let count = max(1, Int(((length - side) / stride).rounded(.up)) + 1)
            if count == 1 { return [(length - side) / 2] }
            return (0..<count).map { Double($0) * (length - side) / Double(count - 1) }
        }
        let c = cos(Double(full.rotation)), s = sin(Double(full.rotation))
        let cx = Double(full.xCenter) * Double(imageWidth), cy = Double(full.yCenter) * Double(imageHeight)
        var tiles: [NormalizedRect] = []
        for v in starts(uprightHeight) {
            for u in starts(uprightWidth) {
                // Offset of the tile centre from the picture centre along the rect's axes, pixels.
                let dx = u + side / 2 - uprightWidth / 2, dy = v + side / 2 - uprightHeight / 2
                let x = cx + c * dx - s * dy, y = cy + s * dx + c * dy
                tiles.append(NormalizedRect(xCenter: Float(x / Double(imageWidth)), yCenter: Float(y / Double(imageHeight)),
                                            width: Float(side / Double(imageWidth)), height: Float(side / Double(imageHeight)),
                                            rotation: full.rotation))
            }
        }
        return tiles
    }
}
