// `import MLKit` works as in the ML Kit samples: this umbrella re-exports MLKitVision and
// MLKitFaceDetection.
@_exported import MLKitFaceDetection
@_exported import MLKitVision
