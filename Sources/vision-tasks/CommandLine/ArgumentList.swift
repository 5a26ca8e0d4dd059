/// The words after the command name, split into positionals and `--option value` / `--flag` pairs.
///
/// Options may be written `--name value` or `--name=value`. A command declares which option names
/// take a value and which are flags; anything else is an error, so a typo never passes silently.
struct ArgumentList {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Splits `words` using the command's declared options.
    init(_ words: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < words.count else { throw UsageError("--\(name) needs a value") }
                    values[name] = words[index]
                    index += 1
                }
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    /// Whether `--name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The raw value of `--name`, if given.
    func value(_ name: String) -> String? { values[name] }

    /// The value of `--name` converted with `parse`, or `defaultValue` when absent.
    func value<T>(_ name: String, default defaultValue: T, _ parse: (String) -> T?) throws(UsageError) -> T {
        guard let raw = values[name] else { return defaultValue }
        guard let parsed = parse(raw) else { throw UsageError("invalid value '\(raw)' for --\(name)") }
        return parsed
    }

    /// The single positional argument, named `what` in the error when it is missing or repeated.
    func onePositional(_ what: String) throws(UsageError) -> String {
        guard positionals.count == 1 else {
            throw UsageError(positionals.isEmpty ? "missing \(what)" : "expected one \(what), got \(positionals.count)")
        }
        return positionals[0]
    }
}

/// A mistake in how the command was called. Printed with the command's usage; exit status 64.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
