import BubbleArchive
import Foundation

/// An empty folder of its own: media references (`{"file": …}`) resolve against it, so a
/// fuzzed path finds nothing to read and the reader's refusals (absolute, `..`, missing) run.
let mediaFolder: String = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-json-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}()

/// A JSON conversation file (docs/json-format.md): it is read or refused with a
/// `JSONConversationError` that names the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONConversation(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    do {
        _ = try JSONConversationReader().read(data: data, file: "fuzz.json", folder: mediaFolder)
    } catch let error as JSONConversationError {
        precondition(error.description.contains("fuzz.json"), "error does not name the file: \(error)")
    } catch {
        preconditionFailure("reading threw \(type(of: error)), not a JSONConversationError: \(error)")
    }
    return 0
}
