// PNG's Up filter for writing (docs/image-decoding.md §4): each byte minus the byte above it.
// The loop vectorizes on any processor.
#include "CPixelKernels.h"

#include <string.h>

void vt_png_filter_up(const uint8_t *pixels, size_t row_stride, size_t row_bytes, size_t height, uint8_t *out) {
    for (size_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + y * row_stride;
        uint8_t *filtered = out + y * (row_bytes + 1);
        filtered[0] = 2;
        if (y == 0) {
            memcpy(filtered + 1, row, row_bytes);
        } else {
            const uint8_t *above = row - row_stride;
            for (size_t x = 0; x < row_bytes; x++) filtered[1 + x] = (uint8_t)(row[x] - above[x]);
        }
    }
}
