#!/usr/bin/env python3
"""Builds one-op .tflite models for every op variant the MediaPipe models use, runs them in LiteRT
and records the outputs under Tests/Fixtures/litert-ops/.

Each case is a real TFLite flatbuffer written with the schema bindings shipped in ai-edge-litert
(`<case>.tflite`, a few hundred bytes to a few KB), so the Swift tests can push it through our
reader, graph builder and kernels exactly like a MediaPipe model. Shapes are small and odd on
purpose (odd spatial sizes, channel counts that are not multiples of 8, stride 2 with SAME and
VALID padding), and the options are those listed in Tests/Fixtures/litert/README.md "Op
inventory". Weights of conv-like ops are stored as fp16 behind a DEQUANTIZE, as in the models; one
case stores them sparse (CSR) behind DENSIFY → DEQUANTIZE.

Runtime inputs come from SplitMix64 (seed 1, same formula as the per-model goldens; several inputs
take consecutive values of one stream). Outputs are recorded with LiteRT's reference kernels
(`BUILTIN_REF`, the plainest semantics), and the manifest also gives the largest difference to
LiteRT's default path (XNNPACK delegate).

Run it through scripts/golden/litert-single-ops.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from ai_edge_litert import schema_py_generated as S
from ai_edge_litert.interpreter import Interpreter, OpResolverType
from ai_edge_litert.tools import flatbuffer_utils

sys.path.insert(0, str(Path(__file__).resolve().parent))
from litert_models import check_generator, fnv1a64, seeded_floats  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests" / "Fixtures" / "litert-ops"
SEED = 1
README_TEXT = ""

ACT = {"NONE": 0, "RELU": 1, "RELU6": 3}
PAD = {"SAME": 0, "VALID": 1}


# --- a tiny graph builder -------------------------------------------------------------------------

@dataclass
class Graph:
    tensors: list = field(default_factory=list)
    buffers: list = field(default_factory=lambda: [S.BufferT()])  # buffer 0: the empty buffer
    operators: list = field(default_factory=list)
    opcodes: list = field(default_factory=list)
    inputs: list = field(default_factory=list)
    outputs: list = field(default_factory=list)
    ranges: list = field(default_factory=list)  # (low, high) per graph input
    const_rng: int = 1000

    def tensor(self, name: str, shape, dtype=S.TensorType.FLOAT32, data: bytes | None = None,
               sparsity=None) -> int:
        t = S.TensorT()
        t.name = name.encode()
        t.shape = [int(s) for s in shape]
        t.type = dtype
        t.buffer = 0
        if data is not None:
            b = S.BufferT()
            b.data = np.frombuffer(data, dtype=np.uint8).copy()
            self.buffers.append(b)
            t.buffer = len(self.buffers) - 1
        t.sparsity = sparsity
        self.tensors.append(t)
        return len(self.tensors) - 1

    def input(self, name: str, shape, low: float, high: float) -> int:
        index = self.tensor(name, shape)
        self.inputs.append(index)
        self.ranges.append((low, high))
        return index

    def const_values(self, count: int, low: float, high: float) -> np.ndarray:
        self.const_rng += 1
        return seeded_floats(self.const_rng, count, low, high)

    def const(self, name: str, values, dtype=np.float32) -> int:
        array = np.asarray(values, dtype=dtype)
        type_code = {np.dtype(np.float32): S.TensorType.FLOAT32, np.dtype(np.int32): S.TensorType.INT32,
                     np.dtype(np.float16): S.TensorType.FLOAT16}[array.dtype]
        return self.tensor(name, array.shape, type_code, array.astype(array.dtype.newbyteorder("<")).tobytes())

    def fp16_weight(self, name: str, shape, low: float, high: float) -> int:
        """fp16 constant + DEQUANTIZE, as the MediaPipe models store their weights."""
        values = self.const_values(int(np.prod(shape)), low, high).reshape(shape).astype(np.float16)
        half = self.const(name + "_fp16", values, np.float16)
        full = self.tensor(name, shape)
        self.op(S.BuiltinOperator.DEQUANTIZE, [half], [full])
        return full

    def sparse_fp16_weight(self, name: str, shape, low: float, high: float, density: float) -> int:
        """Sparse fp16 constant (dims DENSE,DENSE,DENSE,CSR; uint8 index vectors) + DENSIFY +
        DEQUANTIZE, as in face_detection_full_range_sparse and pose_detection."""
        rows, cols = int(np.prod(shape[:-1])), int(shape[-1])
        values = self.const_values(rows * cols, low, high).reshape(rows, cols)
        keep = self.const_values(rows * cols, 0.0, 1.0).reshape(rows, cols) < density
        dense = np.where(keep, values, 0.0).astype(np.float16)
        segments, indices, nonzero = [0], [], []
        for r in range(rows):
            cols_kept = np.nonzero(dense[r])[0]
            indices += cols_kept.tolist()
            nonzero += dense[r, cols_kept].tolist()
            segments.append(len(indices))
        assert segments[-1] < 256 and cols < 256, "uint8 index vectors"
        sp = S.SparsityParametersT()
        sp.traversalOrder = [0, 1, 2, 3]
        sp.blockMap = None
        sp.dimMetadata = []
        for d in shape[:-1]:
            dm = S.DimensionMetadataT()
            dm.format = S.DimensionType.DENSE
            dm.denseSize = int(d)
            sp.dimMetadata.append(dm)
        csr = S.DimensionMetadataT()
        csr.format = S.DimensionType.SPARSE_CSR
        csr.arraySegmentsType = S.SparseIndexVector.Uint8Vector
        csr.arraySegments = S.Uint8VectorT()
        csr.arraySegments.values = segments
        csr.arrayIndicesType = S.SparseIndexVector.Uint8Vector
        csr.arrayIndices = S.Uint8VectorT()
        csr.arrayIndices.values = indices
        sp.dimMetadata.append(csr)
        packed = np.asarray(nonzero, dtype="<f2").tobytes()
        sparse = self.tensor(name + "_sparse", shape, S.TensorType.FLOAT16, packed, sparsity=sp)
        half = self.tensor(name + "_fp16", shape, S.TensorType.FLOAT16)
        self.op(S.BuiltinOperator.DENSIFY, [sparse], [half])
        full = self.tensor(name, shape)
        self.op(S.BuiltinOperator.DEQUANTIZE, [half], [full])
        return full

    def op(self, code: int, inputs, outputs, options_type: int = 0, options=None) -> None:
        if code not in self.opcodes:
            self.opcodes.append(code)
        o = S.OperatorT()
        o.opcodeIndex = self.opcodes.index(code)
        o.inputs = list(inputs)
        o.outputs = list(outputs)
        o.builtinOptionsType = options_type
        o.builtinOptions = options
        self.operators.append(o)

    def output(self, index: int) -> int:
        self.outputs.append(index)
        return index

    def to_bytes(self, description: str) -> bytes:
        m = S.ModelT()
        m.version = 3
        m.description = description.encode()
        m.operatorCodes = []
        for code in self.opcodes:
            c = S.OperatorCodeT()
            c.builtinCode = code
            c.deprecatedBuiltinCode = min(code, 127)
            c.version = 1
            m.operatorCodes.append(c)
        g = S.SubGraphT()
        g.tensors, g.operators, g.inputs, g.outputs = self.tensors, self.operators, self.inputs, self.outputs
        g.name = b"main"
        m.subgraphs = [g]
        m.buffers = self.buffers
        return bytes(flatbuffer_utils.convert_object_to_bytearray(m))


def options(cls, **fields):
    o = cls()
    for k, v in fields.items():
        if not hasattr(o, k):
            raise AttributeError(f"{cls.__name__} has no field {k}")
        setattr(o, k, v)
    return o


# --- the cases ------------------------------------------------------------------------------------

def conv(name, x_shape, out_ch, k, stride, padding, act="NONE", sparse=False):
    g = Graph()
    x = g.input("x", x_shape, -1.0, 1.0)
    w_shape = [out_ch, k[0], k[1], x_shape[3]]
    w = (g.sparse_fp16_weight("w", w_shape, -0.5, 0.5, 0.35) if sparse
         else g.fp16_weight("w", w_shape, -0.5, 0.5))
    b = g.fp16_weight("b", [out_ch], -0.2, 0.2)
    y = g.tensor("y", [1, 1, 1, out_ch])  # placeholder: `with_inferred_shapes` writes the real one
    g.op(S.BuiltinOperator.CONV_2D, [x, w, b], [y], S.BuiltinOptions.Conv2DOptions,
         options(S.Conv2DOptionsT, padding=PAD[padding], strideH=stride, strideW=stride,
                 fusedActivationFunction=ACT[act], dilationHFactor=1, dilationWFactor=1))
    g.output(y)
    return name, g


def depthwise(name, x_shape, k, stride, padding, act="NONE"):
    g = Graph()
    x = g.input("x", x_shape, -1.0, 1.0)
    c = x_shape[3]
    w = g.fp16_weight("w", [1, k, k, c], -0.5, 0.5)
    b = g.fp16_weight("b", [c], -0.2, 0.2)
    y = g.tensor("y", [1, 1, 1, c])  # placeholder: `with_inferred_shapes` writes the real one
    g.op(S.BuiltinOperator.DEPTHWISE_CONV_2D, [x, w, b], [y], S.BuiltinOptions.DepthwiseConv2DOptions,
         options(S.DepthwiseConv2DOptionsT, padding=PAD[padding], strideH=stride, strideW=stride,
                 depthMultiplier=1, fusedActivationFunction=ACT[act], dilationHFactor=1, dilationWFactor=1))
    g.output(y)
    return name, g


BINARY = {
    "ADD": (S.BuiltinOperator.ADD, S.BuiltinOptions.AddOptions, S.AddOptionsT),
    "SUB": (S.BuiltinOperator.SUB, S.BuiltinOptions.SubOptions, S.SubOptionsT),
    "MUL": (S.BuiltinOperator.MUL, S.BuiltinOptions.MulOptions, S.MulOptionsT),
    "DIV": (S.BuiltinOperator.DIV, S.BuiltinOptions.DivOptions, S.DivOptionsT),
    "SQUARED_DIFFERENCE": (S.BuiltinOperator.SQUARED_DIFFERENCE, S.BuiltinOptions.SquaredDifferenceOptions,
                           S.SquaredDifferenceOptionsT),
}


def binary(name, op, a_shape, b_shape, act="NONE", b_const=False, a_range=(-1.0, 1.0), b_range=(-1.0, 1.0)):
    g = Graph()
    code, opt_type, opt_cls = BINARY[op]
    a = g.input("a", a_shape, *a_range)
    if b_const:
        b = g.fp16_weight("b", b_shape, *b_range)
    else:
        b = g.input("b", b_shape, *b_range)
    out_shape = list(np.broadcast_shapes(tuple(a_shape), tuple(b_shape)))
    y = g.tensor("y", out_shape)
    opt = opt_cls()
    if hasattr(opt, "fusedActivationFunction"):
        opt.fusedActivationFunction = ACT[act]
    g.op(code, [a, b], [y], opt_type, opt)
    g.output(y)
    return name, g


def unary(name, code, shape, low, high, opt_type=0, opt=None):
    g = Graph()
    x = g.input("x", shape, low, high)
    y = g.tensor("y", shape)
    g.op(code, [x], [y], opt_type, opt)
    g.output(y)
    return name, g


def prelu(name, shape):
    g = Graph()
    x = g.input("x", shape, -1.0, 1.0)
    alpha = g.fp16_weight("alpha", [1, 1, shape[3]], -0.5, 0.5)
    y = g.tensor("y", shape)
    g.op(S.BuiltinOperator.PRELU, [x, alpha], [y])
    g.output(y)
    return name, g


def reduce(name, op, shape, axes, keep_dims=True):
    g = Graph()
    x = g.input("x", shape, -1.0, 1.0)
    a = g.const("axes", axes, np.int32)
    out = [1 if (i in [ax % len(shape) for ax in axes]) else d for i, d in enumerate(shape)]
    y = g.tensor("y", out)
    code = {"MEAN": S.BuiltinOperator.MEAN, "SUM": S.BuiltinOperator.SUM}[op]
    g.op(code, [x, a], [y], S.BuiltinOptions.ReducerOptions, options(S.ReducerOptionsT, keepDims=keep_dims))
    g.output(y)
    return name, g


def max_pool(name, shape, filt, stride, padding):
    g = Graph()
    x = g.input("x", shape, -1.0, 1.0)
    y = g.tensor("y", shape)  # placeholder: `with_inferred_shapes` writes the real one
    g.op(S.BuiltinOperator.MAX_POOL_2D, [x], [y], S.BuiltinOptions.Pool2DOptions,
         options(S.Pool2DOptionsT, padding=PAD[padding], strideH=stride, strideW=stride,
                 filterHeight=filt, filterWidth=filt, fusedActivationFunction=0))
    g.output(y)
    return name, g


def pad(name, shape, paddings):
    g = Graph()
    x = g.input("x", shape, -1.0, 1.0)
    p = g.const("paddings", np.asarray(paddings, dtype=np.int32).reshape(len(shape), 2), np.int32)
    out = [d + paddings[2 * i] + paddings[2 * i + 1] for i, d in enumerate(shape)]
    y = g.tensor("y", out)
    g.op(S.BuiltinOperator.PAD, [x, p], [y], S.BuiltinOptions.PadOptions, S.PadOptionsT())
    g.output(y)
    return name, g


def reshape(name, shape, new_shape, out_shape, as_input: bool):
    g = Graph()
    x = g.input("x", shape, -1.0, 1.0)
    ins = [x]
    if as_input:
        ins.append(g.const("shape", new_shape, np.int32))
        opt = S.ReshapeOptionsT()
        opt.newShape = None
    else:
        opt = options(S.ReshapeOptionsT, newShape=list(new_shape))
    y = g.tensor("y", out_shape)
    g.op(S.BuiltinOperator.RESHAPE, ins, [y], S.BuiltinOptions.ReshapeOptions, opt)
    g.output(y)
    return name, g


def concat(name, shapes, axis, const_first=False):
    g = Graph()
    ins = []
    for i, shape in enumerate(shapes):
        if i == 0 and const_first:
            ins.append(g.fp16_weight("c0", shape, -1.0, 1.0))
        else:
            ins.append(g.input(f"x{i}", shape, -1.0, 1.0))
    rank = len(shapes[0])
    ax = axis % rank
    out = list(shapes[0])
    out[ax] = sum(s[ax] for s in shapes)
    y = g.tensor("y", out)
    g.op(S.BuiltinOperator.CONCATENATION, ins, [y], S.BuiltinOptions.ConcatenationOptions,
         options(S.ConcatenationOptionsT, axis=axis, fusedActivationFunction=0))
    g.output(y)
    return name, g


def strided_slice(name, shape, begin, end, strides, begin_mask, end_mask, shrink_axis_mask, out_shape):
    g = Graph()
    x = g.input("x", shape, -1.0, 1.0)
    b, e, s = (g.const(n, v, np.int32) for n, v in (("begin", begin), ("end", end), ("strides", strides)))
    y = g.tensor("y", out_shape)
    g.op(S.BuiltinOperator.STRIDED_SLICE, [x, b, e, s], [y], S.BuiltinOptions.StridedSliceOptions,
         options(S.StridedSliceOptionsT, beginMask=begin_mask, endMask=end_mask, ellipsisMask=0,
                 newAxisMask=0, shrinkAxisMask=shrink_axis_mask, offset=False))
    g.output(y)
    return name, g


def transpose(name, shape, perm):
    g = Graph()
    x = g.input("x", shape, -1.0, 1.0)
    p = g.const("perm", perm, np.int32)
    y = g.tensor("y", [shape[i] for i in perm])
    g.op(S.BuiltinOperator.TRANSPOSE, [x, p], [y], S.BuiltinOptions.TransposeOptions, S.TransposeOptionsT())
    g.output(y)
    return name, g


def resize_bilinear(name, shape, size, align_corners=False, half_pixel_centers=True):
    g = Graph()
    x = g.input("x", shape, -1.0, 1.0)
    s = g.const("size", size, np.int32)
    y = g.tensor("y", [shape[0], size[0], size[1], shape[3]])
    g.op(S.BuiltinOperator.RESIZE_BILINEAR, [x, s], [y], S.BuiltinOptions.ResizeBilinearOptions,
         options(S.ResizeBilinearOptionsT, alignCorners=align_corners, halfPixelCenters=half_pixel_centers))
    g.output(y)
    return name, g


def depth_to_space(name, shape, block):
    g = Graph()
    x = g.input("x", shape, -1.0, 1.0)
    y = g.tensor("y", [shape[0], shape[1] * block, shape[2] * block, shape[3] // (block * block)])
    g.op(S.BuiltinOperator.DEPTH_TO_SPACE, [x], [y], S.BuiltinOptions.DepthToSpaceOptions,
         options(S.DepthToSpaceOptionsT, blockSize=block))
    g.output(y)
    return name, g


def chain(name):
    """A short residual block, as in the detectors: PAD(channels) → ADD, DEPTHWISE → CONV → ADD+RELU."""
    g = Graph()
    x = g.input("x", [1, 9, 9, 6], -1.0, 1.0)
    c = 8
    w1 = g.fp16_weight("dw_w", [1, 3, 3, 6], -0.5, 0.5)
    b1 = g.fp16_weight("dw_b", [6], -0.2, 0.2)
    h1 = g.tensor("dw", [1, 9, 9, 6])
    g.op(S.BuiltinOperator.DEPTHWISE_CONV_2D, [x, w1, b1], [h1], S.BuiltinOptions.DepthwiseConv2DOptions,
         options(S.DepthwiseConv2DOptionsT, padding=PAD["SAME"], strideH=1, strideW=1, depthMultiplier=1,
                 fusedActivationFunction=0, dilationHFactor=1, dilationWFactor=1))
    w2 = g.fp16_weight("pw_w", [c, 1, 1, 6], -0.5, 0.5)
    b2 = g.fp16_weight("pw_b", [c], -0.2, 0.2)
    h2 = g.tensor("pw", [1, 9, 9, c])
    g.op(S.BuiltinOperator.CONV_2D, [h1, w2, b2], [h2], S.BuiltinOptions.Conv2DOptions,
         options(S.Conv2DOptionsT, padding=PAD["VALID"], strideH=1, strideW=1, fusedActivationFunction=0,
                 dilationHFactor=1, dilationWFactor=1))
    p = g.const("paddings", np.asarray([0, 0, 0, 0, 0, 0, 0, c - 6], np.int32).reshape(4, 2), np.int32)
    xp = g.tensor("x_padded", [1, 9, 9, c])
    g.op(S.BuiltinOperator.PAD, [x, p], [xp], S.BuiltinOptions.PadOptions, S.PadOptionsT())
    y = g.tensor("y", [1, 9, 9, c])
    g.op(S.BuiltinOperator.ADD, [h2, xp], [y], S.BuiltinOptions.AddOptions,
         options(S.AddOptionsT, fusedActivationFunction=ACT["RELU"]))
    g.output(y)
    g.output(h1)  # an intermediate as a second output
    return name, g


def cases():
    B = S.BuiltinOperator
    yield conv("conv_k3_s2_same_relu6", [1, 9, 11, 5], 7, (3, 3), 2, "SAME", "RELU6")
    yield conv("conv_k3_s2_valid_relu", [1, 10, 9, 3], 4, (3, 3), 2, "VALID", "RELU")
    yield conv("conv_k3_s1_same", [1, 7, 6, 5], 3, (3, 3), 1, "SAME")
    yield conv("conv_k1_s1_valid", [1, 5, 6, 13], 9, (1, 1), 1, "VALID")
    yield conv("conv_k1_s1_same_relu6", [1, 4, 3, 17], 10, (1, 1), 1, "SAME", "RELU6")
    yield conv("conv_k2_s2_valid", [1, 8, 8, 6], 5, (2, 2), 2, "VALID")
    yield conv("conv_k2_s2_valid_odd", [1, 9, 7, 6], 5, (2, 2), 2, "VALID")
    yield conv("conv_k2_s1_valid", [1, 7, 6, 4], 3, (2, 2), 1, "VALID")
    yield conv("conv_k5_s2_same", [1, 13, 12, 3], 6, (5, 5), 2, "SAME")
    yield conv("conv_k1_sparse_relu", [1, 5, 7, 20], 12, (1, 1), 1, "VALID", "RELU", sparse=True)
    yield depthwise("dw_k3_s1_same_relu6", [1, 9, 7, 10], 3, 1, "SAME", "RELU6")
    yield depthwise("dw_k3_s1_valid", [1, 8, 9, 11], 3, 1, "VALID")
    yield depthwise("dw_k3_s2_valid", [1, 11, 10, 12], 3, 2, "VALID")
    yield depthwise("dw_k3_s2_same_relu6", [1, 10, 11, 9], 3, 2, "SAME", "RELU6")
    yield depthwise("dw_k5_s1_same_relu6", [1, 8, 7, 13], 5, 1, "SAME", "RELU6")
    yield depthwise("dw_k5_s2_valid_relu6", [1, 13, 11, 9], 5, 2, "VALID", "RELU6")
    yield binary("add_same_relu6", "ADD", [1, 5, 6, 7], [1, 5, 6, 7], "RELU6", a_range=(-4, 8), b_range=(-4, 4))
    yield binary("add_same_relu", "ADD", [1, 5, 6, 7], [1, 5, 6, 7], "RELU")
    yield binary("add_scalar_const", "ADD", [1, 1, 5, 1], [], b_const=True)
    yield binary("sub_broadcast", "SUB", [1, 6, 2], [1, 1, 2])
    yield binary("mul_same", "MUL", [1, 1, 5, 7], [1, 1, 5, 7])
    yield binary("mul_const_vector", "MUL", [1, 1, 5, 1], [7], b_const=True)
    yield binary("mul_broadcast", "MUL", [1, 1, 5, 1], [1, 1, 5, 7])
    yield binary("mul_scalar_const", "MUL", [1, 1, 6, 2], [], b_const=True)
    yield binary("div_broadcast", "DIV", [1, 6, 2], [1, 1, 1], b_range=(0.5, 2.0))
    yield binary("squared_difference_broadcast", "SQUARED_DIFFERENCE", [1, 1, 5, 7], [1, 1, 5, 1])
    yield unary("neg", B.NEG, [1, 3, 5], -1.0, 1.0, S.BuiltinOptions.NegOptions, S.NegOptionsT())
    yield unary("sqrt", B.SQRT, [1, 3, 5], 0.0, 4.0)
    yield unary("rsqrt", B.RSQRT, [1, 3, 5], 0.05, 4.0)
    yield unary("logistic", B.LOGISTIC, [1, 4, 5, 3], -12.0, 12.0)
    yield unary("relu", B.RELU, [1, 4, 5, 3], -1.0, 1.0)
    yield prelu("prelu", [1, 5, 6, 7])
    yield reduce("mean_axis3_keep", "MEAN", [1, 1, 7, 9], [3])
    yield reduce("mean_axis_minus2_keep", "MEAN", [1, 6, 2], [-2])
    yield reduce("sum_axis_minus1_keep", "SUM", [1, 6, 2], [-1])
    yield max_pool("maxpool_2_s2_same_odd", [1, 7, 9, 5], 2, 2, "SAME")
    yield max_pool("maxpool_2_s2_valid_odd", [1, 7, 8, 5], 2, 2, "VALID")
    yield pad("pad_channels", [1, 4, 5, 3], [0, 0, 0, 0, 0, 0, 0, 5])
    yield pad("pad_spatial_1", [1, 5, 4, 3], [0, 0, 1, 1, 1, 1, 0, 0])
    yield pad("pad_spatial_2", [1, 5, 4, 3], [0, 0, 2, 2, 2, 2, 0, 0])
    yield pad("pad_asymmetric", [1, 5, 4, 3], [0, 0, 0, 1, 2, 0, 1, 0])
    yield reshape("reshape_options", [1, 4, 4, 6], [1, -1, 2], [1, 48, 2], False)
    yield reshape("reshape_input", [1, 4, 3, 8], [1, -1, 4], [1, 24, 4], True)
    yield concat("concat_axis1_three", [[1, 6, 4], [1, 3, 4], [1, 2, 4]], 1)
    yield concat("concat_axis_minus2_const", [[1, 1, 1, 5], [1, 1, 4, 5]], -2, const_first=True)
    yield concat("concat_axis3", [[1, 3, 2, 3], [1, 3, 2, 5]], 3)
    yield strided_slice("slice_identity_masks", [1, 1, 6, 2], [0, 0, 0, 0], [0, 1, 6, 2], [1, 1, 1, 1],
                        15, 15, 0, [1, 1, 6, 2])
    yield strided_slice("slice_first_two_rows", [1, 1, 5, 7], [0, 0, 0, 0], [0, 0, 2, 0], [1, 1, 1, 1],
                        15, 11, 0, [1, 1, 2, 7])
    yield strided_slice("slice_first_row", [1, 1, 2, 7], [0, 0, 0, 0], [0, 0, 1, 0], [1, 1, 1, 1],
                        11, 11, 0, [1, 1, 1, 7])
    yield strided_slice("slice_shrink_axis0", [1, 9], [0, 0], [1, 9], [1, 1], 2, 2, 1, [9])
    yield transpose("transpose_0132", [1, 1, 5, 7], [0, 1, 3, 2])
    yield transpose("transpose_0312", [1, 3, 4, 5], [0, 3, 1, 2])
    yield resize_bilinear("resize_hpc_3x3_to_6x6", [1, 3, 3, 5], [6, 6])
    yield resize_bilinear("resize_hpc_4x5_to_8x10", [1, 4, 5, 3], [8, 10])
    yield resize_bilinear("resize_hpc_5x3_to_8x7", [1, 5, 3, 2], [8, 7])
    yield depth_to_space("depth_to_space_2", [1, 3, 4, 8], 2)
    yield depth_to_space("depth_to_space_2_c12", [1, 2, 3, 12], 2)
    yield chain("chain_residual_block")


# --- running and recording ------------------------------------------------------------------------

def with_inferred_shapes(graph: Graph, description: str) -> bytes:
    """The model's bytes with every tensor's shape as LiteRT infers it, so that the stored shapes
    are consistent (as in a converter-made model) and a strict reader can check them."""
    content = graph.to_bytes(description)
    interpreter = Interpreter(model_content=content, num_threads=1,
                              experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    interpreter.allocate_tensors()
    for detail in interpreter.get_tensor_details():
        index = detail["index"]
        if index < len(graph.tensors):
            graph.tensors[index].shape = [int(s) for s in detail["shape"]]
    fixed = graph.to_bytes(description)
    check = Interpreter(model_content=fixed, num_threads=1,
                        experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    check.allocate_tensors()
    for detail in check.get_tensor_details():
        if detail["index"] < len(graph.tensors):
            assert list(detail["shape"]) == graph.tensors[detail["index"]].shape, description
    return fixed


def run(content: bytes, resolver: OpResolverType, inputs):
    interpreter = Interpreter(model_content=content, num_threads=1, experimental_op_resolver_type=resolver)
    interpreter.allocate_tensors()
    for d, array in zip(interpreter.get_input_details(), inputs):
        interpreter.set_tensor(d["index"], array)
    interpreter.invoke()
    return [interpreter.get_tensor(d["index"]).copy() for d in interpreter.get_output_details()]


def main() -> int:
    check_generator()
    global README_TEXT
    README_TEXT = (OUT / "README.md").read_text() if (OUT / "README.md").exists() else ""
    if "<!-- cases:begin -->" not in README_TEXT:
        raise SystemExit(f"{OUT / 'README.md'}: missing the <!-- cases:begin --> marker")
    version = importlib.metadata.version("ai-edge-litert")
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    entries, worst = [], 0.0
    for name, graph in cases():
        content = with_inferred_shapes(graph, f"VisionTasks single-op golden {name}")
        (OUT / f"{name}.tflite").write_bytes(content)
        sizes = [int(np.prod(graph.tensors[i].shape)) for i in graph.inputs]
        # Consecutive values of one stream; each input keeps its own range.
        stream_inputs, start = [], 0
        for i, size, (low, high) in zip(graph.inputs, sizes, graph.ranges):
            chunk = seeded_floats(SEED, start + size, low, high)[start:]
            stream_inputs.append(chunk.reshape(graph.tensors[i].shape))
            start += size
        ref = run(content, OpResolverType.BUILTIN_REF, stream_inputs)
        fast = run(content, OpResolverType.AUTO, stream_inputs)
        entry = {
            "name": name,
            "model": f"{name}.tflite",
            "modelSHA256": hashlib.sha256(content).hexdigest(),
            "ops": [S_NAMES[graph.opcodes[o.opcodeIndex]] for o in graph.operators],
            "seed": SEED,
            "inputs": [
                {"index": k, "name": graph.tensors[i].name.decode(), "shape": graph.tensors[i].shape,
                 "low": low, "high": high, "streamOffset": int(sum(sizes[:k])),
                 "firstValuesBits": [f"0x{v:08X}" for v in a.reshape(-1)[:4].view("<u4").tolist()],
                 "fnv1a64": f"0x{fnv1a64(a.astype('<f4').tobytes()):016X}"}
                for k, (i, a, (low, high)) in enumerate(zip(graph.inputs, stream_inputs, graph.ranges))
            ],
            "outputs": [],
        }
        for k, (r, f) in enumerate(zip(ref, fast)):
            file = f"{name}.out{k}.f32"
            r.astype("<f4").tofile(OUT / file)
            max_abs = float(np.max(np.abs(r))) if r.size else 0.0
            diff = float(np.max(np.abs(r.astype(np.float64) - f))) if r.size else 0.0
            tolerance = 1e-4 * max(1.0, max_abs)
            worst = max(worst, diff / tolerance)
            entry["outputs"].append({"index": k, "shape": [int(s) for s in r.shape], "file": file,
                                     "maxAbs": max_abs, "tolerance": tolerance,
                                     "maxAbsDiffVsDefaultXNNPACK": diff})
        entries.append(entry)
        print(f"{name:<32} {' '.join(entry['ops']):<40} out {[o['shape'] for o in entry['outputs']]} "
              f"|ref-xnnpack| {max(o['maxAbsDiffVsDefaultXNNPACK'] for o in entry['outputs']):.3g}")
    manifest = {
        "litertVersion": version,
        "runtime": "LiteRT Interpreter, BUILTIN_REF op resolver (reference kernels), 1 thread",
        "generator": "SplitMix64 seed 1; input k takes values [streamOffset, streamOffset + size) of the "
                     "stream, each mapped with its own low/high: float32(low + (high - low) * "
                     "((next() >> 40) / 2^24)); see Tests/Fixtures/litert/README.md",
        "cases": entries,
    }
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    write_readme_table(entries)
    total = sum(p.stat().st_size for p in OUT.iterdir())
    print(f"{len(entries)} cases, {total / 1e3:.0f} kB in {OUT.relative_to(ROOT)}; "
          f"worst |reference - XNNPACK| / gate = {worst:.3f}")
    return 0


def write_readme_table(entries) -> None:
    """Rewrites the case table between the `cases:begin`/`cases:end` markers of the README."""
    readme = OUT / "README.md"
    begin, end = "<!-- cases:begin -->", "<!-- cases:end -->"
    lines = ["| case | ops | inputs | outputs |", "|---|---|---|---|"]
    for c in entries:
        ins = ", ".join(f"{i['name']}{i['shape']} in [{i['low']:g}, {i['high']:g}]" for i in c["inputs"])
        outs = ", ".join(str(o["shape"]) for o in c["outputs"])
        lines.append(f"| `{c['name']}` | {' → '.join(c['ops'])} | {ins} | {outs} |")
    text = README_TEXT.split(begin)[0] + begin + "\n" + "\n".join(lines) + "\n" + end + "\n"
    readme.write_text(text)


S_NAMES = {v: k for k, v in vars(S.BuiltinOperator).items() if not k.startswith("_")}

if __name__ == "__main__":
    sys.exit(main())
