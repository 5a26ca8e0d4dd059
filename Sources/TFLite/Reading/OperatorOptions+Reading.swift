extension OperatorOptions {
    /// Parses the `builtin_options` union of an operator table: `typeID` is the id of its type
    /// field, the value table follows it. Option tables we do not parse become ``other(unionType:)``.
    /// A type without a value table reads as that table with every field at its schema default.
    init(unionIn table: FlatBufferTable, typeID: Int) throws {
        let type = try table.integer(typeID, "builtin_options_type", default: UInt8(0))
        guard type != 0 else {
            self = .none
            return
        }
        guard let options = try table.table(typeID + 1, "builtin_options") else {
            self = try OperatorOptions(type: type, fields: nil)
            return
        }
        self = try OperatorOptions(type: type, fields: options)
    }

    private init(type: UInt8, fields: FlatBufferTable?) throws {
        let o = OptionFields(table: fields)
        switch type {
        case BuiltinOptionsCode.conv2D:
            // Conv2DOptions: padding, stride_w, stride_h, fused_activation_function,
            // dilation_w_factor = 1, dilation_h_factor = 1.
            self = .conv2D(Conv2DOptions(
                padding: try o.padding(0), strideW: try o.int(1, "stride_w"), strideH: try o.int(2, "stride_h"),
                dilationW: try o.int(4, "dilation_w_factor", default: 1), dilationH: try o.int(5, "dilation_h_factor", default: 1),
                fusedActivation: try o.activation(3)
            ))
        case BuiltinOptionsCode.depthwiseConv2D:
            // DepthwiseConv2DOptions: padding, stride_w, stride_h, depth_multiplier,
            // fused_activation_function, dilation_w_factor = 1, dilation_h_factor = 1.
            self = .depthwiseConv2D(DepthwiseConv2DOptions(
                padding: try o.padding(0), strideW: try o.int(1, "stride_w"), strideH: try o.int(2, "stride_h"),
                depthMultiplier: try o.int(3, "depth_multiplier"),
                dilationW: try o.int(5, "dilation_w_factor", default: 1), dilationH: try o.int(6, "dilation_h_factor", default: 1),
                fusedActivation: try o.activation(4)
            ))
        case BuiltinOptionsCode.pool2D:
            // Pool2DOptions: padding, stride_w, stride_h, filter_width, filter_height, fused_activation_function.
            self = .pool2D(Pool2DOptions(
                padding: try o.padding(0), strideW: try o.int(1, "stride_w"), strideH: try o.int(2, "stride_h"),
                filterW: try o.int(3, "filter_width"), filterH: try o.int(4, "filter_height"),
                fusedActivation: try o.activation(5)
            ))
        case BuiltinOptionsCode.add, BuiltinOptionsCode.mul, BuiltinOptionsCode.sub, BuiltinOptionsCode.div:
            // AddOptions, MulOptions, SubOptions, DivOptions: fused_activation_function first.
            self = .elementwise(fusedActivation: try o.activation(0))
        case BuiltinOptionsCode.concatenation:
            // ConcatenationOptions: axis, fused_activation_function.
            self = .concatenation(axis: try o.int(0, "axis"), fusedActivation: try o.activation(1))
        case BuiltinOptionsCode.fullyConnected:
            // FullyConnectedOptions: fused_activation_function, weights_format, keep_num_dims.
            self = .fullyConnected(fusedActivation: try o.activation(0), keepNumDims: try o.bool(2, "keep_num_dims"))
        case BuiltinOptionsCode.reshape:
            // ReshapeOptions: new_shape.
            self = .reshape(newShape: try o.ints(0, "new_shape"))
        case BuiltinOptionsCode.resizeBilinear:
            // ResizeBilinearOptions: new_height, new_width (both deprecated), align_corners, half_pixel_centers.
            self = .resizeBilinear(alignCorners: try o.bool(2, "align_corners"), halfPixelCenters: try o.bool(3, "half_pixel_centers"))
        case BuiltinOptionsCode.depthToSpace:
            // DepthToSpaceOptions: block_size.
            self = .depthToSpace(blockSize: try o.int(0, "block_size"))
        case BuiltinOptionsCode.stridedSlice:
            // StridedSliceOptions: begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask, offset.
            self = .stridedSlice(StridedSliceOptions(
                beginMask: try o.int32(0, "begin_mask"), endMask: try o.int32(1, "end_mask"),
                ellipsisMask: try o.int32(2, "ellipsis_mask"), newAxisMask: try o.int32(3, "new_axis_mask"),
                shrinkAxisMask: try o.int32(4, "shrink_axis_mask"), offset: try o.bool(5, "offset")
            ))
        case BuiltinOptionsCode.reducer:
            // ReducerOptions: keep_dims.
            self = .reducer(keepDims: try o.bool(0, "keep_dims"))
        case BuiltinOptionsCode.squeeze:
            // SqueezeOptions: squeeze_dims.
            self = .squeeze(dimensions: try o.ints(0, "squeeze_dims"))
        default:
            self = .other(unionType: Int(type))
        }
    }
}

/// Field access on an options table that may be absent (then every field is its default).
private struct OptionFields {
    let table: FlatBufferTable?

    func int32(_ id: Int, _ name: String, default value: Int32 = 0) throws -> Int32 {
        try table?.integer(id, name, default: value) ?? value
    }

    func int(_ id: Int, _ name: String, default value: Int32 = 0) throws -> Int {
        Int(try int32(id, name, default: value))
    }

    func bool(_ id: Int, _ name: String) throws -> Bool {
        try table?.bool(id, name) ?? false
    }

    func ints(_ id: Int, _ name: String) throws -> [Int] {
        try table?.int32s(id, name)?.map(Int.init) ?? []
    }

    func padding(_ id: Int) throws -> Padding {
        let raw = try table?.integer(id, "padding", default: Int8(0)) ?? 0
        guard let padding = Padding(rawValue: raw) else {
            throw ModelError.invalid(what: "\(table?.path ?? "builtin_options").padding", detail: "unknown padding \(raw)")
        }
        return padding
    }

    func activation(_ id: Int) throws -> FusedActivation {
        let raw = try table?.integer(id, "fused_activation_function", default: Int8(0)) ?? 0
        guard let activation = FusedActivation(rawValue: raw) else {
            throw ModelError.invalid(
                what: "\(table?.path ?? "builtin_options").fused_activation_function", detail: "unknown activation \(raw)"
            )
        }
        return activation
    }
}
