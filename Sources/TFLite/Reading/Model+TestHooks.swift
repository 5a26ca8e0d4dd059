extension Model {
    /// The byte positions of every vtable the reader visits in a valid model, for tests that
    /// corrupt vtables on purpose.
    package static func vtablePositions(in bytes: [UInt8]) throws -> [Int] {
        let buffer = FlatBuffer(bytes: bytes)
        buffer.budget.visitedVTables = []
        let root = try buffer.rootTable(named: "Model")
        let reader = ModelReader(buffer: buffer)
        _ = try root.tables(ModelField.operatorCodes, "operator_codes").map(reader.operatorCode)
        _ = try root.tables(ModelField.subgraphs, "subgraphs").map(reader.subgraph)
        _ = try root.tables(ModelField.buffers, "buffers").map(reader.buffer)
        _ = try root.tables(ModelField.metadata, "metadata").map(reader.metadataEntry)
        return (buffer.budget.visitedVTables ?? []).sorted()
    }
}
