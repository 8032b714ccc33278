import BubbleModel
import Foundation
import RenderTesting
import Testing
@testable import BubbleCodec
@testable import BubbleRender
import BubbleCairo



/// giflib's first frame, composed as a browser shows it: exact palette colours, transparency,
/// interlaced rows put back in place, the frame at its position on the logical screen.
@Suite struct GIFDecodingTests {
    typealias Pixel = PixelBuffer.Pixel
    static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 200, 0), (0, 0, 255), (250, 250, 250)]
    static let transparent = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

    /// The expected pixels of `indices` through `palette`, row by row.
    static func expected(_ indices: [UInt8], palette: [(UInt8, UInt8, UInt8)], transparentIndex: Int? = nil) -> [Pixel] {
        indices.map { Int($0) == transparentIndex ? transparent : TestGIF.pixel(palette[Int($0)]) }
    }

    @Test func opaquePixelsAreThePaletteColoursExactly() throws {
        let indices: [UInt8] = [0, 1, 2, 3, 3, 2, 1, 0]
        let gif = try TestGIF.encode(width: 4, height: 2, globalColors: Self.palette,
                                     frames: [.init(width: 4, height: 2, indices: indices)])
        let image = try RasterImage(data: gif, name: "tiny.gif")
        #expect(image.pixelWidth == 4 && image.pixelHeight == 2)
        #expect(image.warning == nil)
        #expect(try image.pixels().pixels == Self.expected(indices, palette: Self.palette))
    }

    @Test func transparentIndexIsTransparent() throws {
        let indices: [UInt8] = [0, 1, 1, 2, 1, 3]
        let gif = try TestGIF.encode(width: 3, height: 2, globalColors: Self.palette,
                                     frames: [.init(width: 3, height: 2, transparentIndex: 1, indices: indices)])
        let pixels = try RasterImage(data: gif, name: "clear.gif").pixels()
        #expect(pixels[1, 0] == Self.transparent && pixels[2, 0] == Self.transparent && pixels[1, 1] == Self.transparent)
        #expect(pixels[0, 0] == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(pixels.pixels == Self.expected(indices, palette: Self.palette, transparentIndex: 1))
    }

    @Test func interlacedRowsComeBackInPlace() throws {
        // Ten rows, each its own colour, so a row in the wrong place shows.
        let palette = (0..<16).map { (index: Int) -> (UInt8, UInt8, UInt8) in (UInt8(index * 16), UInt8(255 - index * 16), UInt8(index * 7)) }
        let indices = (0..<10).flatMap { row in [UInt8](repeating: UInt8(row), count: 3) }
        let interlaced = try TestGIF.encode(width: 3, height: 10, globalColors: palette,
                                            frames: [.init(width: 3, height: 10, interlaced: true, indices: indices)])
        let plain = try TestGIF.encode(width: 3, height: 10, globalColors: palette,
                                       frames: [.init(width: 3, height: 10, indices: indices)])
        #expect(interlaced != plain)
        let pixels = try RasterImage(data: interlaced, name: "interlaced.gif").pixels()
        #expect(pixels.pixels == Self.expected(indices, palette: palette))
        #expect(try pixels == RasterImage(data: plain, name: "plain.gif").pixels())
        #expect(GIFDecoder.rowOrder(height: 10, interlaced: true) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
    }

    @Test func frameSitsAtItsPositionOnTheScreenWithItsOwnColours() throws {
        let local: [(UInt8, UInt8, UInt8)] = [(10, 20, 30), (40, 50, 60)]
        let frame = TestGIF.Frame(left: 3, top: 2, width: 2, height: 2, localColors: local, indices: [0, 1, 1, 0])
        let gif = try TestGIF.encode(width: 6, height: 5, globalColors: Self.palette, frames: [frame])
        let pixels = try RasterImage(data: gif, name: "offset.gif").pixels()
        #expect(pixels.width == 6 && pixels.height == 5)
        for y in 0..<5 {
            for x in 0..<6 {
                let inside = (3..<5).contains(x) && (2..<4).contains(y)
                let want = inside ? TestGIF.pixel(local[(x - 3 + y - 2) % 2]) : Self.transparent
                #expect(pixels[x, y] == want, "pixel \(x), \(y)")
            }
        }
    }

    @Test func frameLargerThanTheScreenIsCutToIt() throws {
        let frame = TestGIF.Frame(left: 1, top: 0, width: 4, height: 3, indices: [UInt8](repeating: 2, count: 12))
        let gif = try TestGIF.encode(width: 3, height: 2, globalColors: Self.palette, frames: [frame])
        let pixels = try RasterImage(data: gif, name: "wide.gif").pixels()
        #expect(pixels.pixels == [Self.transparent, TestGIF.pixel((0, 0, 255)), TestGIF.pixel((0, 0, 255)),
                                  Self.transparent, TestGIF.pixel((0, 0, 255)), TestGIF.pixel((0, 0, 255))])
    }

    /// Found by Fuzz/Sources/fuzz-raster-image in its first seconds (input kept in
    /// Fuzz/crashes-found/): a frame that starts right of the screen made an inverted range.
    @Test func frameOutsideTheScreenLeavesItTransparent() throws {
        let frame = TestGIF.Frame(left: 5, top: 1, width: 2, height: 2, indices: [0, 1, 2, 3])
        let gif = try TestGIF.encode(width: 3, height: 2, globalColors: Self.palette, frames: [frame])
        let pixels = try RasterImage(data: gif, name: "outside.gif").pixels()
        #expect(pixels.pixels == [Pixel](repeating: Self.transparent, count: 6))

        let found = URL(fileURLWithPath: TestSupport.repositoryRoot + "/Fuzz/crashes-found/raster-image-gif-frame-right-of-screen.gif")
        // Its frame at x 4098 of a 12-pixel screen; its pixel data is damaged too.
        #expect(throws: ImageDecodingError(name: "found.gif", problem: "GIF data is cut short or damaged in the first frame (row 1 of 3) "
                                           + "(Image is defective, decoding aborted)")) {
            try RasterImage(data: try Data(contentsOf: found), name: "found.gif")
        }
    }

    @Test func onlyTheFirstFrameIsShown() throws {
        let gif = try TestGIF.encode(width: 2, height: 1, globalColors: Self.palette,
                                     frames: [.init(width: 2, height: 1, indices: [0, 1]), .init(width: 2, height: 1, indices: [3, 3])])
        #expect(try RasterImage(data: gif, name: "moving.gif").pixels().pixels == Self.expected([0, 1], palette: Self.palette))
    }

    @Test func truncatedDataIsAnErrorNamingTheProblem() throws {
        let indices = (0..<(40 * 30)).map { UInt8($0 * 7 % 4) }  // varied, so the LZW data is long
        let gif = try TestGIF.encode(width: 40, height: 30, globalColors: Self.palette, frames: [.init(width: 40, height: 30, indices: indices)])
        let error = try #require(throws: ImageDecodingError.self) { try RasterImage(data: gif.prefix(gif.count / 2), name: "cut.gif") }
        #expect(error.name == "cut.gif")
        #expect(error.problem.hasPrefix("GIF data is cut short or damaged in the first frame (row "), "\(error.problem)")
        #expect(error.problem.hasSuffix("of 30) (the data ends early)"), "\(error.problem)")

        #expect(throws: ImageDecodingError(name: "head.gif", problem: "GIF header is damaged (No screen descriptor detected)")) {
            try RasterImage(data: gif.prefix(9), name: "head.gif")
        }
        #expect(throws: ImageDecodingError(name: "empty.gif", problem: "GIF data has no image (it ends before the first frame)")) {
            try RasterImage(data: Data("GIF89a".utf8) + Data([2, 0, 2, 0, 0, 0, 0, 0x3B]), name: "empty.gif")
        }
    }

    @Test func missingEndMarkerStillShowsEveryPixelWithAWarning() throws {
        let gif = try TestGIF.encode(width: 2, height: 2, globalColors: Self.palette, frames: [.init(width: 2, height: 2, indices: [0, 1, 2, 3])])
        #expect(gif.last == 0x3B)
        let cut = gif.prefix(gif.count - 2)  // without the trailer and the frame's end-of-data block
        let image = try RasterImage(data: cut, name: "end.gif")
        #expect(image.warning == "GIF data is cut short or damaged at the end of the first frame (the data ends early)")
        #expect(try image.pixels().pixels == Self.expected([0, 1, 2, 3], palette: Self.palette))
        #expect(RasterImageVerifier().verdict(on: cut) == .decodesPartly(image.warning!))
    }

    @Test func hugeScreenIsRefusedBeforeAllocating() throws {
        // 65535 × 65535 is 17 GB of ARGB32; the header alone says so.
        let gif = Data("GIF89a".utf8) + Data([0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0]) + Data(repeating: 0, count: 40)
        let before = peakResidentBytes(), start = Date()
        #expect(throws: ImageDecodingError(name: "huge.gif", problem: "65535×65535 pixels is more than the limit of 50000000 pixels")) {
            try RasterImage(data: gif, name: "huge.gif")
        }
        #expect(peakResidentBytes() - before < 50_000_000)
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func hugeFrameOnASmallScreenIsRefused() throws {
        // A 1×1 screen, then an image descriptor at 0,0 claiming 65535 × 65535 with a local map.
        let gif = Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0, 0, 0])
            + Data([0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0, 0, 255, 255, 255, 2, 2, 0x4C, 0x01, 0, 0x3B])
        #expect(throws: ImageDecodingError(name: "frame.gif", problem: "GIF's first frame of 65535×65535 pixels is more than the limit of 50000000 pixels")) {
            try RasterImage(data: gif, name: "frame.gif")
        }
    }

    @Test func noColourMapIsAnError() throws {
        // giflib's encoder refuses to write this, so by hand: no global map, a 2×1 frame without its own.
        let gif = Data("GIF89a".utf8) + Data([2, 0, 1, 0, 0, 0, 0])
            + Data([0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B])
        #expect(throws: ImageDecodingError(name: "bare.gif", problem: "GIF's first frame has no colour map (neither its own nor a global one)")) {
            try RasterImage(data: gif, name: "bare.gif")
        }
    }

    @Test func verifierJudgesGIFs() throws {
        let gif = try TestGIF.encode(width: 8, height: 8, globalColors: Self.palette,
                                     frames: [.init(width: 8, height: 8, indices: (0..<64).map { UInt8($0 % 3) })])
        #expect(RasterImageVerifier().verdict(on: gif) == .decodes)
        guard case .fails(let problem) = RasterImageVerifier().verdict(on: gif.prefix(30)) else {
            Issue.record("a GIF cut short inside its first frame was not refused")
            return
        }
        #expect(problem.hasPrefix("GIF ") && problem.hasSuffix(" is cut short or damaged (the data ends early)"), "\(problem)")
    }
}
