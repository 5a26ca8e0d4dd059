extension HandLandmarker {
    /// The palm: wrist to the thumb's and index finger's bases, the knuckles, wrist to the pinky's base.
    public static var handPalmConnections: [Connection] { Connection.list(LandmarkConnectionTables.handPalm) }
    /// The thumb, from its base to its tip.
    public static var handThumbConnections: [Connection] { Connection.list(LandmarkConnectionTables.handThumb) }
    /// The index finger.
    public static var handIndexFingerConnections: [Connection] { Connection.list(LandmarkConnectionTables.handIndexFinger) }
    /// The middle finger.
    public static var handMiddleFingerConnections: [Connection] { Connection.list(LandmarkConnectionTables.handMiddleFinger) }
    /// The ring finger.
    public static var handRingFingerConnections: [Connection] { Connection.list(LandmarkConnectionTables.handRingFinger) }
    /// The pinky.
    public static var handPinkyConnections: [Connection] { Connection.list(LandmarkConnectionTables.handPinky) }
    /// The whole hand: the palm and the five fingers (21 lines).
    public static var handConnections: [Connection] { Connection.list(LandmarkConnectionTables.hand) }
}
