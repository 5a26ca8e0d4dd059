import Foundation

/// Images ML Kit's detectors accept: ``VisionImage`` and ``MLImage``.
public protocol MLKitCompatibleImage: NSObjectProtocol {}
