import Inference

/// `vision-tasks <task> INPUT [options]`: one task command, generic over the task.
///
/// The task's own options come from `Task`; `--model`, `--backend` and `--threads`
/// (``TaskEngineOptions``), the output options (``TaskRunOptions``) and the drivers' options
/// (``DriverOptions``) are common to every task. Options that depend on each other are settled
/// here, in one place.
struct TaskCommand<Task: TaskCommandDefinition>: Command {
    static var name: String { Task.commandName }
    static var summary: String { Task.summary }

    static var help: String {
        """
        Usage: vision-tasks \(Task.commandName) INPUT [options]

        \(Task.description)

        INPUT is an image (PNG or JPEG; one JSON object on standard output), a video file (JSON
        Lines, one object per frame), a stream URL or capture device (live-stream mode), or a
        folder (JSON Lines, one line per file, with a "file" key). Logs go to standard error.

        Task options:
        \(OptionDeclaration.help(for: Task.taskOptions, alignedWith: options))

        Model and engine:
        \(OptionDeclaration.help(for: TaskEngineOptions.declarations + Task.engineOptions, alignedWith: options))
        \(Task.modelNote)

        Output:
        \(OptionDeclaration.help(for: TaskRunOptions.declarations, alignedWith: options))

        Videos, streams and folders:
        \(OptionDeclaration.help(for: DriverOptions.declarations, alignedWith: options))

        \(DriverOptions.notes)

        Exit status: 0 success, 1 a failed input (the message names it), 64 a wrong call, 75 the
        --json-out file is being written by another run, 130 stopped by a signal.

        Examples:
        \(Task.examples)
        """
    }

    static var options: [OptionDeclaration] {
        Task.taskOptions + TaskEngineOptions.declarations + Task.engineOptions + TaskRunOptions.declarations
            + DriverOptions.declarations
    }

    let request: TaskRunRequest

    init(arguments: ArgumentList) throws(UsageError) {
        let input = try arguments.onePositional("INPUT")
        let output = try TaskRunOptions(arguments: arguments)
        let drivers = try DriverOptions(arguments: arguments, output: output)
        // Each worker keeps a core busy on its own, and so do an MP4 overlay's decoding, drawing and
        // encoding: the task then runs on the other cores.
        let defaultThreadCount = drivers.jobs > 1 ? 1
            : InterpreterOptions.defaultThreadCount(leavingBusy: output.encodesVideo ? 1 : 0)
        let engine = try TaskEngineOptions(arguments: arguments, defaultThreadCount: defaultThreadCount)
        request = TaskRunRequest(
            taskName: Task.commandName, input: input, spec: try Task(arguments: arguments, engine: engine, output: output),
            output: output, drivers: drivers)
    }

    func run() throws {
        try TaskInputDrivers.run(request)
    }
}
