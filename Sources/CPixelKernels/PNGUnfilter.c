// PNG's five row filters undone in place (docs/image-decoding.md §2). Each row of the inflated
// image data is a filter-type byte and then the row's filtered bytes; row y is written unfiltered
// at y × rowBytes, y + 1 bytes before where its filtered bytes start, so every byte is read before
// anything is written over it (the writes trail the reads by at least one byte).
//
// Sub, Average and Paeth depend on the pixel to the left, so a row is a chain of pixels: those
// filters take one pixel per step, its channels side by side in SSE2 lanes (x86-64's baseline);
// other processors, and 1-byte pixels, take the scalar loops, which are the definition.
#include "CPixelKernels.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { FILTER_NONE = 0, FILTER_SUB = 1, FILTER_UP = 2, FILTER_AVERAGE = 3, FILTER_PAETH = 4 };

/// The Paeth predictor: whichever of left (a), up (b) and up-left (c) is nearest a + b − c, ties
/// going to a, then b.
static inline int paeth(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/// One row, byte by byte. `up` is the previous row unfiltered, or NULL for the first row (zeros).
static void row_scalar(int filter, const uint8_t *in, const uint8_t *up, uint8_t *out, size_t count, size_t bpp) {
    for (size_t i = 0; i < count; i++) {
        int a = i >= bpp ? out[i - bpp] : 0;
        int b = up != NULL ? up[i] : 0;
        int c = up != NULL && i >= bpp ? up[i - bpp] : 0;
        int predicted;
        switch (filter) {
        case FILTER_SUB: predicted = a; break;
        case FILTER_UP: predicted = b; break;
        case FILTER_AVERAGE: predicted = (a + b) >> 1; break;
        case FILTER_PAETH: predicted = paeth(a, b, c); break;
        default: predicted = 0; break;
        }
        out[i] = (uint8_t)(in[i] + predicted);
    }
}

#if defined(__SSE2__)

// A pixel's bytes to and from 16-bit lanes. `bytes` is the pixel size, or 4 for any pixel but a
// row's last: then a 3-byte pixel is moved with one 4-byte load or store instead of two, the fourth
// lane carrying the next pixel's first byte (ignored, and overwritten when that pixel is stored).
static inline __m128i load_pixel(const uint8_t *p, size_t bytes) {
    uint32_t v = 0;
    memcpy(&v, p, bytes);
    return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)v), _mm_setzero_si128());
}

static inline void store_pixel(uint8_t *p, __m128i x, size_t bytes) {
    uint32_t v = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(x, x));
    memcpy(p, &v, bytes);
}

/// Up: a plain byte-wise add, 16 bytes at a time. Each 16-byte store lands below the next load.
static void row_up(const uint8_t *in, const uint8_t *up, uint8_t *out, size_t count) {
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m128i x = _mm_add_epi8(_mm_loadu_si128((const __m128i *)(in + i)), _mm_loadu_si128((const __m128i *)(up + i)));
        _mm_storeu_si128((__m128i *)(out + i), x);
    }
    for (; i < count; i++) out[i] = (uint8_t)(in[i] + up[i]);
}

/// The predicted pixel for Sub (`a`, left), Average and Paeth (`b` up, `c` up-left), in 16-bit lanes
/// (each byte in the low half). A row is a chain through `a`, so Paeth is arranged for a short path
/// from `a` to the prediction: |p − c| = |a + (b − 2c)| and |p − b| = |a − c| are each the larger of
/// two values computed from `a` in one step, and |p − a| = |b − c| does not involve `a` at all.
static inline __m128i predict(int filter, __m128i a, __m128i b, __m128i c) {
    if (filter == FILTER_SUB) return a;
    if (filter == FILTER_AVERAGE) return _mm_srli_epi16(_mm_add_epi16(a, b), 1);
    __m128i b_c = _mm_sub_epi16(b, c), k = _mm_sub_epi16(b_c, c);   // b − c, b − 2c
    __m128i distance_a = _mm_max_epi16(b_c, _mm_sub_epi16(_mm_setzero_si128(), b_c));
    __m128i distance_b = _mm_max_epi16(_mm_sub_epi16(a, c), _mm_sub_epi16(c, a));
    __m128i distance_c = _mm_max_epi16(_mm_add_epi16(a, k), _mm_sub_epi16(_mm_sub_epi16(_mm_setzero_si128(), k), a));
    __m128i choose_c = _mm_cmpgt_epi16(distance_b, distance_c);                            // b loses a tie to nothing
    __m128i not_a = _mm_cmpgt_epi16(distance_a, _mm_min_epi16(distance_b, distance_c));     // a wins ties
    __m128i b_or_c = _mm_xor_si128(b, _mm_and_si128(_mm_xor_si128(b, c), choose_c));
    return _mm_or_si128(_mm_and_si128(not_a, b_or_c), _mm_andnot_si128(not_a, a));
}

/// Sub, Average or Paeth for 3- and 4-byte pixels, one pixel per step in 16-bit lanes. Inlined
/// with constant `filter` and `bpp`, so that each loop is branch-free and its loads are fixed-size.
/// The byte-wise add wraps each lane's low byte and leaves its zero high byte alone.
static inline void row_pixels(int filter, const uint8_t *in, const uint8_t *up, uint8_t *out, size_t count, size_t bpp) {
    const __m128i zero = _mm_setzero_si128();
    __m128i a = zero, c = zero, b;
    size_t last = count - bpp;
    for (size_t i = 0; i < last; i += bpp) {
        b = up != NULL ? load_pixel(up + i, 4) : zero;
        a = _mm_add_epi8(load_pixel(in + i, 4), predict(filter, a, b, c));
        c = b;
        store_pixel(out + i, a, 4);
    }
    b = up != NULL ? load_pixel(up + last, bpp) : zero;
    store_pixel(out + last, _mm_add_epi8(load_pixel(in + last, bpp), predict(filter, a, b, c)), bpp);
}

/// One pixel of a Paeth row: `in` filtered, `left`, `up` and `up_left` unfiltered; returns the pixel
/// after storing it at `out`.
static inline __m128i paeth_pixel(const uint8_t *in, __m128i left, __m128i up, __m128i up_left, uint8_t *out, size_t bytes) {
    __m128i x = _mm_add_epi8(load_pixel(in, bytes), predict(FILTER_PAETH, left, up, up_left));
    store_pixel(out, x, bytes);
    return x;
}

/// Two Paeth rows together, so that their chains interleave: the second trails the first by one
/// pixel and takes its up and up-left pixels from the first's results, in registers. The second
/// row's output overwrites the tail of the first row's filtered bytes, so `first_in` is a copy.
static inline void paeth_rows(const uint8_t *first_in, const uint8_t *second_in, const uint8_t *up,
                              uint8_t *first_out, uint8_t *second_out, size_t count, size_t bpp) {
    const __m128i zero = _mm_setzero_si128();
    size_t last = count - bpp;
    if (last == 0) {   // one pixel per row
        __m128i first = paeth_pixel(first_in, zero, load_pixel(up, bpp), zero, first_out, bpp);
        paeth_pixel(second_in, zero, first, zero, second_out, bpp);
        return;
    }
    __m128i b = load_pixel(up, 4);
    __m128i first = paeth_pixel(first_in, zero, b, zero, first_out, 4);
    __m128i first_up_left = b, second = zero, second_up_left = zero, above;
    for (size_t i = bpp; i < last; i += bpp) {
        above = first;   // the first row's pixel i − bpp
        b = load_pixel(up + i, 4);
        first = paeth_pixel(first_in + i, first, b, first_up_left, first_out + i, 4);
        first_up_left = b;
        second = paeth_pixel(second_in + i - bpp, second, above, second_up_left, second_out + i - bpp, 4);
        second_up_left = above;
    }
    above = first;
    first = paeth_pixel(first_in + last, first, load_pixel(up + last, bpp), first_up_left, first_out + last, bpp);
    second = paeth_pixel(second_in + last - bpp, second, above, second_up_left, second_out + last - bpp, 4);
    paeth_pixel(second_in + last, second, first, above, second_out + last, bpp);
}

static void paeth_rows_3(const uint8_t *first_in, const uint8_t *second_in, const uint8_t *up, uint8_t *first_out, uint8_t *second_out, size_t count) {
    paeth_rows(first_in, second_in, up, first_out, second_out, count, 3);
}

static void paeth_rows_4(const uint8_t *first_in, const uint8_t *second_in, const uint8_t *up, uint8_t *first_out, uint8_t *second_out, size_t count) {
    paeth_rows(first_in, second_in, up, first_out, second_out, count, 4);
}

#define ROW_PIXELS(filter, bpp) \
    static void row_pixels_##filter##_##bpp(const uint8_t *in, const uint8_t *up, uint8_t *out, size_t count) { \
        row_pixels(FILTER_##filter, in, up, out, count, bpp); \
    }
ROW_PIXELS(SUB, 3)
ROW_PIXELS(SUB, 4)
ROW_PIXELS(AVERAGE, 3)
ROW_PIXELS(AVERAGE, 4)
ROW_PIXELS(PAETH, 3)
ROW_PIXELS(PAETH, 4)

typedef void (*row_function)(const uint8_t *in, const uint8_t *up, uint8_t *out, size_t count);

/// The row function for Sub (1), Average (3) or Paeth (4) and 3- or 4-byte pixels.
static row_function pixel_row(int filter, size_t bpp) {
    switch (filter) {
    case FILTER_SUB: return bpp == 3 ? row_pixels_SUB_3 : row_pixels_SUB_4;
    case FILTER_AVERAGE: return bpp == 3 ? row_pixels_AVERAGE_3 : row_pixels_AVERAGE_4;
    default: return bpp == 3 ? row_pixels_PAETH_3 : row_pixels_PAETH_4;
    }
}

#endif

int vt_png_unfilter(uint8_t *data, size_t height, size_t row_bytes, size_t bytes_per_pixel) {
    if (bytes_per_pixel < 1 || bytes_per_pixel > 4) return -1;
    uint8_t *copy = NULL;   // the first of two Paeth rows (paeth_rows), allocated when first needed
    for (size_t y = 0; y < height; y++) {
        const uint8_t *filtered = data + y * (row_bytes + 1);
        int filter = filtered[0];
        uint8_t *out = data + y * row_bytes;
        const uint8_t *up = y > 0 ? out - row_bytes : NULL;
        if (filter > FILTER_PAETH) {
            free(copy);
            return -1;
        }
        if (filter == FILTER_NONE || (filter == FILTER_UP && up == NULL)) {
            memmove(out, filtered + 1, row_bytes);
            continue;
        }
#if defined(__SSE2__)
        if (filter == FILTER_UP) {
            row_up(filtered + 1, up, out, row_bytes);
            continue;
        }
        if (bytes_per_pixel >= 3) {
            const uint8_t *next = filtered + row_bytes + 1;
            if (filter == FILTER_PAETH && up != NULL && y + 1 < height && next[0] == FILTER_PAETH
                && (copy != NULL || (copy = malloc(row_bytes)) != NULL)) {
                memcpy(copy, filtered + 1, row_bytes);
                (bytes_per_pixel == 3 ? paeth_rows_3 : paeth_rows_4)(copy, next + 1, up, out, out + row_bytes, row_bytes);
                y++;
                continue;
            }
            pixel_row(filter, bytes_per_pixel)(filtered + 1, up, out, row_bytes);
            continue;
        }
#endif
        row_scalar(filter, filtered + 1, up, out, row_bytes, bytes_per_pixel);
    }
    free(copy);
    return 0;
}
