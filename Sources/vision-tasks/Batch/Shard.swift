/// One of `count` disjoint parts of a folder's sorted file list: the files at positions
/// `index`, `index + count`, `index + 2·count`, … (0-based). Every machine that lists the same
/// folder gets the same parts, and together the parts cover every file exactly once.
struct Shard: Equatable, CustomStringConvertible {
    /// 0-based, below ``count``.
    let index: Int
    let count: Int

    /// The whole list.
    static let all = Shard(uncheckedIndex: 0, count: 1)

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    init(index: Int, count: Int) throws(UsageError) {
        guard count >= 1 else { throw UsageError("the shard count must be at least 1, got \(count)") }
        guard (0..<count).contains(index) else {
            throw UsageError("shard index \(index) is outside 0…\(count - 1) (indices are 0-based)")
        }
        self.init(uncheckedIndex: index, count: count)
    }

    /// The elements of `sorted` that belong to this shard.
    func select<T>(_ sorted: [T]) -> [T] {
        guard count > 1 else { return sorted }
        return stride(from: index, to: sorted.count, by: count).map { sorted[$0] }
    }

    var description: String { "\(index)/\(count)" }

    /// The shard the flags and environment ask for.
    ///
    /// - `--shard I/N`: part `I` (0-based) of `N`.
    /// - `--shard-count N`: `N` parts, the index from the environment: `JOB_COMPLETION_INDEX`
    ///   (Kubernetes Indexed Jobs, 0-based), else `SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN`
    ///   (Slurm job arrays; `--array=0-7` and `--array=1-8` both work; without
    ///   `SLURM_ARRAY_TASK_MIN` the task ID is taken as 0-based).
    /// - neither: the whole list.
    static func resolve(shard: String?, shardCount: String?, environment: [String: String]) throws(UsageError) -> Shard {
        switch (shard, shardCount) {
        case (nil, nil):
            return .all
        case (.some, .some):
            throw UsageError("give either --shard I/N or --shard-count N, not both")
        case (let text?, nil):
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
                throw UsageError("--shard takes I/N (0-based index I of N shards, e.g. 0/4); use --shard-count N to read I from the environment")
            }
            return try Shard(index: index, count: count)
        case (nil, let text?):
            guard let count = Int(text) else { throw UsageError("--shard-count takes a number, got '\(text)'") }
            return try Shard(index: try environmentIndex(environment), count: count)
        }
    }

    private static func environmentIndex(_ environment: [String: String]) throws(UsageError) -> Int {
        if let text = environment["JOB_COMPLETION_INDEX"] {
            guard let index = Int(text) else { throw UsageError("JOB_COMPLETION_INDEX is '\(text)', not a number") }
            return index
        }
        if let text = environment["SLURM_ARRAY_TASK_ID"] {
            guard let id = Int(text) else { throw UsageError("SLURM_ARRAY_TASK_ID is '\(text)', not a number") }
            var base = 0
            if let minimum = environment["SLURM_ARRAY_TASK_MIN"] {
                guard let value = Int(minimum) else { throw UsageError("SLURM_ARRAY_TASK_MIN is '\(minimum)', not a number") }
                base = value
            }
            return id - base
        }
        throw UsageError("--shard-count needs the shard index from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm); neither is set (use --shard I/N)")
    }
}
