// XNNPACK and pthreadpool from Debian's libxnnpack-dev and libpthreadpool-dev (2022 snapshot).
// Only the Inference module imports this; no XNNPACK type appears in a public API.
#include <xnnpack.h>
#include <pthreadpool.h>
