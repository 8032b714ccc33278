import BubbleLayout
import Foundation

/// A JSON value as written, so that theme errors can say what type was found.
package enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// A position in a theme's JSON: the value there (nil when the key is absent) and its path,
/// so every error names the file, the key and the problem.
package struct JSONNode {
    package let value: JSONValue?
    package let path: String
    package let file: String

    package init(value: JSONValue?, path: String, file: String) {
        self.value = value
        self.path = path
        self.file = file
    }

    static func parse(_ data: Data, file: String) throws -> JSONNode {
        do {
            return JSONNode(value: try JSONDecoder().decode(JSONValue.self, from: data), path: "", file: file)
        } catch {
            // JSONDecoder says only "not valid JSON"; JSONSerialization says where.
            var detail = ""
            do { _ = try JSONSerialization.jsonObject(with: data) } catch let parseError as NSError {
                if let where_ = parseError.userInfo[NSDebugDescriptionErrorKey] as? String { detail = " (\(where_))" }
            }
            throw ThemeError(file: file, key: nil, problem: "not valid JSON" + detail)
        }
    }

    package func error(_ problem: String) -> ThemeError {
        ThemeError(file: file, key: path.isEmpty ? nil : path, problem: problem)
    }

    var isPresent: Bool { value != nil && value != .null }

    private func mismatch(_ expected: String) -> ThemeError {
        guard let value else { return error("missing (required)") }
        return error("expected \(expected), found \(value.typeName)")
    }

    /// The object's members, refusing keys not in `known` (a typo never passes silently).
    func object(known: [String]) throws -> [String: JSONValue] {
        guard case .object(let members)? = value else { throw mismatch("an object") }
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw self[unknown].error("unknown key (known keys: \(known.joined(separator: ", ")))")
        }
        return members
    }

    package subscript(key: String) -> JSONNode {
        var member: JSONValue?
        if case .object(let members)? = value { member = members[key] }
        return JSONNode(value: member, path: path.isEmpty ? key : path + "." + key, file: file)
    }

    func array() throws -> [JSONNode] {
        guard case .array(let items)? = value else { throw mismatch("a list") }
        return items.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    func string() throws -> String {
        guard case .string(let text)? = value else { throw mismatch("a string") }
        return text
    }

    func nonEmptyString() throws -> String {
        let text = try string()
        guard !text.isEmpty else { throw error("must not be empty") }
        return text
    }

    func bool() throws -> Bool {
        guard case .bool(let flag)? = value else { throw mismatch("true or false") }
        return flag
    }

    func number() throws -> Double {
        guard case .number(let number)? = value else { throw mismatch("a number") }
        return number
    }

    /// A number inside `range` (`unit` names it in the error: pt, s, px). Every length and
    /// size of a theme is one: JSON allows 1e308, and a number that large traps where
    /// drawing turns points into pixels, or makes Cairo loop.
    func number(in range: ClosedRange<Double>, unit: String) throws -> Double {
        let number = try number()
        guard range.contains(number) else {
            throw error("\(Self.format(number)) is out of range (\(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) \(unit))")
        }
        return number
    }

    /// A length in points (margins, insets, radii, gaps): `ThemeLimits.length`.
    func length() throws -> Double { try number(in: ThemeLimits.length, unit: "pt") }

    func color() throws -> RGBAColor {
        let text = try string()
        guard let color = RGBAColor(hex: text) else {
            throw error("'\(text)' is not a colour: use #RRGGBB or #RRGGBBAA")
        }
        return color
    }

    /// `{"top": …, "left": …, "bottom": …, "right": …}`, each a length.
    func insets() throws -> EdgeInsets {
        _ = try object(known: ["top", "left", "bottom", "right"])
        return EdgeInsets(top: try self["top"].length(), left: try self["left"].length(),
                          bottom: try self["bottom"].length(), right: try self["right"].length())
    }

    package static func format(_ number: Double) -> String { formatNumber(number) }
}

/// The range of every number a theme sets, checked when it loads (Themes/README.md lists
/// them per key). Generous for any real design, and small enough that every product of them
/// the layout and drawing form stays far inside Double's and Cairo's ranges.
public enum ThemeLimits {
    /// Margins, gaps, insets, radii, spacing, cap insets, generated tails: 0…1,000 pt.
    public static let length = 0.0...1_000.0
    /// Text, name and time fonts: 1…500 pt.
    public static let fontSize = 1.0...500.0
    /// The avatar's side, and a generated bubble image's width and height: 1…1,000 pt.
    public static let size = 1.0...1_000.0
    /// How far apart one sender's messages may be and still form a group: up to a day.
    public static let groupingWindow = 0.0...86_400.0
    /// An image's highest height as a multiple of its widest width: 0.1…10.
    public static let imageHeightRatio = 0.1...10.0
    /// A generated bubble's border, in device pixels: 0…100 px.
    public static let borderPixels = 0.0...100.0
}
