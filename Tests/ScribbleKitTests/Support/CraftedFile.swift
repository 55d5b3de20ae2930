import Testing
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

    // MARK: Format version 2

    /// A version-2 file around `payload` (see `make`).
    static func makeV2(flags: UInt16 = 1, title: [UInt8] = [], payload: [UInt8]) -> [UInt8] {
        make(version: 2, flags: flags, title: title, payload: payload)
    }

    /// An unsigned LEB128 varint, shortest form.
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    /// A signed number as a zigzag varint.
    static func zigzag(_ value: Int64) -> [UInt8] {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// A version-2 stroke node's head: tag, flags, colour, width, child count (varint).
    static func strokeHeadV2(color: Color? = nil, pressure: Bool = false, size: Float = 1, children: UInt64) -> [UInt8] {
        var bytes: [UInt8] = [3, (color == nil ? 0 : 1) | (pressure ? 2 : 0)]
        if let color { bytes += [color.red, color.green, color.blue, color.alpha] }
        return bytes + le(size.bitPattern) + varint(children)
    }

    /// A version-2 run of grid numbers (1/256 px): the first absolute, then steps; then the
    /// pressure bytes, if given.
    static func runV2(_ grid: [(Int64, Int64)], declaring count: UInt64? = nil, pressures: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [1] + varint(count ?? UInt64(grid.count))
        var previous: (Int64, Int64) = (0, 0)
        for point in grid {
            bytes += zigzag(point.0 - previous.0) + zigzag(point.1 - previous.1)
            previous = point
        }
        return bytes + (pressures ?? [])
    }

    /// A version-2 dot node at grid numbers (1/256 px).
    static func dotV2(at grid: (Int64, Int64), color: Color = .black, size: Float = 4) -> [UInt8] {
        [2, color.red, color.green, color.blue, color.alpha] + le(size.bitPattern) + zigzag(grid.0) + zigzag(grid.1)
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

/// Expects every proper prefix of `file` (a valid file) to be refused as truncated.
func expectEveryPrefixIsTruncated(_ file: [UInt8]) {
    for length in 0..<file.count {
        let error = decodingError(Array(file.prefix(length)))
        #expect(error == .truncated, "prefix of \(length) bytes gave \(String(describing: error))")
    }
}

/// Expects every single-bit flip of `file` (a valid file) to be refused, as not a scribble
/// when the flip is in the magic.
func expectEveryBitFlipIsDetected(_ file: [UInt8]) {
    for bit in 0..<(file.count * 8) {
        var flipped = file
        flipped[bit / 8] ^= 1 << UInt8(bit % 8)
        let error = decodingError(flipped)
        #expect(error != nil, "flipping bit \(bit) went unnoticed")
        if bit < ScribbleFormat.magic.count * 8 {
            #expect(error == .notAScribble, "flipping magic bit \(bit) gave \(String(describing: error))")
        }
    }
}
