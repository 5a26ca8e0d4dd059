// libdeflate from Debian's libdeflate-dev: whole-buffer zlib decompression, DEFLATE compression at
// PNG levels other than 1, CRC-32 and Adler-32. The Imaging module (the PNG reader and writer) and
// the TFLite module (the CRC-32 of a bundle's members) import this.
#include <libdeflate.h>
