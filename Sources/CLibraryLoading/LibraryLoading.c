// See CLibraryLoading.h.
#include "CLibraryLoading.h"

#include <dlfcn.h>
#include <stdio.h>

void *vt_dlopen_by_name(const char *linux_soname, const char *mac_name, int flags) {
#if defined(__APPLE__)
    const char *const folders[] = {"", "/opt/homebrew/lib/", "/usr/local/lib/"};
    for (size_t i = 0; i < sizeof folders / sizeof folders[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s%s", folders[i], mac_name);
        void *handle = dlopen(path, flags);
        if (handle != NULL) return handle;
    }
    (void)linux_soname;
    return NULL;
#else
    (void)mac_name;
    return dlopen(linux_soname, flags);
#endif
}
