// Definitions of the FFmpeg functions VideoIO calls, with the headers' names and signatures, so
// that VideoIO links against these instead of FFmpeg's libraries. Each forwards to the real
// function loaded by FFmpegLoading.c. See CFFmpegLoader.h for why.
//
// They are hidden (not exported from the executable), so that the real libraries' own calls
// between each other, e.g. libavcodec's calls into libavutil, never bind to these.
// Compiled only with the package trait FFmpeg (VT_FFMPEG_TRAIT): SwiftPM builds every target,
// and a build without the trait reads no FFmpeg header.
#ifdef VT_FFMPEG_TRAIT
#include "FFmpegSymbols.h"

#define VT_TRAMPOLINE __attribute__((visibility("hidden")))
#define VT_REAL (*vt_ffmpeg_functions())

// MARK: libavutil

VT_TRAMPOLINE AVRational av_d2q(double d, int max) { return VT_REAL.av_d2q(d, max); }
VT_TRAMPOLINE void av_dict_free(AVDictionary **m) { VT_REAL.av_dict_free(m); }
VT_TRAMPOLINE int av_dict_set(AVDictionary **pm, const char *key, const char *value, int flags) {
    return VT_REAL.av_dict_set(pm, key, value, flags);
}
VT_TRAMPOLINE AVFrame *av_frame_alloc(void) { return VT_REAL.av_frame_alloc(); }
VT_TRAMPOLINE AVFrame *av_frame_clone(const AVFrame *src) { return VT_REAL.av_frame_clone(src); }
VT_TRAMPOLINE void av_frame_free(AVFrame **frame) { VT_REAL.av_frame_free(frame); }
VT_TRAMPOLINE int av_frame_get_buffer(AVFrame *frame, int align) { return VT_REAL.av_frame_get_buffer(frame, align); }
VT_TRAMPOLINE int av_frame_make_writable(AVFrame *frame) { return VT_REAL.av_frame_make_writable(frame); }
VT_TRAMPOLINE void av_frame_unref(AVFrame *frame) { VT_REAL.av_frame_unref(frame); }
VT_TRAMPOLINE const char *av_get_pix_fmt_name(enum AVPixelFormat pix_fmt) { return VT_REAL.av_get_pix_fmt_name(pix_fmt); }
VT_TRAMPOLINE void av_log_set_level(int level) { VT_REAL.av_log_set_level(level); }
VT_TRAMPOLINE int av_opt_set(void *obj, const char *name, const char *val, int search_flags) {
    return VT_REAL.av_opt_set(obj, name, val, search_flags);
}
VT_TRAMPOLINE int av_strerror(int errnum, char *errbuf, size_t errbuf_size) {
    return VT_REAL.av_strerror(errnum, errbuf, errbuf_size);
}

// MARK: libswscale

VT_TRAMPOLINE void sws_freeContext(struct SwsContext *swsContext) { VT_REAL.sws_freeContext(swsContext); }
VT_TRAMPOLINE struct SwsContext *sws_getCachedContext(struct SwsContext *context, int srcW, int srcH,
                                                      enum AVPixelFormat srcFormat, int dstW, int dstH,
                                                      enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter,
                                                      SwsFilter *dstFilter, const double *param) {
    return VT_REAL.sws_getCachedContext(context, srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter,
                                        dstFilter, param);
}
VT_TRAMPOLINE const int *sws_getCoefficients(int colorspace) { return VT_REAL.sws_getCoefficients(colorspace); }
VT_TRAMPOLINE struct SwsContext *sws_getContext(int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH,
                                                enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter,
                                                SwsFilter *dstFilter, const double *param) {
    return VT_REAL.sws_getContext(srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param);
}
VT_TRAMPOLINE int sws_scale(struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[],
                            int srcSliceY, int srcSliceH, uint8_t *const dst[], const int dstStride[]) {
    return VT_REAL.sws_scale(c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride);
}
VT_TRAMPOLINE int sws_setColorspaceDetails(struct SwsContext *c, const int inv_table[4], int srcRange,
                                           const int table[4], int dstRange, int brightness, int contrast,
                                           int saturation) {
    return VT_REAL.sws_setColorspaceDetails(c, inv_table, srcRange, table, dstRange, brightness, contrast, saturation);
}

// MARK: libavcodec

VT_TRAMPOLINE AVPacket *av_packet_alloc(void) { return VT_REAL.av_packet_alloc(); }
VT_TRAMPOLINE void av_packet_free(AVPacket **pkt) { VT_REAL.av_packet_free(pkt); }
VT_TRAMPOLINE void av_packet_rescale_ts(AVPacket *pkt, AVRational tb_src, AVRational tb_dst) {
    VT_REAL.av_packet_rescale_ts(pkt, tb_src, tb_dst);
}
VT_TRAMPOLINE void av_packet_unref(AVPacket *pkt) { VT_REAL.av_packet_unref(pkt); }
VT_TRAMPOLINE AVCodecContext *avcodec_alloc_context3(const AVCodec *codec) {
    return VT_REAL.avcodec_alloc_context3(codec);
}
VT_TRAMPOLINE const AVCodec *avcodec_find_encoder(enum AVCodecID id) { return VT_REAL.avcodec_find_encoder(id); }
VT_TRAMPOLINE const AVCodec *avcodec_find_encoder_by_name(const char *name) {
    return VT_REAL.avcodec_find_encoder_by_name(name);
}
VT_TRAMPOLINE void avcodec_free_context(AVCodecContext **avctx) { VT_REAL.avcodec_free_context(avctx); }
VT_TRAMPOLINE const char *avcodec_get_name(enum AVCodecID id) { return VT_REAL.avcodec_get_name(id); }
VT_TRAMPOLINE int avcodec_open2(AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options) {
    return VT_REAL.avcodec_open2(avctx, codec, options);
}
VT_TRAMPOLINE int avcodec_parameters_from_context(AVCodecParameters *par, const AVCodecContext *codec) {
    return VT_REAL.avcodec_parameters_from_context(par, codec);
}
VT_TRAMPOLINE int avcodec_parameters_to_context(AVCodecContext *codec, const AVCodecParameters *par) {
    return VT_REAL.avcodec_parameters_to_context(codec, par);
}
VT_TRAMPOLINE int avcodec_receive_frame(AVCodecContext *avctx, AVFrame *frame) {
    return VT_REAL.avcodec_receive_frame(avctx, frame);
}
VT_TRAMPOLINE int avcodec_receive_packet(AVCodecContext *avctx, AVPacket *avpkt) {
    return VT_REAL.avcodec_receive_packet(avctx, avpkt);
}
VT_TRAMPOLINE int avcodec_send_frame(AVCodecContext *avctx, const AVFrame *frame) {
    return VT_REAL.avcodec_send_frame(avctx, frame);
}
VT_TRAMPOLINE int avcodec_send_packet(AVCodecContext *avctx, const AVPacket *avpkt) {
    return VT_REAL.avcodec_send_packet(avctx, avpkt);
}

// MARK: libavformat

VT_TRAMPOLINE int av_find_best_stream(AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb,
                                      int related_stream, const AVCodec **decoder_ret, int flags) {
    return VT_REAL.av_find_best_stream(ic, type, wanted_stream_nb, related_stream, decoder_ret, flags);
}
VT_TRAMPOLINE const AVInputFormat *av_find_input_format(const char *short_name) {
    return VT_REAL.av_find_input_format(short_name);
}
VT_TRAMPOLINE int av_interleaved_write_frame(AVFormatContext *s, AVPacket *pkt) {
    return VT_REAL.av_interleaved_write_frame(s, pkt);
}
VT_TRAMPOLINE int av_read_frame(AVFormatContext *s, AVPacket *pkt) { return VT_REAL.av_read_frame(s, pkt); }
VT_TRAMPOLINE int av_write_trailer(AVFormatContext *s) { return VT_REAL.av_write_trailer(s); }
VT_TRAMPOLINE AVFormatContext *avformat_alloc_context(void) { return VT_REAL.avformat_alloc_context(); }
VT_TRAMPOLINE int avformat_alloc_output_context2(AVFormatContext **ctx, const AVOutputFormat *oformat,
                                                 const char *format_name, const char *filename) {
    return VT_REAL.avformat_alloc_output_context2(ctx, oformat, format_name, filename);
}
VT_TRAMPOLINE void avformat_close_input(AVFormatContext **s) { VT_REAL.avformat_close_input(s); }
VT_TRAMPOLINE int avformat_find_stream_info(AVFormatContext *ic, AVDictionary **options) {
    return VT_REAL.avformat_find_stream_info(ic, options);
}
VT_TRAMPOLINE void avformat_free_context(AVFormatContext *s) { VT_REAL.avformat_free_context(s); }
VT_TRAMPOLINE int avformat_index_get_entries_count(const AVStream *st) {
    return VT_REAL.avformat_index_get_entries_count(st);
}
VT_TRAMPOLINE const AVIndexEntry *avformat_index_get_entry(AVStream *st, int idx) {
    return VT_REAL.avformat_index_get_entry(st, idx);
}
VT_TRAMPOLINE AVStream *avformat_new_stream(AVFormatContext *s, const AVCodec *c) {
    return VT_REAL.avformat_new_stream(s, c);
}
VT_TRAMPOLINE int avformat_open_input(AVFormatContext **ps, const char *url, const AVInputFormat *fmt,
                                      AVDictionary **options) {
    return VT_REAL.avformat_open_input(ps, url, fmt, options);
}
VT_TRAMPOLINE int avformat_write_header(AVFormatContext *s, AVDictionary **options) {
    return VT_REAL.avformat_write_header(s, options);
}
VT_TRAMPOLINE int avio_closep(AVIOContext **s) { return VT_REAL.avio_closep(s); }
VT_TRAMPOLINE int avio_open(AVIOContext **s, const char *url, int flags) { return VT_REAL.avio_open(s, url, flags); }
VT_TRAMPOLINE int64_t avio_size(AVIOContext *s) { return VT_REAL.avio_size(s); }

#endif  // VT_FFMPEG_TRAIT
