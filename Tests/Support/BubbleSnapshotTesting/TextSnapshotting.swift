import BubbleCodec
import BubbleCairo
import Foundation

extension Snapshotting where Value == String {
    /// UTF-8 text compared line by line (layout JSON, text goldens); a failure names the first
    /// line that differs and both versions of it, which is where a review starts.
    public static func text(pathExtension: String) -> Snapshotting<String> {
        Snapshotting(pathExtension: pathExtension, diffing: .lines) { Data($0.utf8) }
    }
}

extension Diffing {
    public static var lines: Diffing {
        Diffing { reference, actual in
            let want = String(decoding: reference, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let got = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            guard want != got else { return nil }
            let first = (0..<min(want.count, got.count)).first { want[$0] != got[$0] } ?? min(want.count, got.count)
            func line(_ lines: [Substring]) -> String { first < lines.count ? String(lines[first]) : "(no line: the text ends)" }
            let message = "line \(first + 1) differs (reference has \(want.count) lines, actual \(got.count)):\n"
                + "  reference: \(line(want))\n  actual:    \(line(got))"
            return SnapshotDifference(message: message)
        }
    }
}

/// How far apart two coordinates of a layout golden may be and still match: 1/64 pt, the
/// grid they are stored on (at @3x, 0.05 px). A HarfBuzz or FreeType point release that moves
/// an advance in the last digit of a double cannot fail a golden; a layout change of a
/// thirty-second of a point or more does.
public enum CoordinateTolerance {
    public static let points = 1.0 / 64
}

extension Snapshotting where Value == String {
    /// Text whose fractional numbers are positions and sizes in points (layout JSON, the text
    /// layout goldens). The reference stores each number that has a fraction or an exponent
    /// rounded to 1/64 pt (integers, such as glyph ids and ranges, as they are; text inside
    /// double quotes, with backslash escapes, is never touched); lines are compared with their
    /// numbers alike within `CoordinateTolerance.points` and everything else exactly.
    public static func coordinates(pathExtension: String) -> Snapshotting<String> {
        Snapshotting(pathExtension: pathExtension, diffing: .lines(numbersWithin: CoordinateTolerance.points)) {
            Data(CoordinateText.rounded($0).utf8)
        }
    }
}

extension Diffing {
    /// `lines`, with every number outside quoted text compared within `tolerance`.
    public static func lines(numbersWithin tolerance: Double) -> Diffing {
        Diffing { reference, actual in
            let want = String(decoding: reference, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let got = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            func alike(_ a: Substring, _ b: Substring) -> Bool {
                let (x, y) = (CoordinateText.pieces(of: a), CoordinateText.pieces(of: b))
                return x.count == y.count && zip(x, y).allSatisfy { p, q in
                    switch (p, q) {
                    case let (.text(s), .text(t)): return s == t
                    case let (.number(s), .number(t)):
                        guard let u = Double(s), let v = Double(t) else { return s == t }
                        return abs(u - v) <= tolerance * (1 + 1e-9)
                    default: return false
                    }
                }
            }
            guard want.count != got.count || !zip(want, got).allSatisfy(alike) else { return nil }
            let first = (0..<min(want.count, got.count)).first { !alike(want[$0], got[$0]) } ?? min(want.count, got.count)
            func line(_ lines: [Substring]) -> String { first < lines.count ? String(lines[first]) : "(no line: the text ends)" }
            let message = "line \(first + 1) differs (numbers within \(tolerance) alike; reference has \(want.count) lines, actual \(got.count)):\n"
                + "  reference: \(line(want))\n  actual:    \(line(got))"
            return SnapshotDifference(message: message)
        }
    }
}

/// Numbers in text, found outside double-quoted strings.
enum CoordinateText {
    enum Piece: Equatable {
        case text(Substring)
        case number(Substring)
    }

    /// The line cut into text and numbers: a number is an optional minus (not after a letter or
    /// digit), digits, an optional fraction and exponent, not inside `"…"` and not part of a
    /// word (`x2`, `utf8`).
    static func pieces(of line: Substring) -> [Piece] {
        var pieces: [Piece] = []
        var textStart = line.startIndex, index = line.startIndex
        var quoted = false
        func isWordCharacter(_ i: Substring.Index) -> Bool {
            i > line.startIndex && { let c = line[line.index(before: i)]; return c.isLetter || c.isNumber || c == "_" || c == "." }()
        }
        while index < line.endIndex {
            let character = line[index]
            if quoted {
                if character == "\\" {
                    index = line.index(index, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
                    continue
                }
                if character == "\"" { quoted = false }
                index = line.index(after: index)
                continue
            }
            if character == "\"" {
                quoted = true
                index = line.index(after: index)
                continue
            }
            var end = index
            if character == "-" { end = line.index(after: end) }
            guard end < line.endIndex, line[end].isASCII, line[end].isNumber, !isWordCharacter(index) else {
                index = line.index(after: index)
                continue
            }
            func digits(_ from: Substring.Index) -> Substring.Index {
                var i = from
                while i < line.endIndex, line[i].isASCII, line[i].isNumber { i = line.index(after: i) }
                return i
            }
            end = digits(end)
            if end < line.endIndex, line[end] == ".", line.index(after: end) < line.endIndex,
               line[line.index(after: end)].isASCII, line[line.index(after: end)].isNumber {
                end = digits(line.index(after: end))
            }
            if end < line.endIndex, line[end] == "e" || line[end] == "E" {
                var exponent = line.index(after: end)
                if exponent < line.endIndex, line[exponent] == "-" || line[exponent] == "+" { exponent = line.index(after: exponent) }
                if exponent < line.endIndex, line[exponent].isASCII, line[exponent].isNumber { end = digits(exponent) }
            }
            if textStart < index { pieces.append(.text(line[textStart..<index])) }
            pieces.append(.number(line[index..<end]))
            index = end
            textStart = end
        }
        if textStart < line.endIndex { pieces.append(.text(line[textStart...])) }
        return pieces
    }

    /// The text with every number that has a fraction or an exponent rounded to 1/64, written
    /// shortest (an integral result without a fraction).
    static func rounded(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            pieces(of: line).map { piece -> String in
                switch piece {
                case let .text(text): return String(text)
                case let .number(number):
                    guard number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Double(number) else { return String(number) }
                    let grid = (value * 64).rounded() / 64
                    if grid == grid.rounded(), abs(grid) < 1e15 { return String(Int(grid)) }
                    return "\(grid)"
                }
            }.joined()
        }.joined(separator: "\n")
    }
}
