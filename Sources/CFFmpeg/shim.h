// FFmpeg (libavformat, libavcodec, libavdevice, libswscale, libavutil) from Debian's -dev packages.
// Only the VideoIO module imports this. Nothing here is linked: the libraries are loaded on first
// use by CFFmpegLoader (vt_ffmpeg_load), libavdevice only on first use of a capture device
// (vt_ffmpeg_register_devices). libavcodec alone pulls in about 125 more shared libraries, and
// libavdevice about 80 more (SDL, X11, PulseAudio, libavfilter, ...); linking them added tens of
// milliseconds to every process start.
//
// Swift cannot import function-like or composite macros, so the few that VideoIO needs are wrapped
// in the static inline functions below.
#ifndef VT_CFFMPEG_SHIM_H
#define VT_CFFMPEG_SHIM_H

#include <errno.h>
#include <stdint.h>
#include <time.h>
#include <libavcodec/avcodec.h>
#include <libavdevice/avdevice.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

/// AVERROR(EAGAIN): the codec needs more input (or output must be drained first).
static inline int vt_averror_eagain(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: end of file or of a drained codec.
static inline int vt_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR_INVALIDDATA: the input is not valid for the demuxer or decoder.
static inline int vt_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
/// AVERROR_DECODER_NOT_FOUND.
static inline int vt_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
/// AVERROR(ENOENT): no such file.
static inline int vt_averror_enoent(void) { return AVERROR(ENOENT); }
/// AVERROR(EACCES): permission denied.
static inline int vt_averror_eacces(void) { return AVERROR(EACCES); }
/// AVERROR(ENOMEM): out of memory.
static inline int vt_averror_enomem(void) { return AVERROR(ENOMEM); }
/// AVERROR_EXIT: a blocking call was interrupted by the interrupt callback.
static inline int vt_averror_exit(void) { return AVERROR_EXIT; }
/// AV_NOPTS_VALUE: no timestamp.
static inline int64_t vt_nopts_value(void) { return AV_NOPTS_VALUE; }

/// A wall-clock deadline for blocking demuxer calls (network streams, devices): the interrupt
/// callback aborts the call once `deadline_ns` (CLOCK_MONOTONIC) has passed (0 disables it), or
/// once another thread has called `vt_deadline_request_stop`.
typedef struct {
    int64_t deadline_ns;
    int stop_requested;  // accessed only atomically, through the functions below
} vt_deadline;

static inline int64_t vt_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/// Makes every later (and the current) blocking call on the context fail with AVERROR_EXIT.
static inline void vt_deadline_request_stop(vt_deadline *deadline) {
    __atomic_store_n(&deadline->stop_requested, 1, __ATOMIC_SEQ_CST);
}

static inline int vt_deadline_stop_requested(const vt_deadline *deadline) {
    return __atomic_load_n(&deadline->stop_requested, __ATOMIC_SEQ_CST);
}

static int vt_deadline_passed(void *opaque) {
    const vt_deadline *deadline = (const vt_deadline *)opaque;
    if (deadline == NULL) return 0;
    if (vt_deadline_stop_requested(deadline)) return 1;
    return deadline->deadline_ns != 0 && vt_monotonic_ns() > deadline->deadline_ns;
}

/// Installs `deadline` as the interrupt callback of `context` (which must outlive it).
static inline void vt_set_interrupt_deadline(AVFormatContext *context, vt_deadline *deadline) {
    context->interrupt_callback.callback = vt_deadline_passed;
    context->interrupt_callback.opaque = deadline;
}

#endif
