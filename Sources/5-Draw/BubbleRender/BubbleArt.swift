import BubbleOutput
import BubbleCodec
import BubbleCairo
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
        // The bubbles inside a group: the same body in the same place, the tail left out.
        for job in jobs {
            guard let tailless = job.spec.taillessImage else { continue }
            try BubbleImages.checkRelativeName(tailless, key: root["bubbles"][job.key]["tailless_image"])
            for scale in art.scales {
                let png = try draw(art, colors: job.colors, tailOnLeft: job.tailOnLeft, scale: scale, tail: false)
                files.append(File(name: "\(tailless)@\(scale)x.png", png: png))
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
        let (edgeName, edgeCap) = art.tailEdge == .top ? ("below the top", caps.top) : ("above the bottom", caps.bottom)
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
        if art.tailShape == .straight {
            guard art.tailTop >= art.cornerRadius else {
                throw generate["tail"]["top"].error("\(f(art.tailTop)) is inside the rounded corner (corner_radius \(f(art.cornerRadius)))")
            }
            guard art.tailBottom > art.tailTop else {
                throw generate["tail"]["bottom"].error("\(f(art.tailBottom)) must be below tail.top \(f(art.tailTop))")
            }
        } else {
            guard art.tailBottom > art.tailTip else {
                throw generate["tail"]["bottom"].error("\(f(art.tailBottom)) must be farther from the edge than tail.tip \(f(art.tailTip))")
            }
        }
        guard art.tailBottom <= edgeCap else {
            throw generate["tail"]["bottom"].error("\(f(art.tailBottom)) is \(edgeName) cap inset \(f(edgeCap)) of \(bubbleKey): the tail would stretch")
        }
        if art.tailShape == .curved {
            guard art.cornerRadius <= edgeCap, art.height - art.tailBottom >= art.cornerRadius else {
                throw generate["tail"]["bottom"].error("\(f(art.tailBottom)) leaves no room for the far corner (corner_radius \(f(art.cornerRadius)))")
            }
        }
        guard art.tailTip <= art.height else {
            throw generate["tail"]["tip"].error("\(f(art.tailTip)) is below the image (height \(f(art.height)))")
        }
    }

    /// One image: the body and tail filled, then the border stroked inside the outline only.
    static func draw(_ art: BubbleArtSpec, colors: BubbleArtColors, tailOnLeft: Bool, scale: Int, tail: Bool = true) throws -> Data {
        let canvas = try Canvas(format: .png, width: art.width, height: art.height, scale: scale)
        let context = canvas.context
        if !tailOnLeft {
            context.translate(x: art.width, y: 0)
            context.scale(x: -1, y: 1)
        }
        if art.tailEdge == .bottom {
            context.translate(x: 0, y: art.height)
            context.scale(x: 1, y: -1)
        }
        let outline = { (context: CairoContext) in
            if !tail { Self.taillessOutline(art, in: context) }
            else if art.tailShape == .curved { Self.curvedOutline(art, in: context) }
            else { Self.outline(art, in: context) }
        }
        outline(context)
        context.setColor(colors.fill)
        context.fillPreserve()
        if let border = colors.border, art.borderPixels > 0 {
            // Stroke twice the width centred on the outline, clipped to the inside: exactly
            // `borderPixels` device pixels of line, aligned with the fill's edge.
            context.clip()
            outline(context)
            context.setLineWidth(2 * art.borderPixels / Double(scale))
            context.setColor(border)
            context.stroke()
        }
        context.newPath()
        return try canvas.encoded()
    }

    /// From the top edge's end round the two right corners and along the bottom to the
    /// bottom-left corner: the part every outline shares, whatever its tail.
    private static func bodyRightAndBottom(_ art: BubbleArtSpec, in context: CairoContext) {
        let (width, height, radius, left) = (art.width, art.height, art.cornerRadius, art.tailWidth)
        context.line(to: CGPoint(x: width - radius, y: 0))
        context.arc(center: CGPoint(x: width - radius, y: radius), radius: radius, start: -.pi / 2, end: 0)
        context.line(to: CGPoint(x: width, y: height - radius))
        context.arc(center: CGPoint(x: width - radius, y: height - radius), radius: radius, start: 0, end: .pi / 2)
        context.line(to: CGPoint(x: left + radius, y: height))
        context.arc(center: CGPoint(x: left + radius, y: height - radius), radius: radius, start: .pi / 2, end: .pi)
    }

    /// The body alone, where it is in the image with a tail: a rounded rectangle `tailWidth`
    /// in from the tail's side, so text and caps line up with the bubbles that have the tail.
    private static func taillessOutline(_ art: BubbleArtSpec, in context: CairoContext) {
        let (radius, left) = (art.cornerRadius, art.tailWidth)
        context.newPath()
        context.move(to: CGPoint(x: left + radius, y: 0))
        bodyRightAndBottom(art, in: context)
        context.line(to: CGPoint(x: left, y: radius))
        context.arc(center: CGPoint(x: left + radius, y: radius), radius: radius, start: .pi, end: 3 * .pi / 2)
        context.closePath()
    }

    /// The curved tail on the left at the top edge (the caller mirrors and flips): the top
    /// edge runs on past the body to the point at `tip`, and the tail's inner side sweeps
    /// back into the body's side at `tailBottom`, with no rounded corner on that side.
    private static func curvedOutline(_ art: BubbleArtSpec, in context: CairoContext) {
        let (radius, left) = (art.cornerRadius, art.tailWidth)
        let (tip, join) = (art.tailTip, art.tailBottom)
        context.newPath()
        context.move(to: CGPoint(x: 0, y: tip))
        context.curve(to: CGPoint(x: left + radius, y: 0), control1: CGPoint(x: left * 0.5, y: tip * 0.5),
                      control2: CGPoint(x: left, y: 0))
        bodyRightAndBottom(art, in: context)
        context.line(to: CGPoint(x: left, y: join))
        context.curve(to: CGPoint(x: 0, y: tip), control1: CGPoint(x: left, y: tip + (join - tip) * 0.35),
                      control2: CGPoint(x: left * 0.45, y: tip))
        context.closePath()
    }

    /// The bubble's outline with the tail on the left (the caller mirrors for the right).
    private static func outline(_ art: BubbleArtSpec, in context: CairoContext) {
        let (radius, left) = (art.cornerRadius, art.tailWidth)
        context.newPath()
        context.move(to: CGPoint(x: left + radius, y: 0))
        bodyRightAndBottom(art, in: context)
        context.line(to: CGPoint(x: left, y: art.tailBottom))
        context.line(to: CGPoint(x: 0, y: art.tailTip))
        context.line(to: CGPoint(x: left, y: art.tailTop))
        context.line(to: CGPoint(x: left, y: radius))
        context.arc(center: CGPoint(x: left + radius, y: radius), radius: radius, start: .pi, end: 3 * .pi / 2)
        context.closePath()
    }
}
