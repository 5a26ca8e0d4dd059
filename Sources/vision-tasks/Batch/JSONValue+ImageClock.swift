extension JSONValue {
    /// This object with `timestampInMilliseconds` set to 0 if it has the key.
    ///
    /// A processor in image mode stamps its results with MediaPipe's synthetic clock (0, 1000,
    /// 2000, … ms, one step per call), so in a folder run the value would depend on which worker
    /// took the file and how many it had done before. Setting it to 0, as a run on that one image
    /// gives, makes a file's line the same whatever `--jobs`, `--shard` or resuming did.
    func withImageClockReset() -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.map { member in
            member.key == "timestampInMilliseconds" ? (member.key, .number(0)) : member
        })
    }
}
