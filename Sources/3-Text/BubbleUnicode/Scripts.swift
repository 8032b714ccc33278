internal import CICUBridge

/// A maximal range of one script, with Common and Inherited characters (spaces, digits,
/// punctuation, combining marks) resolved to the script around them.
public struct ScriptRun: Sendable, Equatable {
    public var range: Range<Int>
    /// ISO 15924 code packed big-endian into 32 bits, as HarfBuzz's tags are: `Latn`, `Hani`,
    /// `Arab`, `Zyyy` when only Common. A number, not a string: layout compares it per segment.
    public var tag: UInt32

    public init(range: Range<Int>, tag: UInt32) {
        self.range = range
        self.tag = tag
    }

    /// The ISO 15924 code as text.
    public var script: String { Self.name(of: tag) }

    public static func name(of tag: UInt32) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    public static func tag(_ name: String) -> UInt32 {
        name.utf8.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    static let latin = tag("Latn")
    static let common = tag("Zyyy")
}

public enum Scripts {
    /// Script runs of UTF-16 text. Paired brackets are not matched (UAX #24 suggests it);
    /// a bracket takes the script of the text before it, which is what shaping needs.
    public static func runs(in text: UnsafeBufferPointer<UInt16>) -> [ScriptRun] {
        if text.isEmpty { return [] }
        if text.allSatisfy({ $0 < 0x80 }) {
            let hasLetter = text.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
            return [ScriptRun(range: 0..<text.count, tag: hasLetter ? ScriptRun.latin : ScriptRun.common)]
        }
        // Built straight into the result, each run closed when the next starts: one array,
        // made once for the first four runs (most texts have one or two).
        var result: [ScriptRun] = []
        var open: (start: Int, code: Int32)? = nil
        var index = 0
        tableCodes.withUnsafeBufferPointer { table in
            while index < text.count {
                let start = index
                let scalar = UnicodeScalars.decode(text, at: &index)
                // Common and Inherited text joins the run before it; leading such text, the first run.
                guard let code = code(ofStrong: scalar, table) else { continue }
                guard let current = open else {
                    open = (start: 0, code: code)
                    continue
                }
                if current.code != code {
                    if result.isEmpty { result.reserveCapacity(4) }
                    result.append(ScriptRun(range: current.start..<start, tag: tag(of: current.code)))
                    open = (start: start, code: code)
                }
            }
        }
        guard let last = open else { return [ScriptRun(range: 0..<text.count, tag: ScriptRun.common)] }
        result.append(ScriptRun(range: last.start..<text.count, tag: tag(of: last.code)))
        return result
    }

    /// Whether `scalar` is of script Common or Inherited (or one ICU cannot say): a character
    /// that joins the script run around it instead of starting one.
    public static func joinsRunAround(_ scalar: UInt32) -> Bool {
        tableCodes.withUnsafeBufferPointer { code(ofStrong: scalar, $0) == nil }
    }

    /// ICU's script code of a character that starts a run of its script, nil for one that joins:
    /// from the table for the BMP and the emoji blocks, from ICU beyond them.
    @inline(__always)
    private static func code(ofStrong scalar: UInt32, _ table: UnsafeBufferPointer<UInt8>) -> Int32? {
        let byte: UInt8
        if scalar < 0x10000 {
            byte = table[Int(scalar)]
        } else if emojiBlocks.contains(scalar) {
            byte = table[0x10000 + Int(scalar - emojiBlocks.lowerBound)]
        } else {
            return icuCode(ofStrong: scalar)
        }
        return byte == joins ? nil : Int32(byte)
    }

    /// ICU's script codes of the BMP and of the emoji blocks (where every character but a few,
    /// such as U+1F200, which is Hiragana, and the unassigned ones, which are Unknown, joins),
    /// a byte each, `joins` for a character that joins: read from ICU once (about 70,000 calls)
    /// where text beyond ASCII asked ICU per character.
    static let tableCodes: [UInt8] = {
        precondition(cb_script_code_limit() < Int32(joins), "ICU has \(cb_script_code_limit()) script codes")
        let byte = { (scalar: UInt32) in icuCode(ofStrong: scalar).map { UInt8($0) } ?? joins }
        return (UInt32(0)..<0x10000).map(byte) + emojiBlocks.map(byte)
    }()
    private static let joins: UInt8 = 0xFF
    static let emojiBlocks: Range<UInt32> = 0x1F000..<0x1FC00

    /// ICU's script code of a character that starts a run of its script, nil for one that joins.
    static func icuCode(ofStrong scalar: UInt32) -> Int32? {
        var status: Int32 = 0
        let code = cb_script_of(Int32(scalar), &status)
        return cb_script_is_neutral(code) != 0 || status > 0 ? nil : code
    }

    /// ICU's short name of a script code, packed; cached because every run asks.
    private static func tag(of code: Int32) -> UInt32 {
        guard code >= 0, code < tags.count else { return ScriptRun.common }
        return tags[Int(code)]
    }

    private static let tags: [UInt32] = (0..<cb_script_code_limit()).map { code in
        guard let name = cb_script_short_name(code) else { return ScriptRun.common }
        return ScriptRun.tag(String(cString: name))
    }

    public static func runs(in text: [UInt16]) -> [ScriptRun] {
        text.withUnsafeBufferPointer { runs(in: $0) }
    }
}
