@testable import ScribbleKit

/// Hand-built scribble files for hostile-input tests: the header, length and CRC-32 are made
/// right, so the reader's checks on the payload itself are what gets tested.
enum CraftedFile {
    /// A file around `payload`, with a correct length and checksum unless told otherwise.
    static func make(version: UInt16 = 1, flags: UInt16 = 1, title: [UInt8] = [], payload: [UInt8]) -> [UInt8] {
        var bytes = ScribbleFormat.magic
        bytes += le(version) + le(flags) + le(UInt32(title.count)) + title + le(UInt64(payload.count)) + payload
        return bytes + le(checksum(bytes))
    }

    /// `bytes` with the last four bytes (the checksum) recomputed, after a test edited them.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        let body = Array(bytes.dropLast(4))
        return body + le(checksum(body))
    }

    /// A stroke node's head: tag, flags, colour, width, child count. Its children follow.
    static func strokeHead(color: Color? = nil, size: Float = 1, children: UInt32) -> [UInt8] {
        var bytes: [UInt8] = [3, color == nil ? 0 : 1]
        if let color { bytes += [color.red, color.green, color.blue, color.alpha] }
        return bytes + le(size.bitPattern) + le(children)
    }

    /// A run of inline vertices.
    static func run(_ points: [Point], declaring count: UInt32? = nil) -> [UInt8] {
        [1] + le(count ?? UInt32(points.count)) + points.flatMap { le($0.x.bitPattern) + le($0.y.bitPattern) }
    }

    /// A dot node.
    static func dot(at point: Point, color: Color = .black, size: Float = 4) -> [UInt8] {
        [2, color.red, color.green, color.blue, color.alpha] + le(size.bitPattern) + le(point.x.bitPattern) + le(point.y.bitPattern)
    }

    /// The little-endian bytes of an integer.
    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    /// A plain bit-at-a-time CRC-32, independent of the library's table-driven one.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// The error decoding `bytes` throws, or `nil` if they decode.
func decodingError(_ bytes: [UInt8]) -> ScribbleFormatError? {
    do {
        _ = try ScribbleMemento(data: bytes)
        return nil
    } catch {
        return error
    }
}
