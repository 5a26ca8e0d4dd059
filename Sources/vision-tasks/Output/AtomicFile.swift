/// Whole-file writes that never leave a half-written file: the bytes go to a temporary file in the
/// same folder, which is then renamed over the destination (rename is atomic within a file
/// system). A reader sees the old file or the new one, never a truncated one.
enum AtomicFile {
    /// Writes `bytes` to `path` atomically (through a ``TemporaryFile``, flushed to disk before the
    /// rename); the error names the path and the reason.
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(OutputError) {
        let file = try TemporaryFile(destination: path)
        try file.write(bytes)
        try file.commit()
    }

    /// Writes `text` as UTF-8 to `path` atomically.
    static func write(text: String, to path: String) throws(OutputError) {
        try write(Array(text.utf8), to: path)
    }
}
