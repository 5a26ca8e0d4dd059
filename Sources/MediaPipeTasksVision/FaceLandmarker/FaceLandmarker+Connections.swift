extension FaceLandmarker {
    /// The lip contours: 40 connections.
    public static func lipsConnections() -> [Connection] { Connection.list(LandmarkConnectionTables.lips) }
    /// The subject's left eye: 16 connections.
    public static func leftEyeConnections() -> [Connection] { Connection.list(LandmarkConnectionTables.leftEye) }
    /// The subject's left eyebrow: 8 connections.
    public static func leftEyebrowConnections() -> [Connection] { Connection.list(LandmarkConnectionTables.leftEyebrow) }
    /// The subject's left iris (landmarks 474–477): 4 connections.
    public static func leftIrisConnections() -> [Connection] { Connection.list(LandmarkConnectionTables.leftIris) }
    /// The subject's right eye: 16 connections.
    public static func rightEyeConnections() -> [Connection] { Connection.list(LandmarkConnectionTables.rightEye) }
    /// The subject's right eyebrow: 8 connections.
    public static func rightEyebrowConnections() -> [Connection] { Connection.list(LandmarkConnectionTables.rightEyebrow) }
    /// The subject's right iris: as iOS by default, which returns the *left* iris's 4 connections
    /// (landmarks 474–477, an upstream bug); with `corrected` (VisionTasks extension), the right
    /// iris's (469–472). See docs/ios-compatibility.md.
    public static func rightIrisConnections(corrected: Bool = false) -> [Connection] {
        Connection.list(corrected ? LandmarkConnectionTables.rightIris : LandmarkConnectionTables.leftIris)
    }
    /// The face oval, a closed loop: 36 connections.
    public static func faceOvalConnections() -> [Connection] { Connection.list(LandmarkConnectionTables.faceOval) }

    /// All contours: lips, left eye, left eyebrow, left iris, right eye, right eyebrow, right
    /// iris (as ``rightIrisConnections(corrected:)``), face oval, in that order (132 connections).
    public static func contoursConnections(corrected: Bool = false) -> [Connection] {
        [lipsConnections(), leftEyeConnections(), leftEyebrowConnections(), leftIrisConnections(),
         rightEyeConnections(), rightEyebrowConnections(), rightIrisConnections(corrected: corrected), faceOvalConnections()]
            .flatMap { $0 }
    }

    /// The triangle mesh: 2556 connections.
    public static func tesselationConnections() -> [Connection] { Connection.list(LandmarkConnectionTables.tesselation) }

    /// Lips, then all contours, then the mesh (2728 connections; the lips appear twice, as in
    /// MediaPipe).
    public static func faceConnections() -> [Connection] {
        lipsConnections() + contoursConnections() + tesselationConnections()
    }
}

extension Connection {
    /// Connections from a flat `[start, end, start, end, …]` table.
    static func list(_ table: [UInt16]) -> [Connection] {
        stride(from: 0, to: table.count - 1, by: 2).map {
            Connection(start: UInt(table[$0]), end: UInt(table[$0 + 1]))
        }
    }
}
