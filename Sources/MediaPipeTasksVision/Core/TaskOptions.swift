import Foundation

/// The base class of every task's options.
public class TaskOptions: NSObject, NSCopying {
    /// The model file and where it runs. Each ``TaskOptions`` starts with its own fresh
    /// ``BaseOptions``; assigning one stores a copy (iOS declares the property `copy`), and
    /// `copy()` copies it too.
    public var baseOptions: BaseOptions {
        get { storedBaseOptions }
        set { storedBaseOptions = newValue.copied() }
    }
    private var storedBaseOptions = BaseOptions()

    override public init() {
        super.init()
    }

    /// A copy whose ``baseOptions`` is an independent copy. Subclasses override it to copy their
    /// own properties as well.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = TaskOptions()
        copy.baseOptions = baseOptions.copied()
        return copy
    }
}
