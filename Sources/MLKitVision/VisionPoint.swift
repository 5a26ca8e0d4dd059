import Foundation

/// A 2-D point in image pixels (the `MLKitVision` type).
public final class VisionPoint: NSObject, @unchecked Sendable {
    public let x: CGFloat
    public let y: CGFloat

    package init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
        super.init()
    }
}
