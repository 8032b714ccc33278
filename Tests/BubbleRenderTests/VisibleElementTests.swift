import BubbleTheme
import BubbleLayout
import BubbleModel
import BubbleRender
@testable import BubbleCairo
@testable import BubbleCodec
import BubbleSnapshotTesting
import BubbleText
import Foundation
import RenderTesting
import Testing
import ChatBubbles

/// The snapshot comparison must see what a user would miss: the sample's layout with one small
/// element taken away, drawn by the same renderer, differs from the committed reference. Each
/// test first checks that the untouched layout matches, so the failure can only come from the
/// removed element.
@Suite struct VisibleElementTests {
    /// json-classic: Samples/conversation.json, classic theme, iPhone 8 (375 pt at 2x).
    static let reference = "json-classic"

    static func sampleLayout() throws -> (layout: ConversationLayout, job: ChatScreen) {
        let conversation = try Conversation.load(path: Snapshot.repository.path + "/Samples/conversation.json")
        let job = try ChatScreen(theme: "classic")
        return (try job.layout(conversation, screenWidth: 375), job)
    }

    static func compare(_ layout: ConversationLayout, _ job: ChatScreen) throws -> SnapshotFailure? {
        let png = try job.render(layout, format: .png, scale: 2)
        return try compareSnapshot(of: png, as: .image, named: reference)
    }

    @Test func theUntouchedSampleMatchesItsReference() throws {
        let (layout, job) = try Self.sampleLayout()
        let failure = try Self.compare(layout, job)
        #expect(failure == nil, "\(failure?.description ?? "")")
    }

    @Test func aMissingLateDeliveryClockFailsTheComparison() throws {
        var (layout, job) = try Self.sampleLayout()
        #expect(try Self.compare(layout, job) == nil)
        let index = try #require(layout.rows.firstIndex { $0.bubble?.delayedMark != nil }, "the sample has a delayed message")
        var row = try #require(layout.rows[index].bubble)
        let mark = try #require(row.delayedMark)
        row.delayedMark = nil
        layout.rows[index].kind = .bubble(row)

        let failure = try #require(try Self.compare(layout, job), "removing the clock must be seen")
        #expect(failure.referenceExists)
        #expect(failure.difference.message.contains("pixels differ"), "\(failure)")
        #expect(failure.difference.artefacts.map(\.name) == ["reference-actual-difference.png"])
        // Every differing pixel lies in the clock's box (2 px per point; 1 px for antialiasing).
        let box = try #require(Self.boundingBox(failure.difference.message))
        #expect(box.minX >= Int(mark.x * 2) - 1 && box.maxX <= Int((mark.maxX * 2).rounded(.up)) + 1, "\(box) vs \(mark)")
        #expect(box.minY >= Int(mark.y * 2) - 1 && box.maxY <= Int((mark.maxY * 2).rounded(.up)) + 1, "\(box) vs \(mark)")
    }

    @Test func missingTypingDotsFailTheComparison() throws {
        var (layout, job) = try Self.sampleLayout()
        #expect(try Self.compare(layout, job) == nil)
        let index = try #require(layout.rows.firstIndex { $0.bubble?.rowContent == .typing }, "the sample ends with a typing row")
        var row = try #require(layout.rows[index].bubble)
        let content = row.content
        // The same bubble, holding empty text instead of the three dots.
        let empty = try job.layouter.engine.layout("", style: TextStyle(maxWidth: content.width))
        row.rowContent = .text(empty)
        layout.rows[index].kind = .bubble(row)

        let failure = try #require(try Self.compare(layout, job), "removing the dots must be seen")
        let box = try #require(Self.boundingBox(failure.difference.message))
        #expect(box.minX >= Int(content.x * 2) - 1 && box.maxX <= Int((content.maxX * 2).rounded(.up)) + 1, "\(box) vs \(content)")
        #expect(box.minY >= Int(content.y * 2) - 1 && box.maxY <= Int((content.maxY * 2).rounded(.up)) + 1, "\(box) vs \(content)")
    }

    /// The comparison is exact: one pixel changed by one step in one channel is a failure,
    /// which a written-down tolerance of one step lets through.
    @Test func aSinglePixelStepFailsAndAToleranceWithAReasonPassesIt() throws {
        let reference = try RasterImage(contentsOfFile: SnapshotSettings.defaultFolder.appendingPathComponent("\(Self.reference).png").path)
        let original = try reference.pixels()[1, 1]
        /// The reference copied pixel for pixel, with pixel (1, 1) stepped by `red`.
        func copy(red: Int) throws -> Data {
            let canvas = try Canvas(format: .png, width: Double(reference.pixelWidth), height: Double(reference.pixelHeight), scale: 1)
            try canvas.context.draw(reference, in: CGRect(x: 0, y: 0, width: reference.pixelWidth, height: reference.pixelHeight))
            canvas.context.setColor(RGBAColor(red: Double(Int(original.red) + red) / 255, green: Double(original.green) / 255,
                                              blue: Double(original.blue) / 255))
            canvas.context.addRectangle(CGRect(x: 1, y: 1, width: 1, height: 1))
            canvas.context.fill()
            return try canvas.encoded()
        }
        #expect(try compareSnapshot(of: try copy(red: 0), as: .image, named: Self.reference) == nil)
        let stepped = try copy(red: original.red == 255 ? -1 : 1)

        let failure = try #require(try compareSnapshot(of: stepped, as: .image, named: Self.reference))
        #expect(failure.difference.message.hasPrefix("1 pixels differ, within x 1...1, y 1...1"), "\(failure)")
        let tolerated = Snapshotting<Data>.image(tolerance: .perChannel(1, reason: "this test's one-step change"))
        #expect(try compareSnapshot(of: stepped, as: tolerated, named: Self.reference) == nil)
        let unexplained = Snapshotting<Data>.image(tolerance: .perChannel(1, reason: " "))
        let refused = try #require(try compareSnapshot(of: stepped, as: unexplained, named: Self.reference))
        #expect(refused.difference.message.contains("needs a reason"))
    }

    /// `within x 12...34, y 56...78` from a pixel failure message.
    static func boundingBox(_ message: String) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        guard let range = message.range(of: "within x ") else { return nil }
        let numbers = message[range.upperBound...].split(whereSeparator: { !$0.isNumber }).prefix(4).compactMap { Int($0) }
        return numbers.count == 4 ? (numbers[0], numbers[2], numbers[1], numbers[3]) : nil
    }
}
