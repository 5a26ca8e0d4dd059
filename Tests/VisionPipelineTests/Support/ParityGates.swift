/// Where MediaPipe parity cannot be reached exactly because the landmark model amplifies
/// float-level differences, the strict gate of issue 4 is still checked (as a known issue, so it
/// shows in every test run) and a wider, documented bound is enforced instead.
enum ParityGates {
    /// Bound for the VIDEO sequences whose ROIs are fed back from our own landmarks: the model's
    /// ~1e-6 output differences to MediaPipe's XNNPACK move the next ROI, and the landmark model
    /// turns ROI changes of 1e-6 into landmark changes of up to 1e-3 (see
    /// `FaceLandmarkSensitivityTests`), so the difference random-walks at the 1e-4 level.
    static func withinDriftBound(_ errors: FaceErrors) -> Bool {
        errors.xy <= 1e-3 && errors.z <= 3e-3 && errors.blendshapes <= 3e-2 && errors.matrix <= 1e-2
    }
}
