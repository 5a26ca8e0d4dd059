// WebP decoding through libwebp (loaded on first use, LibraryLoading.c).
#include "CImageFormats.h"
#include "Libraries.h"

int vt_webp_probe(const uint8_t *bytes, size_t size, int *width, int *height, int *has_alpha, int *is_animated,
                  char *error, size_t error_size) {
    const struct vt_webp_functions *webp = vt_webp(error, error_size);
    if (webp == NULL) return VT_IMAGE_FORMAT_MISSING_LIBRARY;
    struct vt_webp_features features = {0};
    int status = webp->features(bytes, size, &features, VT_WEBP_DECODER_ABI);
    switch (status) {
    case 0: break;
    case VT_WEBP_STATUS_NOT_ENOUGH_DATA:
        return vt_image_format_fail(VT_IMAGE_FORMAT_TRUNCATED, error, error_size, "WebP header ends early", NULL);
    case VT_WEBP_STATUS_UNSUPPORTED_FEATURE:
        return vt_image_format_fail(VT_IMAGE_FORMAT_UNSUPPORTED, error, error_size, "WebP feature not supported", NULL);
    default:
        return vt_image_format_fail(VT_IMAGE_FORMAT_CORRUPT, error, error_size, "invalid WebP header", NULL);
    }
    *width = features.width;
    *height = features.height;
    *has_alpha = features.has_alpha;
    *is_animated = features.has_animation;
    return VT_IMAGE_FORMAT_OK;
}

int vt_webp_decode(const uint8_t *bytes, size_t size, int with_alpha, uint8_t *pixels, size_t stride, int height,
                   char *error, size_t error_size) {
    const struct vt_webp_functions *webp = vt_webp(error, error_size);
    if (webp == NULL) return VT_IMAGE_FORMAT_MISSING_LIBRARY;
    if (stride > 0x7fffffff) return vt_image_format_fail(VT_IMAGE_FORMAT_UNSUPPORTED, error, error_size, "WebP row too long", NULL);
    size_t capacity = stride * (size_t)height;
    uint8_t *written = with_alpha ? webp->decode_rgba_into(bytes, size, pixels, capacity, (int)stride)
                                  : webp->decode_rgb_into(bytes, size, pixels, capacity, (int)stride);
    if (written == NULL) {
        return vt_image_format_fail(VT_IMAGE_FORMAT_CORRUPT, error, error_size, "WebP data is damaged or incomplete", NULL);
    }
    return VT_IMAGE_FORMAT_OK;
}
