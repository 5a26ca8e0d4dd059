// Loads FFmpeg on first use instead of at process start.
//
// Why: Debian's libavcodec depends on ~125 more shared libraries (libjxl, dav1d, x265, ...), and
// linking it made every start of `vision-tasks` (even `inspect` or an image-only run) spend ~45 ms
// in the dynamic loader. VideoIO therefore does not link FFmpeg: this target defines every FFmpeg
// function VideoIO calls, under the same name and signature, as a trampoline that forwards to the
// real function, which is looked up in the library loaded by `vt_ffmpeg_load` (FFmpegLoading.c).
//
// Only the VideoIO module imports this; it calls `vt_ffmpeg_load` before its first FFmpeg call.
#ifndef VT_CFFMPEG_LOADER_H
#define VT_CFFMPEG_LOADER_H

#include <stddef.h>

/// Loads libavutil, libswscale, libavcodec and libavformat (the major versions of the headers
/// VideoIO was built with) and resolves every function VideoIO uses. Runs once per process; later
/// calls return the first call's outcome. Thread-safe.
///
/// Returns 0 on success. On failure returns -1 and writes a NUL-terminated reason (the missing
/// library or symbol, from dlerror) into `error`, truncated to `size` bytes; `error` may be NULL
/// when `size` is 0.
int vt_ffmpeg_load(char *error, size_t size);

/// Loads libavdevice (the major version the headers declare; about 80 more shared libraries:
/// SDL, X11, PulseAudio, ...) and registers its capture inputs (video4linux2, ...), for the first
/// capture device a process opens. Returns 0 on success, -1 if the library or its entry point is
/// missing. Call once, after `vt_ffmpeg_load` succeeded.
int vt_ffmpeg_register_devices(void);

#endif
