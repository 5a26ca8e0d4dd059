import Foundation
import Inference
import TFLite
import Testing
import TestSupport

/// Our pool behind pthreadpool's API (target CThreadPool): XNNPACK's loops bind to it, results do
/// not depend on the thread count or on concurrent callers, and the caller's floating-point state
/// is restored after XNNPACK's denormal-flushing loops.
@Suite("XNNPACK thread pool")
struct ThreadPoolTests {
    static func outputs(_ interpreter: Interpreter, input: [Float]) throws -> [[Float]] {
        try interpreter.copyInput(input, at: 0)
        try interpreter.invoke()
        return interpreter.outputs.indices.map { interpreter.output(at: $0) }
    }

    static func faceLandmarks() throws -> (model: Model, input: [Float]) {
        let golden = try LiteRTGolden.load("face_landmarks_detector")
        let run = try #require(golden.seeds.first)
        return (try golden.loadModel(), try #require(golden.inputs(for: run).first))
    }

    @Test("XNNPACK's parallel loops bind to our pool, and two threads give one thread's results bit for bit")
    func boundAndDeterministic() throws {
        #if XNNPACK
        #expect(ThreadPool.isBoundToXNNPACK)
        #else
        #expect(!ThreadPool.isBoundToXNNPACK)
        #endif
        let (model, input) = try Self.faceLandmarks()
        let single = try Interpreter(model: model, options: InterpreterOptions(threadCount: 1))
        let double = try Interpreter(model: model, options: InterpreterOptions(threadCount: 2))
        let pool = try ThreadPool.shared(threadCount: 2)
        // Loops XNNPACK handed to the pool: across its threads, or on the caller alone while the
        // pool is busy or backing off after a stall (as when other tests load the machine).
        func loops() -> Int { pool.statistics.parallelLoops + pool.statistics.serialLoops }
        let before = loops()
        let expected = try Self.outputs(single, input: input)
        for _ in 0..<3 {
            #expect(try Self.outputs(double, input: input) == expected)
        }
        #expect(loops() > before)
    }

    @Test("interpreters on two threads share the pool and keep their results")
    func concurrentCallers() async throws {
        let (model, input) = try Self.faceLandmarks()
        let expected = try Self.outputs(try Interpreter(model: model), input: input)
        let allMatch = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    let interpreter = try Interpreter(model: model, options: InterpreterOptions(threadCount: 2))
                    var same = true
                    for _ in 0..<10 { same = try Self.outputs(interpreter, input: input) == expected && same }
                    return same
                }
            }
            return try await group.reduce(true) { $0 && $1 }
        }
        #expect(allMatch)
    }

    @Test("the caller keeps subnormal arithmetic after XNNPACK flushed denormals")
    func floatingPointStateIsRestored() throws {
        let (model, input) = try Self.faceLandmarks()
        for threads in [1, 2] {
            _ = try Self.outputs(try Interpreter(model: model, options: InterpreterOptions(threadCount: threads)), input: input)
            // Known only at run time, so the division below is not folded by the compiler.
            let tiny = input.isEmpty ? 1 : Float.leastNormalMagnitude
            #expect(tiny / 4 > 0, "threads \(threads): a subnormal quotient was flushed to zero")
        }
    }
}
