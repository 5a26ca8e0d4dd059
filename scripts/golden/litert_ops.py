#!/usr/bin/env python3
"""Lists what the engine must implement for every VisionTasks model, read from the flatbuffers.

For each model: inputs and outputs in subgraph order, op counts, the types of constant tensors
(fp16 weights behind DEQUANTIZE, sparse weights behind DENSIFY), and every distinct set of op
options (padding, strides, dilations, fused activations, resize flags, slice masks, pad amounts,
reduction axes, concatenation axes, ...), with how often it occurs.

The model is parsed with the flatbuffer schema bindings shipped in ai-edge-litert; nothing here is
inferred by running the model. Prints Markdown; with --update-readme it rewrites the section
between the `ops:begin`/`ops:end` markers of Tests/Fixtures/litert/README.md.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, OrderedDict
from pathlib import Path

import numpy as np
from ai_edge_litert import schema_py_generated as schema
from ai_edge_litert.tools import flatbuffer_utils

sys.path.insert(0, str(Path(__file__).resolve().parent))
from litert_models import FIXTURES, SPECS, model_bytes  # noqa: E402

README = FIXTURES / "README.md"
BEGIN, END = "<!-- ops:begin -->", "<!-- ops:end -->"


def enum_names(cls) -> dict[int, str]:
    return {v: k for k, v in vars(cls).items() if not k.startswith("_") and isinstance(v, int)}


OPS = enum_names(schema.BuiltinOperator)
TYPES = enum_names(schema.TensorType)
PADDING = enum_names(schema.Padding)
ACTIVATION = enum_names(schema.ActivationFunctionType)
DIM_TYPE = enum_names(schema.DimensionType)
NUMPY_OF = {"FLOAT32": np.float32, "FLOAT16": np.float16, "INT32": np.int32, "INT64": np.int64,
            "INT8": np.int8, "UINT8": np.uint8}


class Model:
    def __init__(self, content: bytes):
        self.m = flatbuffer_utils.convert_bytearray_to_object(bytearray(content))
        if len(self.m.subgraphs) != 1:
            raise SystemExit(f"expected one subgraph, found {len(self.m.subgraphs)}")
        self.g = self.m.subgraphs[0]

    def tensor(self, index: int):
        return self.g.tensors[index]

    def type_name(self, index: int) -> str:
        return TYPES[self.tensor(index).type]

    def shape(self, index: int) -> list[int]:
        shape = self.tensor(index).shape
        return [] if shape is None else [int(s) for s in shape]

    def name(self, index: int) -> str:
        return self.tensor(index).name.decode()

    def constant(self, index: int) -> np.ndarray | None:
        if index < 0:
            return None
        data = self.m.buffers[self.tensor(index).buffer].data
        if data is None or len(data) == 0:
            return None
        dtype = NUMPY_OF.get(self.type_name(index))
        if dtype is None:
            return np.asarray(data, dtype=np.uint8)
        values = np.frombuffer(bytes(np.asarray(data, dtype=np.uint8)), dtype=np.dtype(dtype).newbyteorder("<"))
        if self.tensor(index).sparsity is None:
            return values.reshape(self.shape(index))
        return values

    def op_name(self, op) -> str:
        code = self.m.operatorCodes[op.opcodeIndex]
        return OPS.get(max(code.builtinCode, code.deprecatedBuiltinCode), f"code{code.builtinCode}")

    def producers(self) -> dict[int, object]:
        return {t: op for op in self.g.operators for t in op.outputs}

    def is_folded_constant(self, index: int) -> bool:
        """A buffer constant, or the output of DEQUANTIZE/DENSIFY chains that start at one."""
        if index < 0:
            return False
        if self.constant(index) is not None:
            return True
        op = self.producers().get(index)
        if op is None or self.op_name(op) not in ("DEQUANTIZE", "DENSIFY"):
            return False
        return self.is_folded_constant(op.inputs[0])


def fmt_shape(shape) -> str:
    return "[" + ",".join(str(s) for s in shape) + "]"


def fmt_list(values) -> str:
    return "[" + ",".join(str(int(v)) for v in np.asarray(values).reshape(-1)) + "]"


def activation(options) -> str:
    act = ACTIVATION.get(getattr(options, "fusedActivationFunction", 0), "?")
    return "" if act == "NONE" else f" act={act}"


def binary_form(model: Model, op) -> str:
    a, b = op.inputs[0], op.inputs[1]
    same = model.shape(a) == model.shape(b)
    parts = []
    for t in (a, b):
        kind = "const" if model.is_folded_constant(t) else "x"
        parts.append(kind if same else f"{kind}{fmt_shape(model.shape(t))}")
    return " ∘ ".join(parts) + (" same shape" if same else " (broadcast)")


def describe(model: Model, op) -> str:
    """One line describing everything about an op that a kernel must honour."""
    name = model.op_name(op)
    o = op.builtinOptions
    ins = [t for t in op.inputs]
    x = ins[0]
    out_shape = fmt_shape(model.shape(op.outputs[0]))
    if name in ("CONV_2D", "DEPTHWISE_CONV_2D"):
        w = model.shape(ins[1])
        kh, kw = (w[1], w[2])
        text = (f"k{kh}x{kw} s{o.strideH}x{o.strideW} {PADDING[o.padding]} "
                f"dil{o.dilationHFactor}x{o.dilationWFactor}{activation(o)}")
        if name == "DEPTHWISE_CONV_2D":
            text += f" depth_multiplier={o.depthMultiplier}"
        if len(ins) < 3 or ins[2] < 0:
            text += " no-bias"
        return text
    if name in ("MAX_POOL_2D", "AVERAGE_POOL_2D"):
        return (f"filter{o.filterHeight}x{o.filterWidth} s{o.strideH}x{o.strideW} "
                f"{PADDING[o.padding]}{activation(o)}")
    if name in ("ADD", "SUB", "MUL", "DIV"):
        return binary_form(model, op) + activation(o)
    if name == "SQUARED_DIFFERENCE":
        return binary_form(model, op)
    if name == "CONCATENATION":
        consts = "".join("c" if model.is_folded_constant(t) else "x" for t in ins)
        return (f"axis={o.axis} inputs={len(ins)} ({consts}; c = constant) "
                + "+".join(fmt_shape(model.shape(t)) for t in ins) + f" -> {out_shape}{activation(o)}")
    if name in ("MEAN", "SUM"):
        axes = model.constant(ins[1])
        return (f"axes={fmt_list(axes) if axes is not None else 'dynamic'} keep_dims={bool(o.keepDims)} "
                f"{fmt_shape(model.shape(x))} -> {out_shape}")
    if name == "PAD":
        pads = model.constant(ins[1])
        return f"paddings={fmt_list(pads) if pads is not None else 'dynamic'} (rank {len(model.shape(x))}, zeros)"
    if name == "RESHAPE":
        new = model.constant(ins[1]) if len(ins) > 1 else None
        opt = getattr(o, "newShape", None) if o is not None else None
        return (f"{fmt_shape(model.shape(x))} -> {out_shape} shape input "
                f"{fmt_list(new) if new is not None else 'absent'}, options new_shape "
                f"{fmt_list(opt) if opt is not None else 'absent'}")
    if name == "TRANSPOSE":
        return f"perm={fmt_list(model.constant(ins[1]))} {fmt_shape(model.shape(x))} -> {out_shape}"
    if name == "STRIDED_SLICE":
        b, e, s = (model.constant(t) for t in ins[1:4])
        return (f"begin={fmt_list(b)} end={fmt_list(e)} strides={fmt_list(s)} "
                f"begin_mask={o.beginMask} end_mask={o.endMask} ellipsis_mask={o.ellipsisMask} "
                f"new_axis_mask={o.newAxisMask} shrink_axis_mask={o.shrinkAxisMask} offset={bool(o.offset)} "
                f"{fmt_shape(model.shape(x))} -> {out_shape}")
    if name in ("RESIZE_BILINEAR", "RESIZE_NEAREST_NEIGHBOR"):
        size = model.constant(ins[1])
        return (f"align_corners={bool(o.alignCorners)} half_pixel_centers={bool(o.halfPixelCenters)} "
                f"size={fmt_list(size)} {fmt_shape(model.shape(x))} -> {out_shape}")
    if name == "DEPTH_TO_SPACE":
        return f"block_size={o.blockSize} {fmt_shape(model.shape(x))} -> {out_shape}"
    if name == "PRELU":
        alpha = model.shape(ins[1])
        pattern = "[1,1,C]" if alpha[:-1] == [1, 1] and alpha[-1] == model.shape(x)[-1] else fmt_shape(alpha)
        kind = "const" if model.is_folded_constant(ins[1]) else "runtime"
        return f"alpha {pattern} {kind} (per channel, broadcast over N,H,W)"
    if name == "FULLY_CONNECTED":
        return (f"weights{fmt_shape(model.shape(ins[1]))} keep_num_dims={bool(o.keepNumDims)} "
                f"format={o.weightsFormat}{activation(o)} {fmt_shape(model.shape(x))} -> {out_shape}")
    if name == "DEQUANTIZE":
        if model.constant(x) is not None:
            kind = "of a buffer constant"
        elif model.is_folded_constant(x):
            kind = "of a DENSIFY output (constant after folding)"
        else:
            kind = "of a runtime tensor (!)"
        return f"{model.type_name(x)} -> {model.type_name(op.outputs[0])} {kind}"
    if name == "DENSIFY":
        s = model.tensor(x).sparsity
        dims = ",".join("DENSE" if DIM_TYPE[d.format] == "DENSE" else "CSR" for d in s.dimMetadata)
        csr = [d for d in s.dimMetadata if DIM_TYPE[d.format] != "DENSE"]
        kinds = "/".join(f"segments {index_vector_type(d.arraySegmentsType)} indices {index_vector_type(d.arrayIndicesType)}"
                         for d in csr)
        return (f"{model.type_name(x)} OHWI traversal={fmt_list(s.traversalOrder)} "
                f"block_map={fmt_list(s.blockMap) if s.blockMap is not None else '[]'} dims={dims}, {kinds}")
    if name in ("RELU", "RELU6", "LOGISTIC", "NEG", "SQRT", "RSQRT", "TANH", "EXP", "RELU_N1_TO_1"):
        return ""
    return "options: " + (str(vars(o)) if o is not None else "none")


def describe_sparsity(model: Model, index: int) -> str:
    s = model.tensor(index).sparsity
    if s is None:
        return "dense input (!)"
    dims = []
    for d in s.dimMetadata:
        if DIM_TYPE[d.format] == "DENSE":
            dims.append(f"DENSE({d.denseSize})")
        else:
            dims.append("SPARSE_CSR")
    block = fmt_list(s.blockMap) if s.blockMap is not None else "[]"
    return (f"{model.type_name(index)} dense shape {fmt_shape(model.shape(index))} "
            f"traversal={fmt_list(s.traversalOrder)} block_map={block} dims={' '.join(dims)}")


def index_vector_type(vec) -> str:
    return {1: "int32", 2: "uint16", 3: "uint8"}.get(vec, "none")


def sparsity_detail(model: Model, index: int) -> str:
    s = model.tensor(index).sparsity
    lines = []
    for k, d in enumerate(s.dimMetadata):
        if DIM_TYPE[d.format] == "SPARSE_CSR":
            lines.append(f"dim{k}: SPARSE_CSR segments {index_vector_type(d.arraySegmentsType)} "
                         f"indices {index_vector_type(d.arrayIndicesType)}")
    return "; ".join(lines)


def inventory(stem: str, source: str) -> str:
    model = Model(model_bytes(source))
    g = model.g
    out = [f"### {stem}", ""]
    desc = model.m.description.decode() if model.m.description else ""
    out.append(f"`{source}` — {len(g.operators)} operators, {len(g.tensors)} tensors, "
               f"schema version {model.m.version}" + (f", description “{desc}”" if desc else "") + ".")
    out.append("")
    out.append("Inputs: " + "; ".join(
        f"{i}: `{model.name(t)}` {fmt_shape(model.shape(t))} {model.type_name(t)}" for i, t in enumerate(g.inputs)))
    out.append("")
    out.append("Outputs: " + "; ".join(
        f"{i}: `{model.name(t)}` {fmt_shape(model.shape(t))} {model.type_name(t)}" for i, t in enumerate(g.outputs)))
    out.append("")

    counts = Counter(model.op_name(op) for op in g.operators)
    out.append("Ops: " + ", ".join(f"{n} ×{c}" for n, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))))
    out.append("")

    const_types = Counter()
    runtime_types = Counter()
    for i, t in enumerate(g.tensors):
        (const_types if model.constant(i) is not None else runtime_types)[TYPES[t.type]] += 1
    out.append("Constant tensors by type: " + ", ".join(f"{k} ×{v}" for k, v in sorted(const_types.items()))
               + "; non-constant tensors: " + ", ".join(f"{k} ×{v}" for k, v in sorted(runtime_types.items())) + ".")
    quantized = [i for i, t in enumerate(g.tensors)
                 if t.quantization is not None and t.quantization.scale is not None and len(t.quantization.scale)]
    out.append(f"Tensors with quantization scales: {len(quantized)}.")
    sparse = [i for i, t in enumerate(g.tensors) if t.sparsity is not None]
    if sparse:
        shapes = Counter(fmt_shape(model.shape(i)) for i in sparse)
        out.append(f"Sparse (DENSIFY input) tensors: {len(sparse)}, dense shapes: "
                   + ", ".join(f"{k}×{v}" if v > 1 else k for k, v in shapes.items()) + ".")
    producers = model.producers()
    consumers_of_dequant = Counter()
    for op in g.operators:
        for slot, t in enumerate(op.inputs):
            p = producers.get(t)
            if p is not None and model.op_name(p) in ("DEQUANTIZE", "DENSIFY"):
                consumers_of_dequant[f"{model.op_name(p)} → {model.op_name(op)} input {slot}"] += 1
    if consumers_of_dequant:
        out.append("Folded-constant consumers: " + ", ".join(f"{k} ×{v}" for k, v in sorted(consumers_of_dequant.items())) + ".")
    out.append("")

    by_op: "OrderedDict[str, Counter]" = OrderedDict()
    for op in g.operators:
        by_op.setdefault(model.op_name(op), Counter())[describe(model, op)] += 1
    out.append("| op | variant | count |")
    out.append("|---|---|---|")
    for name, variants in by_op.items():
        for text, n in sorted(variants.items(), key=lambda kv: -kv[1]):
            out.append(f"| {name} | {text.replace('|', '/') or '—'} | {n} |")
    out.append("")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--update-readme", action="store_true")
    args = parser.parse_args()
    text = "\n".join(inventory(s.stem, s.source) for s in SPECS)
    if args.update_readme:
        readme = README.read_text()
        if BEGIN not in readme or END not in readme:
            raise SystemExit(f"{README}: markers {BEGIN} / {END} not found")
        head, rest = readme.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        README.write_text(head + BEGIN + "\n" + text + END + tail)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
