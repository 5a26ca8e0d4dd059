// libdeflate from Debian's libdeflate-dev: whole-buffer zlib decompression and CRC-32. Only the
// Imaging module (the direct PNG decoder) imports this.
#include <libdeflate.h>
