/// What an option takes on the command line. The kind decides both how the parser reads the
/// option and what its help line shows, so the two cannot drift apart.
public enum OptionKind: Sendable, Equatable {
    /// Present or not; `--flag=VALUE` is an error.
    case flag
    /// One value; given twice, the last one wins.
    case string
    /// A finite decimal number.
    case number
    /// A whole number.
    case integer
    /// One value per occurrence, all kept in order.
    case repeatable
}

/// One line of a command's option table: everything the parser and the help text need.
public struct OptionSpec: Sendable, Equatable {
    /// The long name, with its dashes: `--output`.
    public let name: String
    /// Other spellings, usually one short form: `["-o"]`.
    public let aliases: [String]
    /// The value's placeholder in help (`FILE`, `PT`); nil for flags.
    public let placeholder: String?
    public let kind: OptionKind
    public let help: String
    /// The default as help shows it (`375`, `the device's`); nil when there is none to show.
    public let defaultShown: String?

    public init(name: String, aliases: [String] = [], placeholder: String? = nil, kind: OptionKind,
                help: String, defaultShown: String? = nil) {
        precondition(kind == .flag || placeholder != nil, "\(name) takes a value, so it needs a placeholder")
        self.name = name
        self.aliases = aliases
        self.placeholder = placeholder
        self.kind = kind
        self.help = help
        self.defaultShown = defaultShown
    }

    /// Every spelling that selects this option.
    public var spellings: [String] { [name] + aliases }

    /// The left column of the help line: `-o, --output FILE`.
    public var label: String {
        (aliases + [name]).joined(separator: ", ") + (placeholder.map { " " + $0 } ?? "")
    }
}

/// Anything that declares one option; lets a group list typed options of different value types.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// A declared option together with the Swift type its value is read as, so a command reads
/// `parsed[Options.scale]` as an `Int?` and cannot read a number option as text by mistake.
public struct Option<Value>: OptionDeclaration {
    public let spec: OptionSpec

    /// The same option with the help and default this command shows (the parser only looks at
    /// the name, kind and aliases, which stay).
    public func described(_ help: String, default shown: String? = nil) -> Option<Value> {
        Option(spec: OptionSpec(name: spec.name, aliases: spec.aliases, placeholder: spec.placeholder,
                                kind: spec.kind, help: help, defaultShown: shown))
    }

    /// The same option with another default shown in help.
    public func defaulting(to shown: String) -> Option<Value> { described(spec.help, default: shown) }
}

extension Option where Value == Bool {
    public static func flag(_ name: String, aliases: [String] = [], help: String) -> Option {
        Option(spec: OptionSpec(name: name, aliases: aliases, kind: .flag, help: help))
    }
}

extension Option where Value == String {
    public static func string(_ name: String, aliases: [String] = [], _ placeholder: String, help: String,
                              default shown: String? = nil) -> Option {
        Option(spec: OptionSpec(name: name, aliases: aliases, placeholder: placeholder, kind: .string,
                                help: help, defaultShown: shown))
    }
}

extension Option where Value == Double {
    public static func number(_ name: String, _ placeholder: String, help: String, default shown: String? = nil) -> Option {
        Option(spec: OptionSpec(name: name, placeholder: placeholder, kind: .number, help: help, defaultShown: shown))
    }
}

extension Option where Value == Int {
    public static func integer(_ name: String, _ placeholder: String, help: String, default shown: String? = nil) -> Option {
        Option(spec: OptionSpec(name: name, placeholder: placeholder, kind: .integer, help: help, defaultShown: shown))
    }
}

extension Option where Value == [String] {
    public static func repeatable(_ name: String, _ placeholder: String, help: String) -> Option {
        Option(spec: OptionSpec(name: name, placeholder: placeholder, kind: .repeatable, help: help))
    }
}

/// Options that belong together and are shared by the commands that need them (as HarfBuzz's
/// `util/` groups are): a command composes groups instead of repeating their lines.
public struct OptionGroup: Sendable {
    /// The heading above the group's lines in help.
    public let title: String
    public let options: [OptionSpec]

    public init(_ title: String, _ options: [any OptionDeclaration]) {
        self.title = title
        self.options = options.map(\.spec)
    }
}

/// Thrown for an option the command does not declare; `Bubbles.main` words the message, since
/// only it knows whether another command declares the option.
public struct UndeclaredOption: Error, Equatable {
    public let name: String
    public init(name: String) { self.name = name }
}

/// Every option one command accepts, in the order its help lists them.
public struct OptionTable: Sendable {
    public let groups: [OptionGroup]

    /// Options that no longer exist under this name, and what to use instead. Checked before the
    /// table, so an old script gets the way forward rather than "unknown option".
    public static let renamed: [String: String] = [
        "--width": "--width was renamed: use --screen-width (screen) or --text-width (text)",
    ]

    /// `--help`/`-h`, which every command takes.
    public static let help = Option<Bool>.flag("--help", aliases: ["-h"], help: "print this help")

    /// A table of `groups` plus the help option at the end.
    public init(_ groups: [OptionGroup]) {
        self.groups = groups + [OptionGroup("help", [Self.help])]
        let spellings = self.groups.flatMap(\.options).flatMap(\.spellings)
        precondition(Set(spellings).count == spellings.count, "an option is declared twice: \(spellings)")
    }

    public var options: [OptionSpec] { groups.flatMap(\.options) }

    /// The option that `spelling` (a name or an alias) selects.
    public func spec(_ spelling: String) -> OptionSpec? {
        options.first { $0.spellings.contains(spelling) }
    }

    public func declares(_ spelling: String) -> Bool { spec(spelling) != nil }

    /// Reads `--name VALUE`, `--name=VALUE`, flags and positionals; `--` ends the options and
    /// a lone `-` is a positional (standard input). Values are checked against the kind here,
    /// with the option's name in the message, so commands only read typed values.
    public func parse(_ tokens: [String]) throws -> ParsedOptions {
        var parsed = ParsedOptions(declared: Set(options.map(\.name)))
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "--" {
                parsed.positionals += tokens[index...]
                break
            }
            guard token.hasPrefix("-"), token != "-" else {
                parsed.positionals.append(token)
                continue
            }
            let equals = token.firstIndex(of: "=")
            let spelling = equals.map { String(token[..<$0]) } ?? token
            if let message = Self.renamed[spelling] { throw CommandError.usage(message) }
            guard let spec = spec(spelling) else { throw UndeclaredOption(name: spelling) }
            var text = equals.map { String(token[token.index(after: $0)...]) }
            if spec.kind == .flag {
                guard text == nil else { throw CommandError.usage("\(spelling) takes no value") }
                parsed.values[spec.name, default: []].append(.flag)
                continue
            }
            if text == nil {
                guard index < tokens.count else { throw CommandError.usage("\(spelling) needs a value") }
                text = tokens[index]
                index += 1
            }
            parsed.values[spec.name, default: []].append(try Self.value(text ?? "", of: spec, as: spelling))
        }
        return parsed
    }

    private static func value(_ text: String, of spec: OptionSpec, as spelling: String) throws -> ParsedOptions.Value {
        switch spec.kind {
        case .flag:
            return .flag
        case .string, .repeatable:
            return .text(text)
        case .number:
            guard let number = Double(text), number.isFinite else {
                throw CommandError.usage("\(spelling): '\(text)' is not a number")
            }
            return .number(number)
        case .integer:
            guard let number = Int(text) else { throw CommandError.usage("\(spelling): '\(text)' is not a whole number") }
            return .integer(number)
        }
    }
}

/// The options a command was given, read back by their typed declarations.
public struct ParsedOptions: Sendable {
    package enum Value: Sendable, Equatable {
        case flag
        case text(String)
        case number(Double)
        case integer(Int)
    }

    /// The arguments that are not options, in order.
    public var positionals: [String] = []
    fileprivate var values: [String: [Value]] = [:]
    private let declared: Set<String>

    fileprivate init(declared: Set<String>) { self.declared = declared }

    /// Every value given for `option`. Reading an option the table does not declare is a bug in
    /// the command (its help would not list it), so it stops the program.
    private func given(_ option: OptionSpec) -> [Value] {
        precondition(declared.contains(option.name), "\(option.name) is read but not declared in the command's table")
        return values[option.name] ?? []
    }

    public subscript(option: Option<Bool>) -> Bool { !given(option.spec).isEmpty }

    public subscript(option: Option<String>) -> String? {
        given(option.spec).last.flatMap { if case .text(let text) = $0 { text } else { nil } }
    }

    public subscript(option: Option<Double>) -> Double? {
        given(option.spec).last.flatMap { if case .number(let number) = $0 { number } else { nil } }
    }

    public subscript(option: Option<Int>) -> Int? {
        given(option.spec).last.flatMap { if case .integer(let number) = $0 { number } else { nil } }
    }

    public subscript(option: Option<[String]>) -> [String] {
        given(option.spec).compactMap { if case .text(let text) = $0 { text } else { nil } }
    }
}
