import Inference
import Foundation

/// Where the ML Kit and Firebase face detectors find their models by default.
///
/// Their factories take no path (on iOS the model is inside the pod); a detector whose options
/// name no `modelBundlePath` uses ``bundlePath``: `$VISIONTASKS_ASSETS/models/face_landmarker.task`
/// when that environment variable (the folder `scripts/setup` fills, as for `vision-tasks`) is
/// set, else `assets/models/face_landmarker.task` relative to the working directory; both modes
/// use only that bundle's models. Nothing here can be changed: each detector's options carry
/// its own location and engine, so detectors (and the command line's workers) never affect each
/// other.
public enum MLKitModelLocation {
    /// The default `face_landmarker.task`, read when a detector first processes an image.
    public static var bundlePath: String {
        let assets = ProcessInfo.processInfo.environment["VISIONTASKS_ASSETS"] ?? "assets"
        return assets + "/models/face_landmarker.task"
    }

    /// The default inference engine (XNNPACK, one thread).
    public static var engine: InterpreterOptions { InterpreterOptions() }
}
