import ChatBubbles
import BubbleLayout
import BubbleRender
import BubbleTheme
import Foundation

/// One bubble image file measured from its pixels: where its caps fall, where the body's edge
/// on the tail's side is, and the tail (every pixel beyond that edge), in device pixels.
struct BubbleAssetGeometry {
    let asset: ScaledImage
    let pixels: PixelBuffer
    /// Cap boundaries in pixels, rounded as the slicer rounds them.
    let capLeft: Int, capRight: Int, capTop: Int, capBottom: Int
    /// The row through the middle of the stretched zone, where the fill is sampled.
    let middleRow: Int
    let tailOnRight: Bool
    /// The tail's bounding box in pixels (x, y, width, height); nil: nothing beyond the body.
    let tail: (x: Int, y: Int, width: Int, height: Int)?

    init(asset: ScaledImage, caps: EdgeInsets, tailOnRight: Bool) throws {
        self.asset = asset
        self.tailOnRight = tailOnRight
        let pixels = try asset.image.pixels()
        self.pixels = pixels
        let scale = Double(asset.scale)
        func px(_ points: Double) -> Int { Int((points * scale).rounded()) }
        (capLeft, capRight, capTop, capBottom) = (px(caps.left), px(caps.right), px(caps.top), px(caps.bottom))
        let (width, height) = (pixels.width, pixels.height)
        let middleRow = min(max((capTop + height - capBottom) / 2, 0), height - 1)
        self.middleRow = middleRow
        // The body's edge is where most rows end (the straight side): the tail and the
        // rounded corners are the rows that end elsewhere.
        var ends: [Int: Int] = [:]
        for y in 0..<height {
            let covered = (0..<width).filter { pixels[$0, y].alpha > 0 }
            if let end = tailOnRight ? covered.last : covered.first { ends[end, default: 0] += 1 }
        }
        let mostRows = ends.values.max() ?? 0
        let candidates = ends.filter { $0.value == mostRows }.map(\.key)
        guard let edge = tailOnRight ? candidates.min() : candidates.max() else {
            tail = nil
            return
        }
        var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
        let columns = tailOnRight ? Array((edge + 1)..<width) : Array(0..<edge)
        for y in 0..<height {
            for x in columns where pixels[x, y].alpha > 0 {
                box = box.map { (min($0.minX, x), max($0.maxX, x), min($0.minY, y), max($0.maxY, y)) } ?? (x, x, y, y)
            }
        }
        tail = box.map { ($0.minX, $0.minY, $0.maxX - $0.minX + 1, $0.maxY - $0.minY + 1) }
    }

    /// The stretched middle rows and columns (half-open pixel ranges).
    var stretchedRows: Range<Int> { capTop..<max(capTop, pixels.height - capBottom) }
    var stretchedColumns: Range<Int> { capLeft..<max(capLeft, pixels.width - capRight) }

    /// Whether the tail lies wholly in the unstretched corner on its side.
    var tailInCorner: Bool {
        guard let tail else { return true }
        let rows = tail.y..<(tail.y + tail.height), columns = tail.x..<(tail.x + tail.width)
        return !rows.overlaps(stretchedRows) && !columns.overlaps(stretchedColumns)
    }

    /// The fill behind the text: the middle slice's centre pixel, straight alpha.
    var fill: RGBAColor {
        let column = min(max((capLeft + pixels.width - capRight) / 2, 0), pixels.width - 1)
        let pixel = pixels[column, middleRow]
        guard pixel.alpha > 0 else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
        let alpha = Double(pixel.alpha)
        return RGBAColor(red: Double(pixel.red) / alpha, green: Double(pixel.green) / alpha,
                         blue: Double(pixel.blue) / alpha, alpha: alpha / 255)
    }
}

/// One bubble image of a theme (outgoing or incoming, with or without its tail) at every scale.
struct BubbleImageLint {
    /// `bubbles.outgoing.image`, `bubbles.incoming.tailless_image`, …
    let imageKey: String
    let capsKey: String
    let geometries: [BubbleAssetGeometry]

    /// Every distinct bubble image of the theme; a mirrored incoming side is the outgoing image.
    static func load(_ theme: Theme) -> (bubbles: [BubbleImageLint], findings: [ThemeLintFinding],
                                         fills: (outgoing: RGBAColor, incoming: RGBAColor)?) {
        let images: BubbleImages
        do {
            images = try BubbleImages(theme: theme)
        } catch let error as ThemeError {
            return ([], [ThemeLintFinding(.error, key: error.key ?? "bubbles", error.problem)], nil)
        } catch {
            return ([], [ThemeLintFinding(.error, key: "bubbles", "\(error)")], nil)
        }
        let spec = theme.document.bubbles
        var jobs: [(String, NineSliceImage?, Bool)] = [
            ("outgoing.image", images.outgoing.image, true), ("outgoing.tailless_image", images.outgoingTailless?.image, true),
        ]
        if spec.incoming != nil {
            jobs += [("incoming.image", images.incoming.image, false), ("incoming.tailless_image", images.incomingTailless?.image, false)]
        }
        var bubbles: [BubbleImageLint] = [], findings: [ThemeLintFinding] = []
        for (key, image, tailOnRight) in jobs {
            guard let image else { continue }
            let side = String(key.prefix { $0 != "." })
            do {
                bubbles.append(BubbleImageLint(imageKey: "bubbles." + key, capsKey: "bubbles.\(side).cap_insets",
                                               geometries: try image.assets.map { try BubbleAssetGeometry(asset: $0, caps: image.capInsets, tailOnRight: tailOnRight) }))
            } catch {
                findings.append(ThemeLintFinding(.error, key: "bubbles." + key, "the pixels cannot be read: \(error)"))
            }
        }
        let outgoing = bubbles.first { $0.imageKey == "bubbles.outgoing.image" }?.geometries.last?.fill
        let incoming = bubbles.first { $0.imageKey == "bubbles.incoming.image" }?.geometries.last?.fill ?? outgoing
        return (bubbles, findings, outgoing.flatMap { out in incoming.map { (out, $0) } })
    }

    /// Scales that disagree in proportion, and tails reaching into a stretched zone.
    func findings() -> [ThemeLintFinding] {
        var findings: [ThemeLintFinding] = []
        if let reference = geometries.last {
            let (refWidth, refHeight, refScale) = (reference.pixels.width, reference.pixels.height, Double(reference.asset.scale))
            for geometry in geometries.dropLast() {
                let factor = Double(geometry.asset.scale) / refScale
                let (expectedWidth, expectedHeight) = (Double(refWidth) * factor, Double(refHeight) * factor)
                let (width, height) = (geometry.pixels.width, geometry.pixels.height)
                guard abs(Double(width) - expectedWidth) > 1 || abs(Double(height) - expectedHeight) > 1 else { continue }
                findings.append(ThemeLintFinding(.error, key: imageKey, "\(geometry.asset.name) is \(width)×\(height) px, but "
                    + "\(reference.asset.name) (\(refWidth)×\(refHeight) px) makes \(ThemeLint.f(expectedWidth))×\(ThemeLint.f(expectedHeight)) px "
                    + "at @\(geometry.asset.scale)x: the scales disagree by more than 1 px"))
            }
        }
        for geometry in geometries where !geometry.tailInCorner {
            guard let tail = geometry.tail else { continue }
            let rows = geometry.stretchedRows, columns = geometry.stretchedColumns
            findings.append(ThemeLintFinding(.error, key: capsKey, "\(geometry.asset.name): the tail (columns \(tail.x)–\(tail.x + tail.width - 1), "
                + "rows \(tail.y)–\(tail.y + tail.height - 1)) reaches the stretched middle (columns \(columns.lowerBound)–\(columns.upperBound - 1), "
                + "rows \(rows.lowerBound)–\(rows.upperBound - 1)): it must lie in an unstretched corner"))
        }
        return findings
    }
}
