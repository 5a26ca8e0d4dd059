// libFuzzer entry point for the TFLite reader and the .task (zip) reader.
//
// Not part of the package build: scripts/fuzz/tflite-reader compiles this file together with
// Sources/TFLite/**/*.swift into one module with `-sanitize=fuzzer,address` and runs it for a
// bounded time on the real models. Every input must end in a `ModelError` or in a model that
// passes validation; any other error, trap or sanitizer report is a finding.

/// Reads `bytes` as a model and as a bundle (and each bundle member as a model).
func exercise(_ bytes: [UInt8]) {
    checked { try touch(Model(bytes: bytes)) }
    checked {
        let bundle = try TaskBundle(bytes: bytes)
        for name in bundle.memberNames.prefix(8) {
            checked {
                let member = try bundle.data(named: name)
                checked { try touch(Model(bytes: member)) }
            }
        }
    }
}

/// Runs `body`; a thrown `ModelError` is an expected outcome, anything else is a bug.
func checked(_ body: () throws -> Void) {
    do {
        try body()
    } catch is ModelError {
        return
    } catch {
        fatalError("unexpected error type: \(error)")
    }
}

/// Uses every index a validated model promises to be in range, and renders its summary.
func touch(_ model: Model) throws {
    try model.validate()
    var sum = 0
    for graph in model.subgraphs {
        for tensor in graph.tensors {
            sum &+= tensor.elementCount &+ model.data(of: tensor.buffer).count
        }
        for op in graph.operators {
            sum &+= Int(model.operatorCodes[op.opcodeIndex].builtin.rawValue)
            for input in op.inputs where input >= 0 { sum &+= graph.tensors[input].shape.count }
            for output in op.outputs { sum &+= graph.tensors[output].shape.count }
        }
        for index in graph.inputs + graph.outputs { sum &+= graph.tensors[index].shape.count }
    }
    for entry in model.metadata { sum &+= model.data(of: entry.buffer).count }
    sum &+= model.summary.text.count
    if sum == Int.min { print(sum) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    exercise(bytes)
    return 0
}
