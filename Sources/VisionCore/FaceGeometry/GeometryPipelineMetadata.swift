/// The face-geometry metadata in MediaPipe's `face_landmarker.task`
/// (`geometry_pipeline_metadata_landmarks.binarypb`, docs/pipeline.md §5.1): the canonical face mesh in
/// centimetres (+y up, +z out of the face) and the weighted landmarks for Procrustes.
public struct GeometryPipelineMetadata: Sendable, Hashable {
    /// Where the landmarks come from (`InputSource`).
    public enum InputSource: Int32, Sendable, Hashable {
        case `default` = 0
        case faceLandmarkPipeline = 1
        case faceDetectionPipeline = 2
    }

    /// A landmark index with its Procrustes weight.
    public struct WeightedLandmark: Sendable, Hashable {
        public var landmarkID: UInt32
        public var weight: Float

        public init(landmarkID: UInt32, weight: Float) {
            self.landmarkID = landmarkID
            self.weight = weight
        }
    }

    /// The canonical mesh (`Mesh3d` with `VERTEX_PT` vertices and `TRIANGLE` primitives).
    public struct Mesh: Sendable, Hashable {
        /// `VERTEX_PT` = 0: 5 floats per vertex, (x, y, z) in cm then (u, v).
        public var vertexType: Int32
        /// `TRIANGLE` = 0.
        public var primitiveType: Int32
        public var vertexBuffer: [Float]
        /// Three vertex indices per triangle.
        public var indexBuffer: [UInt32]

        public init(vertexType: Int32 = 0, primitiveType: Int32 = 0, vertexBuffer: [Float], indexBuffer: [UInt32]) {
            self.vertexType = vertexType
            self.primitiveType = primitiveType
            self.vertexBuffer = vertexBuffer
            self.indexBuffer = indexBuffer
        }

        /// Floats per vertex for `VERTEX_PT`.
        public static let vertexSize = 5

        /// Number of vertices.
        public var vertexCount: Int { vertexBuffer.count / Self.vertexSize }

        /// The vertex positions in cm, 3 floats (x, y, z) per vertex.
        public var positions: [Float] {
            (0..<vertexCount).flatMap { i in vertexBuffer[(i * Self.vertexSize)..<(i * Self.vertexSize + 3)] }
        }
    }

    public var canonicalMesh: Mesh
    public var procrustesLandmarkBasis: [WeightedLandmark]
    public var inputSource: InputSource

    public init(canonicalMesh: Mesh, procrustesLandmarkBasis: [WeightedLandmark], inputSource: InputSource) {
        self.canonicalMesh = canonicalMesh
        self.procrustesLandmarkBasis = procrustesLandmarkBasis
        self.inputSource = inputSource
    }

    /// One weight per canonical vertex: the basis weights, 0 elsewhere.
    public var landmarkWeights: [Float] {
        var weights = [Float](repeating: 0, count: canonicalMesh.vertexCount)
        for entry in procrustesLandmarkBasis where Int(entry.landmarkID) < weights.count {
            weights[Int(entry.landmarkID)] = entry.weight
        }
        return weights
    }
}
