import BubbleCairo
import CWebP
import Foundation

/// libwebp behind Swift: a still WebP, or the first frame of an animated one, on a transparent
/// canvas of the file's canvas size.
///
/// Every WebP goes through the demuxer, which reads the container without decoding pixels:
/// the canvas is checked against `RasterImage`'s limits before any pixel memory exists, an
/// animated file gives its first frame at its offset (as a browser shows it before it starts
/// playing), and a file cut short is told apart from a damaged one. The frame is decoded
/// straight into the Cairo surface, premultiplied, in Cairo's byte order.
package struct WebPDecoder {
    package let data: Data
    package let name: String

    #if _endian(big)
    package static let cairoByteOrder = MODE_Argb
    #else
    package static let cairoByteOrder = MODE_bgrA
    #endif

    package func decode() throws -> RasterImage {
        try data.withUnsafeBytes { buffer in
            // The demuxer keeps pointers into these bytes: everything happens inside this closure.
            var container = WebPData(bytes: buffer.bindMemory(to: UInt8.self).baseAddress, size: buffer.count)
            var state = WEBP_DEMUX_PARSING_HEADER
            let demuxer = WebPDemuxPartial(&container, &state)
            defer { WebPDemuxDelete(demuxer) }  // accepts nil
            guard let demuxer, state == WEBP_DEMUX_DONE else { throw containerFailure(state) }
            let canvas = (width: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH)),
                          height: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT)))
            try RasterImage.checkSize(width: canvas.width, height: canvas.height, name: name)
            var frame = WebPIterator()
            guard WebPDemuxGetFrame(demuxer, 1, &frame) != 0 else {
                throw ImageDecodingError(name: name, problem: "WebP data has no image (no first frame)")
            }
            defer { WebPDemuxReleaseIterator(&frame) }
            return try decodeFrame(frame, canvas: canvas)
        }
    }

    private func decodeFrame(_ frame: WebPIterator, canvas: (width: Int, height: Int)) throws -> RasterImage {
        let (left, top, width, height) = (Int(frame.x_offset), Int(frame.y_offset), Int(frame.width), Int(frame.height))
        guard width > 0, height > 0, left >= 0, top >= 0, left + width <= canvas.width, top + height <= canvas.height else {
            throw ImageDecodingError(name: name, problem: "WebP's first frame (\(width)×\(height) at \(left), \(top)) does not fit "
                                     + "its \(canvas.width)×\(canvas.height) canvas")
        }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw ImageDecodingError(name: name, problem: "libwebp could not start a decoder (library version mismatch)")
        }
        let bitstream = frame.fragment
        let featuresStatus = WebPGetFeatures(bitstream.bytes, bitstream.size, &config.input)
        guard featuresStatus == VP8_STATUS_OK else { throw failure("WebP image header", featuresStatus) }
        guard Int(config.input.width) == width, Int(config.input.height) == height else {
            throw ImageDecodingError(name: name, problem: "WebP's first frame claims \(width)×\(height) pixels but its image data "
                                     + "holds \(config.input.width)×\(config.input.height)")
        }
        let surface = try CairoSurface.image(pixelWidth: canvas.width, pixelHeight: canvas.height)
        try surface.withMutablePixels { pixels, stride in
            // The frame's rectangle inside the canvas: its first byte, the canvas's row stride,
            // and no more bytes than its rows reach (libwebp checks this bound).
            let origin = (pixels + top * stride + left * 4).assumingMemoryBound(to: UInt8.self)
            config.output.colorspace = Self.cairoByteOrder
            config.output.is_external_memory = 1
            config.output.u.RGBA = WebPRGBABuffer(rgba: origin, stride: Int32(stride), size: stride * (height - 1) + width * 4)
            let status = WebPDecode(bitstream.bytes, bitstream.size, &config)
            WebPFreeDecBuffer(&config.output)  // frees nothing of external memory, but is the documented pairing
            guard status == VP8_STATUS_OK else { throw failure("WebP image data", status) }
        }
        return RasterImage(surface: surface)
    }

    /// The demuxer stops wanting more data both when the file is cut short and when a chunk
    /// it does not expect leaves it waiting; the RIFF header's length tells the two apart.
    private func containerFailure(_ state: WebPDemuxState) -> ImageDecodingError {
        let bytes = [UInt8](data.prefix(8))
        let claimed = bytes.count == 8 ? bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) } + 8 : nil
        if state != WEBP_DEMUX_PARSE_ERROR, let claimed, claimed > data.count {
            return ImageDecodingError(name: name, problem: "WebP data is cut short (\(data.count) of the \(claimed) bytes it claims)")
        }
        if state != WEBP_DEMUX_PARSE_ERROR, claimed == nil {
            return ImageDecodingError(name: name, problem: "WebP data is cut short (\(data.count) bytes, not even its header)")
        }
        return ImageDecodingError(name: name, problem: "WebP container is damaged")
    }

    private func failure(_ what: String, _ status: VP8StatusCode) -> ImageDecodingError {
        let problem: String
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: problem = "\(what) is cut short"
        case VP8_STATUS_UNSUPPORTED_FEATURE: problem = "\(what) uses a feature libwebp does not support"
        case VP8_STATUS_OUT_OF_MEMORY: problem = "\(what) needs more memory than is available"
        default: problem = "\(what) is damaged (libwebp status \(status.rawValue))"
        }
        return ImageDecodingError(name: name, problem: problem)
    }
}
