/// The codes of the errors the tasks throw (MediaPipe's `TasksErrorCode`, one per absl status
/// code). Every thrown error is an `NSError` with domain ``TasksErrorCode/errorDomain``, this
/// code's raw value as `code`, and the message in `localizedDescription`.
public enum TasksErrorCode: UInt, Sendable, CaseIterable {
    case cancelledError = 1
    case unknownError = 2
    case invalidArgumentError = 3
    case deadlineExceededError = 4
    case notFoundError = 5
    case alreadyExistsError = 6
    case permissionDeniedError = 7
    case resourceExhaustedError = 8
    case failedPreconditionError = 9
    case abortedError = 10
    case outOfRangeError = 11
    case unimplementedError = 12
    case internalError = 13
    case unavailableError = 14
    case dataLossError = 15
    case unauthenticatedError = 16
    case audioRecordPermissionDeniedError = 17
    case audioRecordPermissionUndeterminedError = 18
    case audioRecordWaitingForNewMicInputError = 19
    case audioRecordNotTappingMicError = 20

    /// The first code (``cancelledError``).
    public static let first: TasksErrorCode = .cancelledError
    /// The last code (``audioRecordNotTappingMicError``).
    public static let last: TasksErrorCode = .audioRecordNotTappingMicError

    /// VisionTasks extension: the error domain, `"com.google.mediapipe.tasks"` (on iOS the
    /// constant is not public and code has to spell the string).
    public static let errorDomain = "com.google.mediapipe.tasks"
}
