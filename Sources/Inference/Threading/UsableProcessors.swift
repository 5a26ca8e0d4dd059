import CThreadPool

/// How many processors this process may run on: on Linux its CPU affinity (`taskset`, a
/// container's cpuset), which `ProcessInfo.activeProcessorCount` does not consult; elsewhere the
/// processors online.
public enum UsableProcessors {
    public static let count = max(1, vt_usable_processor_count())
}
