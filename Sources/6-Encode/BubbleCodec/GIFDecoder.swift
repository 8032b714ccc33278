import BubbleCairo
import CGIF
import Foundation

/// giflib behind Swift: the first frame of a GIF, composed onto a transparent canvas of the
/// logical screen's size, as browsers show a GIF that is not animating.
///
/// Uses giflib's record-by-record API rather than `DGifSlurp`, which would decode every frame
/// before we could look at the sizes: here the screen and the frame are checked against
/// `RasterImage`'s limits before any pixel memory exists, decoding stops after the first
/// frame, and bytes come from memory through a read callback (giflib never opens a file).
package struct GIFDecoder {
    package let data: Data
    package let name: String

    /// One row of the first frame in file order goes to this canvas row: interlaced frames
    /// store rows 0, 8, 16 …, then 4, 12 …, then 2, 6 …, then the odd rows.
    package static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    package func decode() throws -> RasterImage {
        let source = GIFSource(data)
        var openError: Int32 = 0
        let opened = withExtendedLifetime(source) { DGifOpen(source.opaque, readFromGIFSource, &openError) }
        guard let gif = opened else { throw failure("GIF header is damaged", code: openError) }
        defer { _ = withExtendedLifetime(source) { DGifCloseFile(gif, nil) } }
        return try withExtendedLifetime(source) { try decodeFirstFrame(gif) }
    }

    private func decodeFirstFrame(_ gif: UnsafeMutablePointer<GifFileType>) throws -> RasterImage {
        let screen = (width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
        try RasterImage.checkSize(width: screen.width, height: screen.height, name: name)
        var transparentIndex: Int?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else {
                throw failure("GIF data is cut short or damaged before the first frame", code: gif.pointee.Error)
            }
            switch record {
            case EXTENSION_RECORD_TYPE:
                try readExtension(gif, transparentIndex: &transparentIndex)
            case IMAGE_DESC_RECORD_TYPE:
                return try decodeFrame(gif, screen: screen, transparentIndex: transparentIndex)
            default:  // the trailer, or a record type giflib does not know
                throw ImageDecodingError(name: name, problem: "GIF data has no image (it ends before the first frame)")
            }
        }
    }

    /// Skips one extension; a graphic control extension sets the next frame's transparent
    /// colour index (nil when it names none).
    private func readExtension(_ gif: UnsafeMutablePointer<GifFileType>, transparentIndex: inout Int?) throws {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
            throw failure("GIF extension block is cut short or damaged", code: gif.pointee.Error)
        }
        if code == GRAPHICS_EXT_FUNC_CODE, let block {
            var control = GraphicsControlBlock()
            if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                transparentIndex = control.TransparentColor >= 0 ? Int(control.TransparentColor) : nil
            }
        }
        while block != nil {
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
                throw failure("GIF extension block is cut short or damaged", code: gif.pointee.Error)
            }
        }
    }

    private func decodeFrame(_ gif: UnsafeMutablePointer<GifFileType>, screen: (width: Int, height: Int),
                             transparentIndex: Int?) throws -> RasterImage {
        guard DGifGetImageDesc(gif) == GIF_OK else {
            throw failure("GIF frame header is cut short or damaged", code: gif.pointee.Error)
        }
        let frame = gif.pointee.Image
        let (left, top, width, height) = (Int(frame.Left), Int(frame.Top), Int(frame.Width), Int(frame.Height))
        guard width > 0, height > 0 else {
            throw ImageDecodingError(name: name, problem: "GIF's first frame claims a size of \(width)×\(height) pixels")
        }
        // A frame may be larger than the screen (it is cut to it), but not past the pixel limit:
        // decoding it costs time even where nothing is kept.
        guard width * height <= RasterImage.maximumPixelCount else {
            throw ImageDecodingError(name: name, problem: "GIF's first frame of \(width)×\(height) pixels is more than the limit of "
                                     + "\(RasterImage.maximumPixelCount) pixels")
        }
        guard let map = frame.ColorMap ?? gif.pointee.SColorMap, map.pointee.ColorCount > 0, let colors = map.pointee.Colors else {
            throw ImageDecodingError(name: name, problem: "GIF's first frame has no colour map (neither its own nor a global one)")
        }
        // Cairo's ARGB32 words: opaque colours need no premultiplying; a transparent index,
        // and an index past the colour map (as browsers do), are transparent black.
        var palette = [UInt32](repeating: 0, count: 256)
        for index in 0..<min(Int(map.pointee.ColorCount), 256) where index != transparentIndex {
            let color = colors[index]
            palette[index] = 0xFF00_0000 | UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
        }
        let surface = try CairoSurface.image(pixelWidth: screen.width, pixelHeight: screen.height)
        var line = [GifPixelType](repeating: 0, count: width)
        let rows = Self.rowOrder(height: height, interlaced: frame.Interlace)
        // The frame's columns on the screen: none when it starts right of it.
        let columns = left..<max(left, min(left + width, screen.width))
        var warning: String?
        try surface.withMutablePixels { pixels, stride in
            for (fileRow, row) in rows.enumerated() {
                for index in line.indices { line[index] = 0 }
                let status = DGifGetLine(gif, &line, Int32(width))
                if status != GIF_OK {
                    // The last row fails also when only the end marker after it is missing:
                    // every pixel arrived, so the frame is shown, with the complaint.
                    guard fileRow == rows.count - 1 else {
                        throw failure("GIF data is cut short or damaged in the first frame (row \(fileRow + 1) of \(height))",
                                      code: gif.pointee.Error)
                    }
                    warning = "GIF data is cut short or damaged at the end of the first frame" + reason(gif.pointee.Error)
                }
                let y = top + row
                guard y < screen.height, !columns.isEmpty else { continue }
                let words = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in columns { words[x] = palette[Int(line[x - left])] }
            }
        }
        return RasterImage(surface: surface, warning: warning)
    }

    /// giflib's words for an error, except where they speak of a file: the bytes come from memory.
    private func reason(_ code: Int32) -> String {
        switch code {
        case D_GIF_ERR_READ_FAILED: return " (the data ends early)"
        case D_GIF_ERR_OPEN_FAILED: return ""
        default:
            guard let text = GifErrorString(code) else { return " (giflib error \(code))" }
            return " (\(String(cString: text)))"
        }
    }

    private func failure(_ what: String, code: Int32) -> ImageDecodingError {
        ImageDecodingError(name: name, problem: what + reason(code))
    }
}

/// The bytes giflib pulls from, through `readFromGIFSource`.
private final class GIFSource {
    package let data: Data
    package var offset = 0
    package init(_ data: Data) { self.data = data }
    package var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// Copies up to `length` bytes; fewer at the end of the data, which giflib reports as a read
/// failure of the record it was reading.
private let readFromGIFSource: InputFunc = { gif, buffer, length in
    guard let gif, let buffer, let userData = gif.pointee.UserData, length > 0 else { return 0 }
    let source = Unmanaged<GIFSource>.fromOpaque(userData).takeUnretainedValue()
    let count = min(Int(length), source.data.count - source.offset)
    guard count > 0 else { return 0 }
    let start = source.data.startIndex + source.offset
    source.data.copyBytes(to: buffer, from: start..<start + count)
    source.offset += count
    return Int32(count)
}
