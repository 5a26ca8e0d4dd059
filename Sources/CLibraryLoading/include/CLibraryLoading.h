// Opening a shared library by its name, the one way the package does it: FFmpeg's libraries
// (CFFmpegLoader) and libheif and libwebp (CImageFormats) are all loaded on first use.
#ifndef VT_CLIBRARY_LOADING_H
#define VT_CLIBRARY_LOADING_H

/// dlopen with `flags`: on Linux by `linux_soname`; on a Mac by `mac_name` through dlopen's
/// default search, then in Homebrew's library folders (Apple silicon, then Intel), which that
/// search leaves out. NULL when not found, with dlerror() saying why.
void *vt_dlopen_by_name(const char *linux_soname, const char *mac_name, int flags);

#endif
