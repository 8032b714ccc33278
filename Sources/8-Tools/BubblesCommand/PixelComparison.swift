import ChatBubbles
import Foundation

/// Two PNGs compared a band of rows at a time, over the larger of their sizes (a pixel one
/// image lacks differs), optionally drawing the `reference | actual | difference` image as it
/// goes. Memory is a few bands of rows, whatever the images' length.
package struct PixelComparison {
    package let width: Int
    package let height: Int
    package var count = 0
    package var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    /// Pixel rows holding a difference, as ascending, merged ranges.
    package var rows: [Range<Int>] = []

    package static let bandRows = 256
    /// Where an image has no pixel, its panel shows mid grey.
    package static let absent: [UInt8] = [128, 128, 128, 255]

    package var boundingBox: (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        count == 0 ? nil : (minX, minY, maxX, maxY)
    }

    /// Compares every row; `diff`, when given, must be `3 × width` by `height` pixels.
    package init(reference: PNGRowReader, actual: PNGRowReader, tolerance: Int, diff: PNGRowWriter? = nil) throws {
        width = max(reference.width, actual.width)
        height = max(reference.height, actual.height)
        var y = 0
        while y < height {
            let band = min(Self.bandRows, height - y)
            let want = try reference.rows(band), got = try actual.rows(band)
            let wantRows = want.count / (reference.width * 4), gotRows = got.count / (actual.width * 4)
            var sheet = diff == nil ? [] : [UInt8](repeating: 0, count: band * width * 12)
            for row in 0..<band {
                var rowDiffers = false
                for x in 0..<width {
                    let a = Self.pixel(x: x, row: row, width: reference.width, rows: wantRows)
                    let b = Self.pixel(x: x, row: row, width: actual.width, rows: gotRows)
                    var differs = true
                    if let a, let b {
                        differs = abs(Int(want[a]) - Int(got[b])) > tolerance || abs(Int(want[a + 1]) - Int(got[b + 1])) > tolerance
                            || abs(Int(want[a + 2]) - Int(got[b + 2])) > tolerance || abs(Int(want[a + 3]) - Int(got[b + 3])) > tolerance
                    }
                    if differs {
                        count += 1
                        rowDiffers = true
                        minX = min(minX, x); maxX = max(maxX, x)
                        minY = min(minY, y + row); maxY = max(maxY, y + row)
                    }
                    guard diff != nil else { continue }
                    let out = (row * width * 3 + x) * 4
                    for c in 0..<4 {
                        sheet[out + c] = a.map { want[$0 + c] } ?? Self.absent[c]
                        sheet[out + width * 4 + c] = b.map { got[$0 + c] } ?? Self.absent[c]
                    }
                    let dimmed = out + width * 8
                    if differs {
                        sheet.replaceSubrange(dimmed..<dimmed + 4, with: [255, 0, 0, 255])
                    } else if let a {
                        // A quarter of the reference over white: the context stays readable, the red stands out.
                        let alpha = Int(want[a + 3])
                        for c in 0..<3 {
                            let over = (Int(want[a + c]) * alpha + 255 * (255 - alpha)) / 255
                            sheet[dimmed + c] = UInt8((over + 3 * 255) / 4)
                        }
                        sheet[dimmed + 3] = 255
                    }
                }
                if rowDiffers {
                    if let last = rows.last, last.upperBound == y + row {
                        rows[rows.count - 1] = last.lowerBound..<y + row + 1
                    } else {
                        rows.append(y + row..<y + row + 1)
                    }
                }
            }
            try diff?.append(sheet)
            y += band
        }
    }

    /// The byte offset of pixel (x, row) in a band of `rows` rows `width` wide, if the image has it.
    @inline(__always)
    private static func pixel(x: Int, row: Int, width: Int, rows: Int) -> Int? {
        x < width && row < rows ? (row * width + x) * 4 : nil
    }

    /// The layout rows (by source id) that hold differing pixels, for an image drawn at
    /// `scale` from `top` points down.
    package func sources(in layout: ConversationLayout, scale: Int, top: Double) -> [String] {
        let factor = Double(scale)
        return layout.rows.filter { row in
            let first = Int(((row.y - top) * factor).rounded(.down))
            let end = Int(((row.y + row.height - top) * factor).rounded(.up))
            return rows.contains { $0.overlaps(first..<max(first, end)) }
        }.map(\.source)
    }
}
