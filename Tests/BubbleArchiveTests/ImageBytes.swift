import Foundation

/// The part of BubbleModelTests' `ImageBytes` the archive and command tests need: the Samples/
/// folder and a PNG header. Test targets cannot share files, so these few lines are a copy.
enum ImageBytes {
    static func png(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        for value in [width, height] { data += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        return data + Data([8, 6, 0, 0, 0, 0x12, 0x34, 0x56, 0x78])
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
}
