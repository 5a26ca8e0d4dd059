/// One command-line option, declared once: its name, the value it takes, its default, its help
/// and how its text is checked. A command's help, the names it accepts and the parsing of each
/// value are all made from these declarations (``OptionDeclaration``, ``ArgumentList``).
struct Option<Value: Sendable>: Sendable {
    /// The name without the leading dashes, e.g. `num-faces`.
    let name: String
    /// What the value is called in the help (`N`, `PATH`); nil for a flag.
    let placeholder: String?
    /// The value when the option is not given.
    let defaultValue: Value
    /// How the help shows the default, or nil to show none.
    let defaultText: String?
    /// What the option does (the help wraps it).
    let help: String
    /// What a valid value looks like, for the error message.
    let expected: String
    /// The value a word stands for, or nil when it is not valid.
    let parse: @Sendable (String) -> Value?

    /// The name, value and help, without the type: what help and argument splitting need.
    var declaration: OptionDeclaration {
        let shownHelp = defaultText.map { "\(help) (default \($0))" } ?? help
        return OptionDeclaration(name: name, placeholder: placeholder, help: shownHelp)
    }
}

extension Option where Value == Bool {
    /// A flag: true when given.
    static func flag(_ name: String, help: String) -> Option<Bool> {
        Option(name: name, placeholder: nil, defaultValue: false, defaultText: nil, help: help, expected: "no value") { _ in true }
    }
}

extension Option where Value: Equatable {
    /// An option whose value is one of `choices` (written as the help's placeholder `a|b|c`).
    static func choice(_ name: String, _ choices: KeyValuePairs<String, Value>, default defaultValue: Value,
                       help: String) -> Option<Value> {
        let words = choices.map(\.key)
        let defaultText = choices.first { $0.value == defaultValue }?.key
        let table = Dictionary(uniqueKeysWithValues: choices.map { ($0.key, $0.value) })
        return Option(name: name, placeholder: words.joined(separator: "|"), defaultValue: defaultValue,
                      defaultText: defaultText, help: help, expected: "one of " + words.joined(separator: ", ")) { table[$0] }
    }
}

extension Option where Value == Int {
    /// A whole number in `range`.
    static func integer(_ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, default defaultValue: Int,
                        help: String) -> Option<Int> {
        Option(name: name, placeholder: placeholder, defaultValue: defaultValue, defaultText: String(defaultValue), help: help,
               expected: range.upperBound == .max ? "a whole number of at least \(range.lowerBound)"
                   : "a whole number from \(range.lowerBound) to \(range.upperBound)") { Int($0).flatMap { range.contains($0) ? $0 : nil } }
    }
}

extension Option where Value == Float {
    /// A number in [0, 1] (a threshold or a fraction).
    static func fraction(_ name: String, default defaultValue: Float, help: String) -> Option<Float> {
        Option(name: name, placeholder: "F", defaultValue: defaultValue, defaultText: "\(defaultValue)", help: help,
               expected: "a number from 0 to 1") { Float($0).flatMap { (0...1).contains($0) ? $0 : nil } }
    }
}

extension Option where Value == String? {
    /// A non-empty text (a path, a list); nil when not given. `defaultText` says what happens then.
    static func text(_ name: String, _ placeholder: String, defaultText: String? = nil, help: String) -> Option<String?> {
        Option(name: name, placeholder: placeholder, defaultValue: nil, defaultText: defaultText, help: help,
               expected: "a non-empty \(placeholder)") { $0.isEmpty ? nil : $0 }
    }
}

extension Option where Value == Int? {
    /// A whole number in `range`, or nil (the command decides) when not given.
    static func optionalInteger(_ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, defaultText: String,
                                help: String) -> Option<Int?> {
        Option(name: name, placeholder: placeholder, defaultValue: nil, defaultText: defaultText, help: help,
               expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") { Int($0).flatMap { range.contains($0) ? $0 : nil } }
    }
}

/// An option's name, whether it takes a value, and its help, whatever its type.
struct OptionDeclaration: Sendable {
    let name: String
    let placeholder: String?
    let help: String

    var takesValue: Bool { placeholder != nil }
    /// `--name PLACEHOLDER` or `--name`.
    var usage: String { "--" + name + (placeholder.map { " " + $0 } ?? "") }

    /// The help lines of `declarations`: each option's usage, then its help wrapped at 100
    /// columns in a column of its own (placed for the widest of `alignedWith`, so that the groups
    /// of one help line up), indented two spaces.
    static func help(for declarations: [OptionDeclaration], alignedWith all: [OptionDeclaration]? = nil) -> String {
        let column = min(36, ((all ?? declarations).map(\.usage.count).max() ?? 0) + 5)
        return declarations.map { declaration in
            let lines = wrap(declaration.help, width: 100 - column)
            var text = "  " + declaration.usage
            if text.count + 1 > column {
                text += "\n" + String(repeating: " ", count: column)
            } else {
                text += String(repeating: " ", count: column - text.count)
            }
            return text + lines.joined(separator: "\n" + String(repeating: " ", count: column))
        }.joined(separator: "\n")
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
