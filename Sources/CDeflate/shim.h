// libdeflate from Debian's libdeflate-dev: whole-buffer zlib decompression, DEFLATE compression at
// PNG levels other than 1, CRC-32 and Adler-32. Only the Imaging module (the PNG reader and
// writer) imports this.
#include <libdeflate.h>
