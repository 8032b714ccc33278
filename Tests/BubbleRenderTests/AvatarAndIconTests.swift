import BubbleTheme
import Foundation
import RenderTesting
import Testing
@testable import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec

@Suite struct AvatarTests {
    typealias Pixel = PixelBuffer.Pixel

    @Test func fnv1aMatchesTheReferenceVectors() {
        // From the FNV reference test suite (http://www.isthe.com/chongo/tech/comp/fnv/).
        #expect(AvatarPalette.fnv1a32([]) == 0x811C_9DC5)
        #expect(AvatarPalette.fnv1a32(Array("a".utf8)) == 0xE40C_292C)
        #expect(AvatarPalette.fnv1a32(Array("foobar".utf8)) == 0xBF9C_F968)
    }

    @Test func colourDependsOnTheJIDOnly() {
        let color = AvatarPalette.color(forJID: "alice@example.com")
        #expect(AvatarPalette.color(forJID: "Alice@Example.COM") == color)
        let index = Int(AvatarPalette.fnv1a32(Array("alice@example.com".utf8)) % 10)
        #expect(color == AvatarPalette.colors[index])
        let used = Set((0..<100).map { AvatarPalette.color(forJID: "user\($0)@example.com") })
        #expect(used.count >= 8)
    }

    @Test(arguments: [1, 2, 3])
    func withoutPhotoACircleInThePaletteColour(scale: Int) throws {
        let canvas = try Canvas(format: .png, width: 60, height: 60, scale: scale)
        let drawing = try canvas.context.drawAvatar(photo: nil, jid: "bob@example.com",
                                                    in: CGRect(x: 10, y: 10, width: 40, height: 40), shape: .circle)
        let color = AvatarPalette.color(forJID: "bob@example.com")
        #expect(drawing == .generated(color: color, photoProblem: nil))
        let pixels = try canvas.pixels()
        #expect(pixels[30 * scale, 30 * scale] == Pixel(color))
        #expect(pixels[11 * scale, 11 * scale].alpha == 0)     // outside the circle, inside the square
        #expect(pixels[9 * scale, 30 * scale].alpha == 0)
    }

    @Test func roundedSquareKeepsMoreThanACircle() throws {
        let canvas = try Canvas(format: .png, width: 40, height: 40, scale: 1)
        try canvas.context.drawAvatar(photo: nil, jid: "c@x", in: CGRect(x: 0, y: 0, width: 40, height: 40), shape: .rounded(radius: 6))
        let pixels = try canvas.pixels()
        #expect(pixels[0, 0].alpha == 0)
        #expect(pixels[3, 3].alpha == 255)   // a circle of 40 would leave this corner empty
        #expect(pixels[0, 20].alpha == 255)
    }

    @Test func nonFiniteRectanglesDrawNothing() throws {
        let pixels = try TestSupport.render(width: 20, height: 20, scale: 1) { context in
            let photo = try TestSupport.flatPNG(width: 4, height: 4, color: .black)
            for rect in [CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)] {
                try context.drawAvatar(photo: nil, jid: "e@x", in: rect, shape: .circle)
                try context.drawAvatar(photo: photo, jid: "e@x", in: rect, shape: .rounded(radius: 3))
                try context.drawBrokenImage(in: rect)
                context.draw(.clock, in: rect, color: .black)
            }
        }
        #expect(pixels.pixels.allSatisfy { $0.alpha == 0 })
    }

    @Test func photoIsDrawnAndBadPhotoFallsBack() throws {
        let photo = try TestSupport.flatPNG(width: 30, height: 20, color: RGBAColor(hex: "#10A0B0")!)
        let canvas = try Canvas(format: .png, width: 40, height: 40, scale: 2)
        #expect(try canvas.context.drawAvatar(photo: photo, jid: "d@x", in: CGRect(x: 0, y: 0, width: 40, height: 40), shape: .circle) == .photo)
        #expect(try canvas.pixels()[40, 40] == Pixel(RGBAColor(hex: "#10A0B0")!))
        let broken = try canvas.context.drawAvatar(photo: Data([1, 2, 3]), jid: "d@x", in: CGRect(x: 0, y: 0, width: 40, height: 40), shape: .circle)
        #expect(broken == .generated(color: AvatarPalette.color(forJID: "d@x"), photoProblem: "avatar of d@x: the data is not a PNG, JPEG, GIF or WebP image"))
        #expect(try canvas.pixels()[40, 40] == Pixel(AvatarPalette.color(forJID: "d@x")))
    }
}

@Suite struct IconTests {
    typealias Pixel = PixelBuffer.Pixel
    static let all: [Icon] = [.speaker(facing: .right), .speaker(facing: .left), .typingDots, .clock, .file, .link, .brokenImage]

    @Test(arguments: all)
    func drawsInsideItsRectangleOnly(icon: Icon) throws {
        let color = RGBAColor(hex: "#202020")!
        let rect = CGRect(x: 10, y: 10, width: 32, height: 20)
        let pixels = try TestSupport.render(width: 52, height: 40, scale: 2) { $0.draw(icon, in: rect, color: color) }
        var inside = 0, outside = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels[x, y].alpha > 0 {
                if rect.insetBy(dx: -0.01, dy: -0.01).contains(CGPoint(x: Double(x) / 2 + 0.25, y: Double(y) / 2 + 0.25)) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 40, "\(icon) drew \(inside) pixels")
        #expect(outside == 0, "\(icon) drew \(outside) pixels outside its rectangle")
        #expect(pixels.pixels.contains(Pixel(color)))
    }

    @Test func speakerFacingLeftMirrorsFacingRight() throws {
        func render(_ side: Icon.Side) throws -> PixelBuffer {
            try TestSupport.render(width: 30, height: 30, scale: 2) {
                $0.draw(.speaker(facing: side), in: CGRect(x: 5, y: 5, width: 20, height: 20), color: .black)
            }
        }
        let (right, left) = (try render(.right), try render(.left))
        let worst = (0..<60).flatMap { y in (0..<60).map { x in left[x, y].distance(to: right[59 - x, y]) } }.max() ?? 0
        // Cairo's antialiasing samples on a grid that a flip does not map onto itself, so
        // edge pixels may differ by a few samples (1/16 each); the shapes are the same.
        #expect(worst <= 24)
        let coverage = { (p: PixelBuffer) in p.pixels.reduce(0) { $0 + Int($1.alpha) } }
        #expect(abs(coverage(left) - coverage(right)) * 100 <= coverage(right))
        // Facing right, the wedge (the solid apex) is on the left.
        #expect(right[20, 30].alpha == 255 && right[39, 30].alpha == 0)
        #expect(left[39, 30].alpha == 255 && left[20, 30].alpha == 0)
    }

    @Test func typingDotsFadeInFromTheLeft() throws {
        let pixels = try TestSupport.render(width: 32, height: 10, scale: 1) {
            $0.draw(.typingDots, in: CGRect(x: 0, y: 0, width: 32, height: 10), color: .black)
        }
        // A 3.2:1 icon 10 high: dot centres at x 5, 16, 27.
        let alphas = [5, 16, 27].map { Int(pixels[$0, 5].alpha) }
        #expect(abs(alphas[0] - 102) <= 2 && abs(alphas[1] - 179) <= 2 && alphas[2] == 255)
        #expect(pixels[10, 5].alpha == 0 && pixels[21, 5].alpha == 0)
    }
}
