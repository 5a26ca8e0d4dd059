import Foundation
import Inference
import VisionPipeline

extension VisionTaskRunner {
    /// A task's runner, loaded as MediaPipe's tasks load: first the checks that need no file (a
    /// live-stream delegate exactly in live-stream mode, a model path), then the bundle's members
    /// (MediaPipe's NOT_FOUND naming the first missing one), then the graph, built by `graph` from
    /// the model path and the base options' engine; a failure becomes MediaPipe's error
    /// (`PipelineError.tasksError`). `process` and `reset` run the graph.
    package static func loading<Graph>(
        taskName: String, runningMode: RunningMode, hasLiveStreamDelegate: Bool, baseOptions: BaseOptions,
        bundleMembers: [String],
        graph build: (_ modelPath: String, _ engine: InterpreterOptions) throws(PipelineError) -> Graph,
        process: @escaping (Graph, PipelineImage, Int) throws(PipelineError) -> Output,
        reset: @escaping (Graph) -> Void = { _ in }
    ) throws(NSError) -> VisionTaskRunner {
        try validate(runningMode: runningMode, hasLiveStreamDelegate: hasLiveStreamDelegate)
        try baseOptions.validateModelPath()
        try ModelBundleCheck.require(bundleMembers, inBundleAt: baseOptions.modelAssetPath)
        if baseOptions.delegate == .GPU { GPUNotice.post() }
        let graph: Graph
        do {
            graph = try build(baseOptions.modelAssetPath, baseOptions.interpreterOptions)
        } catch {
            throw error.tasksError
        }
        return VisionTaskRunner(taskName: taskName, runningMode: runningMode,
                                process: { image, timestamp throws(PipelineError) in try process(graph, image, timestamp) },
                                reset: { reset(graph) })
    }
}
