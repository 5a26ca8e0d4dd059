// libpng from Debian's libpng-dev, for reading the PNG files our own decoder hands over
// (docs/image-decoding.md §2). Only the Imaging module imports this.
//
// libpng reports errors with longjmp. Swift frames must never be jumped over, so every libpng call
// happens inside the small C functions below, each with its own setjmp; Swift only sees their
// return codes (VT_PNG_OK, VT_PNG_CORRUPT, VT_PNG_TRUNCATED, VT_PNG_NO_MEMORY) and a message.
#ifndef VT_CPNG_SHIM_H
#define VT_CPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { VT_PNG_OK = 0, VT_PNG_CORRUPT = 1, VT_PNG_TRUNCATED = 2, VT_PNG_NO_MEMORY = 3 };

/// What `vt_png_probe` learns from the header, after the output transforms are applied.
typedef struct {
    uint32_t width;
    uint32_t height;
    int32_t bitDepth;      // of the file: 1, 2, 4, 8 or 16
    int32_t colorType;     // PNG_COLOR_TYPE_* of the file
    int32_t interlaced;    // 1 for Adam7
    int32_t outChannels;   // 1 (gray), 3 (RGB) or 4 (RGBA), always 8 bits per sample
} vt_png_info;

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    int truncated;
    char message[200];
} vt_png_io;

static void vt_png_on_error(png_structp png, png_const_charp text) {
    vt_png_io *io = (vt_png_io *)png_get_error_ptr(png);
    if (io != NULL && io->message[0] == 0) {
        strncpy(io->message, text != NULL ? text : "libpng error", sizeof io->message - 1);
        io->message[sizeof io->message - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void vt_png_on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void vt_png_read_bytes(png_structp png, png_bytep out, size_t count) {
    vt_png_io *io = (vt_png_io *)png_get_io_ptr(png);
    if (count > io->size - io->offset) {
        io->truncated = 1;
        png_error(png, "the file ends early (truncated)");
    }
    memcpy(out, io->data + io->offset, count);
    io->offset += count;
}

/// Sets the transforms that turn every PNG variant into 8-bit gray, RGB or RGBA and returns the
/// number of output channels. 16-bit samples keep their most significant byte (png_set_strip_16).
static int vt_png_configure(png_structp png, png_infop info) {
    int colorType = png_get_color_type(png, info);
    int bitDepth = png_get_bit_depth(png, info);
    if (colorType == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colorType == PNG_COLOR_TYPE_GRAY && bitDepth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (bitDepth == 16) png_set_strip_16(png);
    if (colorType == PNG_COLOR_TYPE_GRAY_ALPHA || (colorType == PNG_COLOR_TYPE_GRAY && png_get_valid(png, info, PNG_INFO_tRNS))) {
        png_set_gray_to_rgb(png);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    return png_get_channels(png, info);
}

static int vt_png_status(const vt_png_io *io) {
    return io->truncated ? VT_PNG_TRUNCATED : VT_PNG_CORRUPT;
}

/// Reads the header of the PNG in `data` and fills `out`. Nothing is decoded.
static inline int vt_png_probe(const uint8_t *data, size_t size, vt_png_info *out, char *message, size_t messageCapacity) {
    vt_png_io io;
    memset(&io, 0, sizeof io);
    io.data = data;
    io.size = size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &io, vt_png_on_error, vt_png_on_warning);
    if (png == NULL) return VT_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return VT_PNG_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        if (message != NULL && messageCapacity > 0) {
            strncpy(message, io.message, messageCapacity - 1);
            message[messageCapacity - 1] = 0;
        }
        return vt_png_status(&io);
    }
    png_set_read_fn(png, &io, vt_png_read_bytes);
    png_read_info(png, info);
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->bitDepth = png_get_bit_depth(png, info);
    out->colorType = png_get_color_type(png, info);
    out->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    out->outChannels = vt_png_configure(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return VT_PNG_OK;
}

/// Decodes the PNG in `data` into `pixels` (rows `rowStride` bytes apart). The caller has called
/// `vt_png_probe` and sized `pixels` from its answer; the header is checked again against
/// `expected` so a mismatch can never overrun the buffer.
static inline int vt_png_decode(const uint8_t *data, size_t size, const vt_png_info *expected,
                                uint8_t *pixels, size_t rowStride, size_t capacity,
                                char *message, size_t messageCapacity) {
    vt_png_io io;
    memset(&io, 0, sizeof io);
    io.data = data;
    io.size = size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &io, vt_png_on_error, vt_png_on_warning);
    if (png == NULL) return VT_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return VT_PNG_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        if (message != NULL && messageCapacity > 0) {
            strncpy(message, io.message, messageCapacity - 1);
            message[messageCapacity - 1] = 0;
        }
        return vt_png_status(&io);
    }
    png_set_read_fn(png, &io, vt_png_read_bytes);
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info);
    uint32_t height = png_get_image_height(png, info);
    int passes = png_set_interlace_handling(png);
    int channels = vt_png_configure(png, info);
    if (width != expected->width || height != expected->height || channels != expected->outChannels
        || png_get_rowbytes(png, info) > rowStride || height == 0 || capacity < png_get_rowbytes(png, info)
        || (size_t)height - 1 > (capacity - png_get_rowbytes(png, info)) / rowStride) {
        png_error(png, "the header changed between reads");
    }
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, pixels + (size_t)y * rowStride, NULL);
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return VT_PNG_OK;
}

#endif
