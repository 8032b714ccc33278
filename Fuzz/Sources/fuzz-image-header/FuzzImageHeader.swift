import BubbleModel
import Foundation

/// PNG, GIF, WebP and JPEG header sniffing: reads sizes without decoding, so it must stay
/// inside the bytes it was given and never report a zero or negative side.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    if let header = ImageHeader(data) {
        precondition(header.pixelWidth > 0 && header.pixelHeight > 0)
        precondition(["png", "jpeg", "gif", "webp"].contains(header.format))
    }
    return 0
}
