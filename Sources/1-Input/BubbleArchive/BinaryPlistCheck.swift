import Foundation

/// A structural check of a binary property list (`bplist00`) before Foundation reads it.
///
/// Foundation on Linux segfaults in `PropertyListSerialization` on any binary plist that holds
/// a set object (marker 0xC_): bridging the NSSet crashes the runtime, and a vCardTemp column
/// is input from whoever wrote the store. NSKeyedArchiver never writes sets (it archives an
/// NSSet as a dictionary with an `NS.objects` array), so refusing them costs no real archive.
/// Every object is reached through the offset table, so checking each table entry's marker
/// byte covers the whole value; the trailer is checked first so nothing is read out of bounds.
enum BinaryPlistCheck {
    /// Why Foundation must not read `bytes`, or nil when the structure is safe to hand over.
    static func problem(_ bytes: Data) -> String? {
        let data = [UInt8](bytes)
        guard data.count >= 8 + 32 else { return "it is shorter than a header and trailer" }
        let trailer = data.count - 32
        let offsetSize = Int(data[trailer + 6])
        let objectCount = number(data, at: trailer + 8, size: 8)
        let tableOffset = number(data, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), let objectCount, let tableOffset,
              objectCount <= UInt64(trailer), tableOffset <= UInt64(trailer),
              UInt64(trailer) - tableOffset >= objectCount * UInt64(offsetSize) else {
            return "its trailer points outside the value"
        }
        for index in 0..<Int(objectCount) {
            guard let offset = number(data, at: Int(tableOffset) + index * offsetSize, size: offsetSize),
                  offset >= 8, offset < UInt64(trailer) else {
                return "object \(index) lies outside the value"
            }
            if data[Int(offset)] & 0xF0 == 0xC0 { return "it holds a set, which NSKeyedArchiver never writes" }
        }
        return nil
    }

    /// The big-endian unsigned number of `size` bytes at `start`; nil past the end or over 63 bits.
    private static func number(_ data: [UInt8], at start: Int, size: Int) -> UInt64? {
        guard start >= 0, size <= data.count, start <= data.count - size else { return nil }
        let value = data[start..<start + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return value <= UInt64(Int.max) ? value : nil
    }
}
