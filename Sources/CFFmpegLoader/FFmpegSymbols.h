// The FFmpeg functions VideoIO calls, grouped by the library that defines them, and the table of
// their addresses once loaded. Internal to CFFmpegLoader.
//
// To call a new FFmpeg function from VideoIO: add it to the list below and define its trampoline
// in FFmpegTrampolines.c (the link fails with an undefined symbol until you do).
#ifndef VT_FFMPEG_SYMBOLS_H
#define VT_FFMPEG_SYMBOLS_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

/// The libraries, in load order (each one's dependencies come first).
enum vt_ffmpeg_library {
    VT_AVUTIL,
    VT_SWSCALE,
    VT_AVCODEC,
    VT_AVFORMAT,
    VT_FFMPEG_LIBRARY_COUNT,
};

/// X-macro: `X(library, function)` for every FFmpeg function VideoIO calls.
#define VT_FFMPEG_FUNCTIONS(X) \
    X(VT_AVUTIL, av_d2q) \
    X(VT_AVUTIL, av_dict_free) \
    X(VT_AVUTIL, av_dict_set) \
    X(VT_AVUTIL, av_frame_alloc) \
    X(VT_AVUTIL, av_frame_clone) \
    X(VT_AVUTIL, av_frame_free) \
    X(VT_AVUTIL, av_frame_get_buffer) \
    X(VT_AVUTIL, av_frame_make_writable) \
    X(VT_AVUTIL, av_frame_unref) \
    X(VT_AVUTIL, av_get_pix_fmt_name) \
    X(VT_AVUTIL, av_log_set_level) \
    X(VT_AVUTIL, av_opt_set) \
    X(VT_AVUTIL, av_strerror) \
    X(VT_SWSCALE, sws_freeContext) \
    X(VT_SWSCALE, sws_getCachedContext) \
    X(VT_SWSCALE, sws_getCoefficients) \
    X(VT_SWSCALE, sws_getContext) \
    X(VT_SWSCALE, sws_scale) \
    X(VT_SWSCALE, sws_setColorspaceDetails) \
    X(VT_AVCODEC, av_packet_alloc) \
    X(VT_AVCODEC, av_packet_free) \
    X(VT_AVCODEC, av_packet_rescale_ts) \
    X(VT_AVCODEC, av_packet_unref) \
    X(VT_AVCODEC, avcodec_alloc_context3) \
    X(VT_AVCODEC, avcodec_find_encoder) \
    X(VT_AVCODEC, avcodec_find_encoder_by_name) \
    X(VT_AVCODEC, avcodec_free_context) \
    X(VT_AVCODEC, avcodec_get_name) \
    X(VT_AVCODEC, avcodec_open2) \
    X(VT_AVCODEC, avcodec_parameters_from_context) \
    X(VT_AVCODEC, avcodec_parameters_to_context) \
    X(VT_AVCODEC, avcodec_receive_frame) \
    X(VT_AVCODEC, avcodec_receive_packet) \
    X(VT_AVCODEC, avcodec_send_frame) \
    X(VT_AVCODEC, avcodec_send_packet) \
    X(VT_AVFORMAT, av_find_best_stream) \
    X(VT_AVFORMAT, av_find_input_format) \
    X(VT_AVFORMAT, av_interleaved_write_frame) \
    X(VT_AVFORMAT, av_read_frame) \
    X(VT_AVFORMAT, av_write_trailer) \
    X(VT_AVFORMAT, avformat_alloc_context) \
    X(VT_AVFORMAT, avformat_alloc_output_context2) \
    X(VT_AVFORMAT, avformat_close_input) \
    X(VT_AVFORMAT, avformat_find_stream_info) \
    X(VT_AVFORMAT, avformat_free_context) \
    X(VT_AVFORMAT, avformat_index_get_entries_count) \
    X(VT_AVFORMAT, avformat_index_get_entry) \
    X(VT_AVFORMAT, avformat_new_stream) \
    X(VT_AVFORMAT, avformat_open_input) \
    X(VT_AVFORMAT, avformat_write_header) \
    X(VT_AVFORMAT, avio_closep) \
    X(VT_AVFORMAT, avio_open) \
    X(VT_AVFORMAT, avio_size)

/// The real functions' addresses, with the exact types the headers declare.
struct vt_ffmpeg_functions {
#define VT_FUNCTION_POINTER(library, name) __typeof__(&name) name;
    VT_FFMPEG_FUNCTIONS(VT_FUNCTION_POINTER)
#undef VT_FUNCTION_POINTER
};

/// The loaded functions. Only trampolines call this, and VideoIO reaches a trampoline only after
/// `vt_ffmpeg_load` succeeded; should one be reached anyway, this loads FFmpeg, and if that fails it
/// prints why and aborts (there is no value a trampoline could return instead).
const struct vt_ffmpeg_functions *vt_ffmpeg_functions(void);

#endif
