import Foundation

/// The readable message of an error, for standard error and a folder's `"error"` key: the
/// `localizedDescription` of an `NSError` (the MediaPipe API's errors), else the error's own
/// description (the typed errors of the other modules describe themselves).
func readableMessage(of error: any Error) -> String {
    if type(of: error) is NSError.Type {
        return (error as NSError).localizedDescription
    }
    return String(describing: error)
}
