/// A small command-line parser: `--name value`, `--name=value`, flags and positionals.
/// Unknown options are usage errors, so a typo never silently changes a result.
public struct Arguments {
    private var tokens: [String]
    public init(_ tokens: [String]) { self.tokens = tokens }

    /// Removes and returns the value of `--name VALUE` or `--name=VALUE` (last one wins).
    public mutating func option(_ name: String) throws -> String? {
        var value: String?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token == "--" { break }
            if token == name {
                guard index + 1 < tokens.count else { throw CommandError.usage("\(name) needs a value") }
                value = tokens[index + 1]
                tokens.removeSubrange(index...index + 1)
            } else if token.hasPrefix(name + "=") {
                value = String(token.dropFirst(name.count + 1))
                tokens.remove(at: index)
            } else {
                index += 1
            }
        }
        return value
    }

    /// Every value of a repeatable option, in order.
    public mutating func options(_ name: String) throws -> [String] {
        var values: [String] = []
        while let value = try firstOption(name) { values.append(value) }
        return values
    }

    private mutating func firstOption(_ name: String) throws -> String? {
        guard let index = tokens.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }),
              tokens[..<index].contains("--") == false else { return nil }
        if tokens[index] == name {
            guard index + 1 < tokens.count else { throw CommandError.usage("\(name) needs a value") }
            let value = tokens[index + 1]
            tokens.removeSubrange(index...index + 1)
            return value
        }
        let value = String(tokens[index].dropFirst(name.count + 1))
        tokens.remove(at: index)
        return value
    }

    /// A number option, with the option's name in the error when it is not one.
    public mutating func double(_ name: String) throws -> Double? {
        guard let text = try option(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw CommandError.usage("\(name): '\(text)' is not a number")
        }
        return value
    }

    public mutating func int(_ name: String) throws -> Int? {
        guard let text = try option(name) else { return nil }
        guard let value = Int(text) else { throw CommandError.usage("\(name): '\(text)' is not a whole number") }
        return value
    }

    /// Removes a `--flag` and says whether it was there.
    public mutating func flag(_ name: String) -> Bool {
        let before = tokens.count
        tokens.removeAll { $0 == name }
        return tokens.count != before
    }

    /// What is left after the options: positional arguments. Fails on an unknown option.
    public mutating func positionals() throws -> [String] {
        var result: [String] = []
        var afterDashes = false
        for token in tokens {
            if afterDashes { result.append(token); continue }
            if token == "--" { afterDashes = true; continue }
            if token.hasPrefix("--") || (token.hasPrefix("-") && token.count > 1) {
                throw CommandError.usage("unknown option \(token)")
            }
            result.append(token)
        }
        tokens = []
        return result
    }
}
