import Foundation

/// Waits (polling, bounded) until `condition` holds; returns whether it did.
public func waitUntil(timeoutSeconds: Double = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeoutSeconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.002)
    }
    return condition()
}
