/// Why geometry metadata is unusable even though it parsed.
public enum GeometryMetadataError: Error, Sendable, Hashable, CustomStringConvertible {
    case protobuf(ProtobufError)
    case missingCanonicalMesh
    case unsupportedVertexType(Int32)
    case unsupportedPrimitiveType(Int32)
    case vertexBufferNotMultipleOfVertexSize(Int)
    case indexBufferNotMultipleOfThree(Int)
    case indexOutOfRange(UInt32, vertexCount: Int)
    case emptyProcrustesBasis
    case landmarkIDOutOfRange(UInt32, vertexCount: Int)
    case invalidWeight(Float)
    case unknownInputSource(Int32)

    public var description: String {
        switch self {
        case let .protobuf(error): "geometry metadata: \(error)"
        case .missingCanonicalMesh: "geometry metadata has no canonical mesh"
        case let .unsupportedVertexType(type): "canonical mesh vertex type \(type) is not VERTEX_PT (0)"
        case let .unsupportedPrimitiveType(type): "canonical mesh primitive type \(type) is not TRIANGLE (0)"
        case let .vertexBufferNotMultipleOfVertexSize(count): "canonical mesh vertex buffer has \(count) floats, not a multiple of 5"
        case let .indexBufferNotMultipleOfThree(count): "canonical mesh index buffer has \(count) indices, not a multiple of 3"
        case let .indexOutOfRange(index, count): "canonical mesh index \(index) is out of range for \(count) vertices"
        case .emptyProcrustesBasis: "geometry metadata has an empty Procrustes landmark basis"
        case let .landmarkIDOutOfRange(id, count): "Procrustes landmark \(id) is out of range for \(count) vertices"
        case let .invalidWeight(weight): "Procrustes weight \(weight) is negative or not finite"
        case let .unknownInputSource(value): "unknown geometry input source \(value)"
        }
    }
}

extension GeometryPipelineMetadata {
    /// Decodes and validates a serialized `GeometryPipelineMetadata` message. Fields 1 (mesh),
    /// 2 (basis) and 3 (input source) are read; unknown fields are skipped; repeated scalars may be
    /// packed or not.
    public init(protobuf bytes: [UInt8]) throws(GeometryMetadataError) {
        do {
            try self.init(unvalidated: bytes)
        } catch let error as ProtobufError {
            throw .protobuf(error)
        } catch let error as GeometryMetadataError {
            throw error
        } catch {
            throw .missingCanonicalMesh  // unreachable: only the two error types above are thrown
        }
        try validate()
    }

    private init(unvalidated bytes: [UInt8]) throws {
        var reader = ProtobufReader(bytes)
        var mesh: Mesh?
        var basis: [WeightedLandmark] = []
        var source: Int32 = 0
        while let field = try reader.nextField() {
            switch field.number {
            case 1:
                try reader.expect(field, .lengthDelimited)
                var sub = try reader.readLengthDelimited()
                mesh = try Self.decodeMesh(&sub)
            case 2:
                try reader.expect(field, .lengthDelimited)
                var sub = try reader.readLengthDelimited()
                basis.append(try Self.decodeWeightedLandmark(&sub))
            case 3:
                try reader.expect(field, .varint)
                source = try reader.readInt32(field)
            default:
                try reader.skip(field)
            }
        }
        guard let mesh else { throw GeometryMetadataError.missingCanonicalMesh }
        guard let inputSource = InputSource(rawValue: source) else { throw GeometryMetadataError.unknownInputSource(source) }
        self.init(canonicalMesh: mesh, procrustesLandmarkBasis: basis, inputSource: inputSource)
    }

    private static func decodeMesh(_ reader: inout ProtobufReader) throws(ProtobufError) -> Mesh {
        var mesh = Mesh(vertexBuffer: [], indexBuffer: [])
        while let field = try reader.nextField() {
            switch field.number {
            case 1:
                try reader.expect(field, .varint)
                mesh.vertexType = try reader.readInt32(field)
            case 2:
                try reader.expect(field, .varint)
                mesh.primitiveType = try reader.readInt32(field)
            case 3:
                try reader.readRepeatedFloat(field, into: &mesh.vertexBuffer)
            case 4:
                try reader.readRepeatedUInt32(field, into: &mesh.indexBuffer)
            default:
                try reader.skip(field)
            }
        }
        return mesh
    }

    private static func decodeWeightedLandmark(_ reader: inout ProtobufReader) throws(ProtobufError) -> WeightedLandmark {
        var entry = WeightedLandmark(landmarkID: 0, weight: 0)
        while let field = try reader.nextField() {
            switch field.number {
            case 1:
                try reader.expect(field, .varint)
                entry.landmarkID = try reader.readUInt32(field)
            case 2:
                try reader.expect(field, .fixed32)
                entry.weight = try reader.readFloat()
            default:
                try reader.skip(field)
            }
        }
        return entry
    }

    /// MediaPipe's `ValidateGeometryPipelineMetadata` checks.
    func validate() throws(GeometryMetadataError) {
        let mesh = canonicalMesh
        guard mesh.vertexType == 0 else { throw .unsupportedVertexType(mesh.vertexType) }
        guard mesh.primitiveType == 0 else { throw .unsupportedPrimitiveType(mesh.primitiveType) }
        guard mesh.vertexBuffer.count % Mesh.vertexSize == 0 else {
            throw .vertexBufferNotMultipleOfVertexSize(mesh.vertexBuffer.count)
        }
        guard mesh.indexBuffer.count % 3 == 0 else { throw .indexBufferNotMultipleOfThree(mesh.indexBuffer.count) }
        let vertexCount = mesh.vertexCount
        if let bad = mesh.indexBuffer.first(where: { Int($0) >= vertexCount }) {
            throw .indexOutOfRange(bad, vertexCount: vertexCount)
        }
        guard !procrustesLandmarkBasis.isEmpty else { throw .emptyProcrustesBasis }
        for entry in procrustesLandmarkBasis {
            guard Int(entry.landmarkID) < vertexCount else { throw .landmarkIDOutOfRange(entry.landmarkID, vertexCount: vertexCount) }
            guard entry.weight >= 0, entry.weight.isFinite else { throw .invalidWeight(entry.weight) }
        }
    }
}
