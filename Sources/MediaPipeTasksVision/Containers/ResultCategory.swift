import Foundation

/// One scored class: a blendshape coefficient, or a detection's confidence (MediaPipe's
/// `MPPCategory`, imported in Swift as `ResultCategory`). Immutable.
public final class ResultCategory: NSObject, @unchecked Sendable {
    /// The class index in the model's output, or -1 when not set.
    public let index: Int
    /// The score (a probability in [0, 1] for the tasks here).
    public let score: Float
    /// The class name from the model, e.g. a blendshape name such as `"jawOpen"`.
    public let categoryName: String?
    /// A localized display name, when the model has one (never for the tasks here).
    public let displayName: String?

    public init(index: Int, score: Float, categoryName: String?, displayName: String?) {
        self.index = index
        self.score = score
        self.categoryName = categoryName
        self.displayName = displayName
        super.init()
    }

    override public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ResultCategory else { return false }
        return index == other.index && score == other.score && categoryName == other.categoryName
            && displayName == other.displayName
    }

    override public var hash: Int {
        var hasher = Hasher()
        hasher.combine(index)
        hasher.combine(score)
        hasher.combine(categoryName)
        return hasher.finalize()
    }

    override public var description: String {
        "ResultCategory(index: \(index), score: \(score), categoryName: \(categoryName ?? "nil"))"
    }
}
