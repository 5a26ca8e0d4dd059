import Inference
import Foundation
import Locking

/// Where the ML Kit and Firebase face detectors find their models.
///
/// Their factories take no path (as on iOS, where the model is inside the pod), so the path is
/// process-wide: `face_landmarker.task` (both modes use only its models). Default: `$VISIONTASKS_ASSETS/models/face_landmarker.task` when that
/// environment variable (the folder `scripts/setup` fills, as for `vision-tasks`) is set, else
/// `assets/models/face_landmarker.task` relative to the working directory.
/// Set it before creating detectors; detectors read it when they first process an image.
public enum MLKitModelLocation {
    private static let storedBundlePath = Locked<String?>(nil)
    private static let storedEngine = Locked(InterpreterOptions())

    public static var bundlePath: String {
        get {
            if let path = storedBundlePath.withLock({ $0 }) { return path }
            let assets = ProcessInfo.processInfo.environment["VISIONTASKS_ASSETS"] ?? "assets"
            return assets + "/models/face_landmarker.task"
        }
        set { storedBundlePath.withLock { $0 = newValue } }
    }

    /// The inference engine of new detectors (XNNPACK, one thread, by default).
    public static var engine: InterpreterOptions {
        get { storedEngine.withLock { $0 } }
        set { storedEngine.withLock { $0 = newValue } }
    }
}
