import CThreadPool

/// How many processors this process may run on: on Linux its CPU affinity (`taskset`, a
/// container's cpuset), which `ProcessInfo.activeProcessorCount` does not consult; elsewhere the
/// processors online; at least 1.
public enum UsableProcessors {
    public static let count = vt_usable_processor_count()
}
