/// Reads the RGB value of an in-bounds pixel of an ``Image``, whatever its format. The warp kernels
/// are generic over these readers so each format gets its own specialized loop.
protocol PixelReader {
    var width: Int { get }
    var height: Int { get }
    /// The RGB value of pixel (x, y); the caller guarantees `0 ≤ x < width`, `0 ≤ y < height`.
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)
    /// The 2×2 neighbourhood `(x, y)…(x + 1, y + 1)` as packed lanes (see ``PackedRGB``); the caller
    /// guarantees `0 ≤ x < width − 1`, `0 ≤ y < height − 1`.
    func quad(_ x: Int, _ y: Int) -> (UInt64, UInt64, UInt64, UInt64)
    /// Writes the bilinear blend of the 2×2 neighbourhood at `(x, y)` with fractions `fx`, `fy`
    /// (0…31, 1/32 px) to `out[0…2]`; same preconditions as ``quad(_:_:)``.
    func blendInterior(_ x: Int, _ y: Int, fx: UInt64, fy: UInt64, into out: UnsafeMutablePointer<UInt8>)
    /// Blends the groups of four pixels `groups`, in order, and returns how many it blended before
    /// the first it cannot (a tap outside the image; the warp samples that one pixel by pixel).
    /// Group `g`'s fixed-point source positions (1/32 px, as the warp computes them) are
    /// `positions[8g..<8g+4]` (X) and `positions[8g+4..<8g+8]` (Y); its 12 bytes go to
    /// `out + 12g`, and groups below `overwritingBelow` may also write the 4 bytes after them.
    func blendGroups(_ positions: UnsafePointer<Int32>, _ groups: Range<Int>, overwritingBelow: Int,
                     into out: UnsafeMutablePointer<UInt8>) -> Int
    /// Blends the first groups of `groups` (laid out and written as for
    /// ``blendGroups(_:_:overwritingBelow:into:)``) with a replicated border: each tap's column and
    /// row clamped into the image, as OpenCV's `BORDER_REPLICATE` does (which changes nothing for
    /// a tap inside). Returns how many it blended, from the first on: 0 where it cannot (the warp
    /// then samples the first group pixel by pixel).
    func blendReplicatedGroups(_ positions: UnsafePointer<Int32>, _ groups: Range<Int>, overwritingBelow: Int,
                               into out: UnsafeMutablePointer<UInt8>) -> Int
    /// Whether ``blendGroups(_:_:overwritingBelow:into:)`` can ever blend a group (else the warp
    /// samples pixel by pixel).
    static var hasGroupPath: Bool { get }
    /// Asks the processor to bring into its caches the source rows that the `count` pixels at
    /// `positions` (laid out as for ``blendGroups(_:_:overwritingBelow:into:)``) will read, ahead of
    /// sampling them; a hint that changes no result. A picture fresh from a decoder has left the
    /// cache by the time a model's input is cropped from it, and a crop's rows each start on a new
    /// page, where the processor's own prefetching stops.
    func prefetchTaps(_ positions: UnsafePointer<Int32>, count: Int)
}

extension PixelReader {
    @inline(__always)
    func packed(_ x: Int, _ y: Int) -> UInt64 {
        let (r, g, b) = rgb(x, y)
        return PackedRGB.pack(r, g, b)
    }

    @inline(__always)
    func quad(_ x: Int, _ y: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        (packed(x, y), packed(x &+ 1, y), packed(x, y &+ 1), packed(x &+ 1, y &+ 1))
    }

    static var hasGroupPath: Bool { false }

    @inline(__always)
    func prefetchTaps(_ positions: UnsafePointer<Int32>, count: Int) {}

    @inline(__always)
    func blendGroups(_ positions: UnsafePointer<Int32>, _ groups: Range<Int>, overwritingBelow: Int,
                     into out: UnsafeMutablePointer<UInt8>) -> Int {
        0
    }

    @inline(__always)
    func blendReplicatedGroups(_ positions: UnsafePointer<Int32>, _ groups: Range<Int>, overwritingBelow: Int,
                               into out: UnsafeMutablePointer<UInt8>) -> Int {
        0
    }

    @inline(__always)
    func blendInterior(_ x: Int, _ y: Int, fx: UInt64, fy: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        let (p00, p01, p10, p11) = quad(x, y)
        PackedRGB.blend(p00, p01, p10, p11, fx: fx, fy: fy, into: out)
    }
}
