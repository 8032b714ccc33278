import BubbleCodec
import BubbleCairo
import BubbleTheme
import BubbleRender
import Foundation

/// How far a pixel may stray and still count as the same. Exact unless a test says why not:
/// a tolerance hides small visible elements (a late-delivery clock is a few dozen pixels), so
/// each one carries its reason into the failure message and the code.
public struct ImageTolerance: Sendable, Equatable {
    /// Largest difference (0–255) in any of red, green, blue, alpha that still matches.
    public var perChannel: Int
    public var reason: String?

    public static let exact = ImageTolerance(perChannel: 0, reason: nil)

    /// A tolerance needs a reason; an empty one fails every comparison that uses it.
    public static func perChannel(_ value: Int, reason: String) -> ImageTolerance {
        ImageTolerance(perChannel: value, reason: reason)
    }
}

extension Snapshotting where Value == Data {
    /// PNG bytes compared pixel by pixel (decoded, so a different zlib level alone does not fail).
    public static var image: Snapshotting<Data> { image(tolerance: .exact) }

    /// On failure: the number of differing pixels and their bounding box, and a side-by-side
    /// `reference | actual | difference` image among the artefacts.
    public static func image(tolerance: ImageTolerance) -> Snapshotting<Data> {
        Snapshotting(pathExtension: "png", diffing: .pixels(tolerance: tolerance)) { $0 }
    }
}

extension Diffing {
    public static func pixels(tolerance: ImageTolerance) -> Diffing {
        Diffing { reference, actual in
            if let reason = tolerance.reason, reason.trimmingCharacters(in: .whitespaces).isEmpty {
                return SnapshotDifference(message: "a tolerance of \(tolerance.perChannel) needs a reason")
            }
            let want = try RasterImage(data: reference, name: "reference")
            let got = try RasterImage(data: actual, name: "actual")
            let difference = try PixelDifference(reference: want.pixels(), actual: got.pixels(), tolerance: tolerance.perChannel)
            guard let box = difference.boundingBox else { return nil }
            var message = "\(difference.count) pixels differ"
            if tolerance.perChannel > 0 { message += " by more than \(tolerance.perChannel)/255 (\(tolerance.reason ?? ""))" }
            message += ", within x \(box.minX)...\(box.maxX), y \(box.minY)...\(box.maxY)"
            if (want.pixelWidth, want.pixelHeight) != (got.pixelWidth, got.pixelHeight) {
                message += "; size \(got.pixelWidth)×\(got.pixelHeight), reference \(want.pixelWidth)×\(want.pixelHeight)"
            }
            let sheet = try difference.comparisonImage(reference: want, actual: got)
            return SnapshotDifference(message: message, artefacts: [SnapshotArtefact(name: "reference-actual-difference.png", data: sheet)])
        }
    }
}

/// Pixels that differ between two images, over the larger of their sizes: a pixel one image
/// lacks differs.
struct PixelDifference {
    let width: Int
    let height: Int
    /// Row-major flags over `width` × `height`.
    let changed: [Bool]
    let count: Int
    let boundingBox: (minX: Int, minY: Int, maxX: Int, maxY: Int)?

    init(reference: PixelBuffer, actual: PixelBuffer, tolerance: Int) {
        width = max(reference.width, actual.width)
        height = max(reference.height, actual.height)
        var changed = [Bool](repeating: false, count: width * height)
        var count = 0, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let inReference = x < reference.width && y < reference.height
                let inActual = x < actual.width && y < actual.height
                let differs = inReference && inActual
                    ? reference.pixels[y * reference.width + x].distance(to: actual.pixels[y * actual.width + x]) > tolerance
                    : true
                guard differs else { continue }
                changed[y * width + x] = true
                count += 1
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
            }
        }
        self.changed = changed
        self.count = count
        boundingBox = count == 0 ? nil : (minX, minY, maxX, maxY)
    }

    /// Reference, actual and a faded reference with the differing pixels in red, side by side
    /// with a 10-pixel grey gap, so a missing mark is found at a glance.
    func comparisonImage(reference: RasterImage, actual: RasterImage) throws -> Data {
        let gap = 10
        let canvas = try Canvas(format: .png, width: Double(3 * width + 2 * gap), height: Double(height), scale: 1)
        let context = canvas.context
        context.fillAll(with: RGBAColor(red: 0.5, green: 0.5, blue: 0.5))
        let panels = [(reference, 0), (actual, width + gap), (reference, 2 * (width + gap))]
        for (image, x) in panels {
            context.setColor(.white)
            context.addRectangle(CGRect(x: x, y: 0, width: width, height: height))
            context.fill()
            try context.draw(image, in: CGRect(x: x, y: 0, width: image.pixelWidth, height: image.pixelHeight))
        }
        let left = 2 * (width + gap)
        context.setColor(RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.75))
        context.addRectangle(CGRect(x: left, y: 0, width: width, height: height))
        context.fill()
        context.setColor(RGBAColor(red: 1, green: 0, blue: 0))
        for y in 0..<height {
            var x = 0
            while x < width {
                guard changed[y * width + x] else { x += 1; continue }
                let start = x
                while x < width && changed[y * width + x] { x += 1 }
                context.addRectangle(CGRect(x: left + start, y: y, width: x - start, height: 1))
            }
        }
        context.fill()
        return try canvas.encoded()
    }
}
