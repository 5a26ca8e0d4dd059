import Foundation

/// Writes a line to standard error (logs, progress, failures), keeping standard output for results.
func printToStandardError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
