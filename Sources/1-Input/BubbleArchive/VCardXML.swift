import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What the chat screen needs from a `<vCard xmlns='vcard-temp'>` (XEP-0054): a name and a photo.
struct VCardFields: Equatable {
    var nickname: String?
    var fullName: String?
    /// PHOTO/BINVAL, still base64.
    var photoBase64: String?

    /// Reads the XML of a vCard. XMPP forbids DTDs and processing instructions, so a document
    /// with one is refused before libxml2 sees it (no entity expansion, and no FoundationXML
    /// crash on an instruction without data; see `ForbiddenXML`).
    init(xml: String) throws {
        switch ForbiddenXML.first(in: xml) {
        case .declaration?:
            throw VCardProblem("the vCard XML contains a DTD, which XMPP forbids")
        case .processingInstruction(let instruction)?:
            throw VCardProblem("the vCard XML contains the processing instruction \(instruction), which XMPP forbids")
        case nil:
            break
        }
        let collector = VCardCollector()
        let parser = XMLParser.forXMPP(xml, delegate: collector)
        guard parser.parse() || collector.finished else {
            throw VCardProblem("the vCard XML is malformed (\(parser.parserError.map { "\($0.localizedDescription)" } ?? "parse error"))")
        }
        guard collector.rootName == "vCard" else {
            throw VCardProblem("the XML is <\(collector.rootName ?? "?")>, not a <vCard>")
        }
        nickname = collector.fields["NICKNAME"]
        fullName = collector.fields["FN"]
        photoBase64 = collector.fields["PHOTO/BINVAL"]
    }

    /// The XML inside a Core Data transformable `vCardTemp` value: an NSKeyedArchiver binary
    /// plist whose root XMPPvCardTemp encodes itself as its XML string (key `xmlString`), or,
    /// from stores written by other tools, the XML text itself.
    static func xml(fromTransformable bytes: Data) throws -> String {
        if bytes.starts(with: Array("bplist".utf8)) {
            if let problem = BinaryPlistCheck.problem(bytes) {
                throw VCardProblem("the vCardTemp value is a damaged binary property list (\(problem))")
            }
            let plist: Any
            do {
                plist = try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
            } catch {
                throw VCardProblem("the vCardTemp value is a damaged binary property list")
            }
            guard let archive = plist as? [String: Any], archive["$archiver"] as? String == "NSKeyedArchiver",
                  let objects = archive["$objects"] as? [Any] else {
                throw VCardProblem("the vCardTemp value is a property list but not an NSKeyedArchiver archive")
            }
            // An archived XMPPvCardTemp holds exactly one string besides "$null" and class
            // names: its XML. (Foundation on Linux does not expose the archive's UID values,
            // so the string is found by what it is rather than by following `xmlString`.)
            guard let xml = objects.lazy.compactMap({ $0 as? String })
                    .first(where: { $0.drop(while: \.isWhitespace).hasPrefix("<") }) else {
                throw VCardProblem("the archived vCardTemp holds no XML string")
            }
            return xml
        }
        guard let text = String(data: bytes, encoding: .utf8), text.drop(while: \.isWhitespace).hasPrefix("<") else {
            throw VCardProblem("the vCardTemp value is neither an archived XMPPvCardTemp nor vCard XML (\(bytes.count) bytes)")
        }
        return text
    }
}

/// A problem with one vCard: that contact shows without a nickname or photo, nothing more.
struct VCardProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Collects the text of the vCard's first NICKNAME, FN and PHOTO/BINVAL (direct children of
/// the root, any namespace prefix).
private final class VCardCollector: NSObject, XMLParserDelegate {
    var rootName: String?
    var fields: [String: String] = [:]
    var finished = false
    /// libxml2's errors (every vCard has one: `vcard-temp` is not an absolute URI); parsing
    /// stops at a limit.
    private(set) var errors = XMLErrorTally()
    private var path: [String] = []
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if path.isEmpty && rootName == nil { rootName = name }
        path.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if path.count >= 2 { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let key = path.dropFirst().joined(separator: "/")
        if ["NICKNAME", "FN", "PHOTO/BINVAL"].contains(key), fields[key] == nil {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !value.isEmpty { fields[key] = value }
        }
        path.removeLast()
        text = ""
        if path.isEmpty { finished = true }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        errors.note(parser)
    }
}
