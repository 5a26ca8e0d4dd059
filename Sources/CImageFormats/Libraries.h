// The parts of libheif's and libwebp's C APIs this target calls, declared here (their ABIs are
// stable within the sonames loaded), and the tables their addresses are loaded into.
#ifndef VT_IMAGE_FORMATS_LIBRARIES_H
#define VT_IMAGE_FORMATS_LIBRARIES_H

#include <stddef.h>
#include <stdint.h>

// MARK: libheif 1.x (heif.h)

struct heif_context;
struct heif_image_handle;
struct heif_image;

/// libheif's error value: `code` 0 is success; `message` is never NULL.
struct vt_heif_error {
    int code;
    int subcode;
    const char *message;
};

enum {
    VT_HEIF_ERROR_INVALID_INPUT = 2,
    VT_HEIF_ERROR_UNSUPPORTED_FILETYPE = 3,
    VT_HEIF_ERROR_UNSUPPORTED_FEATURE = 4,
    VT_HEIF_ERROR_MEMORY_ALLOCATION = 6,
    VT_HEIF_SUBERROR_END_OF_DATA = 100,
    VT_HEIF_COLORSPACE_RGB = 1,
    VT_HEIF_CHROMA_INTERLEAVED_RGB = 10,
    VT_HEIF_CHROMA_INTERLEAVED_RGBA = 11,
    VT_HEIF_CHANNEL_INTERLEAVED = 10,
};

struct vt_heif_functions {
    struct vt_heif_error (*init)(void *params);
    struct heif_context *(*context_alloc)(void);
    void (*context_free)(struct heif_context *);
    struct vt_heif_error (*read_from_memory_without_copy)(struct heif_context *, const void *, size_t, const void *options);
    struct vt_heif_error (*primary_image_handle)(struct heif_context *, struct heif_image_handle **);
    int (*handle_width)(const struct heif_image_handle *);
    int (*handle_height)(const struct heif_image_handle *);
    int (*handle_has_alpha)(const struct heif_image_handle *);
    void (*handle_release)(const struct heif_image_handle *);
    struct vt_heif_error (*decode_image)(const struct heif_image_handle *, struct heif_image **, int colorspace, int chroma,
                                         const void *options);
    int (*image_width)(const struct heif_image *, int channel);
    int (*image_height)(const struct heif_image *, int channel);
    const uint8_t *(*plane)(const struct heif_image *, int channel, int *stride);
    void (*image_release)(const struct heif_image *);
};

// MARK: libwebp 1.x (decode.h)

/// WebPBitstreamFeatures.
struct vt_webp_features {
    int width;
    int height;
    int has_alpha;
    int has_animation;
    int format;
    uint32_t pad[5];
};

enum {
    /// WEBP_DECODER_ABI_VERSION of libwebp 1.x; the library checks the major byte only.
    VT_WEBP_DECODER_ABI = 0x0209,
    VT_WEBP_STATUS_OUT_OF_MEMORY = 1,
    VT_WEBP_STATUS_UNSUPPORTED_FEATURE = 4,
    VT_WEBP_STATUS_NOT_ENOUGH_DATA = 7,
};

struct vt_webp_functions {
    int (*features)(const uint8_t *, size_t, struct vt_webp_features *, int abi);
    uint8_t *(*decode_rgb_into)(const uint8_t *, size_t, uint8_t *out, size_t out_size, int stride);
    uint8_t *(*decode_rgba_into)(const uint8_t *, size_t, uint8_t *out, size_t out_size, int stride);
};

/// libheif's functions, loading it (once per process) on the first call; NULL when it cannot be
/// loaded, with the reason written to `error`.
const struct vt_heif_functions *vt_heif(char *error, size_t error_size);

/// libwebp's functions, as `vt_heif` does for libheif.
const struct vt_webp_functions *vt_webp(char *error, size_t error_size);

/// Writes `text` (with `detail` after it when not NULL) into `error` and returns `status`.
int vt_image_format_fail(int status, char *error, size_t error_size, const char *text, const char *detail);

#endif
