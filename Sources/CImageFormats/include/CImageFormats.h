// HEIF/HEIC (libheif) and WebP (libwebp) decoding, with both libraries loaded on first use.
//
// Neither library is linked: `vision-tasks` and the Imaging module start without them, and a
// machine without them still reads PNG and JPEG. The first HEIF or WebP file opens libheif.so.1 or
// libwebp.so.7 (their sonames on Debian 12; Homebrew's .dylib names on a Mac) with dlopen. The few
// functions used are declared in this target from the libraries' documented, stable C APIs, so no
// -dev package is needed to build.
//
// Only the Imaging module imports this. Every function returns one of the VT_IMAGE_FORMAT_ codes
// and, on failure, a NUL-terminated reason in `error` (truncated to `error_size` bytes).
#ifndef VT_CIMAGE_FORMATS_H
#define VT_CIMAGE_FORMATS_H

#include <stddef.h>
#include <stdint.h>

enum {
    VT_IMAGE_FORMAT_OK = 0,
    /// The library is not installed (or lacks a function): the reason names it.
    VT_IMAGE_FORMAT_MISSING_LIBRARY = 1,
    VT_IMAGE_FORMAT_CORRUPT = 2,
    VT_IMAGE_FORMAT_TRUNCATED = 3,
    VT_IMAGE_FORMAT_UNSUPPORTED = 4,
    VT_IMAGE_FORMAT_OUT_OF_MEMORY = 5,
};

/// An opened HEIF file: its primary image, not yet decoded.
typedef struct vt_heif_file vt_heif_file;

/// Parses the HEIF container in `bytes` (which must outlive the returned file) and reports the
/// primary image's size as displayed (after the file's rotation and mirroring) and whether it has
/// an alpha channel. On success `*file` must be passed to `vt_heif_close`.
int vt_heif_open(const uint8_t *bytes, size_t size, vt_heif_file **file, int *width, int *height, int *has_alpha,
                 char *error, size_t error_size);

/// Decodes the primary image to 8-bit RGB (3 bytes a pixel) or RGBA (4), with the file's rotation,
/// mirroring and crop applied, into `pixels`: `height` rows of `stride` bytes, for the size
/// `vt_heif_open` reported (a different decoded size is an error).
int vt_heif_decode(vt_heif_file *file, int with_alpha, uint8_t *pixels, size_t stride, int width, int height,
                   char *error, size_t error_size);

void vt_heif_close(vt_heif_file *file);

/// Reads a WebP file's header: its size, whether it has alpha, whether it is animated.
int vt_webp_probe(const uint8_t *bytes, size_t size, int *width, int *height, int *has_alpha, int *is_animated,
                  char *error, size_t error_size);

/// Decodes a still WebP file to RGB or RGBA straight into `pixels` (`height` rows of `stride` bytes).
int vt_webp_decode(const uint8_t *bytes, size_t size, int with_alpha, uint8_t *pixels, size_t stride, int height,
                   char *error, size_t error_size);

#endif
