"""Writes what LiteRT reads from each real model, for the TFLite reader's tests.

For every model: the inputs and outputs (tensor index, name, shape, type), and FNV-1a 64-bit
digests of two canonical texts, one line per operator ("NAME in,in -> out") and one line per tensor
("index name shape type"), with the counts. Delegates are disabled so that the interpreter's
nodes are the model's operators. Usage: tflite_structure.py REPO_ROOT OUTPUT_JSON
"""

import json
import os
import sys
import tempfile
import zipfile

from ai_edge_litert import interpreter as litert

MODELS = [
    "face_detection_short_range.tflite",
    "face_detection_full_range_sparse.tflite",
    "pose_detection.tflite",
    "pose_landmark_full.tflite",
]
TASK_MEMBERS = ["face_detector.tflite", "face_landmarks_detector.tflite", "face_blendshapes.tflite"]


def fnv1a64(text):
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % value


def dims(values):
    return ",".join(str(int(v)) for v in values)


def describe(path):
    interpreter = litert.Interpreter(
        model_path=path,
        experimental_op_resolver_type=litert.OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES,
    )
    ops = interpreter._get_ops_details()
    op_lines = "".join(
        "%s %s -> %s\n" % (op["op_name"], dims(op["inputs"]), dims(op["outputs"])) for op in ops
    )
    tensors = sorted(interpreter.get_tensor_details(), key=lambda t: t["index"])
    tensor_lines = "".join(
        "%d %s %s %s\n" % (t["index"], t["name"], dims(t["shape"]), t["dtype"].__name__) for t in tensors
    )

    def io(details):
        return [
            {"index": int(d["index"]), "name": d["name"], "shape": [int(v) for v in d["shape"]],
             "type": d["dtype"].__name__}
            for d in details
        ]

    return {
        "inputs": io(interpreter.get_input_details()),
        "outputs": io(interpreter.get_output_details()),
        "operator_count": len(ops),
        "operators_fnv1a64": fnv1a64(op_lines),
        "tensor_count": len(tensors),
        "tensors_fnv1a64": fnv1a64(tensor_lines),
        "first_operators": op_lines.splitlines()[:3],
    }


def main():
    root, output = sys.argv[1], sys.argv[2]
    models = os.path.join(root, "assets", "models")
    result = {}
    for name in MODELS:
        result[name] = describe(os.path.join(models, name))
    with tempfile.TemporaryDirectory() as work, zipfile.ZipFile(os.path.join(models, "face_landmarker.task")) as task:
        for name in TASK_MEMBERS:
            result[name] = describe(task.extract(name, work))
    result = {"litert": "ai-edge-litert==2.3.0", "models": result}
    os.makedirs(os.path.dirname(output), exist_ok=True)
    with open(output, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", output)


if __name__ == "__main__":
    main()
