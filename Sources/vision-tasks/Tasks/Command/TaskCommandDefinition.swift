/// What makes a task command: its name, its own flags and help text, and the spec parsed from them
/// (from which every worker makes its ``TaskProcessor``).
protocol TaskCommandDefinition: TaskCommandSpec {
    /// The command word, e.g. `"face-landmarker"`.
    static var commandName: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// What the command does and what its JSON holds (a few lines of the help).
    static var description: String { get }
    /// The help lines of the task's own options, indented two spaces.
    static var optionsHelp: String { get }
    /// The task's lines of the "Model and engine" help: its default model, `--delegate`.
    static var engineHelp: String { get }
    /// Example invocations, one a line, indented two spaces.
    static var examples: String { get }
    /// The task's own options that take a value, without dashes.
    static var valueOptions: Set<String> { get }
    /// The task's own flags, without dashes.
    static var flagOptions: Set<String> { get }

    /// Parses the task's options; `engine` holds the common `--model`, `--backend` and `--threads`.
    init(arguments: ArgumentList, engine: TaskEngineOptions) throws(UsageError)
}
