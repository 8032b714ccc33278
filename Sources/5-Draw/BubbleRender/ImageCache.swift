import BubbleOutput
import BubbleCodec
import BubbleCairo
import Foundation

/// Decoded images of one render, keyed by their bytes, shared by the threads that draw bands.
///
/// A contact's avatar is the same bytes on every row, and an image that spans two bands is
/// drawn by both: without this, each was decoded again every time (20 rows with one damaged
/// avatar took 52 s). Each distinct image is decoded once, even when two threads ask for it
/// at the same moment, and a failure is remembered too. The key is the bytes themselves: the
/// dictionary hashes their length and leading bytes and confirms a hit by comparing them, so
/// two images never share an entry. Decoded pixels are kept up to `pixelBudget` in total;
/// an image past it is decoded where it is drawn and not kept, so memory stays bounded
/// however many images a conversation holds.
public final class ImageCache: @unchecked Sendable {
    /// 64 million pixels: 256 MB of ARGB32, a few dozen phone photos.
    public static let defaultPixelBudget = 64_000_000

    public let pixelBudget: Int
    private let lock = NSLock()
    private var entries: [Data: Entry] = [:]
    private var keptPixels = 0
    private var decodes = 0

    /// One image's decoding; its own lock makes a second thread wait for the first's result.
    private final class Entry {
        let lock = NSLock()
        var result: Result<RasterImage, ImageDecodingError>?
    }

    public init(pixelBudget: Int = ImageCache.defaultPixelBudget) {
        self.pixelBudget = pixelBudget
    }

    /// How many times an image was decoded (for tests: one per distinct image).
    public var decodeCount: Int { lock.withLock { decodes } }

    /// The decoded image of `data`; errors name the input as `name` says.
    public func image(_ data: Data, name: String) throws -> RasterImage {
        let entry = lock.withLock {
            if let entry = entries[data] { return entry }
            let entry = Entry()
            entries[data] = entry
            return entry
        }
        entry.lock.lock()
        defer { entry.lock.unlock() }
        if let result = entry.result { return try Self.named(result, name) }
        let result: Result<RasterImage, ImageDecodingError>
        do {
            result = .success(try RasterImage(data: data, name: name))
        } catch let error as ImageDecodingError {
            result = .failure(error)
        }
        entry.result = result
        lock.withLock {
            decodes += 1
            guard case .success(let image) = result else { return }
            let pixels = image.pixelWidth * image.pixelHeight
            if keptPixels + pixels <= pixelBudget {
                keptPixels += pixels
            } else {
                entries[data] = nil  // too much to keep: the next use decodes it again
            }
        }
        return try result.get()
    }

    /// The remembered result, its error naming this use's input.
    private static func named(_ result: Result<RasterImage, ImageDecodingError>, _ name: String) throws -> RasterImage {
        switch result {
        case .success(let image): return image
        case .failure(let error): throw ImageDecodingError(name: name, problem: error.problem)
        }
    }
}
