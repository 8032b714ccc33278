@testable import BubbleArchive
import Foundation

/// A vCardTemp column value (an NSKeyedArchiver binary plist or the XML itself), then its
/// `<vCard>` XML. Both steps may refuse the input, but only with a `VCardProblem`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVCard(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: start, count: count))
    do {
        let xml = try VCardFields.xml(fromTransformable: bytes)
        _ = try VCardFields(xml: xml)
    } catch is VCardProblem {
    } catch {
        preconditionFailure("vCard reading threw \(type(of: error)), not a VCardProblem: \(error)")
    }
    return 0
}
