import Foundation

/// Builds the `NSError`s the tasks throw: domain ``TasksErrorCode/errorDomain``, MediaPipe's codes
/// and messages, as MediaPipe's iOS tasks report them.
enum TasksError {
    /// An error with `message` as its `localizedDescription`.
    static func make(_ code: TasksErrorCode, _ message: String) -> NSError {
        NSError(domain: TasksErrorCode.errorDomain, code: Int(code.rawValue),
                userInfo: [NSLocalizedDescriptionKey: message])
    }

    /// An error that MediaPipe reports from a C++ status: the message is prefixed with the absl
    /// code name, e.g. `"INVALID_ARGUMENT: …"`.
    static func status(_ code: TasksErrorCode, _ message: String) -> NSError {
        make(code, "\(code.abslName): \(message)")
    }

    static func invalidArgument(_ message: String) -> NSError {
        make(.invalidArgumentError, message)
    }

    // MARK: The fixed messages of MediaPipe's vision task runner and task runner

    static var liveStreamWithoutDelegate: NSError {
        invalidArgument(
            "The vision task is in live stream mode. An object must be set as the delegate of the task "
                + "in its options to ensure asynchronous delivery of results.")
    }

    static var delegateOutsideLiveStream: NSError {
        invalidArgument("The vision task is in image or video mode. The delegate must not be set in the task's options.")
    }

    static var emptyModelPath: NSError {
        status(.invalidArgumentError,
               "ExternalFile must specify at least one of 'file_content', 'file_name', 'file_pointer_meta' "
                   + "or 'file_descriptor_meta'.")
    }

    static var nonIncreasingTimestamp: NSError {
        status(.invalidArgumentError, "Input timestamp must be monotonically increasing.")
    }

    /// The error of calling the detect method of `expected` mode on a task created in `actual` mode.
    static func wrongMode(expected: RunningMode, actual: RunningMode) -> NSError {
        let mode = switch expected {
        case .image: "image"
        case .video: "video"
        case .liveStream: "live stream"
        }
        return invalidArgument(
            "The vision task is not initialized with \(mode) mode. Current Running Mode: \(actual.displayName)")
    }
}

extension TasksErrorCode {
    /// The absl status code name MediaPipe prefixes its C++ messages with.
    var abslName: String {
        switch self {
        case .cancelledError: "CANCELLED"
        case .unknownError: "UNKNOWN"
        case .invalidArgumentError: "INVALID_ARGUMENT"
        case .deadlineExceededError: "DEADLINE_EXCEEDED"
        case .notFoundError: "NOT_FOUND"
        case .alreadyExistsError: "ALREADY_EXISTS"
        case .permissionDeniedError: "PERMISSION_DENIED"
        case .resourceExhaustedError: "RESOURCE_EXHAUSTED"
        case .failedPreconditionError: "FAILED_PRECONDITION"
        case .abortedError: "ABORTED"
        case .outOfRangeError: "OUT_OF_RANGE"
        case .unimplementedError: "UNIMPLEMENTED"
        case .internalError: "INTERNAL"
        case .unavailableError: "UNAVAILABLE"
        case .dataLossError: "DATA_LOSS"
        case .unauthenticatedError: "UNAUTHENTICATED"
        default: "UNKNOWN"
        }
    }
}
