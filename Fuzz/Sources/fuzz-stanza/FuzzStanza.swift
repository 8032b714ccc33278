import BubbleArchive
import Foundation

/// One archive row's `<message>` stanza (ZMESSAGESTR), as any text: parsing never throws, so
/// the only failures are crashes, hangs and runaway memory, which libFuzzer and ASan report.
/// Invalid UTF-8 is replaced, as SQLite text reaches the reader as a Swift `String`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStanza(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let stanza = Stanza(parsing: text)
    // A body larger than the limit must have been refused, never returned.
    precondition((stanza.body?.utf8.count ?? 0) <= StanzaLimits.standard.maximumBodyBytes)
    return 0
}
