import CICU

/// A maximal range of one script, with Common and Inherited characters (spaces, digits,
/// punctuation, combining marks) resolved to the script around them.
public struct ScriptRun: Sendable, Equatable {
    public var range: Range<Int>
    /// ISO 15924 code as ICU spells it (`Latn`, `Hani`, `Arab`, `Zyyy` when only Common).
    public var script: String
}

public enum Scripts {
    /// Script runs of UTF-16 text. Paired brackets are not matched (UAX #24 suggests it);
    /// a bracket takes the script of the text before it, which is what shaping needs.
    public static func runs(in text: UnsafeBufferPointer<UInt16>) -> [ScriptRun] {
        if text.isEmpty { return [] }
        if text.allSatisfy({ $0 < 0x80 }) {
            let hasLetter = text.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
            return [ScriptRun(range: 0..<text.count, script: hasLetter ? "Latn" : "Zyyy")]
        }
        var runs: [(start: Int, code: Int32)] = []
        var pendingStart: Int? = nil // leading Common/Inherited text before the first real script
        var index = 0
        while index < text.count {
            let start = index
            let scalar = UnicodeScalars.decode(text, at: &index)
            var status = U_ZERO_ERROR
            let code = cb_uscript_getScript(Int32(scalar), &status).rawValue
            let isNeutral = code == USCRIPT_COMMON.rawValue || code == USCRIPT_INHERITED.rawValue || status.rawValue > 0
            if isNeutral {
                if runs.isEmpty && pendingStart == nil { pendingStart = start }
                continue
            }
            if runs.isEmpty {
                runs.append((start: 0, code: code))
            } else if runs[runs.count - 1].code != code {
                runs.append((start: start, code: code))
            }
        }
        if runs.isEmpty { return [ScriptRun(range: 0..<text.count, script: "Zyyy")] }
        return runs.indices.map { i in
            let end = i + 1 < runs.count ? runs[i + 1].start : text.count
            let name = cb_uscript_getShortName(UScriptCode(rawValue: runs[i].code)).map { String(cString: $0) } ?? "Zyyy"
            return ScriptRun(range: runs[i].start..<end, script: name)
        }
    }

    public static func runs(in text: [UInt16]) -> [ScriptRun] {
        text.withUnsafeBufferPointer { runs(in: $0) }
    }
}
