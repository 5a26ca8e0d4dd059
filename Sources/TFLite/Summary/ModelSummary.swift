/// What `vision-tasks inspect` shows for a model: its inputs and outputs, the operators it uses,
/// and its size. ``text`` (also ``description``) renders it for people.
public struct ModelSummary: Hashable, Sendable, CustomStringConvertible {
    /// One input or output of the main subgraph.
    public struct TensorSummary: Hashable, Sendable {
        /// The tensor's name in the graph.
        public var name: String
        /// The static shape (NHWC for images).
        public var shape: [Int]
        public var type: TensorType
        /// The name the TFLite metadata gives it, when present (e.g. `"face_landmarks"`).
        public var metadataName: String?
        /// Input normalization from the TFLite metadata, when present.
        public var normalization: NormalizationOptions?

        public init(name: String, shape: [Int], type: TensorType, metadataName: String? = nil, normalization: NormalizationOptions? = nil) {
            self.name = name
            self.shape = shape
            self.type = type
            self.metadataName = metadataName
            self.normalization = normalization
        }
    }

    /// How many operators of one kind the main subgraph has.
    public struct OperatorCount: Hashable, Sendable {
        /// The schema name (e.g. `"CONV_2D"`), or the custom code of a custom operator.
        public var name: String
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// The model's description string (often the converter's name).
    public var modelDescription: String
    /// The schema version (3).
    public var version: Int
    /// The TFLite metadata's model name, when present.
    public var metadataName: String?
    /// The names of the model's metadata entries.
    public var metadataEntries: [String]
    public var subgraphCount: Int
    public var inputs: [TensorSummary]
    public var outputs: [TensorSummary]
    /// Operator kinds of the main subgraph, most frequent first (then by name).
    public var operatorCounts: [OperatorCount]
    /// Tensors of the main subgraph.
    public var tensorCount: Int
    /// Bytes of constant data (weights) referenced by the main subgraph's tensors, each buffer
    /// counted once.
    public var parameterBytes: Int

    /// Operators in the main subgraph.
    public var operatorCount: Int { operatorCounts.reduce(0) { $0 + $1.count } }

    public var description: String { text }

    /// A multi-line report, e.g.
    /// ```
    /// model "MLIR Converted." (schema 3), metadata "Face mesh detection model v2"
    /// 727 tensors, 471 operators, 2,417,344 parameter bytes
    /// inputs:
    ///   input_12  [1, 256, 256, 3] float32  normalize (x - 0) / 255
    /// outputs:
    ///   Identity  [1, 1, 1, 1434] float32  "face_landmarks"
    /// operators:
    ///   DEQUANTIZE  251
    /// ```
    public var text: String {
        var lines: [String] = []
        var header = "model \(String(reflecting: modelDescription)) (schema \(version))"
        if let metadataName { header += ", metadata \(String(reflecting: metadataName))" }
        lines.append(header)
        var sizes = "\(tensorCount) tensors, \(operatorCount) operators, \(Self.grouped(parameterBytes)) parameter bytes"
        if subgraphCount != 1 { sizes += ", \(subgraphCount) subgraphs (main one shown)" }
        lines.append(sizes)
        if !metadataEntries.isEmpty { lines.append("metadata entries: \(metadataEntries.joined(separator: ", "))") }
        for (title, tensors) in [("inputs", inputs), ("outputs", outputs)] {
            lines.append("\(title):")
            let width = tensors.map(\.name.count).max() ?? 0
            for tensor in tensors {
                var line = "  \(Self.padded(tensor.name, width))  \(tensor.shape) \(tensor.type)"
                if let name = tensor.metadataName, name != tensor.name { line += "  \(String(reflecting: name))" }
                if let normalization = tensor.normalization {
                    line += "  normalize (x - \(Self.list(normalization.mean))) / \(Self.list(normalization.std))"
                }
                lines.append(line)
            }
        }
        lines.append("operators:")
        let width = operatorCounts.map(\.name.count).max() ?? 0
        for entry in operatorCounts {
            lines.append("  \(Self.padded(entry.name, width))  \(entry.count)")
        }
        return lines.joined(separator: "\n")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func list(_ values: [Float]) -> String {
        let parts = values.map { $0 == $0.rounded() && abs($0) < 1e7 ? String(Int($0)) : "\($0)" }
        return parts.count == 1 ? parts[0] : "[\(parts.joined(separator: ", "))]"
    }

    private static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}

extension Model {
    /// A summary of the main subgraph (subgraph 0) for people; see ``ModelSummary``.
    public var summary: ModelSummary {
        let graph = subgraphs[0]
        var counts: [String: Int] = [:]
        for op in graph.operators {
            let code = operatorCodes[op.opcodeIndex]
            let name = code.builtin == .custom ? (code.customCode ?? "CUSTOM") : code.builtin.name
            counts[name, default: 0] += 1
        }
        let constantBuffers = Set(graph.tensors.map(\.buffer))
        func describe(_ indices: [Int], _ metadata: [TensorMetadata]?) -> [ModelSummary.TensorSummary] {
            indices.enumerated().map { position, index in
                let tensor = graph.tensors[index]
                let entry = metadata.flatMap { $0.indices.contains(position) ? $0[position] : nil }
                return ModelSummary.TensorSummary(
                    name: tensor.name, shape: tensor.shape, type: tensor.type,
                    metadataName: entry?.name, normalization: entry?.normalization
                )
            }
        }
        return ModelSummary(
            modelDescription: description,
            version: version,
            metadataName: modelMetadata?.name,
            metadataEntries: metadata.map(\.name),
            subgraphCount: subgraphs.count,
            inputs: describe(graph.inputs, modelMetadata?.inputs),
            outputs: describe(graph.outputs, modelMetadata?.outputs),
            operatorCounts: counts.map { ModelSummary.OperatorCount(name: $0.key, count: $0.value) }
                .sorted { ($0.count, $1.name) > ($1.count, $0.name) },
            tensorCount: graph.tensors.count,
            parameterBytes: constantBuffers.reduce(0) { $0 + buffers[$1].range.count }
        )
    }
}

extension TaskBundle {
    /// A report of every member: sizes, and the ``ModelSummary`` of each `.tflite` member.
    public func summary() throws -> String {
        var sections: [String] = []
        for name in memberNames {
            let bytes = try data(named: name)
            var section = "\(name) (\(bytes.count) bytes)"
            if name.hasSuffix(".tflite") {
                let model = try Model(bytes: bytes)
                section += "\n" + model.summary.text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "  " + $0 }.joined(separator: "\n")
            }
            sections.append(section)
        }
        return sections.joined(separator: "\n")
    }
}
