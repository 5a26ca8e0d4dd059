// libFuzzer entry point for the protobuf wire-format reader and the geometry metadata decoder
// built on it (the `geometry_pipeline_metadata_landmarks.binarypb` member of a .task bundle).
//
// Not part of the package build: scripts/fuzz/protobuf-reader compiles this file together with
// Sources/VisionCore/**/*.swift into one module with `-sanitize=fuzzer,address` and runs it for a
// bounded time or number of runs, seeded with the real metadata and small hand-written messages.
// Every input must end in a `ProtobufError` / `GeometryMetadataError` or in a value whose
// promised invariants hold; any trap or sanitizer report is a finding.

/// Walks `bytes` as a generic message, then decodes it as geometry metadata.
func exercise(_ bytes: [UInt8]) {
    var reader = ProtobufReader(bytes)
    _ = try? walk(&reader, length: bytes.count)
    decodeMetadata(bytes)
}

/// Reads every field of a message with the reader's entry points, descending into each
/// length-delimited value as a sub-message and as packed scalars, and checks that the position
/// only moves forward and stays within the message. Errors end the walk (they are expected).
func walk(_ reader: inout ProtobufReader, length: Int) throws(ProtobufError) {
    let start = reader.position
    while let field = try reader.nextField() {
        let before = reader.position
        precondition(field.offset == before, "field offset \(field.offset) != position \(before)")
        switch field.wireType {
        case .varint:
            var copy = reader
            _ = try? copy.readInt32(field)
            copy = reader
            _ = try? copy.readUInt32(field)
            var values: [UInt32] = []
            copy = reader
            try? copy.readRepeatedUInt32(field, into: &values)
            _ = try reader.readVarint()
        case .fixed32:
            var values: [Float] = []
            var copy = reader
            try? copy.readRepeatedFloat(field, into: &values)
            precondition(values.count <= 1)
            _ = try reader.readFloat()
        case .fixed64:
            _ = try reader.readFixed64()
        case .lengthDelimited:
            var floats: [Float] = []
            var copy = reader
            try? copy.readRepeatedFloat(field, into: &floats)
            var integers: [UInt32] = []
            copy = reader
            try? copy.readRepeatedUInt32(field, into: &integers)
            var sub = try reader.readLengthDelimited()
            let subLength = sub.remainingBytes.count
            precondition(floats.count * 4 <= subLength && integers.count <= subLength, "more values than bytes")
            try? walk(&sub, length: subLength)
        }
        precondition(reader.position >= before && reader.position <= start + length, "position out of the message")
    }
    precondition(reader.isAtEnd && reader.remainingBytes.isEmpty, "a finished message has bytes left")
}

/// Decodes `bytes` as geometry metadata; a decoded value must satisfy the validation's promises,
/// and a small one is also handed to the geometry estimator with its own canonical mesh as the
/// landmarks (hostile numbers such as NaN must not crash it).
func decodeMetadata(_ bytes: [UInt8]) {
    let metadata: GeometryPipelineMetadata
    do {
        metadata = try GeometryPipelineMetadata(protobuf: bytes)
    } catch {
        return  // typed throws: always a GeometryMetadataError
    }
    let mesh = metadata.canonicalMesh
    precondition(mesh.vertexBuffer.count % GeometryPipelineMetadata.Mesh.vertexSize == 0)
    precondition(mesh.indexBuffer.count % 3 == 0)
    precondition(mesh.indexBuffer.allSatisfy { Int($0) < mesh.vertexCount })
    precondition(!metadata.procrustesLandmarkBasis.isEmpty)
    let weights = metadata.landmarkWeights
    precondition(weights.count == mesh.vertexCount)
    precondition(weights.allSatisfy { $0 >= 0 && $0.isFinite })
    guard mesh.vertexCount <= 512 else { return }
    let estimator = FaceGeometryEstimator(metadata: metadata)
    precondition(estimator.landmarkCount == mesh.vertexCount)
    let positions = mesh.positions
    let landmarks = (0..<mesh.vertexCount).map { index in
        LandmarkPoint(x: positions[3 * index] / 20 + 0.5, y: positions[3 * index + 1] / 20 + 0.5, z: positions[3 * index + 2] / 20)
    }
    _ = try? estimator.transformationMatrix(for: landmarks, frameWidth: 640, frameHeight: 480)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    exercise(bytes)
    return 0
}
