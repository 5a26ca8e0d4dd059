import MediaPipeTasksVision

extension NormalizedLandmark {
    /// `{"x","y","z"}`, plus `"visibility"` and `"presence"` when the model gives them (pose).
    var json: JSONValue {
        landmarkJSON(x: x, y: y, z: z, visibility: visibility?.floatValue, presence: presence?.floatValue)
    }
}

extension Landmark {
    /// `{"x","y","z"}` in metres, plus `"visibility"` and `"presence"` when the model gives them.
    var json: JSONValue {
        landmarkJSON(x: x, y: y, z: z, visibility: visibility?.floatValue, presence: presence?.floatValue)
    }
}

private func landmarkJSON(x: Float, y: Float, z: Float, visibility: Float?, presence: Float?) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("x", .float(x)), ("y", .float(y)), ("z", .float(z))]
    if let visibility { members.append(("visibility", .float(visibility))) }
    if let presence { members.append(("presence", .float(presence))) }
    return .object(members)
}

extension ResultCategory {
    /// `{"index","score"}`, plus `"categoryName"` and `"displayName"` when set.
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("index", .number(index)), ("score", .float(score))]
        if let categoryName { members.append(("categoryName", .string(categoryName))) }
        if let displayName { members.append(("displayName", .string(displayName))) }
        return .object(members)
    }
}
