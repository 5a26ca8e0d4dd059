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

static inline __m128i load_pixel(const uint8_t *p, size_t bpp) {
    uint32_t v = 0;
    memcpy(&v, p, bpp);
    return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)v), _mm_setzero_si128());
}

static inline void store_pixel(uint8_t *p, __m128i x, size_t bpp) {
    uint32_t v = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(x, x));
    memcpy(p, &v, bpp);
}

static inline __m128i abs16(__m128i x) { return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x)); }

/// Up: a plain byte-wise add, 16 bytes at a time. Each 16-byte store lands below the next load.
static void row_up(const uint8_t *in, const uint8_t *up, uint8_t *out, size_t count) {
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m128i x = _mm_add_epi8(_mm_loadu_si128((const __m128i *)(in + i)), _mm_loadu_si128((const __m128i *)(up + i)));
        _mm_storeu_si128((__m128i *)(out + i), x);
    }
    for (; i < count; i++) out[i] = (uint8_t)(in[i] + up[i]);
}

/// The predicted pixel for Sub (`a`, left), Average and Paeth (`b` up, `c` up-left), in 16-bit lanes.
static inline __m128i predict(int filter, __m128i a, __m128i b, __m128i c) {
    if (filter == FILTER_SUB) return a;
    if (filter == FILTER_AVERAGE) return _mm_srli_epi16(_mm_add_epi16(a, b), 1);
    __m128i b_c = _mm_sub_epi16(b, c), a_c = _mm_sub_epi16(a, c);
    __m128i pa = abs16(b_c), pb = abs16(a_c), pc = abs16(_mm_add_epi16(b_c, a_c));
    __m128i smallest = _mm_min_epi16(pa, _mm_min_epi16(pb, pc));
    __m128i choose_a = _mm_cmpeq_epi16(pa, smallest), choose_b = _mm_cmpeq_epi16(pb, smallest);
    __m128i predicted = _mm_xor_si128(c, _mm_and_si128(_mm_xor_si128(c, b), choose_b));
    return _mm_xor_si128(predicted, _mm_and_si128(_mm_xor_si128(predicted, a), choose_a));
}

/// Sub, Average or Paeth for 3- and 4-byte pixels, one pixel per step in 16-bit lanes. Inlined
/// with constant `filter` and `bpp`, so that each loop is branch-free and its loads are fixed-size.
static inline void row_pixels(int filter, const uint8_t *in, const uint8_t *up, uint8_t *out, size_t count, size_t bpp) {
    const __m128i low_byte = _mm_set1_epi16(0xFF), zero = _mm_setzero_si128();
    __m128i a = zero, c = zero;
    for (size_t i = 0; i < count; i += bpp) {
        __m128i b = up != NULL ? load_pixel(up + i, bpp) : zero;
        a = _mm_and_si128(_mm_add_epi16(load_pixel(in + i, bpp), predict(filter, a, b, c)), low_byte);
        c = b;
        store_pixel(out + i, a, bpp);
    }
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
    for (size_t y = 0; y < height; y++) {
        const uint8_t *filtered = data + y * (row_bytes + 1);
        int filter = filtered[0];
        uint8_t *out = data + y * row_bytes;
        const uint8_t *up = y > 0 ? out - row_bytes : NULL;
        if (filter > FILTER_PAETH) return -1;
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
            pixel_row(filter, bytes_per_pixel)(filtered + 1, up, out, row_bytes);
            continue;
        }
#endif
        row_scalar(filter, filtered + 1, up, out, row_bytes, bytes_per_pixel);
    }
    return 0;
}
