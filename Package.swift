// swift-tools-version:6.1
//
// VisionTasks: MediaPipe's face, pose and hand tasks, ML Kit and Firebase ML Vision face detection,
// on Linux and any Swift platform, with our own TFLite inference engine.
//
// Layers (data flows one way; each layer imports only the ones above it):
//   CZlib, CXNNPACK, ...   system-library shims; exactly one Swift module imports each (CXNNPACK
//                          only with the XNNPACK trait, CFFmpeg only with FFmpeg: docs/platforms.md)
//   CFastKernels           our C microkernels for shapes XNNPACK runs slowly (imported by Inference)
//   TFLite                 .tflite flatbuffer reader (bounds-checked), .task (zip) bundles, metadata
//   Inference              graph, memory plan, op kernels (Reference/ and XNNPACK/)
//   VisionCore             MediaPipe's face/pose graph math, pure Swift (no engine, no images)
//   CLibraryLoading        dlopen by name (Linux sonames; Homebrew's folders too on a Mac)
//   CImageFormats          libheif and libwebp, loaded on first use (HEIF and WebP decoding)
//   CPixelKernels          Imaging's pixel kernels: RGB and YUV crops (AVX-512 or AVX2, chosen at run time), PNG row filters
//                          and run-length DEFLATE, segmentation masks' sigmoid, warp and bytes
//   Imaging                PNG/JPEG/HEIF/WebP decoding, PNG and JPEG writing, pixel formats,
//                          MediaPipe-exact ROI warps, drawing
//   VideoIO                video files, streams and devices to/from RGB images (FFmpeg via CFFmpeg,
//                          loaded on first use by CFFmpegLoader)
//   VisionPipeline         MediaPipe's face detector, face landmarker and pose landmarker graphs
//   MediaPipeTasksVision   MediaPipe Tasks' iOS API (FaceLandmarker, FaceDetector, PoseLandmarker)
//   MLKitFaceDetection     ML Kit 3.x face detection API (umbrella module MLKit)
//   FirebaseMLVision       Firebase ML Vision 6.x face detection API (umbrella module Firebase)
//   vision-tasks           the command-line tool
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
]

/// Package traits (docs/platforms.md): both on by default; `swift build --disable-default-traits`
/// builds without either library's headers or shared objects.
let xnnpack: Set<String> = ["XNNPACK"]
let ffmpeg: Set<String> = ["FFmpeg"]

/// FFmpeg's headers: Homebrew's through pkg-config on a Mac; Debian's are on the default path.
/// Never its link flags on Linux, where CFFmpegLoader loads the libraries on first use.
#if os(macOS)
let ffmpegPackageConfig: String? = "libavformat"
#else
let ffmpegPackageConfig: String? = nil
#endif

let package = Package(
    name: "VisionTasks",
    products: [
        .library(name: "TFLite", targets: ["TFLite"]),
        .library(name: "Inference", targets: ["Inference"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "VisionCore", targets: ["VisionCore"]),
        .library(name: "VisionPipeline", targets: ["VisionPipeline"]),
        .library(name: "MediaPipeTasksVision", targets: ["MediaPipeTasksVision"]),
        .library(name: "VideoIO", targets: ["VideoIO"]),
        .library(name: "MLKitFaceDetection", targets: ["MLKitFaceDetection", "MLKitVision", "MLKit"]),
        .library(name: "FirebaseMLVision", targets: ["FirebaseMLVision", "Firebase"]),
        .executable(name: "vision-tasks", targets: ["vision-tasks"]),
    ],
    traits: [
        .trait(name: "XNNPACK", description: "Run models on Debian's XNNPACK where it is fastest (else our own C and Swift kernels)."),
        .trait(name: "FFmpeg", description: "Read and write videos, streams and cameras through FFmpeg (else images only)."),
        .default(enabledTraits: ["XNNPACK", "FFmpeg"]),
    ],
    targets: [
        // MARK: System libraries (Debian packages, installed by scripts/setup; Homebrew on a Mac,
        // docs/platforms.md §4), found through pkg-config where they ship a .pc file
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(name: "CXNNPACK", path: "Sources/CXNNPACK",
                       providers: [.apt(["libxnnpack-dev", "libpthreadpool-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg",
                       providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg", pkgConfig: ffmpegPackageConfig,
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev", "libavdevice-dev"]),
                                   .brew(["ffmpeg"])]),
        // Opening a shared library by name, on Linux and on a Mac (Homebrew's folders too)
        .target(name: "CLibraryLoading"),
        // FFmpeg's functions as trampolines into libraries loaded on first use (start-up cost)
        .target(name: "CFFmpegLoader", dependencies: ["CLibraryLoading"], cSettings: [.define("VT_FFMPEG_TRAIT", .when(traits: ffmpeg))]),
        // pthreadpool's API on our own pool, which XNNPACK's parallel loops bind to (see its header)
        .target(name: "CThreadPool", dependencies: [.target(name: "CXNNPACK", condition: .when(traits: xnnpack))],
                cSettings: [.define("VT_PTHREADPOOL_API", .when(traits: xnnpack))]),
        // HEIF (libheif) and WebP (libwebp) decoding, the libraries loaded on first use
        .target(name: "CImageFormats", dependencies: ["CLibraryLoading"]),
        // Hand-written float kernels (AVX-512F or AVX2 chosen at run time, portable C otherwise)
        .target(name: "CFastKernels"),
        // Pixel kernels of Imaging: YUV crops (AVX2 chosen at run time; a Swift twin elsewhere), PNG's
        // row filters (SSE2 on x86-64, scalar elsewhere) and run-length DEFLATE, masks' float kernels
        .target(name: "CPixelKernels"),

        // MARK: Model format and inference
        // The one lock, the live-stream frame limiter and the one unchecked-Sendable box.
        .target(name: "Locking", swiftSettings: swiftSettings),

        // Whole-file reads and writes, and the one way large buffers are faulted in (prefault).
        .target(name: "FileIO", swiftSettings: swiftSettings),

        .target(name: "TFLite", dependencies: ["CZlib", "CDeflate", "FileIO"], swiftSettings: swiftSettings),
        .target(name: "Inference",
                dependencies: ["TFLite", .target(name: "CXNNPACK", condition: .when(traits: xnnpack)), "CThreadPool", "CFastKernels", "Locking", "FileIO"],
                swiftSettings: swiftSettings),

        // MARK: Images: decoding, ROI-to-tensor warps, drawing
        .target(name: "Imaging", dependencies: ["CPNG", "CDeflate", "CJPEG", "CImageFormats", "CPixelKernels", "VisionCore", "FileIO"],
                swiftSettings: swiftSettings),

        // MARK: Apple's UIImage, CVPixelBuffer and CMSampleBuffer where Apple's frameworks are absent
        .target(name: "AppleShims", dependencies: ["Imaging"], swiftSettings: swiftSettings),

        // MARK: Video files, streams and devices (FFmpeg) to and from Imaging's RGB images
        .target(name: "VideoIO",
                dependencies: [.target(name: "CFFmpeg", condition: .when(traits: ffmpeg)),
                               .target(name: "CFFmpegLoader", condition: .when(traits: ffmpeg)), "Imaging", "Locking", "AppleShims"],
                swiftSettings: swiftSettings),

        // MARK: MediaPipe graph math (rects, SSD decoding, NMS, projection, tracking, smoothing, geometry)
        .target(name: "VisionCore", swiftSettings: swiftSettings),

        // MARK: MediaPipe graphs on our engine (image -> crop -> interpreter -> VisionCore math)
        .target(
            name: "VisionPipeline",
            dependencies: ["Inference", "TFLite", "Imaging", "VisionCore", "Locking", "FileIO"],
            swiftSettings: swiftSettings
        ),

        // MARK: MediaPipe Tasks' iOS API (MediaPipeTasksVision), a thin layer over VisionPipeline
        .target(
            name: "MediaPipeTasksVision",
            dependencies: ["VisionPipeline", "Inference", "TFLite", "Imaging", "VisionCore", "Locking", "AppleShims"],
            swiftSettings: swiftSettings
        ),

        // MARK: ML Kit and Firebase ML Vision face detection (thin layers over VisionPipeline)
        .target(name: "MLKitVision", dependencies: ["AppleShims", "Imaging"], swiftSettings: swiftSettings),
        .target(name: "MLKitFaceDetection", dependencies: ["MLKitVision", "AppleShims", "VisionPipeline", "Inference", "Imaging"],
                swiftSettings: swiftSettings),
        .target(name: "MLKit", dependencies: ["MLKitFaceDetection", "MLKitVision"], swiftSettings: swiftSettings),
        .target(name: "FirebaseMLVision", dependencies: ["AppleShims", "VisionPipeline", "Inference", "Imaging"],
                swiftSettings: swiftSettings),
        .target(name: "Firebase", dependencies: ["FirebaseMLVision"], swiftSettings: swiftSettings),

        // MARK: Command-line tool
        // Timing of models, warps and video decoding, for `vision-tasks bench` and the tests; not a
        // product, so no library ships it.
        .target(name: "CFMAPeak"),
        .target(name: "Benchmarks", dependencies: ["TFLite", "Inference", "Imaging", "VisionCore", "VideoIO", "CFMAPeak"],
                swiftSettings: swiftSettings),

        // An iOS camera loop running on Linux (Examples/CameraFaceLandmarker).
        .executableTarget(name: "camera-face-landmarker", dependencies: ["MediaPipeTasksVision", "VideoIO"],
                          path: "Examples/CameraFaceLandmarker", swiftSettings: swiftSettings),

        .executableTarget(
            name: "vision-tasks",
            dependencies: ["TFLite", "Inference", "Imaging", "VisionPipeline", "MediaPipeTasksVision", "MLKitFaceDetection", "MLKitVision",
                           "VideoIO",
                           "Benchmarks", "Locking", "FileIO"],
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
            dependencies: ["Inference", "TFLite", "TestSupport", .target(name: "CXNNPACK", condition: .when(traits: xnnpack)), "Benchmarks",
                           "CThreadPool", "FileIO"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ImagingTests",
            dependencies: ["Imaging", "CPixelKernels", "VisionCore", "TFLite", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VisionCoreTests",
            dependencies: ["VisionCore", "TFLite", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VisionPipelineTests",
            dependencies: ["VisionPipeline", "Imaging", "VisionCore", "Locking", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MediaPipeTasksVisionTests",
            dependencies: ["MediaPipeTasksVision", "VisionPipeline", "Imaging", "Locking", "VisionCore", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VideoIOTests",
            dependencies: ["VideoIO", "AppleShims", "Imaging", "TestSupport", "Benchmarks"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MLKitFaceDetectionTests",
            dependencies: ["MLKit", "MLKitFaceDetection", "MLKitVision", "VisionPipeline", "Imaging", "VisionCore", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FirebaseMLVisionTests",
            dependencies: ["Firebase", "FirebaseMLVision", "Imaging", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        // One target per guide of the user's documents (docs/ios-compatibility.md §4):
        // its Swift snippets as printed, run on real pictures.
        .testTarget(name: "Guide000FaceLandmarkerTests", dependencies: ["MediaPipeTasksVision", "Imaging", "Locking", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "Guide001MLKitTests", dependencies: ["MLKit", "Imaging", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "Guide002FaceLandmarkerTests", dependencies: ["MediaPipeTasksVision", "Imaging", "Locking", "TestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "Guide003FirebaseTests", dependencies: ["Firebase", "Imaging", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "Guide004PoseLandmarkerTests", dependencies: ["MediaPipeTasksVision", "Locking", "TestSupport"],
                    swiftSettings: swiftSettings),
        // iOS-style imports of the three APIs, each in its own file, resolving the guides' types.
        .testTarget(name: "ImportStyleTests", dependencies: ["MediaPipeTasksVision", "MLKit", "MLKitFaceDetection", "MLKitVision", "Firebase"],
                    swiftSettings: swiftSettings),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["vision-tasks", "MediaPipeTasksVision", "MLKitFaceDetection", "MLKitVision", "VisionPipeline", "Imaging", "VideoIO",
                           "TestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
