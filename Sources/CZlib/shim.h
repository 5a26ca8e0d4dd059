// zlib from Debian's zlib1g-dev. Only the TFLite module (bundle reading) imports this.
#include <zlib.h>
