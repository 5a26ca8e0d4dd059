// libjpeg-turbo from Debian's libjpeg62-turbo-dev. Only the Imaging module imports this.
//
// libjpeg reports fatal errors through error_exit, which must not return. Here it longjmps back
// into the C function that made the call (each one has its own setjmp), so no Swift frame is ever
// jumped over; Swift only sees the return codes below and a message.
#ifndef VT_CJPEG_SHIM_H
#define VT_CJPEG_SHIM_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

enum { VT_JPEG_OK = 0, VT_JPEG_CORRUPT = 1, VT_JPEG_TRUNCATED = 2, VT_JPEG_UNSUPPORTED = 3, VT_JPEG_LIMIT = 4 };

/// Progressive files with more scans than this are refused (a known denial-of-service pattern).
#define VT_JPEG_MAX_SCANS 500

typedef struct {
    uint32_t width;
    uint32_t height;
    int32_t components;     // in the file
    int32_t colorSpace;     // J_COLOR_SPACE of the file
    int32_t progressive;
    int32_t outChannels;    // 1 (gray) or 3 (RGB); 0 when the colour space is not supported
} vt_jpeg_info;

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int prematureEnd;
    int tooManyScans;
    char message[JMSG_LENGTH_MAX];
} vt_jpeg_error;

static void vt_jpeg_error_exit(j_common_ptr cinfo) {
    vt_jpeg_error *error = (vt_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

static void vt_jpeg_emit_message(j_common_ptr cinfo, int level) {
    vt_jpeg_error *error = (vt_jpeg_error *)cinfo->err;
    if (level < 0) {
        if (cinfo->err->msg_code == JWRN_JPEG_EOF) error->prematureEnd = 1;
        cinfo->err->num_warnings++;
    }
}

static void vt_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void vt_jpeg_progress(j_common_ptr cinfo) {
    if (cinfo->is_decompressor) {
        j_decompress_ptr d = (j_decompress_ptr)cinfo;
        if (d->input_scan_number > VT_JPEG_MAX_SCANS) {
            vt_jpeg_error *error = (vt_jpeg_error *)cinfo->err;
            error->tooManyScans = 1;
            strcpy(error->message, "too many progressive scans");
            longjmp(error->jump, 1);
        }
    }
}

static void vt_jpeg_install_errors(struct jpeg_decompress_struct *cinfo, vt_jpeg_error *error,
                                   struct jpeg_progress_mgr *progress) {
    memset(error, 0, sizeof *error);
    cinfo->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = vt_jpeg_error_exit;
    error->manager.emit_message = vt_jpeg_emit_message;
    error->manager.output_message = vt_jpeg_output_message;
    memset(progress, 0, sizeof *progress);
    progress->progress_monitor = vt_jpeg_progress;
}

static int vt_jpeg_failure(const vt_jpeg_error *error, char *message, size_t messageCapacity) {
    if (message != NULL && messageCapacity > 0) {
        strncpy(message, error->message, messageCapacity - 1);
        message[messageCapacity - 1] = 0;
    }
    if (error->tooManyScans) return VT_JPEG_LIMIT;
    return error->prematureEnd ? VT_JPEG_TRUNCATED : VT_JPEG_CORRUPT;
}

static int vt_jpeg_output_channels(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return 1;
    case JCS_YCbCr:
    case JCS_RGB: return 3;
    default: return 0;
    }
}

/// Reads the JPEG header in `data` and fills `out`. Nothing is decoded.
static inline int vt_jpeg_probe(const uint8_t *data, size_t size, vt_jpeg_info *out, char *message, size_t messageCapacity) {
    struct jpeg_decompress_struct cinfo;
    vt_jpeg_error error;
    struct jpeg_progress_mgr progress;
    vt_jpeg_install_errors(&cinfo, &error, &progress);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return vt_jpeg_failure(&error, message, messageCapacity);
    }
    jpeg_create_decompress(&cinfo);
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    out->width = cinfo.image_width;
    out->height = cinfo.image_height;
    out->components = cinfo.num_components;
    out->colorSpace = cinfo.jpeg_color_space;
    out->progressive = cinfo.progressive_mode ? 1 : 0;
    out->outChannels = vt_jpeg_output_channels(cinfo.jpeg_color_space);
    int premature = error.prematureEnd;
    jpeg_destroy_decompress(&cinfo);
    return premature ? VT_JPEG_TRUNCATED : VT_JPEG_OK;
}

/// Decodes the JPEG in `data` with libjpeg-turbo's defaults (JDCT_ISLOW integer IDCT, fancy
/// upsampling, block smoothing for progressive files) into gray or RGB rows `rowStride` bytes
/// apart. The caller has probed and sized `pixels`; the header is checked again against
/// `expected`. A file that ends early (libjpeg's "Premature end of JPEG file") is an error.
static inline int vt_jpeg_decode(const uint8_t *data, size_t size, const vt_jpeg_info *expected,
                                 uint8_t *pixels, size_t rowStride, size_t capacity,
                                 char *message, size_t messageCapacity) {
    struct jpeg_decompress_struct cinfo;
    vt_jpeg_error error;
    struct jpeg_progress_mgr progress;
    vt_jpeg_install_errors(&cinfo, &error, &progress);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return vt_jpeg_failure(&error, message, messageCapacity);
    }
    jpeg_create_decompress(&cinfo);
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    int channels = vt_jpeg_output_channels(cinfo.jpeg_color_space);
    if (channels == 0) {
        jpeg_destroy_decompress(&cinfo);
        return VT_JPEG_UNSUPPORTED;
    }
    cinfo.out_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_start_decompress(&cinfo);
    size_t rowBytes = (size_t)cinfo.output_width * (size_t)cinfo.output_components;
    if (cinfo.output_width != expected->width || cinfo.output_height != expected->height
        || cinfo.output_components != expected->outChannels || rowBytes > rowStride
        || cinfo.output_height == 0 || capacity < rowBytes
        || (size_t)cinfo.output_height - 1 > (capacity - rowBytes) / rowStride) {
        strcpy(error.message, "the header changed between reads");
        jpeg_destroy_decompress(&cinfo);
        return vt_jpeg_failure(&error, message, messageCapacity);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * rowStride;
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) break;
    }
    if (error.prematureEnd) {
        jpeg_destroy_decompress(&cinfo);
        return vt_jpeg_failure(&error, message, messageCapacity);
    }
    jpeg_finish_decompress(&cinfo);
    int premature = error.prematureEnd;
    jpeg_destroy_decompress(&cinfo);
    if (premature) return vt_jpeg_failure(&error, message, messageCapacity);
    return VT_JPEG_OK;
}

/// Encodes 8-bit gray (1) or RGB (3) rows as a baseline JPEG with 4:2:0 chroma subsampling.
/// `*outData` is allocated with malloc and belongs to the caller (also after a failure).
static inline int vt_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t rowStride,
                                 int channels, int quality, uint8_t **outData, size_t *outSize,
                                 char *message, size_t messageCapacity) {
    struct jpeg_compress_struct cinfo;
    vt_jpeg_error error;
    unsigned char *buffer = NULL;
    unsigned long bufferSize = 0;
    *outData = NULL;
    *outSize = 0;
    if (channels != 1 && channels != 3) return VT_JPEG_UNSUPPORTED;
    memset(&error, 0, sizeof error);
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = vt_jpeg_error_exit;
    error.manager.emit_message = vt_jpeg_emit_message;
    error.manager.output_message = vt_jpeg_output_message;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        *outData = buffer;
        return vt_jpeg_failure(&error, message, messageCapacity);
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &bufferSize);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = channels;
    cinfo.in_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * rowStride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *outData = buffer;
    *outSize = bufferSize;
    return VT_JPEG_OK;
}

#endif
