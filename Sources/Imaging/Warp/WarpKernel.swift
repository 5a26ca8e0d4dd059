/// The fast perspective warp: the same arithmetic as ``ReferenceWarp/warpPerspective`` (and so as
/// OpenCV), restructured for speed:
///
/// - the output is walked in OpenCV's blocks of 16 rows × 64 columns, so a block's source area stays
///   in cache, and the block-start terms are computed once per block row;
/// - the fixed-point source positions of a block row are computed first, four pixels per step in
///   `SIMD4<Double>` (the same IEEE operations per lane), then sampled four pixels at a time; the
///   next block row's positions are computed before the current one is sampled, and its taps'
///   rows asked for ahead (``PixelReader/prefetchTaps(_:count:)``);
/// - groups of four pixels whose taps are all inside the image are blended by the format's
///   ``PixelReader/blendGroups(_:_:overwritingBelow:into:)`` (vectorized for RGB8, and for YUV
///   4:2:0 with AVX-512 or AVX2); with a replicated border, groups touching the border are blended in
///   vector lanes too, their taps clamped into the image
///   (``PixelReader/blendReplicatedGroups(_:_:overwritingBelow:into:)``); the others, and the
///   pixels of a block row's last incomplete group, take the per-pixel path of
///   ``samplePixel(_:_:_:into:)``, which handles the border.
struct PerspectiveWarpKernel: ReaderVisitor {
    let inverse: PerspectiveTransform
    let outputWidth: Int
    let outputHeight: Int
    let border: BorderMode
    let output: UnsafeMutablePointer<UInt8>
    /// The column and row of the picture at which the reader's pixels start (non-zero when it
    /// reads a rectangle of a larger picture, ``TensorCrop/crop(_:)``): positions are computed in
    /// the picture, then moved by whole pixels into the reader, which changes no fraction.
    var origin: (x: Int, y: Int) = (0, 0)

    func visit<R: PixelReader>(_ reader: R) throws(ImageError) {
        let blockHeight = min(16, outputHeight)
        let blockWidth = min(1024 / blockHeight, outputWidth)
        let m = inverse.m
        let matrix = Matrix(m0: m[0], m1: m[1], m2: m[2], m3: m[3], m4: m[4], m5: m[5], m6: m[6], m7: m[7], m8: m[8])
        // Eight values (four X, then four Y) per group of four pixels; the last group may be partial.
        // Two buffers: the block row being sampled, and the next one, whose taps are prefetched first.
        let capacity = 8 * ((blockWidth + 3) / 4)
        var positions = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        var upcoming = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        defer {
            positions.deallocate()
            upcoming.deallocate()
        }
        var rows = BlockRows(outputWidth: outputWidth, outputHeight: outputHeight, blockWidth: blockWidth,
                             blockHeight: blockHeight)
        guard var row = rows.next() else { return }
        matrix.positions(y: row.y, blockStart: row.start, count: row.count, into: positions)
        moveToOrigin(positions, count: row.count)
        while true {
            let next = rows.next()
            if let next {
                matrix.positions(y: next.y, blockStart: next.start, count: next.count, into: upcoming)
                moveToOrigin(upcoming, count: next.count)
                reader.prefetchTaps(upcoming, count: next.count)
            }
            sample(reader, positions: positions, count: row.count,
                   into: output + (row.y &* outputWidth &+ row.start) &* 3,
                   // The pixels after the block row in memory that are written later: those of the
                   // output row's next blocks.
                   pixelsWrittenLater: outputWidth - row.start - row.count)
            guard let next else { return }
            swap(&positions, &upcoming)
            row = next
        }
    }

    /// Moves `count` positions (1/32 px, grouped as ``Matrix/positions(y:blockStart:count:into:)``
    /// writes them) by ``origin``, saturating at the low end of `Int32`: a position that far out
    /// stays past the picture's edge, as before.
    @inline(__always)
    private func moveToOrigin(_ positions: UnsafeMutablePointer<Int32>, count: Int) {
        guard origin != (0, 0) else { return }
        let shift = SIMD8<Int32>(lowHalf: SIMD4(repeating: Int32(origin.x &* 32)), highHalf: SIMD4(repeating: Int32(origin.y &* 32)))
        let lowest = SIMD8<Int32>(repeating: .min) &+ shift
        var group = UnsafeMutableRawPointer(positions)
        for _ in 0..<(count &+ 3) / 4 {
            let values = group.loadUnaligned(as: SIMD8<Int32>.self)
            group.storeBytes(of: pointwiseMax(values, lowest) &- shift, as: SIMD8<Int32>.self)
            group += 32
        }
    }

    /// Samples `count` pixels at `positions` (grouped as ``Matrix/positions(y:blockStart:count:into:)``
    /// writes them) into `output` (3 bytes each); the `pixelsWrittenLater` pixels after them may be
    /// used as scratch space.
    @inline(__always)
    private func sample<R: PixelReader>(_ reader: R, positions: UnsafeMutablePointer<Int32>, count: Int,
                                        into output: UnsafeMutablePointer<UInt8>, pixelsWrittenLater: Int) {
        guard R.hasGroupPath else {
            samplePixels(reader, positions: positions, 0..<count, into: output)
            return
        }
        // A group may write 4 bytes past its 12 only if the next two pixels are written later: true
        // for group g when count − 4g − 4 + pixelsWrittenLater ≥ 2, so for the first `scratchGroups`.
        let fullGroups = count / 4
        let slack = count - 6 + pixelsWrittenLater
        let scratchGroups = slack < 0 ? 0 : min(fullGroups, slack / 4 + 1)
        var group = 0
        while group < fullGroups {
            group &+= reader.blendGroups(positions, group..<fullGroups, overwritingBelow: scratchGroups, into: output)
            if group < fullGroups {
                // A group touching the border (and maybe the next few, as many as the reader's
                // vector holds): their taps clamped into the image with a replicated border, else
                // pixel by pixel.
                let blended = border == .replicate
                    ? reader.blendReplicatedGroups(positions, group..<fullGroups, overwritingBelow: scratchGroups, into: output) : 0
                if blended == 0 {
                    samplePixels(reader, positions: positions, 4 &* group..<4 &* group &+ 4, into: output)
                }
                group &+= max(blended, 1)
            }
        }
        if 4 &* fullGroups < count {
            samplePixels(reader, positions: positions, 4 &* fullGroups..<count, into: output)
        }
    }

    /// Pixels `range` of the block row one by one: the formats without a group path, the groups that
    /// touch the border, and a block row's last incomplete group. (One call site for the per-pixel
    /// code keeps the inlined format readers compact.)
    @inline(never)
    private func samplePixels<R: PixelReader>(_ reader: R, positions: UnsafeMutablePointer<Int32>, _ range: Range<Int>,
                                              into output: UnsafeMutablePointer<UInt8>) {
        for x1 in range {
            let index = 8 &* (x1 &>> 2) &+ (x1 & 3)
            samplePixel(reader, positions[index], positions[index &+ 4], into: output + 3 &* x1)
        }
    }

    /// One pixel at the fixed-point source position `(xi, yi)` (1/32 px): the interior blend, or the
    /// border handling of OpenCV's `remapBilinear` when a tap is outside the image.
    @inline(__always)
    private func samplePixel<R: PixelReader>(_ reader: R, _ xi: Int32, _ yi: Int32, into out: UnsafeMutablePointer<UInt8>) {
        let width = reader.width, height = reader.height
        // OpenCV saturates the source position to int16 before the border logic; for a tap inside
        // the image (< 32768 px) that changes nothing, so the interior test uses the raw value.
        let sx = Int(xi &>> 5), sy = Int(yi &>> 5)
        let fx = UInt64(xi & 31), fy = UInt64(yi & 31)
        if UInt(bitPattern: sx) < UInt(min(width - 1, 32767)) && UInt(bitPattern: sy) < UInt(min(height - 1, 32767)) {
            reader.blendInterior(sx, sy, fx: fx, fy: fy, into: out)
            return
        }
        let bx = Int(saturateInt16(xi &>> 5)), by = Int(saturateInt16(yi &>> 5))
        let p00, p01, p10, p11: UInt64
        switch border {
        case .replicate:
            let xa = min(max(bx, 0), width - 1), xb = min(max(bx + 1, 0), width - 1)
            let ya = min(max(by, 0), height - 1), yb = min(max(by + 1, 0), height - 1)
            p00 = reader.packed(xa, ya); p01 = reader.packed(xb, ya)
            p10 = reader.packed(xa, yb); p11 = reader.packed(xb, yb)
        case .zero:
            // All four taps outside (a crop reaching past the picture): the blend of four zeros.
            if bx < -1 || by < -1 || bx >= width || by >= height {
                out[0] = 0
                out[1] = 0
                out[2] = 0
                return
            }
            func tap(_ x: Int, _ y: Int) -> UInt64 {
                x >= 0 && y >= 0 && x < width && y < height ? reader.packed(x, y) : 0
            }
            p00 = tap(bx, by); p01 = tap(bx + 1, by); p10 = tap(bx, by + 1); p11 = tap(bx + 1, by + 1)
        }
        PackedRGB.blend(p00, p01, p10, p11, fx: fx, fy: fy, into: out)
    }
}

extension PerspectiveWarpKernel {
    /// The block rows of the output in the order they are sampled: OpenCV's blocks of `blockHeight`
    /// rows × `blockWidth` columns, band by band, each block row by row.
    struct BlockRows: IteratorProtocol {
        let outputWidth: Int, outputHeight: Int, blockWidth: Int, blockHeight: Int
        private var y = 0, start = 0, bandStart = 0

        init(outputWidth: Int, outputHeight: Int, blockWidth: Int, blockHeight: Int) {
            self.outputWidth = outputWidth
            self.outputHeight = outputHeight
            self.blockWidth = blockWidth
            self.blockHeight = blockHeight
        }

        /// The next block row: output row `y`, `count` pixels from column `start`.
        mutating func next() -> (y: Int, start: Int, count: Int)? {
            guard y < outputHeight, start < outputWidth else { return nil }
            let row = (y: y, start: start, count: min(blockWidth, outputWidth - start))
            let bandEnd = min(bandStart + blockHeight, outputHeight)
            y += 1
            if y == bandEnd {
                start += blockWidth
                y = bandStart
                if start >= outputWidth {
                    start = 0
                    bandStart = bandEnd
                    y = bandEnd
                }
            }
            return row
        }
    }

    /// The inverse map's coefficients, row-major (destination pixel index → source position).
    struct Matrix {
        let m0, m1, m2, m3, m4, m5, m6, m7, m8: Double

        /// The source positions in 1/32 px of `count` pixels of row `y` from `blockStart`, as OpenCV's
        /// `WarpPerspectiveInvoker`: `X0 = m0·blockStart + m1·y + m2` (and `Y0`, `W0` alike), then per
        /// pixel `x1` `W = W0 + m6·x1`, `s = W ≠ 0 ? 32/W : 0`, `X = round((X0 + m0·x1)·s)` clamped to
        /// int32. Group `g` of four pixels gets `positions[8g..<8g+4]` (X) and `[8g+4..<8g+8]` (Y);
        /// the lanes past `count` of the last group hold values that are not used.
        @inline(__always)
        func positions(y: Int, blockStart: Int, count: Int, into positions: UnsafeMutablePointer<Int32>) {
            let dy = Double(y), db = Double(blockStart)
            let x0 = m0 * db + m1 * dy + m2
            let y0 = m3 * db + m4 * dy + m5
            let w0 = m6 * db + m7 * dy + m8
            let clamped = !Self.needsNoClamping(x0: x0, y0: y0, w0: w0, m0: m0, m3: m3, m6: m6, last: Double(count - 1))
            if clamped {
                Self.positions(x0: x0, y0: y0, w0: w0, m0: m0, m3: m3, m6: m6, count: count, clamped: true, into: positions)
            } else {
                Self.positions(x0: x0, y0: y0, w0: w0, m0: m0, m3: m3, m6: m6, count: count, clamped: false, into: positions)
            }
        }

        /// Whether, for every `x1` in `0…last`, `W` is non-zero and `|(X0 + m0·x1)·s|` and
        /// `|(Y0 + m3·x1)·s|` are below `2^31 − 1`, so that the `W = 0` test and the int32 clamp
        /// cannot change a result. Decided from the two ends alone: `W` and `X0 + m0·x1` are monotonic in
        /// `x1` (IEEE rounding is monotonic), so with `W` of one sign at both ends `|s| = 32/|W|` is at
        /// most its larger end value, and the rounded product of the bounds bounds every product.
        @inline(__always)
        static func needsNoClamping(x0: Double, y0: Double, w0: Double, m0: Double, m3: Double, m6: Double,
                                    last: Double) -> Bool {
            let wFirst = w0 + m6 * 0, wLast = w0 + m6 * last
            guard (wFirst > 0 && wLast > 0) || (wFirst < 0 && wLast < 0) else { return false }
            let numerators = (abs(x0 + m0 * 0), abs(x0 + m0 * last), abs(y0 + m3 * 0), abs(y0 + m3 * last))
            let scales = (abs(32 / wFirst), abs(32 / wLast))
            // NaN fails every comparison, infinity the last one.
            guard numerators.0 < .infinity, numerators.1 < .infinity, numerators.2 < .infinity, numerators.3 < .infinity,
                  scales.0 < .infinity, scales.1 < .infinity else { return false }
            let largestNumerator = max(max(numerators.0, numerators.1), max(numerators.2, numerators.3))
            let largestScale = max(scales.0, scales.1)
            return largestNumerator * largestScale < 2_147_483_647
        }

        /// The position loop, four lanes per step. `clamped` (a constant after inlining) keeps the
        /// `W = 0` test and the int32 clamp; without it they must be known not to matter
        /// (``needsNoClamping(x0:y0:w0:m0:m3:m6:last:)``).
        @inline(__always)
        static func positions(x0: Double, y0: Double, w0: Double, m0: Double, m3: Double, m6: Double, count: Int,
                              clamped: Bool, into positions: UnsafeMutablePointer<Int32>) {
            let x0 = SIMD4(repeating: x0), y0 = SIMD4(repeating: y0), w0 = SIMD4(repeating: w0)
            let m0 = SIMD4(repeating: m0), m3 = SIMD4(repeating: m3), m6 = SIMD4(repeating: m6)
            var dx = SIMD4<Double>(0, 1, 2, 3)
            var group = UnsafeMutableRawPointer(positions)
            for _ in 0..<(count + 3) / 4 {
                let w = w0 + m6 * dx
                let scale = clamped ? (32 / w).replacing(with: 0, where: w .== 0) : 32 / w
                let xs = (x0 + m0 * dx) * scale, ys = (y0 + m3 * dx) * scale
                group.storeBytes(of: roundToInt32Bits(clamped ? clampedForRounding(xs) : xs), as: SIMD4<Int32>.self)
                group.storeBytes(of: roundToInt32Bits(clamped ? clampedForRounding(ys) : ys), toByteOffset: 16,
                                 as: SIMD4<Int32>.self)
                dx += 4
                group += 32
            }
        }
    }
}
