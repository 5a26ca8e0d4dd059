import Foundation
import TFLite

extension LiteRTGolden {
    /// The model this golden was recorded from: `assets/models/<file>`, or a member of a `.task`
    /// bundle when the manifest names `bundle.task:member.tflite`.
    public func loadModel() throws -> Model {
        let parts = model.split(separator: ":", maxSplits: 1).map(String.init)
        if parts.count == 2 {
            return try TaskBundle(contentsOf: Assets.model(parts[0])).model(named: parts[1])
        }
        return try Model(contentsOf: Assets.model(model))
    }
}
