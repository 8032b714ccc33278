import Foundation

/// Base64 as `<attachment>` elements carry it: line-wrapped by some clients, so ASCII
/// whitespace is allowed anywhere, but any other stray character makes the whole payload
/// invalid (Foundation's `.ignoreUnknownCharacters` would quietly decode garbage instead).
public enum AttachmentBase64 {
    /// The decoded bytes, or nil when `text` is not base64. Missing `=` padding is accepted.
    public static func decode(_ text: String) -> Data? {
        var compact: [UInt8] = []
        compact.reserveCapacity(text.utf8.count)
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "="):
                padding += 1
                compact.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                guard padding == 0 else { return nil }  // data after padding
                compact.append(byte)
            default:
                return nil
            }
        }
        guard padding <= 2 else { return nil }
        switch compact.count % 4 {
        case 0: break
        case 2 where padding == 0: compact += [UInt8(ascii: "="), UInt8(ascii: "=")]
        case 3 where padding == 0: compact.append(UInt8(ascii: "="))
        default: return nil
        }
        return Data(base64Encoded: Data(compact))
    }
}
