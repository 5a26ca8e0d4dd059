// swift-tools-version:6.0
//
// VisionTasks: MediaPipe's face and pose tasks, ML Kit and Firebase ML Vision face detection, on
// Linux and any Swift platform, with our own TFLite inference engine.
//
// Layers (data flows one way; each layer imports only the ones above it):
//   CZlib, CXNNPACK, ...   system-library shims; exactly one Swift module imports each
//   TFLite                 .tflite flatbuffer reader (bounds-checked), .task (zip) bundles, metadata
//   Inference              graph, memory plan, op kernels (Reference/ and XNNPACK/)
//   vision-tasks           the command-line tool
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

let package = Package(
    name: "VisionTasks",
    products: [
        .library(name: "TFLite", targets: ["TFLite"]),
        .library(name: "Inference", targets: ["Inference"]),
        .executable(name: "vision-tasks", targets: ["vision-tasks"]),
    ],
    targets: [
        // MARK: System libraries (Debian packages, installed by scripts/setup)
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CXNNPACK", path: "Sources/CXNNPACK"),

        // MARK: Model format and inference
        .target(name: "TFLite", dependencies: ["CZlib"], swiftSettings: swiftSettings),
        .target(name: "Inference", dependencies: ["TFLite", "CXNNPACK"], swiftSettings: swiftSettings),

        // MARK: Command-line tool
        .executableTarget(
            name: "vision-tasks",
            dependencies: ["TFLite", "Inference"],
            swiftSettings: swiftSettings
        ),

        // MARK: Tests
        .target(name: "TestSupport", dependencies: ["TFLite"], path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "TFLiteTests",
            dependencies: ["TFLite", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "InferenceTests",
            dependencies: ["Inference", "TFLite", "TestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
