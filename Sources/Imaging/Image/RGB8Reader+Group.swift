import CPixelKernels

/// The vectorized bilinear blend of four RGB8 pixels, in 16-bit lanes (SSE2 / NEON friendly).
///
/// OpenCV's result for one channel is `(Σ p·w + 2^14) >> 15` with `w00 = (32−fx)(32−fy)·32` etc.; that
/// is `(S + 512) >> 10` with `S = (32−fx)·V0 + fx·V1` and `Vi = (32−fy)·top_i + fy·bottom_i` (≤ 8160),
/// computed without leaving 16 bits:
///
/// - vertically, `V = (32 − fy)·top + fy·bottom` ≤ 8160;
/// - horizontally, `S = 32·V0 + fx·D` with `D = V1 − V0 = 32·q + r` (`q = D >> 5`, `r = D & 31`), so
///   `(S + 512) >> 10 = (V0 + fx·q + ((fx·r + 512) >> 5)) >> 5` (a floor division by 1024 is one by
///   32 twice, and `32·(V0 + fx·q)` is a multiple of 32); every term fits in 16 bits.
///
/// The taps are gathered with one 4-byte load each (`R G B` and the next byte, unused), one 32-bit
/// lane per pixel; each lane is split into its even bytes (R, B) and odd bytes (G, unused) in 16-bit
/// lanes, which are blended separately and merged back into `R G B ·` bytes.
///
/// With AVX2, CPixelKernels' `vt_rgb8_blend_groups` and `vt_rgb8_blend_replicated_groups` blend
/// the groups instead, eight pixels a step from one 8-byte read per pixel and row, or from each
/// clamped tap's 3 bytes at a replicated border (the same bytes; docs/pipeline.md §2.2).
extension RGB8Reader {
    static var hasGroupPath: Bool { true }

    @inline(__always)
    func blendGroups(_ positions: UnsafePointer<Int32>, _ groups: Range<Int>, overwritingBelow: Int,
                     into out: UnsafeMutablePointer<UInt8>) -> Int {
        if rgb8GroupLanes > 0 {
            return vt_rgb8_blend_groups(groupImage, positions, groups.lowerBound, groups.upperBound, max(overwritingBelow, 0), out)
        }
        var group = groups.lowerBound
        while group < groups.upperBound {
            let values = UnsafeRawPointer(positions + 8 &* group)
            let xs = values.load(as: SIMD4<Int32>.self), ys = values.load(fromByteOffset: 16, as: SIMD4<Int32>.self)
            guard blendGroup(xs, ys, into: out + 12 &* group, mayOverwriteNextPixels: group < overwritingBelow) else { break }
            group &+= 1
        }
        return group &- groups.lowerBound
    }

    /// One group of ``blendGroups(_:_:overwritingBelow:into:)``: `false`, writing nothing, when a
    /// tap lies outside the group limits.
    @inline(__always)
    private func blendGroup(_ xs: SIMD4<Int32>, _ ys: SIMD4<Int32>, into out: UnsafeMutablePointer<UInt8>,
                    mayOverwriteNextPixels: Bool) -> Bool {
        let sx = xs &>> 5, sy = ys &>> 5
        // All of 0 ≤ sx ≤ groupLastColumn and 0 ≤ sy ≤ groupLastRow hold when no lane of the OR has its sign bit set.
        let signs = unsafeBitCast(sx | sy | (groupLastColumn &- sx) | (groupLastRow &- sy), to: SIMD2<UInt64>.self)
        guard (signs[0] | signs[1]) & 0x8000_0000_8000_0000 == 0 else { return false }
        // sy < 32767 and, for groups, rowStride < 32768, so this is a 16×16-bit multiply (pmaddwd).
        let offsets = SIMD4<UInt32>(truncatingIfNeeded: (sy & 0x7FFF) &* (groupRowStride & 0x7FFF) &+ sx &* 3)
        let o0 = Int(offsets[0]), o1 = Int(offsets[1]), o2 = Int(offsets[2]), o3 = Int(offsets[3])
        let top = UnsafeRawPointer(base), bottom = top + rowStride
        blend(top: (Self.taps(top, o0, o1, o2, o3), Self.taps(top + 3, o0, o1, o2, o3)),
              bottom: (Self.taps(bottom, o0, o1, o2, o3), Self.taps(bottom + 3, o0, o1, o2, o3)),
              xs, ys, into: out, mayOverwriteNextPixels: mayOverwriteNextPixels)
        return true
    }

    @inline(__always)
    func blendReplicatedGroups(_ positions: UnsafePointer<Int32>, _ groups: Range<Int>, overwritingBelow: Int,
                               into out: UnsafeMutablePointer<UInt8>) -> Int {
        if rgb8GroupLanes > 0 {
            // Up to a group inside, which blendGroups takes.
            return vt_rgb8_blend_replicated_groups(groupImage, positions, groups.lowerBound, groups.upperBound,
                                                   max(overwritingBelow, 0), out)
        }
        // One group at a time: the groups after a border group are usually inside, for blendGroups.
        guard let group = groups.first,
              blendReplicatedGroup(positions, group, mayOverwriteNextPixels: group < overwritingBelow, into: out + 12 &* group)
        else { return 0 }
        return 1
    }

    /// One group of ``blendReplicatedGroups(_:_:overwritingBelow:into:)`` into `out`, its place.
    @inline(__always)
    private func blendReplicatedGroup(_ positions: UnsafePointer<Int32>, _ group: Int, mayOverwriteNextPixels: Bool,
                                      into out: UnsafeMutablePointer<UInt8>) -> Bool {
        // Eligible readers only, and images below 32768 pixels a side, where clamping the raw
        // column and row gives what clamping OpenCV's int16-saturated ones does.
        guard groupLastColumn[0] >= 0, width <= 32767, height <= 32767 else { return false }
        let values = UnsafeRawPointer(positions + 8 &* group)
        let xs = values.load(as: SIMD4<Int32>.self), ys = values.load(fromByteOffset: 16, as: SIMD4<Int32>.self)
        let sx = xs &>> 5, sy = ys &>> 5
        let lastColumn = SIMD4<Int32>(repeating: Int32(width - 1)), lastRow = SIMD4<Int32>(repeating: Int32(height - 1))
        func clamped(_ v: SIMD4<Int32>, _ last: SIMD4<Int32>) -> SIMD4<Int32> { pointwiseMin(pointwiseMax(v, .zero), last) }
        let left = clamped(sx, lastColumn) &* 3, right = clamped(sx &+ 1, lastColumn) &* 3
        let upper = clamped(sy, lastRow) &* groupRowStride, lower = clamped(sy &+ 1, lastRow) &* groupRowStride
        // The 4-byte read at the bottom-right tap, the furthest, must stay in the buffer.
        guard Int((lower &+ right).max()) + 4 <= lastWideReadOffset + 8 else { return false }
        let top = UnsafeRawPointer(base)
        func taps(_ rows: SIMD4<Int32>, _ columns: SIMD4<Int32>) -> SIMD4<UInt32> {
            let o = rows &+ columns
            return Self.taps(top, Int(o[0]), Int(o[1]), Int(o[2]), Int(o[3]))
        }
        blend(top: (taps(upper, left), taps(upper, right)), bottom: (taps(lower, left), taps(lower, right)),
              xs, ys, into: out, mayOverwriteNextPixels: mayOverwriteNextPixels)
        return true
    }

    /// Blends four pixels from their taps (4 bytes each, `R G B ·`, one pixel per lane: top left
    /// and right, bottom left and right) with the fractions of `xs` and `ys`, and stores their 12
    /// bytes (16 when `mayOverwriteNextPixels`).
    @inline(__always)
    private func blend(top: (SIMD4<UInt32>, SIMD4<UInt32>), bottom: (SIMD4<UInt32>, SIMD4<UInt32>),
                       _ xs: SIMD4<Int32>, _ ys: SIMD4<Int32>, into out: UnsafeMutablePointer<UInt8>,
                       mayOverwriteNextPixels: Bool) {
        // The fractions of each pixel in both 16-bit halves of its lane.
        let x16 = unsafeBitCast(xs, to: SIMD8<UInt16>.self), y16 = unsafeBitCast(ys, to: SIMD8<UInt16>.self)
        let fy = SIMD8(y16[0], y16[0], y16[2], y16[2], y16[4], y16[4], y16[6], y16[6]) & 31
        let fx = SIMD8(x16[0], x16[0], x16[2], x16[2], x16[4], x16[4], x16[6], x16[6]) & 31
        let (t0, t1) = top, (b0, b1) = bottom
        let redBlue = Self.blend(Self.even(t0), Self.even(t1), Self.even(b0), Self.even(b1), fx: fx, fy: fy)
        let green = Self.blend(Self.odd(t0), Self.odd(t1), Self.odd(b0), Self.odd(b1), fx: fx, fy: fy)
        let merged = unsafeBitCast(redBlue, to: SIMD4<UInt32>.self) | (unsafeBitCast(green, to: SIMD4<UInt32>.self) &<< 8)
        // Two pixels per 64-bit lane; their 6 bytes moved together, then stored 8 bytes wide (the
        // second store writes 2 bytes past the group).
        let pairs = unsafeBitCast(merged, to: SIMD2<UInt64>.self)
        let packed = (pairs & 0xFF_FFFF) | ((pairs &>> 8) & 0xFFFF_FF00_0000)
        let raw = UnsafeMutableRawPointer(out)
        raw.storeBytes(of: packed[0], as: UInt64.self)
        if mayOverwriteNextPixels {
            raw.storeBytes(of: packed[1], toByteOffset: 6, as: UInt64.self)
        } else {
            raw.storeBytes(of: UInt32(truncatingIfNeeded: packed[1]), toByteOffset: 6, as: UInt32.self)
            raw.storeBytes(of: UInt16(truncatingIfNeeded: packed[1] &>> 32), toByteOffset: 10, as: UInt16.self)
        }
    }

    /// The 4 bytes at `row + o0`, …, `row + o3`, one pixel per lane.
    @inline(__always)
    private static func taps(_ row: UnsafeRawPointer, _ o0: Int, _ o1: Int, _ o2: Int, _ o3: Int) -> SIMD4<UInt32> {
        SIMD4(row.loadUnaligned(fromByteOffset: o0, as: UInt32.self), row.loadUnaligned(fromByteOffset: o1, as: UInt32.self),
              row.loadUnaligned(fromByteOffset: o2, as: UInt32.self), row.loadUnaligned(fromByteOffset: o3, as: UInt32.self))
    }

    /// Bytes 0 and 2 of each lane (R, B) in 16-bit lanes.
    @inline(__always)
    private static func even(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> {
        unsafeBitCast(v & 0x00FF_00FF, to: SIMD8<UInt16>.self)
    }

    /// Bytes 1 and 3 of each lane (G, unused) in 16-bit lanes.
    @inline(__always)
    private static func odd(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> {
        unsafeBitCast((v &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
    }

    /// The bilinear blend of 16-bit lanes: taps `t0 t1` (top row, left and right) and `b0 b1` (bottom),
    /// fractions `fx`, `fy` (0…31); see the type's comment for the arithmetic.
    @inline(__always)
    private static func blend(_ t0: SIMD8<UInt16>, _ t1: SIMD8<UInt16>, _ b0: SIMD8<UInt16>, _ b1: SIMD8<UInt16>,
                              fx: SIMD8<UInt16>, fy: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let wy = 32 &- fy
        let v0 = t0 &* wy &+ b0 &* fy
        let v1 = t1 &* wy &+ b1 &* fy
        let d = v1 &- v0
        let q = unsafeBitCast(unsafeBitCast(d, to: SIMD8<Int16>.self) &>> 5, to: SIMD8<UInt16>.self)
        return (v0 &+ fx &* q &+ ((fx &* (d & 31) &+ 512) &>> 5)) &>> 5
    }
}

/// The widest vectors (32-bit lanes) this processor runs `vt_rgb8_blend_groups` in, 0 for none,
/// asked once.
private let rgb8GroupLanes = vt_rgb8_blend_lanes()
