import BubbleOutput
import BubbleCodec
import BubbleCairo
import BubbleTheme
import Foundation

/// Small path-drawn icons the conversation layout places: vector, so they are sharp at every
/// scale and in PDF, and need no image files in a theme.
public enum Icon: Sendable, Equatable {
    /// A voice message's speaker: a filled wedge and two arcs, opening towards `facing`.
    case speaker(facing: Side)
    /// The peer is typing: three dots, fading in from the left.
    case typingDots
    /// A delayed message: a clock face.
    case clock
    /// A file or link message: a page with a folded corner.
    case file
    /// Two chain links.
    case link
    /// A picture with a crack, on the broken-image placeholder.
    case brokenImage
    /// A picture (frame, hill, sun): an image that is not at hand.
    case picture
    /// Delivery ticks: one for sent, two for delivered and read.
    case ticks(Int)

    public enum Side: Sendable, Equatable { case left, right }

    /// Width over height of the icon's drawing; `draw` fits it into any rectangle.
    public var aspectRatio: Double {
        switch self {
        case .typingDots: 3.2
        default: 1
        }
    }
}

extension CairoContext {
    /// Draws `icon` centred in `rect`, as large as fits with its proportions, in `color`.
    public func draw(_ icon: Icon, in rect: CGRect, color: RGBAColor) {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
              rect.minX.isFinite, rect.minY.isFinite else { return }
        let height = min(Double(rect.height), Double(rect.width) / icon.aspectRatio)
        let width = height * icon.aspectRatio
        withSavedState {
            translate(x: Double(rect.midX) - width / 2, y: Double(rect.midY) - height / 2)
            scale(height)  // from here on the icon is drawn in a box 1 unit high
            newPath()
            setColor(color)
            switch icon {
            case .speaker(let facing): drawSpeaker(facing: facing)
            case .typingDots: drawTypingDots(color: color)
            case .clock: drawClock()
            case .file: drawFile()
            case .link: drawLink()
            case .brokenImage: drawBrokenPicture()
            case .picture: drawPicture()
            case .ticks(let count): drawTicks(count)
            }
        }
    }

    private func drawSpeaker(facing: Icon.Side) {
        if facing == .left {
            translate(x: 1, y: 0)
            scale(x: -1, y: 1)
        }
        let apex = CGPoint(x: 0.16, y: 0.5)
        let spread = 40 * Double.pi / 180
        move(to: apex)
        arc(center: apex, radius: 0.2, start: -spread, end: spread)
        closePath()
        fill()
        setLineWidth(0.1)
        setRoundCaps()
        for radius in [0.43, 0.66] {
            newPath()
            arc(center: apex, radius: radius, start: -spread, end: spread)
            stroke()
        }
    }

    private func drawTypingDots(color: RGBAColor) {
        for (index, alpha) in [0.4, 0.7, 1.0].enumerated() {
            var faded = color
            faded.alpha *= alpha
            setColor(faded)
            newPath()
            addCircle(center: CGPoint(x: 0.5 + Double(index) * 1.1, y: 0.5), radius: 0.4)
            fill()
        }
    }

    private func drawTicks(_ count: Int) {
        setLineWidth(0.11)
        setRoundCaps()
        // One tick spans 0.74 of the box. Two, 0.24 apart, are drawn at 0.84 of that size so
        // they and their round caps stay inside the box: the layout reserves exactly this
        // frame beside the time, and a tick past it would reach into the bubble's edge.
        let two = count > 1
        let size = two ? 0.84 : 1
        for index in 0..<(two ? 2 : 1) {
            let left = two ? 0.07 + Double(index) * 0.24 : 0.12
            move(to: CGPoint(x: left, y: 0.5 + 0.02 * size))
            line(to: CGPoint(x: left + 0.24 * size, y: 0.5 + 0.26 * size))
            line(to: CGPoint(x: left + 0.74 * size, y: 0.5 - 0.26 * size))
            stroke()
        }
    }

    private func drawClock() {
        setLineWidth(0.1)
        setRoundCaps()
        addCircle(center: CGPoint(x: 0.5, y: 0.5), radius: 0.44)
        stroke()
        move(to: CGPoint(x: 0.5, y: 0.22))
        line(to: CGPoint(x: 0.5, y: 0.5))
        line(to: CGPoint(x: 0.7, y: 0.62))
        stroke()
    }

    private func drawFile() {
        setLineWidth(0.08)
        setRoundCaps()
        move(to: CGPoint(x: 0.2, y: 0.06))
        line(to: CGPoint(x: 0.58, y: 0.06))
        line(to: CGPoint(x: 0.8, y: 0.28))
        line(to: CGPoint(x: 0.8, y: 0.94))
        line(to: CGPoint(x: 0.2, y: 0.94))
        closePath()
        move(to: CGPoint(x: 0.58, y: 0.06))
        line(to: CGPoint(x: 0.58, y: 0.28))
        line(to: CGPoint(x: 0.8, y: 0.28))
        for y in [0.5, 0.65, 0.8] {
            move(to: CGPoint(x: 0.32, y: y))
            line(to: CGPoint(x: 0.68, y: y))
        }
        stroke()
    }

    private func drawLink() {
        setLineWidth(0.1)
        translate(x: 0.5, y: 0.5)
        rotate(by: .pi / 4)
        for offset in [-0.17, 0.17] {
            addRoundedRectangle(CGRect(x: offset - 0.22, y: -0.13, width: 0.44, height: 0.26), radius: 0.13)
        }
        stroke()
    }

    private func drawBrokenPicture() {
        setLineWidth(0.08)
        setRoundCaps()
        // The frame, broken by a zigzag crack from top to bottom.
        move(to: CGPoint(x: 0.5, y: 0.12))
        line(to: CGPoint(x: 0.1, y: 0.12))
        line(to: CGPoint(x: 0.1, y: 0.88))
        line(to: CGPoint(x: 0.44, y: 0.88))
        move(to: CGPoint(x: 0.6, y: 0.12))
        line(to: CGPoint(x: 0.9, y: 0.12))
        line(to: CGPoint(x: 0.9, y: 0.88))
        line(to: CGPoint(x: 0.56, y: 0.88))
        move(to: CGPoint(x: 0.56, y: 0.06))
        line(to: CGPoint(x: 0.46, y: 0.4))
        line(to: CGPoint(x: 0.56, y: 0.6))
        line(to: CGPoint(x: 0.48, y: 0.94))
        stroke()
        // A hill and a sun inside.
        move(to: CGPoint(x: 0.18, y: 0.78))
        line(to: CGPoint(x: 0.32, y: 0.56))
        line(to: CGPoint(x: 0.42, y: 0.7))
        stroke()
        addCircle(center: CGPoint(x: 0.74, y: 0.34), radius: 0.07)
        fill()
    }

    private func drawPicture() {
        setLineWidth(0.08)
        setRoundCaps()
        addRoundedRectangle(CGRect(x: 0.1, y: 0.12, width: 0.8, height: 0.76), radius: 0.08)
        stroke()
        move(to: CGPoint(x: 0.18, y: 0.78))
        line(to: CGPoint(x: 0.4, y: 0.5))
        line(to: CGPoint(x: 0.56, y: 0.68))
        line(to: CGPoint(x: 0.66, y: 0.58))
        line(to: CGPoint(x: 0.82, y: 0.78))
        stroke()
        addCircle(center: CGPoint(x: 0.68, y: 0.32), radius: 0.07)
        fill()
    }
}
