import BubbleArchive
import Foundation

/// A XEP-0313 dump, as any text: reading either succeeds or throws a `MAMDumpError`; crashes,
/// hangs and runaway memory are what libFuzzer and ASan report.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMAMDump(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if let dump = try? MAMDump(text: text, file: "fuzz.xml") {
        // Every message is in exactly one listed conversation.
        precondition(dump.conversations().reduce(0) { $0 + $1.messageCount } == dump.entries.count)
    }
    return 0
}
