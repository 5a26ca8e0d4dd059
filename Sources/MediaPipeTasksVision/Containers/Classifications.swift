import Foundation

/// The categories of one classification head, e.g. the 52 blendshapes of one face. Immutable.
public final class Classifications: NSObject, @unchecked Sendable {
    /// The index of the head in the model's outputs.
    public let headIndex: Int
    /// The head's name; the face landmarker's blendshapes use `""` (empty, not nil) as MediaPipe.
    public let headName: String?
    /// The categories, in the order the head produces them (blendshapes: index 0 to 51).
    public let categories: [ResultCategory]

    /// Classifications with no head name.
    public convenience init(headIndex: Int, categories: [ResultCategory]) {
        self.init(headIndex: headIndex, headName: nil, categories: categories)
    }

    public init(headIndex: Int, headName: String?, categories: [ResultCategory]) {
        self.headIndex = headIndex
        self.headName = headName
        self.categories = categories
        super.init()
    }
}
