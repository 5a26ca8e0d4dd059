import Foundation

extension ModelSummary {
    /// The `vision-tasks inspect` report for a `.tflite` model or a `.task` bundle: a model's
    /// ``ModelSummary/text``, or every member of a bundle (see ``TaskBundle/summary()``).
    ///
    /// The kind is decided by content, not by extension: a file with the TFLite identifier is a
    /// model (models with metadata also end in a zip of their associated files), anything else is
    /// read as a bundle.
    public static func report(contentsOf url: URL) throws -> String {
        let bytes = try readFile(at: url)
        if bytes.count >= 8, String(decoding: bytes[4..<8], as: UTF8.self) == Model.fileIdentifier {
            return try Model(bytes: bytes).summary.text
        }
        return try TaskBundle(bytes: bytes).summary()
    }
}
