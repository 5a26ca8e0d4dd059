// The panel layout of the 1×1 convolution (PointwiseConvolutionPanels.c), used by
// PointwiseConvolution.c for 16 or more output channels other than 24 and 40.
#ifndef CFASTKERNELS_POINTWISE_H
#define CFASTKERNELS_POINTWISE_H

#include "CFastKernels.h"
#include "Dispatch.h"
#include "Epilogue.h"

size_t fk_pointwise_panels_packed_count(size_t lanes, size_t input_channels, size_t output_channels);
void fk_pointwise_panels_pack(size_t lanes, size_t input_channels, size_t output_channels, const float *weights,
                              const float *bias, float *packed);
void fk_pointwise_panels_pixels(const fk_pointwise *op, size_t start, size_t end);
/// Pixels per register block for a convolution of this many pixels: 8 if they divide it, else 7.
size_t fk_pointwise_panels_block_pixels(size_t pixels);

#endif
