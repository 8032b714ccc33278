import BubbleTheme
import Foundation

/// A theme.json: it loads or is refused with a `ThemeError` naming the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    do {
        _ = try ThemeDocument(data: data, file: "fuzz/theme.json")
    } catch let error as ThemeError {
        precondition(error.file == "fuzz/theme.json", "error names \(error.file), not the file read")
    } catch {
        preconditionFailure("theme loading threw \(type(of: error)), not a ThemeError: \(error)")
    }
    return 0
}
