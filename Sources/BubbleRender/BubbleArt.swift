import BubbleTheme
import Foundation

/// Draws a theme's bubble images from the `generate` section of its `theme.json`: a rounded
/// body with a small tail on the avatar's side (right for outgoing, left for incoming), an
/// optional hairline border, at each listed scale. The PNGs in Themes/ are made by this code
/// (`bubbles theme make-images`), so they can be remade identically and reviewed as code.
public enum BubbleArt {
    /// One image file to write: its path relative to the theme directory and its PNG bytes.
    public struct File: Equatable, Sendable {
        public var name: String
        public var png: Data
    }

    /// Every image the document's `generate` section describes, in a fixed order.
    public static func render(_ document: ThemeDocument, file: String) throws -> [File] {
        let root = JSONNode(value: nil, path: "", file: file)
        guard let art = document.generate else {
            throw root["generate"].error("missing: this theme has no drawing spec for its bubble images")
        }
        var jobs = [(spec: document.bubbles.outgoing, colors: art.outgoing, tailOnLeft: false, key: "outgoing")]
        if let incoming = document.bubbles.incoming, let colors = art.incoming {
            jobs.append((incoming, colors, true, "incoming"))
        }
        var files: [File] = []
        for job in jobs {
            try BubbleImages.checkRelativeName(job.spec.image, key: root["bubbles"][job.key]["image"])
            try check(art, fits: job.spec, tailOnLeft: job.tailOnLeft, root: root, bubbleKey: "bubbles.\(job.key)")
            for scale in art.scales {
                let png = try draw(art, colors: job.colors, tailOnLeft: job.tailOnLeft, scale: scale)
                files.append(File(name: "\(job.spec.image)@\(scale)x.png", png: png))
            }
        }
        return files
    }

    /// The art must fit the cap insets it will be sliced with: the tail and the corners inside
    /// the unstretched corners, and something left to stretch.
    private static func check(_ art: BubbleArtSpec, fits spec: BubbleImageSpec, tailOnLeft: Bool,
                              root: JSONNode, bubbleKey: String) throws {
        let generate = root["generate"]
        let caps = spec.capInsets
        let (tailSide, otherSide) = tailOnLeft ? (caps.left, caps.right) : (caps.right, caps.left)
        func f(_ value: Double) -> String { JSONNode.format(value) }
        guard art.width == art.width.rounded(), art.height == art.height.rounded() else {
            throw generate["size"].error("\(f(art.width))×\(f(art.height)) is not a whole number of points (pixels would blur)")
        }
        guard art.width >= caps.left + caps.right + 1 else {
            throw generate["size"]["width"].error("\(f(art.width)) leaves nothing to stretch between the cap insets \(f(caps.left)) + \(f(caps.right)) of \(bubbleKey)")
        }
        guard art.height >= caps.top + caps.bottom + 1 else {
            throw generate["size"]["height"].error("\(f(art.height)) leaves nothing to stretch between the cap insets \(f(caps.top)) + \(f(caps.bottom)) of \(bubbleKey)")
        }
        guard art.cornerRadius <= min(caps.top, caps.bottom, otherSide) else {
            throw generate["corner_radius"].error("\(f(art.cornerRadius)) is larger than a cap inset of \(bubbleKey): the corners would stretch")
        }
        guard art.tailWidth + art.cornerRadius <= tailSide else {
            throw generate["tail"]["width"].error("\(f(art.tailWidth)) plus corner_radius \(f(art.cornerRadius)) is wider than the cap inset \(f(tailSide)) on the tail's side of \(bubbleKey)")
        }
        guard art.tailTop >= art.cornerRadius else {
            throw generate["tail"]["top"].error("\(f(art.tailTop)) is inside the rounded corner (corner_radius \(f(art.cornerRadius)))")
        }
        guard art.tailBottom > art.tailTop else {
            throw generate["tail"]["bottom"].error("\(f(art.tailBottom)) must be below tail.top \(f(art.tailTop))")
        }
        guard art.tailBottom <= caps.top else {
            throw generate["tail"]["bottom"].error("\(f(art.tailBottom)) is below the top cap inset \(f(caps.top)) of \(bubbleKey): the tail would stretch")
        }
        guard art.tailTip <= art.height else {
            throw generate["tail"]["tip"].error("\(f(art.tailTip)) is below the image (height \(f(art.height)))")
        }
    }

    /// One image: the body and tail filled, then the border stroked inside the outline only.
    static func draw(_ art: BubbleArtSpec, colors: BubbleArtColors, tailOnLeft: Bool, scale: Int) throws -> Data {
        let canvas = try Canvas(format: .png, width: art.width, height: art.height, scale: scale)
        let context = canvas.context
        if !tailOnLeft {
            context.translate(x: art.width, y: 0)
            context.scale(x: -1, y: 1)
        }
        outline(art, in: context)
        context.setColor(colors.fill)
        context.fillPreserve()
        if let border = colors.border, art.borderPixels > 0 {
            // Stroke twice the width centred on the outline, clipped to the inside: exactly
            // `borderPixels` device pixels of line, aligned with the fill's edge.
            context.clip()
            outline(art, in: context)
            context.setLineWidth(2 * art.borderPixels / Double(scale))
            context.setColor(border)
            context.stroke()
        }
        context.newPath()
        return try canvas.encoded()
    }

    /// The bubble's outline with the tail on the left (the caller mirrors for the right).
    private static func outline(_ art: BubbleArtSpec, in context: CairoContext) {
        let (width, height, radius, left) = (art.width, art.height, art.cornerRadius, art.tailWidth)
        context.newPath()
        context.move(to: CGPoint(x: left + radius, y: 0))
        context.line(to: CGPoint(x: width - radius, y: 0))
        context.arc(center: CGPoint(x: width - radius, y: radius), radius: radius, start: -.pi / 2, end: 0)
        context.line(to: CGPoint(x: width, y: height - radius))
        context.arc(center: CGPoint(x: width - radius, y: height - radius), radius: radius, start: 0, end: .pi / 2)
        context.line(to: CGPoint(x: left + radius, y: height))
        context.arc(center: CGPoint(x: left + radius, y: height - radius), radius: radius, start: .pi / 2, end: .pi)
        context.line(to: CGPoint(x: left, y: art.tailBottom))
        context.line(to: CGPoint(x: 0, y: art.tailTip))
        context.line(to: CGPoint(x: left, y: art.tailTop))
        context.line(to: CGPoint(x: left, y: radius))
        context.arc(center: CGPoint(x: left + radius, y: radius), radius: radius, start: .pi, end: 3 * .pi / 2)
        context.closePath()
    }
}
