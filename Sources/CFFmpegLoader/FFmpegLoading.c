// Opens FFmpeg's shared libraries by soname on first use and fills the table of function
// addresses that the trampolines (FFmpegTrampolines.c) forward to. See CFFmpegLoader.h for why.
// Compiled only with the package trait FFmpeg (VT_FFMPEG_TRAIT): SwiftPM builds every target,
// and a build without the trait reads no FFmpeg header.
#ifdef VT_FFMPEG_TRAIT
#include "CFFmpegLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavdevice/version.h>

#include "CLibraryLoading.h"
#include "FFmpegSymbols.h"

#define VT_STRINGIFY_(x) #x
#define VT_STRINGIFY(x) VT_STRINGIFY_(x)
#if defined(__APPLE__)
#define VT_SONAME(name, major) "lib" name "." VT_STRINGIFY(major) ".dylib"
#else
#define VT_SONAME(name, major) "lib" name ".so." VT_STRINGIFY(major)
#endif

/// Sonames of the major versions the headers declare (an ABI-compatible library), by library.
static const char *const vt_sonames[VT_FFMPEG_LIBRARY_COUNT] = {
    [VT_AVUTIL] = VT_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
    [VT_SWSCALE] = VT_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR),
    [VT_AVCODEC] = VT_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
    [VT_AVFORMAT] = VT_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
};

static pthread_once_t vt_once = PTHREAD_ONCE_INIT;
static struct vt_ffmpeg_functions vt_functions;
static int vt_status = -1;       // written once, inside pthread_once
static char vt_error[512] = "";  // why loading failed, when vt_status != 0

/// Records why loading failed: `what` (may be empty), then dlerror's text (which names the library).
static void vt_fail(const char *what) {
    const char *reason = dlerror();
    snprintf(vt_error, sizeof vt_error, "%s%s", what, reason != NULL ? reason : "unknown reason");
}

/// A library of FFmpeg's by soname (on a Mac, the same name in Homebrew's folders too).
static void *vt_open(const char *soname) {
    // RTLD_LOCAL: the ~150 libraries stay out of the process's global scope, which every symbol
    // look-up of every later library walks first (libavdevice, loaded later on demand, still gets
    // these same copies: the loader matches its dependencies by soname).
    return vt_dlopen_by_name(soname, soname, RTLD_NOW | RTLD_LOCAL);
}

static void vt_load_once(void) {
    void *handles[VT_FFMPEG_LIBRARY_COUNT];
    for (int library = 0; library < VT_FFMPEG_LIBRARY_COUNT; library++) {
        handles[library] = vt_open(vt_sonames[library]);
        if (handles[library] == NULL) {
            vt_fail("");
            return;
        }
    }
    // Every table entry is a function pointer; dlsym returns a data pointer, which POSIX
    // guarantees can be converted to one.
#define VT_RESOLVE(library, name)                                                 \
    vt_functions.name = (__typeof__(&name))dlsym(handles[library], #name);        \
    if (vt_functions.name == NULL) {                                              \
        vt_fail("cannot find " #name ": ");                                       \
        return;                                                                   \
    }
    VT_FFMPEG_FUNCTIONS(VT_RESOLVE)
#undef VT_RESOLVE
    vt_status = 0;
}

int vt_ffmpeg_load(char *error, size_t size) {
    pthread_once(&vt_once, vt_load_once);
    if (vt_status != 0 && error != NULL && size > 0) snprintf(error, size, "%s", vt_error);
    return vt_status;
}

__attribute__((visibility("hidden")))
const struct vt_ffmpeg_functions *vt_ffmpeg_functions(void) {
    if (vt_ffmpeg_load(NULL, 0) != 0) {
        fprintf(stderr, "VideoIO: FFmpeg was called before it was loaded, and loading it failed: %s\n", vt_error);
        abort();
    }
    return &vt_functions;
}

int vt_ffmpeg_register_devices(void) {
    const char *soname = VT_SONAME("avdevice", LIBAVDEVICE_VERSION_MAJOR);
    void *library = vt_dlopen_by_name(soname, soname, RTLD_NOW | RTLD_GLOBAL);
    if (library == NULL) return -1;
    void (*register_all)(void) = (void (*)(void))dlsym(library, "avdevice_register_all");
    if (register_all == NULL) return -1;
    register_all();
    return 0;
}

#endif  // VT_FFMPEG_TRAIT
