import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XML constructs that XMPP forbids (RFC 6120 §11.1) and that are refused by a byte scan of the
/// raw text before FoundationXML sees it, for stanzas and vCards alike.
///
/// - DTDs and entity declarations: libxml2 drops internal entities silently and spends seconds
///   of CPU on entity amplification ("billion laughs").
/// - Processing instructions: FoundationXML calls `strlen` on libxml2's data pointer, which is
///   NULL for an instruction without data (`<?pi?>`), and the process dies of SIGSEGV. Those
///   with data are harmless to the parser, but XMPP forbids them all, so all are refused; one
///   rule is easier to trust than a list of the dangerous spellings.
///
/// The scan is deliberately blunt: the same text inside CDATA or a comment is refused too.
/// Comments and CDATA themselves are allowed: libxml2 and FoundationXML handle them anywhere,
/// empty or not.
enum ForbiddenXML: Equatable {
    /// `<!DOCTYPE` or `<!ENTITY`, as written in the problem text.
    case declaration(String)
    /// The instruction as written, shortened to its first 64 characters.
    case processingInstruction(String)

    /// The first forbidden construct in `text`, if any. An XML declaration (`<?xml` and a space)
    /// at the very start is the only `<?` allowed: libxml2 reads it itself and never reports it
    /// as an instruction. `<?xml?>` with no space is an instruction, and one that crashes.
    static func first(in text: String) -> ForbiddenXML? {
        let bytes = Array(text.utf8)
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if bytes[index + 1] == UInt8(ascii: "!") {
                    if matches(bytes, at: index + 2, uppercase: doctype) { return .declaration("<!DOCTYPE") }
                    if matches(bytes, at: index + 2, uppercase: entity) { return .declaration("<!ENTITY") }
                } else if bytes[index + 1] == UInt8(ascii: "?"), !(index == 0 && isXMLDeclaration(bytes)) {
                    return .processingInstruction(instruction(in: bytes, from: index))
                }
            }
            index += 1
        }
        return nil
    }

    private static let doctype = Array("DOCTYPE".utf8)
    private static let entity = Array("ENTITY".utf8)

    private static func isXMLDeclaration(_ bytes: [UInt8]) -> Bool {
        bytes.count > 5 && bytes[0..<5].elementsEqual("<?xml".utf8)
            && [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[5])
    }

    /// The text from `<?` through `?>` (or the end), at most 64 characters.
    private static func instruction(in bytes: [UInt8], from start: Int) -> String {
        var end = start + 2
        while end < bytes.count, !(bytes[end] == UInt8(ascii: ">") && bytes[end - 1] == UInt8(ascii: "?")) { end += 1 }
        let text = String(decoding: bytes[start..<min(end + 1, bytes.count)], as: UTF8.self)
        return text.count > 64 ? String(text.prefix(64)) + "…" : text
    }

    private static func matches(_ bytes: [UInt8], at start: Int, uppercase word: [UInt8]) -> Bool {
        guard start + word.count <= bytes.count else { return false }
        for (offset, letter) in word.enumerated() where bytes[start + offset] & 0xDF != letter {
            return false
        }
        return true
    }
}

extension XMLParser {
    /// A parser for XMPP's XML (stanzas, vCards, MAM dumps), set up the one way all of them
    /// are read: namespaces resolved, prefixes not reported, no external entity ever loaded.
    /// Call it only on text `ForbiddenXML.first(in:)` has passed.
    static func forXMPP(_ text: String, delegate: any XMLParserDelegate) -> XMLParser {
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        return parser
    }
}
