/// The words after the command name, split into positionals and the command's declared options
/// (`--name value`, `--name=value`, `--flag`). A name the command does not declare is an error, so a
/// typo never passes silently; values are checked by their ``Option`` when read.
struct ArgumentList {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Splits `words` using the command's declared options.
    init(_ words: [String], options: [OptionDeclaration]) throws(UsageError) {
        let declared = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
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
            guard let declaration = declared[name] else { throw UsageError("unknown option --\(name)") }
            if declaration.takesValue {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < words.count else { throw UsageError("--\(name) needs a value") }
                    values[name] = words[index]
                    index += 1
                }
            } else {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            }
        }
    }

    /// Whether `option` was given.
    func isGiven<Value>(_ option: Option<Value>) -> Bool {
        option.placeholder == nil ? flags.contains(option.name) : values[option.name] != nil
    }

    /// The value of `option`: its default when not given.
    /// - Throws: ``UsageError`` naming the option and what it expects when the value is not valid.
    func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        guard option.placeholder != nil else {
            return flags.contains(option.name) ? (option.parse("") ?? option.defaultValue) : option.defaultValue
        }
        guard let raw = values[option.name] else { return option.defaultValue }
        guard let parsed = option.parse(raw) else {
            throw UsageError("invalid value '\(raw)' for --\(option.name): expected \(option.expected)")
        }
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
