import Testing
import TestSupport
import TFLite
import VisionCore

/// The real `geometry_pipeline_metadata_landmarks.binarypb` from `face_landmarker.task`.
func geometryMetadataBytes() throws -> [UInt8] {
    let bundle = try TaskBundle(contentsOf: Assets.model("face_landmarker.task"))
    return try bundle.data(named: "geometry_pipeline_metadata_landmarks.binarypb")
}

@Suite struct GeometryMetadataTests {
    @Test func decodesTheRealFile() throws {
        let bytes = try geometryMetadataBytes()
        #expect(bytes.count == 19376)
        let metadata = try GeometryPipelineMetadata(protobuf: bytes)
        let mesh = metadata.canonicalMesh
        #expect(mesh.vertexType == 0 && mesh.primitiveType == 0)
        #expect(mesh.vertexBuffer.count == 2340 && mesh.vertexCount == 468)
        #expect(mesh.indexBuffer.count == 2694 && mesh.indexBuffer.max() == 467)
        // docs/pipeline.md §5.1: vertex 0 and 1.
        #expect(Array(mesh.vertexBuffer[0..<5]) == [0, -3.406404, 5.979507, 0.499977, 0.652534])
        #expect(Array(mesh.positions[3..<6]) == [0, -1.126865, 7.475604])
        #expect(metadata.inputSource == .faceLandmarkPipeline)
        #expect(metadata.procrustesLandmarkBasis.count == 33)
        #expect(metadata.procrustesLandmarkBasis[0] == .init(landmarkID: 4, weight: 0.070909939706326))
        let weights = metadata.landmarkWeights
        #expect(weights.count == 468 && weights[358] == 0.120625205338001 && weights[129] == weights[358])
        #expect(weights.filter { $0 > 0 }.count == 33 && weights[0] == 0)
        // Canonical model facts: forehead y max 8.26, chin y min −9.40, nose tip z 7.59.
        let ys = stride(from: 1, to: mesh.positions.count, by: 3).map { mesh.positions[$0] }
        #expect(isClose(ys.max()!, 8.26, 0.01) && isClose(ys.min()!, -9.40, 0.01))
        #expect(isClose(mesh.positions[3 * 4 + 2], 7.59, 0.01))
    }

    @Test func prefixesThatCutTheMeshFail() throws {
        let bytes = try geometryMetadataBytes()
        // The mesh field (tag, 2-byte length, 19,050 bytes) ends at byte 19,053.
        for length in stride(from: 0, to: 19053, by: 97) {
            #expect(throws: GeometryMetadataError.self) { try GeometryPipelineMetadata(protobuf: Array(bytes[0..<length])) }
        }
    }

    @Test func seededMutationsNeverCrash() throws {
        let bytes = try geometryMetadataBytes()
        var generator = SeededGenerator(seed: 2024)
        var decoded = 0, rejected = 0
        for round in 0..<400 {
            var mutated = bytes
            switch round % 4 {
            case 0:  // flip bits
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let i = Int.random(in: 0..<mutated.count, using: &generator)
                    mutated[i] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
                }
            case 1:  // overwrite the first bytes (tags and lengths) with random bytes
                for i in 0..<Int.random(in: 1...6, using: &generator) { mutated[i] = UInt8.random(in: 0...255, using: &generator) }
            case 2:  // truncate anywhere
                mutated = Array(mutated[0..<Int.random(in: 0..<mutated.count, using: &generator)])
            default:  // insert random bytes anywhere
                let i = Int.random(in: 0..<mutated.count, using: &generator)
                mutated.insert(contentsOf: (0..<Int.random(in: 1...5, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: i)
            }
            do {
                let metadata = try GeometryPipelineMetadata(protobuf: mutated)
                // Whatever decodes is internally consistent.
                #expect(metadata.canonicalMesh.indexBuffer.allSatisfy { Int($0) < metadata.canonicalMesh.vertexCount })
                decoded += 1
            } catch {
                #expect(!error.description.isEmpty)
                rejected += 1
            }
        }
        #expect(decoded + rejected == 400)
        #expect(rejected > 100)  // most mutations of tags, lengths and sizes are caught
    }

    @Test func validationRejectsInconsistentMetadata() throws {
        // Hand-built message: a mesh with 1 vertex (5 floats, packed) and an index 1 out of range.
        var mesh: [UInt8] = [0x1A, 20] + [UInt8](repeating: 0, count: 20) + [0x20, 0x01, 0x20, 0x00, 0x20, 0x00]
        var message: [UInt8] = [0x0A, UInt8(mesh.count)] + mesh + [0x12, 0x07, 0x08, 0x00, 0x15, 0, 0, 0x80, 0x3F]
        #expect(throws: GeometryMetadataError.indexOutOfRange(1, vertexCount: 1)) { try GeometryPipelineMetadata(protobuf: message) }
        mesh = [0x1A, 20] + [UInt8](repeating: 0, count: 20)
        message = [0x0A, UInt8(mesh.count)] + mesh + [0x12, 0x07, 0x08, 0x05, 0x15, 0, 0, 0x80, 0x3F]
        #expect(throws: GeometryMetadataError.landmarkIDOutOfRange(5, vertexCount: 1)) { try GeometryPipelineMetadata(protobuf: message) }
        message = [0x0A, UInt8(mesh.count)] + mesh + [0x12, 0x07, 0x08, 0x00, 0x15, 0, 0, 0x80, 0xBF]
        #expect(throws: GeometryMetadataError.invalidWeight(-1)) { try GeometryPipelineMetadata(protobuf: message) }
        message = [0x0A, UInt8(mesh.count)] + mesh
        #expect(throws: GeometryMetadataError.emptyProcrustesBasis) { try GeometryPipelineMetadata(protobuf: message) }
        #expect(throws: GeometryMetadataError.missingCanonicalMesh) { try GeometryPipelineMetadata(protobuf: []) }
        message = [0x0A, UInt8(mesh.count)] + mesh + [0x12, 0x07, 0x08, 0x00, 0x15, 0, 0, 0x80, 0x3F, 0x18, 0x07]
        #expect(throws: GeometryMetadataError.unknownInputSource(7)) { try GeometryPipelineMetadata(protobuf: message) }
        message = [0x0A, UInt8(mesh.count)] + mesh + [0x12, 0x07, 0x08, 0x00, 0x15, 0, 0, 0x80, 0x3F]
        let valid = try GeometryPipelineMetadata(protobuf: message)
        #expect(valid.canonicalMesh.vertexCount == 1 && valid.inputSource == .default)
    }
}
