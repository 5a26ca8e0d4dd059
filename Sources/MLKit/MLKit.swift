// `import MLKit` works as in the ML Kit samples: this umbrella re-exports MLKitFaceDetection
// (which holds the MLKitVision types too).
@_exported import MLKitFaceDetection
