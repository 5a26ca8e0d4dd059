extension BuiltinOperator {
    /// Names from the TFLite schema (`schema.fbs`, enum `BuiltinOperator`), keyed by code.
    static let schemaNames: [Int32: String] = [
        0: "ADD", 1: "AVERAGE_POOL_2D", 2: "CONCATENATION", 3: "CONV_2D", 4: "DEPTHWISE_CONV_2D",
        5: "DEPTH_TO_SPACE", 6: "DEQUANTIZE", 9: "FULLY_CONNECTED", 14: "LOGISTIC", 17: "MAX_POOL_2D",
        18: "MUL", 19: "RELU", 21: "RELU6", 22: "RESHAPE", 23: "RESIZE_BILINEAR", 28: "TANH", 32: "CUSTOM",
        34: "PAD", 39: "TRANSPOSE", 40: "MEAN", 41: "SUB", 42: "DIV", 43: "SQUEEZE", 45: "STRIDED_SLICE",
        47: "EXP", 54: "PRELU", 59: "NEG", 74: "SUM", 75: "SQRT", 76: "RSQRT", 99: "SQUARED_DIFFERENCE",
        117: "HARD_SWISH", 124: "DENSIFY",
    ]
}
