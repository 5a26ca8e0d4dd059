import FileIO

extension ImageError {
    /// A picture file that could not be read or written.
    init(_ error: FileError) { self = .io(error.description) }
}
