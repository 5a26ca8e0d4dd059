import Foundation
import Locking

/// `Delegate.GPU` runs on the CPU here; the first task created with it says so once per process,
/// on standard error.
enum GPUNotice {
    private static let posted = Locked(false)

    static func post() {
        let first = posted.withLock { posted in
            defer { posted = true }
            return !posted
        }
        guard first else { return }
        FileHandle.standardError.write(Data("MediaPipeTasksVision: Delegate.GPU is accepted but runs on the CPU (there is no GPU path here)\n".utf8))
    }
}
