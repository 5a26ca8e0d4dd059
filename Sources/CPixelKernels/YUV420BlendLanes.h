// The group paths of YUV420Blend.c written once for any vector width: included once per width,
// after that width's definitions of
//   LANES                  8 or 16 (32-bit lanes per vector; a step blends LANES / 4 groups);
//   VEC, V(op), VSI(op)    the vector type and its intrinsics' names (`V(add_epi32)`, `VSI(and)`);
//   TARGET                 the function attribute that enables the width's instructions;
//   NAME(x)                `x` with the width's suffix;
//   NAME(group_lanes)      the X (`offset` 0) or Y (4) positions of `count` groups, one group per
//                          128 bits, the last repeated where fewer than LANES / 4 are left;
//   NAME(gather)           the 4 bytes at `base + offsets[i]` in lane i;
//   NAME(below)            a bit per lane (lane i in bit i): `a < b`;
//   NAME(byte_order)       byte_order_128() in each 128 bits.
// No include guard: each inclusion defines the functions of one width.

/// Byte `shift / 8` of each lane, a shift for every lane.
TARGET static inline VEC NAME(byte_at)(VEC lanes, VEC shift) {
    return VSI(and)(V(srlv_epi32)(lanes, shift), V(set1_epi32)(0xFF));
}

/// `min(max(x, low), high)` in each lane.
TARGET static inline VEC NAME(clamp)(VEC x, int32_t low, int32_t high) {
    return V(min_epi32)(V(max_epi32)(x, V(set1_epi32)(low)), V(set1_epi32)(high));
}

/// A bit per lane: the sign of `a`.
TARGET static inline unsigned NAME(negative)(VEC a) { return NAME(below)(a, VSI(setzero)()); }

/// The YUV → RGB coefficients in every lane.
typedef struct NAME(coefficients) { VEC cy, cub, cug, cvg, cvr, luma_offset; } NAME(coefficients);

TARGET static inline NAME(coefficients) NAME(coefficients_of)(const vt_yuv420 *image) {
    return (NAME(coefficients)){V(set1_epi32)(image->cy), V(set1_epi32)(image->cub), V(set1_epi32)(image->cug),
                                V(set1_epi32)(image->cvg), V(set1_epi32)(image->cvr), V(set1_epi32)(image->luma_offset)};
}

/// YUV.Decoder's conversion of a tap in every lane (values 0…255).
TARGET static inline void NAME(convert)(const NAME(coefficients) *c, VEC y, VEC u, VEC v, VEC rgb[3]) {
    const VEC uc = V(sub_epi32)(u, V(set1_epi32)(128)), vc = V(sub_epi32)(v, V(set1_epi32)(128));
    const VEC half = V(set1_epi32)(1 << 19);
    const VEC luma = V(mullo_epi32)(V(max_epi32)(V(sub_epi32)(y, c->luma_offset), VSI(setzero)()), c->cy);
    const VEC ruv = V(add_epi32)(half, V(mullo_epi32)(c->cvr, vc));
    const VEC guv = V(add_epi32)(V(add_epi32)(half, V(mullo_epi32)(c->cvg, vc)), V(mullo_epi32)(c->cug, uc));
    const VEC buv = V(add_epi32)(half, V(mullo_epi32)(c->cub, uc));
    rgb[0] = NAME(clamp)(V(srai_epi32)(V(add_epi32)(luma, ruv), 20), 0, 255);
    rgb[1] = NAME(clamp)(V(srai_epi32)(V(add_epi32)(luma, guv), 20), 0, 255);
    rgb[2] = NAME(clamp)(V(srai_epi32)(V(add_epi32)(luma, buv), 20), 0, 255);
}

/// `(a | b << 16)·(wa | wb << 16)` summed in 32-bit lanes: `a·wa + b·wb` for a, b ≤ 8160 and
/// weights ≤ 32.
TARGET static inline VEC NAME(weigh)(VEC a, VEC b, VEC weights) {
    return V(madd_epi16)(VSI(or)(a, V(slli_epi32)(b, 16)), weights);
}

/// PackedRGB.blend of the converted taps (top left and right, bottom left and right) with the
/// fractions of the positions `px`, `py` (1/32 px): per 128 bits, the 4 pixels' bytes R G B, then 4
/// bytes of zeros.
TARGET static inline VEC NAME(blend)(const VEC lt[3], const VEC rt[3], const VEC lb[3], const VEC rb[3], VEC px, VEC py) {
    // ((32 − fy)·((32 − fx)·p00 + fx·p01) + fy·((32 − fx)·p10 + fx·p11) + 512) >> 10.
    const VEC fraction = V(set1_epi32)(31), thirty_two = V(set1_epi32)(32);
    const VEC fx = VSI(and)(px, fraction), fy = VSI(and)(py, fraction);
    const VEC horizontal = VSI(or)(V(sub_epi32)(thirty_two, fx), V(slli_epi32)(fx, 16));
    const VEC vertical = VSI(or)(V(sub_epi32)(thirty_two, fy), V(slli_epi32)(fy, 16));
    VEC channel[3];
    for (int k = 0; k < 3; k++) {
        const VEC upper_sum = NAME(weigh)(lt[k], rt[k], horizontal), lower_sum = NAME(weigh)(lb[k], rb[k], horizontal);
        channel[k] = V(srli_epi32)(V(add_epi32)(NAME(weigh)(upper_sum, lower_sum, vertical), V(set1_epi32)(512)), 10);
    }
    // Per 128 bits: bytes r0..r3 g0..g3 b0..b3 0 0 0 0, then R G B per pixel.
    const VEC bytes = V(packus_epi16)(V(packus_epi32)(channel[0], channel[1]), V(packus_epi32)(channel[2], VSI(setzero)()));
    return V(shuffle_epi8)(bytes, NAME(byte_order)());
}

/// Writes the first `count` groups of `pixels` (as `blend` leaves them) to `out + 12k`, 16 bytes
/// for the groups below `overwriting`.
TARGET static inline void NAME(store_groups)(VEC pixels, size_t count, size_t overwriting, uint8_t *out) {
    uint8_t bytes[4 * LANES] __attribute__((aligned(64)));
    VSI(store)((VEC *)(void *)bytes, pixels);
    for (size_t k = 0; k < count; k++) {
        store_group(_mm_load_si128((const __m128i *)(const void *)(bytes + 16 * k)), k < overwriting, out + 12 * k);
    }
}

TARGET static size_t NAME(blend_groups)(const vt_yuv420 *image, const int32_t *positions, size_t first, size_t end,
                                        size_t overwriting, uint8_t *out) {
    // Offsets are computed in 32 bits: strides below 32768 and rows below 32767.
    if (image->luma_stride > 32767 || image->u_stride > 32767 || image->v_stride > 32767) return 0;
    // 0 <= sx <= last column and 0 <= sy <= last row, both below 32767 (OpenCV saturates to int16).
    const VEC last_column = V(set1_epi32)((image->width - 1 < 32767 ? image->width - 1 : 32767) - 1);
    const VEC last_row = V(set1_epi32)((image->height - 1 < 32767 ? image->height - 1 : 32767) - 1);
    const VEC luma_limit = V(set1_epi32)(read_limit(image->luma_count)), u_limit = V(set1_epi32)(read_limit(image->u_count));
    const VEC v_limit = V(set1_epi32)(read_limit(image->v_count));
    const VEC luma_stride = V(set1_epi32)((int32_t)image->luma_stride);
    const VEC u_stride = V(set1_epi32)((int32_t)image->u_stride), v_stride = V(set1_epi32)((int32_t)image->v_stride);
    const VEC one = V(set1_epi32)(1);
    const int step = (int)image->chroma_step;
    const VEC chroma_step = V(set1_epi32)(step);
    const int interleaved = step == 2 && image->v == image->u + 1;
    const NAME(coefficients) c = NAME(coefficients_of)(image);
    size_t group = first;
    while (group < end) {
        const size_t left = end - group < LANES / 4 ? end - group : LANES / 4;
        const int32_t *at = positions + 8 * group;
        size_t count = left;
        VEC px, py, sx, sy, top, bottom, column, u_upper, u_lower, v_upper, v_lower;
        for (;;) {
            px = NAME(group_lanes)(at, count, 0);
            py = NAME(group_lanes)(at, count, 4);
            sx = V(srai_epi32)(px, 5);
            sy = V(srai_epi32)(py, 5);
            top = V(add_epi32)(V(mullo_epi32)(sy, luma_stride), sx);
            bottom = V(add_epi32)(top, luma_stride);
            column = V(mullo_epi32)(V(srai_epi32)(sx, 1), chroma_step);
            const VEC upper = V(srai_epi32)(sy, 1), lower = V(srai_epi32)(V(add_epi32)(sy, one), 1);
            u_upper = V(add_epi32)(V(mullo_epi32)(upper, u_stride), column);
            u_lower = V(add_epi32)(V(mullo_epi32)(lower, u_stride), column);
            v_upper = V(add_epi32)(V(mullo_epi32)(upper, v_stride), column);
            v_lower = V(add_epi32)(V(mullo_epi32)(lower, v_stride), column);
            const VEC outside = VSI(or)(VSI(or)(sx, sy), VSI(or)(V(sub_epi32)(last_column, sx), V(sub_epi32)(last_row, sy)));
            const unsigned good = ~NAME(negative)(outside) & NAME(below)(bottom, luma_limit) & NAME(below)(u_lower, u_limit)
                & NAME(below)(v_lower, v_limit);
            size_t valid = 0;
            while (valid < count && ((good >> (4 * valid)) & 0xF) == 0xF) valid++;
            if (valid == 0) return group - first;
            if (valid == count) break;
            // A later group has a tap outside: blend the ones before it (their lanes repeated).
            count = valid;
        }
        // The right column's chroma sample is the next one (`step` bytes on) where x is odd.
        const VEC right_shift = V(mullo_epi32)(VSI(and)(sx, one), V(set1_epi32)(8 * step));
        const VEC no_shift = VSI(setzero)();

        // Per tap (left top, right top, left bottom, right bottom) Y, U and V.
        const VEC luma_top = NAME(gather)(image->luma, top), luma_bottom = NAME(gather)(image->luma, bottom);
        const VEC u_top = NAME(gather)(image->u, u_upper), u_bottom = NAME(gather)(image->u, u_lower);
        // NV12: one read per row holds U and V of the left sample and of the next.
        const VEC v_top = interleaved ? V(srli_epi32)(u_top, 8) : NAME(gather)(image->v, v_upper);
        const VEC v_bottom = interleaved ? V(srli_epi32)(u_bottom, 8) : NAME(gather)(image->v, v_lower);
        const VEC luma_right = V(set1_epi32)(8);
        VEC lt[3], rt[3], lb[3], rb[3];
        NAME(convert)(&c, NAME(byte_at)(luma_top, no_shift), NAME(byte_at)(u_top, no_shift), NAME(byte_at)(v_top, no_shift), lt);
        NAME(convert)(&c, NAME(byte_at)(luma_top, luma_right), NAME(byte_at)(u_top, right_shift),
                      NAME(byte_at)(v_top, right_shift), rt);
        NAME(convert)(&c, NAME(byte_at)(luma_bottom, no_shift), NAME(byte_at)(u_bottom, no_shift),
                      NAME(byte_at)(v_bottom, no_shift), lb);
        NAME(convert)(&c, NAME(byte_at)(luma_bottom, luma_right), NAME(byte_at)(u_bottom, right_shift),
                      NAME(byte_at)(v_bottom, right_shift), rb);
        const size_t below_overwriting = overwriting > group ? overwriting - group : 0;
        NAME(store_groups)(NAME(blend)(lt, rt, lb, rb, px, py), count, below_overwriting, out + 12 * group);
        group += count;
        if (count < left) break;
    }
    return group - first;
}

/// Byte `offsets[i]` of `base` in lane i, for a plane of at least 4 bytes: the 4 bytes that end at
/// it (or the first 4), shifted.
TARGET static inline VEC NAME(gather_bytes)(const uint8_t *base, VEC offsets) {
    const VEC start = V(max_epi32)(V(sub_epi32)(offsets, V(set1_epi32)(3)), VSI(setzero)());
    return NAME(byte_at)(NAME(gather)(base, start), V(slli_epi32)(V(sub_epi32)(offsets, start), 3));
}

/// One tap at the clamped columns `x` and rows `y`: Y, U and V read as single bytes and converted.
TARGET static inline void NAME(clamped_tap)(const vt_yuv420 *image, const NAME(coefficients) *c, VEC x, VEC y, VEC rgb[3]) {
    const VEC luma = V(add_epi32)(V(mullo_epi32)(y, V(set1_epi32)((int32_t)image->luma_stride)), x);
    const VEC column = V(mullo_epi32)(V(srai_epi32)(x, 1), V(set1_epi32)((int32_t)image->chroma_step));
    const VEC row = V(srai_epi32)(y, 1);
    const VEC u = V(add_epi32)(V(mullo_epi32)(row, V(set1_epi32)((int32_t)image->u_stride)), column);
    const VEC v = V(add_epi32)(V(mullo_epi32)(row, V(set1_epi32)((int32_t)image->v_stride)), column);
    NAME(convert)(c, NAME(gather_bytes)(image->luma, luma), NAME(gather_bytes)(image->u, u), NAME(gather_bytes)(image->v, v), rgb);
}

TARGET static size_t NAME(blend_replicated_groups)(const vt_yuv420 *image, const int32_t *positions, size_t first,
                                                   size_t end, size_t overwriting, uint8_t *out) {
    // Offsets are computed in 32 bits, and clamping the raw column and row gives what clamping
    // OpenCV's int16-saturated ones does, below 32768. Single bytes are read 4 at a time.
    if (image->luma_stride > 32767 || image->u_stride > 32767 || image->v_stride > 32767 || image->width > 32767
        || image->height > 32767 || image->width < 1 || image->height < 1 || image->luma_count < 4 || image->u_count < 4
        || image->v_count < 4) {
        return 0;
    }
    const NAME(coefficients) c = NAME(coefficients_of)(image);
    const VEC one = V(set1_epi32)(1);
    for (size_t group = first; group < end; group += LANES / 4) {
        const size_t count = end - group < LANES / 4 ? end - group : LANES / 4;
        const int32_t *at = positions + 8 * group;
        const VEC px = NAME(group_lanes)(at, count, 0), py = NAME(group_lanes)(at, count, 4);
        const VEC sx = V(srai_epi32)(px, 5), sy = V(srai_epi32)(py, 5);
        const VEC left = NAME(clamp)(sx, 0, image->width - 1), right = NAME(clamp)(V(add_epi32)(sx, one), 0, image->width - 1);
        const VEC upper = NAME(clamp)(sy, 0, image->height - 1), lower = NAME(clamp)(V(add_epi32)(sy, one), 0, image->height - 1);
        VEC lt[3], rt[3], lb[3], rb[3];
        NAME(clamped_tap)(image, &c, left, upper, lt);
        NAME(clamped_tap)(image, &c, right, upper, rt);
        NAME(clamped_tap)(image, &c, left, lower, lb);
        NAME(clamped_tap)(image, &c, right, lower, rb);
        const size_t below_overwriting = overwriting > group ? overwriting - group : 0;
        NAME(store_groups)(NAME(blend)(lt, rt, lb, rb, px, py), count, below_overwriting, out + 12 * group);
    }
    return end - first;
}
