// HEIF/HEIC decoding through libheif (loaded on first use, LibraryLoading.c).
#include <stdlib.h>
#include <string.h>

#include "CImageFormats.h"
#include "Libraries.h"

struct vt_heif_file {
    const struct vt_heif_functions *heif;
    struct heif_context *context;
    struct heif_image_handle *handle;
};

/// Maps a libheif error to our status, with its message.
static int vt_heif_fail(struct vt_heif_error status, char *error, size_t error_size) {
    int code = VT_IMAGE_FORMAT_CORRUPT;
    if (status.code == VT_HEIF_ERROR_INVALID_INPUT && status.subcode == VT_HEIF_SUBERROR_END_OF_DATA) {
        code = VT_IMAGE_FORMAT_TRUNCATED;
    } else if (status.code == VT_HEIF_ERROR_UNSUPPORTED_FILETYPE || status.code == VT_HEIF_ERROR_UNSUPPORTED_FEATURE) {
        code = VT_IMAGE_FORMAT_UNSUPPORTED;
    } else if (status.code == VT_HEIF_ERROR_MEMORY_ALLOCATION) {
        code = VT_IMAGE_FORMAT_OUT_OF_MEMORY;
    }
    return vt_image_format_fail(code, error, error_size, "HEIF: ", status.message);
}

void vt_heif_close(vt_heif_file *file) {
    if (file == NULL) return;
    if (file->handle != NULL) file->heif->handle_release(file->handle);
    if (file->context != NULL) file->heif->context_free(file->context);
    free(file);
}

int vt_heif_open(const uint8_t *bytes, size_t size, vt_heif_file **file, int *width, int *height, int *has_alpha,
                 char *error, size_t error_size) {
    *file = NULL;
    const struct vt_heif_functions *heif = vt_heif(error, error_size);
    if (heif == NULL) return VT_IMAGE_FORMAT_MISSING_LIBRARY;
    vt_heif_file *opened = calloc(1, sizeof *opened);
    if (opened == NULL) return vt_image_format_fail(VT_IMAGE_FORMAT_OUT_OF_MEMORY, error, error_size, "HEIF: out of memory", NULL);
    opened->heif = heif;
    opened->context = heif->context_alloc();
    if (opened->context == NULL) {
        vt_heif_close(opened);
        return vt_image_format_fail(VT_IMAGE_FORMAT_OUT_OF_MEMORY, error, error_size, "HEIF: out of memory", NULL);
    }
    struct vt_heif_error status = heif->read_from_memory_without_copy(opened->context, bytes, size, NULL);
    if (status.code == 0) status = heif->primary_image_handle(opened->context, &opened->handle);
    if (status.code != 0) {
        int code = vt_heif_fail(status, error, error_size);
        vt_heif_close(opened);
        return code;
    }
    *width = heif->handle_width(opened->handle);
    *height = heif->handle_height(opened->handle);
    *has_alpha = heif->handle_has_alpha(opened->handle);
    *file = opened;
    return VT_IMAGE_FORMAT_OK;
}

int vt_heif_decode(vt_heif_file *file, int with_alpha, uint8_t *pixels, size_t stride, int width, int height,
                   char *error, size_t error_size) {
    const struct vt_heif_functions *heif = file->heif;
    struct heif_image *image = NULL;
    // No decoding options: libheif applies the file's transformations (clean aperture, rotation,
    // mirroring), as every viewer shows the picture.
    struct vt_heif_error status = heif->decode_image(
        file->handle, &image, VT_HEIF_COLORSPACE_RGB,
        with_alpha ? VT_HEIF_CHROMA_INTERLEAVED_RGBA : VT_HEIF_CHROMA_INTERLEAVED_RGB, NULL);
    if (status.code != 0) return vt_heif_fail(status, error, error_size);
    int code = VT_IMAGE_FORMAT_OK;
    int plane_stride = 0;
    const uint8_t *plane = heif->plane(image, VT_HEIF_CHANNEL_INTERLEAVED, &plane_stride);
    size_t row_bytes = (size_t)width * (with_alpha ? 4 : 3);
    if (plane == NULL || heif->image_width(image, VT_HEIF_CHANNEL_INTERLEAVED) != width ||
        heif->image_height(image, VT_HEIF_CHANNEL_INTERLEAVED) != height || plane_stride < 0 ||
        (size_t)plane_stride < row_bytes || stride < row_bytes) {
        code = vt_image_format_fail(VT_IMAGE_FORMAT_CORRUPT, error, error_size,
                                    "HEIF: the decoded image does not have the size its header declares", NULL);
    } else {
        for (int row = 0; row < height; row++) {
            memcpy(pixels + (size_t)row * stride, plane + (size_t)row * (size_t)plane_stride, row_bytes);
        }
    }
    heif->image_release(image);
    return code;
}
