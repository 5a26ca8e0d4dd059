// Opens libheif and libwebp by soname on first use and fills their tables (Libraries.h).
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "CImageFormats.h"
#include "CLibraryLoading.h"
#include "Libraries.h"

int vt_image_format_fail(int status, char *error, size_t error_size, const char *text, const char *detail) {
    if (error != NULL && error_size > 0) snprintf(error, error_size, "%s%s", text, detail != NULL ? detail : "");
    return status;
}

/// One library's loading state, written once inside pthread_once.
struct vt_library {
    const char *name;
    /// Sonames: Linux's, and a Mac's (Homebrew).
    const char *linux_soname;
    const char *mac_name;
    /// What installs it, for the error message.
    const char *needed_for;
    pthread_once_t once;
    int loaded;
    char reason[512];
};

/// Opens `library`; NULL (with the reason recorded) when it is not there.
static void *vt_open_library(struct vt_library *library) {
    void *handle = vt_dlopen_by_name(library->linux_soname, library->mac_name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->reason, sizeof library->reason, "%s: %s", library->needed_for,
                 reason != NULL ? reason : "not found");
    }
    return handle;
}

/// Loads `library` once (with `load`); whether it is usable, else the reason into `error`.
static int vt_loaded(struct vt_library *library, void (*load)(void), char *error, size_t error_size) {
    pthread_once(&library->once, load);
    if (!library->loaded) vt_image_format_fail(0, error, error_size, library->reason, NULL);
    return library->loaded;
}

/// Resolves `name` into `*slot`; on failure records why and returns 0.
static int vt_resolve(void *handle, const char *name, void **slot, struct vt_library *library) {
    *slot = dlsym(handle, name);
    if (*slot == NULL) snprintf(library->reason, sizeof library->reason, "%s lacks %s", library->name, name);
    return *slot != NULL;
}

// Every table entry is a function pointer; dlsym returns a data pointer, which POSIX guarantees can
// be converted to one.
#define VT_RESOLVE(handle, name, field, library) vt_resolve(handle, name, (void **)&(field), library)

static struct vt_library vt_heif_library = {
    "libheif", "libheif.so.1", "libheif.1.dylib", "HEIF needs libheif (Debian: apt-get install libheif1)", PTHREAD_ONCE_INIT, 0, ""};
static struct vt_heif_functions vt_heif_table;

static void vt_load_heif(void) {
    struct vt_library *l = &vt_heif_library;
    void *h = vt_open_library(l);
    if (h == NULL) return;
    struct vt_heif_functions *t = &vt_heif_table;
    if (!(VT_RESOLVE(h, "heif_init", t->init, l) && VT_RESOLVE(h, "heif_context_alloc", t->context_alloc, l) &&
          VT_RESOLVE(h, "heif_context_free", t->context_free, l) &&
          VT_RESOLVE(h, "heif_context_read_from_memory_without_copy", t->read_from_memory_without_copy, l) &&
          VT_RESOLVE(h, "heif_context_get_primary_image_handle", t->primary_image_handle, l) &&
          VT_RESOLVE(h, "heif_image_handle_get_width", t->handle_width, l) &&
          VT_RESOLVE(h, "heif_image_handle_get_height", t->handle_height, l) &&
          VT_RESOLVE(h, "heif_image_handle_has_alpha_channel", t->handle_has_alpha, l) &&
          VT_RESOLVE(h, "heif_image_handle_release", t->handle_release, l) &&
          VT_RESOLVE(h, "heif_decode_image", t->decode_image, l) &&
          VT_RESOLVE(h, "heif_image_get_width", t->image_width, l) &&
          VT_RESOLVE(h, "heif_image_get_height", t->image_height, l) &&
          VT_RESOLVE(h, "heif_image_get_plane_readonly", t->plane, l) &&
          VT_RESOLVE(h, "heif_image_release", t->image_release, l))) {
        return;
    }
    // Registers libheif's decoder plugins; counted, and never undone (the library stays loaded).
    struct vt_heif_error status = t->init(NULL);
    if (status.code != 0) {
        snprintf(l->reason, sizeof l->reason, "libheif failed to start: %s", status.message);
        return;
    }
    l->loaded = 1;
}

const struct vt_heif_functions *vt_heif(char *error, size_t error_size) {
    return vt_loaded(&vt_heif_library, vt_load_heif, error, error_size) ? &vt_heif_table : NULL;
}

static struct vt_library vt_webp_library = {
    "libwebp", "libwebp.so.7", "libwebp.7.dylib", "WebP needs libwebp (Debian: apt-get install libwebp7)", PTHREAD_ONCE_INIT, 0, ""};
static struct vt_webp_functions vt_webp_table;

static void vt_load_webp(void) {
    struct vt_library *l = &vt_webp_library;
    void *h = vt_open_library(l);
    if (h == NULL) return;
    struct vt_webp_functions *t = &vt_webp_table;
    if (VT_RESOLVE(h, "WebPGetFeaturesInternal", t->features, l) && VT_RESOLVE(h, "WebPDecodeRGBInto", t->decode_rgb_into, l) &&
        VT_RESOLVE(h, "WebPDecodeRGBAInto", t->decode_rgba_into, l)) {
        l->loaded = 1;
    }
}

const struct vt_webp_functions *vt_webp(char *error, size_t error_size) {
    return vt_loaded(&vt_webp_library, vt_load_webp, error, error_size) ? &vt_webp_table : NULL;
}
