/// What makes a task command: its name, its own options and help text, and the spec parsed from
/// them (from which every worker makes its ``TaskProcessor``).
protocol TaskCommandDefinition: TaskCommandSpec {
    /// The command word, e.g. `"face-landmarker"`.
    static var commandName: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// What the command does and what its JSON holds (a few lines of the help).
    static var description: String { get }
    /// The task's own options, in the order the help lists them.
    static var taskOptions: [OptionDeclaration] { get }
    /// The task's engine options beyond `--model`, `--backend` and `--threads` (`--delegate`).
    static var engineOptions: [OptionDeclaration] { get }
    /// Where the task's models come from without `--model`, indented two spaces.
    static var modelNote: String { get }
    /// Example invocations, one a line, indented two spaces.
    static var examples: String { get }

    /// Parses the task's options; `engine` holds the common `--model`, `--backend` and
    /// `--threads`, `output` where the results go (a task may need more for an overlay).
    init(arguments: ArgumentList, engine: TaskEngineOptions, output: TaskRunOptions) throws(UsageError)
}
