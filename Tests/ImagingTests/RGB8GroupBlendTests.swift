import CPixelKernels
import TestSupport
import Testing

/// The RGB8 crop's AVX2 group paths (CPixelKernels' `vt_rgb8_blend_groups` and
/// `vt_rgb8_blend_replicated_groups`) against OpenCV's bilinear blend written out per pixel,
/// `((32 − fx)·V_l + fx·V_r + 512) >> 10` with `V = (32 − fy)·top + fy·bottom`: what each returns,
/// every byte it writes and the bytes it must leave alone, on random pictures (tiny ones, padded
/// rows, each allocated to its last byte so that AddressSanitizer sees a read past it) and
/// positions in and around them. The warp tests (`WarpDifferentialTests`, the goldens) hold the
/// whole warp to the per-pixel path.
@Suite struct RGB8GroupBlendTests {
    @Test(.enabled(if: vt_rgb8_blend_lanes() > 0, "needs AVX2"))
    func groupsAreOpenCVsBlend() {
        var random = SeededRandom(seed: 888)
        var blendedGroups = 0, stoppedEarly = 0
        for trial in 0..<400 {
            let width = trial % 10 == 0 ? Int.random(in: 2...4, using: &random) : Int.random(in: 5...90, using: &random)
            let height = trial % 10 == 1 ? Int.random(in: 2...4, using: &random) : Int.random(in: 5...70, using: &random)
            let picture = Picture(width: width, height: height, padded: Bool.random(using: &random), using: &random)
            defer { picture.pixels.deallocate() }
            // The limits RGB8Reader gives: both taps in the picture, an 8-byte read at the left one
            // in the buffer (the last row's only where 8 bytes from column width − 2 fit).
            let lastRowFits = (height - 1) * picture.stride + 3 * (width - 2) + 8 <= picture.pixels.count
            let lastColumn = width - 2, lastRow = lastRowFits ? height - 2 : height - 3
            let image = picture.image(lastColumn: lastColumn, lastRow: lastRow)

            let end = Int.random(in: 1...19, using: &random)
            let positions: [Int32] = (0..<end).flatMap { _ in
                let outside = Int.random(in: 0..<8, using: &random) == 0
                // Inside: the top-left tap at most at `last`.
                func span(_ side: Int, last: Int, _ random: inout SeededRandom) -> Int32 {
                    outside ? Int32.random(in: -96...Int32(32 * side + 96), using: &random)
                        : Int32.random(in: 0...Int32(max(32 * last + 31, 0)), using: &random)
                }
                return (0..<4).map { _ in span(width, last: lastColumn, &random) }
                    + (0..<4).map { _ in span(height, last: lastRow, &random) }
            }
            let first = Int.random(in: 0..<end, using: &random), overwriting = Int.random(in: 0...end, using: &random)
            var out = [UInt8](repeating: 0xA5, count: 12 * end + 4)
            let blended = positions.withUnsafeBufferPointer { positions in
                out.withUnsafeMutableBufferPointer { vt_rgb8_blend_groups(image, positions.baseAddress!, first, end, overwriting, $0.baseAddress!) }
            }

            // The groups it must blend: up to the first with a top-left tap beyond the limits.
            let stop = (first..<end).first { !Self.isInside($0, positions, lastColumn: lastColumn, lastRow: lastRow) } ?? end
            #expect(blended == stop - first, "\(width)×\(height), groups \(first)..<\(end)")
            let difference = picture.firstDifference(out, positions: positions, groups: first..<first + blended, overwriting: overwriting)
            #expect(difference == nil, "\(width)×\(height), groups \(first)..<\(end): first byte differing")
            blendedGroups += blended
            if blended < end - first { stoppedEarly += 1 }
        }
        // Both the steps that blend and the stops at a tap outside were exercised.
        #expect(blendedGroups > 1000)
        #expect(stoppedEarly > 50)
    }

    @Test(.enabled(if: vt_rgb8_blend_lanes() > 0, "needs AVX2"))
    func replicatedGroupsClampTheirTaps() {
        var random = SeededRandom(seed: 889)
        var blendedGroups = 0, stoppedEarly = 0
        for trial in 0..<600 {
            let width = Int.random(in: 2...40, using: &random), height = Int.random(in: 1...30, using: &random)
            let picture = Picture(width: width, height: height, padded: trial % 2 == 0, using: &random)
            defer { picture.pixels.deallocate() }
            let image = picture.image(lastColumn: width - 2, lastRow: height - 3)
            // Groups up to 6 px around the picture, now and then one far outside, and in every
            // third trial half of them inside the group limits.
            let end = Int.random(in: 1...9, using: &random)
            let positions: [Int32] = (0..<end).flatMap { _ in
                let inside = trial % 3 == 0 && height >= 3 && Bool.random(using: &random)
                func span(_ side: Int, last: Int, _ random: inout SeededRandom) -> Int32 {
                    if inside { return Int32.random(in: 0...Int32(32 * last + 31), using: &random) }
                    return Int.random(in: 0..<40, using: &random) == 0 ? Int32.random(in: Int32.min...Int32.max, using: &random)
                        : Int32.random(in: -200...Int32(32 * side + 200), using: &random)
                }
                return (0..<4).map { _ in span(width, last: width - 2, &random) }
                    + (0..<4).map { _ in span(height, last: height - 3, &random) }
            }
            let first = Int.random(in: 0..<end, using: &random), overwriting = Int.random(in: 0...end, using: &random)
            var out = [UInt8](repeating: 0xA5, count: 12 * end + 4)
            let blended = positions.withUnsafeBufferPointer { positions in
                out.withUnsafeMutableBufferPointer {
                    vt_rgb8_blend_replicated_groups(image, positions.baseAddress!, first, end, overwriting, $0.baseAddress!)
                }
            }
            // All of them, or up to a group inside the limits where a step of two would start.
            let stop = Swift.stride(from: first + 2, to: end, by: 2).first {
                Self.isInside($0, positions, lastColumn: width - 2, lastRow: height - 3)
            } ?? end
            #expect(blended == stop - first, "\(width)×\(height), groups \(first)..<\(end)")
            let difference = picture.firstDifference(out, positions: positions, groups: first..<first + blended, overwriting: overwriting)
            #expect(difference == nil, "\(width)×\(height), groups \(first)..<\(end): first byte differing")
            blendedGroups += blended
            if blended < end - first { stoppedEarly += 1 }
        }
        #expect(blendedGroups > 1000)
        #expect(stoppedEarly > 20)
    }

    /// Whether every top-left tap of `group` lies within the group limits.
    private static func isInside(_ group: Int, _ positions: [Int32], lastColumn: Int, lastRow: Int) -> Bool {
        (0..<4).allSatisfy { lane in
            let column = Int(positions[8 * group + lane] >> 5), row = Int(positions[8 * group + 4 + lane] >> 5)
            return column >= 0 && column <= lastColumn && row >= 0 && row <= lastRow
        }
    }

    /// A random RGB8 picture whose buffer ends at its last pixel, as a tightly cropped one does;
    /// its rows are padded by 1 to 9 bytes when asked.
    private struct Picture {
        let width: Int, height: Int, stride: Int
        let pixels: UnsafeMutableBufferPointer<UInt8>

        init(width: Int, height: Int, padded: Bool, using random: inout SeededRandom) {
            self.width = width
            self.height = height
            stride = 3 * width + (padded ? Int.random(in: 1...9, using: &random) : 0)
            pixels = .allocate(capacity: stride * (height - 1) + 3 * width)
            for i in pixels.indices { pixels[i] = .random(in: 0...255, using: &random) }
        }

        func image(lastColumn: Int, lastRow: Int) -> vt_rgb8 {
            vt_rgb8(base: UnsafePointer(pixels.baseAddress!), row_stride: stride, group_last_column: Int32(lastColumn),
                    group_last_row: Int32(lastRow), width: Int32(width), height: Int32(height))
        }

        /// The first byte of `out` that is not what blending `groups` with a replicated border
        /// writes (which is the plain blend wherever the taps are inside), leaving the rest 0xA5.
        /// The 4 bytes after the last group may hold anything when it is below `overwriting`.
        func firstDifference(_ out: [UInt8], positions: [Int32], groups: Range<Int>, overwriting: Int) -> Int? {
            var want = [UInt8](repeating: 0xA5, count: out.count)
            for group in groups {
                for lane in 0..<4 {
                    let x = positions[8 * group + lane], y = positions[8 * group + 4 + lane]
                    let (fx, fy) = (Int(x & 31), Int(y & 31))
                    func clamped(_ value: Int32, _ side: Int) -> Int { min(max(Int(value), 0), side - 1) }
                    let left = 3 * clamped(x >> 5, width), right = 3 * clamped((x >> 5) &+ 1, width)
                    let upper = stride * clamped(y >> 5, height), lower = stride * clamped((y >> 5) &+ 1, height)
                    for channel in 0..<3 {
                        func tap(_ offset: Int) -> Int { Int(pixels[offset + channel]) }
                        let l = (32 - fy) * tap(upper + left) + fy * tap(lower + left)
                        let r = (32 - fy) * tap(upper + right) + fy * tap(lower + right)
                        want[12 * group + 3 * lane + channel] = UInt8(((32 - fx) * l + fx * r + 512) >> 10)
                    }
                }
            }
            let last = groups.upperBound - 1
            let scratch = !groups.isEmpty && last < overwriting ? 12 * last + 12 ..< 12 * last + 16 : 0..<0
            return out.indices.first { !scratch.contains($0) && out[$0] != want[$0] }
        }
    }
}
