// Floats in [0, 1] to bytes as iOS's MediaPipe converts a float mask: `(uint8_t)(value × 255)`,
// truncated toward zero, made total by clamping to [0, 255] first (NaN → 0). The loop has no
// branches, so it vectorizes on any processor.
#include "CPixelKernels.h"

void vt_unit_floats_to_bytes(const float *values, uint8_t *bytes, size_t count) {
    for (size_t i = 0; i < count; i++) {
        float scaled = values[i] * 255.0f;
        scaled = scaled > 0.0f ? scaled : 0.0f;  // NaN too
        scaled = scaled < 255.0f ? scaled : 255.0f;
        bytes[i] = (uint8_t)(int32_t)scaled;
    }
}
