import CPixelKernels

/// 3 bytes per pixel, R G B.
struct RGB8Reader: PixelReader {
    let base: UnsafePointer<UInt8>
    let rowStride: Int
    let width: Int
    let height: Int
    /// The largest offset at which 8 bytes can be read without leaving the buffer.
    let lastWideReadOffset: Int
    /// ``blendGroups(_:_:overwritingBelow:into:)`` blends pixels whose top-left tap `(sx, sy)` has
    /// `0 ≤ sx ≤ groupLastColumn` and `0 ≤ sy ≤ groupLastRow` (in every lane; both −1 when the buffer
    /// is too large for 32-bit offsets or the stride exceeds 32767). The limits keep both taps' columns
    /// and rows in the image, the 4-byte tap reads in the buffer, and the coordinates below 32767,
    /// where OpenCV's int16 saturation changes nothing.
    let groupLastColumn: SIMD4<Int32>
    let groupLastRow: SIMD4<Int32>
    /// `rowStride` in every lane (below 32768 where the group path is used).
    let groupRowStride: SIMD4<Int32>
    /// The same limits for CPixelKernels' group path, made once: a struct built for each call
    /// would be read back whole from its fields' stores just made, which stalls.
    let groupImage: vt_rgb8

    /// A reader of `count` bytes at `base` (`count ≥ (height − 1)·rowStride + 3·width`).
    init(base: UnsafePointer<UInt8>, count: Int, rowStride: Int, width: Int, height: Int) {
        self.base = base
        self.rowStride = rowStride
        self.width = width
        self.height = height
        lastWideReadOffset = count - 8
        // The group path reads 4 bytes at each tap, so up to 7 bytes from the left tap at column
        // `width − 2` (checked with 8, the per-pixel path's width); rows above the last always have
        // the next row's bytes after them.
        let lastRowFits = (height - 1) * rowStride + 3 * (width - 2) + 8 <= count
        let rows = lastRowFits ? height - 1 : height - 2
        // 32-bit offsets, and a row stride for a 16-bit multiply.
        let eligible = count <= Int(Int32.max) && rowStride < 32768
        groupLastColumn = SIMD4(repeating: eligible ? Int32(min(max(width - 1, 0), 32767)) - 1 : -1)
        groupLastRow = SIMD4(repeating: eligible ? Int32(min(max(rows, 0), 32767)) - 1 : -1)
        groupRowStride = SIMD4(repeating: Int32(truncatingIfNeeded: rowStride & 0x7FFF))
        groupImage = vt_rgb8(base: base, row_stride: rowStride, group_last_column: groupLastColumn[0],
                             group_last_row: groupLastRow[0], width: Int32(clamping: width), height: Int32(clamping: height))
    }

    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = base + (y &* rowStride &+ x &* 3)
        return (p[0], p[1], p[2])
    }

    /// The same blend as the default, from two row reads of 6 (or, away from the buffer's end, 8) bytes: the even and odd bytes of each row
    /// are blended vertically in 16-bit lanes (`(32−fy)·top + fy·bottom ≤ 8160`), then each channel
    /// horizontally; the integer is the same, so is the result.
    @inline(__always)
    func blendInterior(_ x: Int, _ y: Int, fx: UInt64, fy: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        let offset = y &* rowStride &+ x &* 3
        let top = UnsafeRawPointer(base + offset)
        let bottom = top + rowStride
        let a, c: UInt64
        if offset &+ rowStride <= lastWideReadOffset {
            // 8-byte reads; bytes 6 and 7 belong to the next pixel and are masked away below.
            a = top.loadUnaligned(as: UInt64.self)
            c = bottom.loadUnaligned(as: UInt64.self)
        } else {
            a = UInt64(top.loadUnaligned(as: UInt32.self)) | UInt64(top.loadUnaligned(fromByteOffset: 4, as: UInt16.self)) &<< 32
            c = UInt64(bottom.loadUnaligned(as: UInt32.self)) | UInt64(bottom.loadUnaligned(fromByteOffset: 4, as: UInt16.self)) &<< 32
        }
        let mask: UInt64 = 0x00FF_00FF_00FF
        let wy0 = 32 &- fy
        // even bytes: r0, b0, g1; odd bytes: g0, r1, b1 (16-bit lanes)
        let even = (a & mask) &* wy0 &+ (c & mask) &* fy
        let odd = ((a &>> 8) & mask) &* wy0 &+ ((c &>> 8) & mask) &* fy
        let wx0 = 32 &- fx
        let r = (even & 0xFFFF) &* wx0 &+ ((odd &>> 16) & 0xFFFF) &* fx
        let g = (odd & 0xFFFF) &* wx0 &+ ((even &>> 32) & 0xFFFF) &* fx
        let b = ((even &>> 16) & 0xFFFF) &* wx0 &+ (odd &>> 32) &* fx
        out[0] = UInt8(truncatingIfNeeded: (r &+ 512) &>> 10)
        out[1] = UInt8(truncatingIfNeeded: (g &+ 512) &>> 10)
        out[2] = UInt8(truncatingIfNeeded: (b &+ 512) &>> 10)
    }

    /// One hint per group of four pixels, at its first pixel's two tap rows: in a model's crop
    /// four output pixels span at most a cache line or two of a row.
    @inline(__always)
    func prefetchTaps(_ positions: UnsafePointer<Int32>, count: Int) {
        guard width > 0, height > 1 else { return }
        for group in 0..<(count &+ 3) &>> 2 {
            let x = min(max(Int(positions[8 &* group] &>> 5), 0), width &- 1)
            let y = min(max(Int(positions[8 &* group &+ 4] &>> 5), 0), height &- 2)
            let top = base + (y &* rowStride &+ x &* 3)
            vt_prefetch_read(top)
            vt_prefetch_read(top + rowStride)
        }
    }

    /// Reads the 6 bytes of each row pair with two unaligned loads (never past the two pixels).
    @inline(__always)
    func quad(_ x: Int, _ y: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        let top = UnsafeRawPointer(base + (y &* rowStride &+ x &* 3))
        let bottom = top + rowStride
        let a0 = UInt64(top.loadUnaligned(as: UInt32.self))
        let a1 = UInt64(top.loadUnaligned(fromByteOffset: 4, as: UInt16.self)) &<< 32
        let c0 = UInt64(bottom.loadUnaligned(as: UInt32.self))
        let c1 = UInt64(bottom.loadUnaligned(fromByteOffset: 4, as: UInt16.self)) &<< 32
        let a = a0 | a1, c = c0 | c1
        return (PackedRGB.spread(a), PackedRGB.spread(a &>> 24), PackedRGB.spread(c), PackedRGB.spread(c &>> 24))
    }

}

/// 4 bytes per pixel; `redOffset` is 0 for RGBA and 2 for BGRA. Alpha is ignored.
struct RGBX8Reader: PixelReader {
    let base: UnsafePointer<UInt8>
    let rowStride: Int
    let width: Int
    let height: Int
    let redOffset: Int

    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = base + (y &* rowStride &+ x &* 4)
        return (p[redOffset], p[1], p[2 &- redOffset])
    }

    // Spelled out here (as the protocol's default does) so that the specialized warp inlines it.
    @inline(__always)
    func blendInterior(_ x: Int, _ y: Int, fx: UInt64, fy: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        PackedRGB.blend(packed(x, y), packed(x &+ 1, y), packed(x, y &+ 1), packed(x &+ 1, y &+ 1), fx: fx, fy: fy, into: out)
    }

}

/// 1 byte per pixel, replicated to R, G and B.
struct Gray8Reader: PixelReader {
    let base: UnsafePointer<UInt8>
    let rowStride: Int
    let width: Int
    let height: Int

    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let value = base[y &* rowStride &+ x]
        return (value, value, value)
    }

    // Spelled out here (as the protocol's default does) so that the specialized warp inlines it.
    @inline(__always)
    func blendInterior(_ x: Int, _ y: Int, fx: UInt64, fy: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        PackedRGB.blend(packed(x, y), packed(x &+ 1, y), packed(x, y &+ 1), packed(x &+ 1, y &+ 1), fx: fx, fy: fy, into: out)
    }

}
