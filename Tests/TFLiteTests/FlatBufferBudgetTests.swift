import Testing
import TestSupport
import TFLite

/// Hand-assembled flatbuffers: sub-objects shared many times must not make the reader do work (or
/// allocate memory) out of proportion to the file's size.
@Suite("Flatbuffer work budget")
struct FlatBufferBudgetTests {
    /// A "TFL3" file whose only subgraph lists `tensorCount` tensors that all point at one tensor
    /// table whose shape has `shapeLength` dimensions of 1.
    static func sharedTensorModel(tensorCount: Int, shapeLength: Int) -> [UInt8] {
        var b: [UInt8] = []
        func u32(_ v: Int) { b.appendLE(UInt32(truncatingIfNeeded: v)) }
        func u16(_ v: Int) { b.appendLE(UInt16(truncatingIfNeeded: v)) }
        func patch(_ at: Int, _ v: Int) {
            for i in 0..<4 { b[at + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) }
        }
        // Header: root offset (patched), identifier.
        u32(0); b += Array("TFL3".utf8)
        // vtables: Model {version @4, subgraphs (field 2) @8}, one-field tables {field 0 @4}.
        let modelVTable = b.count
        u16(10); u16(12); u16(4); u16(0); u16(8); u16(0)
        let oneFieldVTable = b.count
        u16(6); u16(8); u16(4); u16(0)
        // Model table.
        let model = b.count
        patch(0, model)
        u32(model - modelVTable); u32(3); u32(0)
        let subgraphsField = model + 8
        // subgraphs vector with one entry.
        let subgraphs = b.count
        patch(subgraphsField, subgraphs - subgraphsField)
        u32(1); u32(0)
        let subgraphEntry = subgraphs + 4
        // Subgraph table {tensors}.
        let subgraph = b.count
        patch(subgraphEntry, subgraph - subgraphEntry)
        u32(subgraph - oneFieldVTable); u32(0)
        let tensorsField = subgraph + 4
        // tensors vector: every entry points at the same tensor table.
        let tensors = b.count
        patch(tensorsField, tensors - tensorsField)
        u32(tensorCount)
        let entries = b.count
        for _ in 0..<tensorCount { u32(0) }
        let tensor = b.count
        for i in 0..<tensorCount { patch(entries + 4 * i, tensor - (entries + 4 * i)) }
        // Tensor table {shape}.
        u32(tensor - oneFieldVTable); u32(0)
        let shapeField = tensor + 4
        let shape = b.count
        patch(shapeField, shape - shapeField)
        u32(shapeLength)
        for _ in 0..<shapeLength { u32(1) }
        return b
    }

    @Test func sharedSubObjectsExhaustTheBudget() throws {
        let bytes = Self.sharedTensorModel(tensorCount: 30_000, shapeLength: 30_000)
        #expect(bytes.count < 300_000)
        let clock = ContinuousClock()
        let started = clock.now
        let error = #expect(throws: ModelError.self) { _ = try Model(bytes: bytes) }
        #expect(error?.description.contains("more data than its") == true)
        #expect(clock.now - started < .seconds(2))
    }

    @Test func aSmallSharedStructureStillReads() throws {
        // Three tensors sharing one table parse; validation then names the missing buffer table.
        let bytes = Self.sharedTensorModel(tensorCount: 3, shapeLength: 4)
        #expect(throws: ModelError.invalid(what: "Model.subgraphs[0].tensors[0].buffer", detail: "index 0 is outside 0..<0")) {
            try Model(bytes: bytes)
        }
    }

    @Test func truncatedHandMadeFilesFail() {
        let bytes = Self.sharedTensorModel(tensorCount: 3, shapeLength: 4)
        for length in 8..<bytes.count {
            #expect(throws: ModelError.self) { _ = try Model(bytes: Array(bytes.prefix(length))) }
        }
    }
}
