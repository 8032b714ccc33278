import CTurboJPEG
import Foundation

/// JPEG bytes for tests, made with TurboJPEG's encoder (no binary fixtures to trust).
package enum JPEGFixtures {
    /// A `width`×`height` JPEG whose left half is `left` and right half `right` (RGB bytes),
    /// at quality 95 with 4:4:4 sampling unless told otherwise.
    package static func halves(width: Int, height: Int, left: (UInt8, UInt8, UInt8), right: (UInt8, UInt8, UInt8),
                       subsampling: TJSAMP = TJSAMP_444, progressive: Bool = false) -> Data {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let color = x < width / 2 ? left : right
                let offset = (y * width + x) * 3
                (rgb[offset], rgb[offset + 1], rgb[offset + 2]) = color
            }
        }
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let flags = progressive ? TJFLAG_PROGRESSIVE : 0
        let status = tjCompress2(handle, rgb, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                                 &output, &size, Int32(subsampling.rawValue), 95, Int32(flags))
        precondition(status == 0, String(cString: tjGetErrorStr2(handle)))
        defer { tjFree(output) }
        return Data(bytes: output!, count: Int(size))
    }

    /// `jpeg` with the frame header (SOF0/SOF2) claiming `width`×`height` instead.
    package static func claimingSize(_ jpeg: Data, width: Int, height: Int) -> Data {
        var bytes = [UInt8](jpeg)
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { break }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[index + 5] = UInt8(height >> 8); bytes[index + 6] = UInt8(height & 0xFF)
                bytes[index + 7] = UInt8(width >> 8); bytes[index + 8] = UInt8(width & 0xFF)
                return Data(bytes)
            }
            index += 2 + length
        }
        preconditionFailure("no frame header")
    }
}
