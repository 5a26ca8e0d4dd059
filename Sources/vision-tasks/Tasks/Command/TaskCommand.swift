/// `vision-tasks <task> INPUT [options]`: one task command, generic over the task.
///
/// The task's own flags come from `Task`; `--model`, `--backend`, `--threads` and the output
/// flags are common to every task; the input drivers add theirs (``TaskInputDrivers``).
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
        \(Task.optionsHelp)

        Model and engine:
        \(TaskEngineOptions.help)
        \(Task.engineHelp)

        Output:
        \(TaskRunOptions.help)
        \(TaskInputDrivers.help.isEmpty ? "" : "\nVideos, streams and folders:\n" + TaskInputDrivers.help + "\n")
        Exit status: 0 success, 1 a failed input (the message names it), 64 a wrong call, 75 the
        --json-out file is being written by another run.

        Examples:
        \(Task.examples)
        """
    }

    static var valueOptions: Set<String> {
        Task.valueOptions.union(TaskEngineOptions.valueOptions).union(TaskRunOptions.valueOptions)
            .union(TaskInputDrivers.valueOptions)
    }

    static var flagOptions: Set<String> {
        Task.flagOptions.union(TaskRunOptions.flagOptions).union(TaskInputDrivers.flagOptions)
    }

    let request: TaskRunRequest

    init(arguments: ArgumentList) throws(UsageError) {
        let input = try arguments.onePositional("INPUT")
        let engine = try TaskEngineOptions(arguments: arguments)
        request = TaskRunRequest(
            taskName: Task.commandName, input: input, spec: try Task(arguments: arguments, engine: engine),
            output: try TaskRunOptions(arguments: arguments), arguments: arguments)
    }

    func run() throws {
        if ImageInput.isImage(request.input) {
            try SingleImageRun(request: request).run()
        } else {
            try TaskInputDrivers.run(request)
        }
    }
}
