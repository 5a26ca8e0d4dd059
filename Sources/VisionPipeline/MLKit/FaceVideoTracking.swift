import Imaging
import VisionCore

/// How ML Kit's detectors follow faces through a video when tracking is on: like MediaPipe's
/// VIDEO mode, each face's next ROI comes from its own mesh (the loop-back ROI), so most frames
/// run only the landmark stage; the face detector runs on a frame only when
///
/// - no face is tracked (the first frame, an empty scene, a new image size or orientation);
/// - a tracked face was lost in this frame (its presence fell to the threshold or below), so that a
///   face that moved too fast is found again in the same frame and a face that left is confirmed;
/// - the previous frame had a face the landmark model rejected (only the detector sees it, so it
///   is not tracked confidently);
/// - `redetectionInterval` frames have passed since the last detection, to find faces that
///   entered the picture (a new face appears at most that many frames late).
///
/// MediaPipe instead runs the detector whenever fewer than `numFaces` faces are tracked, which for
/// ML Kit's "every face" would mean every frame. With tracking off, every call is an independent
/// image (a photo library must not depend on the previous call).
struct FaceVideoTracking {
    /// Frames between two detector runs while every face is tracked.
    let redetectionInterval: Int
    /// This frame's ROIs (last frame's loop-back ROIs), in the prepared image.
    private(set) var rois: [NormalizedRect] = []
    private var framesSinceDetection = 0
    private var hadUntrackedFace = false
    private var frame: FrameKey?

    /// The stored image size and orientation the ROIs belong to.
    struct FrameKey: Equatable {
        var width: Int
        var height: Int
        var orientation: Orientation
    }

    init(redetectionInterval: Int) {
        self.redetectionInterval = max(1, redetectionInterval)
    }

    /// Starts a frame: forgets the ROIs if the image size or orientation changed.
    mutating func begin(_ key: FrameKey) {
        if frame != key { reset() }
        frame = key
    }

    /// Whether the detector runs on this frame, given whether a tracked face was lost in it.
    func needsDetection(lostAFace: Bool) -> Bool {
        rois.isEmpty || lostAFace || hadUntrackedFace || framesSinceDetection + 1 >= redetectionInterval
    }

    /// Ends a frame: the next frame's ROIs, whether a face of this frame had no mesh, and whether
    /// the detector ran.
    mutating func end(nextROIs: [NormalizedRect], hadUntrackedFace: Bool, detected: Bool) {
        rois = nextROIs
        self.hadUntrackedFace = hadUntrackedFace
        framesSinceDetection = detected ? 0 : framesSinceDetection + 1
    }

    mutating func reset() {
        rois = []
        framesSinceDetection = 0
        hadUntrackedFace = false
        frame = nil
    }
}
