/// One subcommand of `vision-tasks`.
///
/// A command declares its options up front (so unknown ones are rejected), parses them in `init`,
/// and does its work in `run`. Results go to standard output, logs and progress to standard error.
protocol Command {
    /// The word that selects the command, e.g. `"inspect"`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full help text: usage, options and examples.
    static var help: String { get }
    /// Options that take a value (`--name VALUE`), without the leading dashes.
    static var valueOptions: Set<String> { get }
    /// Options that are flags (`--name`), without the leading dashes.
    static var flagOptions: Set<String> { get }

    init(arguments: ArgumentList) throws(UsageError)
    func run() throws
}
