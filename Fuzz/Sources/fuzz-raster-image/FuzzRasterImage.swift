import BubbleCodec
import Foundation

/// PNG (Cairo), JPEG (TurboJPEG), GIF (giflib) and WebP (libwebp) decoding of attachment
/// bytes: an image decodes within the pixel limit or is refused with an `ImageDecodingError`
/// naming the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRasterImage(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    do {
        let image = try RasterImage(data: data, name: "fuzz attachment")
        precondition(image.pixelWidth > 0 && image.pixelHeight > 0)
        precondition(image.pixelWidth * image.pixelHeight <= RasterImage.maximumPixelCount)
    } catch let error as ImageDecodingError {
        precondition(error.description.hasPrefix("fuzz attachment: "), "error does not name the input: \(error)")
    } catch {
        preconditionFailure("decoding threw \(type(of: error)), not an ImageDecodingError: \(error)")
    }
    return 0
}
