/// One subcommand of `vision-tasks`.
///
/// A command declares its options up front (``Option``, so unknown ones are rejected and the help
/// lists them), parses them in `init`, and does its work in `run`. Results go to standard output,
/// logs and progress to standard error.
protocol Command {
    /// The word that selects the command, e.g. `"inspect"`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full help text: usage, options and examples.
    static var help: String { get }
    /// Every option the command takes.
    static var options: [OptionDeclaration] { get }

    init(arguments: ArgumentList) throws(UsageError)
    func run() throws
}
