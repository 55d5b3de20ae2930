/// A bounds-checked little-endian cursor over untrusted bytes: every read first checks that
/// the bytes are there, so a hostile count can never read past the end or allocate for
/// data that does not exist.
struct ByteReader {
    /// The bytes being read; they outlive the reader (it is used inside `withUnsafeBytes`).
    let bytes: UnsafeRawBufferPointer
    /// Where the next read starts.
    private(set) var offset: Int
    /// What running out of bytes means here: `.truncated` for a file's header, `.corrupt`
    /// inside a payload whose length was already checked.
    let shortage: ScribbleFormatError

    /// Starts reading `bytes` at `offset`.
    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0, shortage: ScribbleFormatError) {
        self.bytes = bytes
        self.offset = offset
        self.shortage = shortage
    }

    /// Bytes left to read.
    var remaining: Int { bytes.count - offset }

    /// Throws `shortage` unless `count` more bytes are there.
    func require(_ count: Int) throws(ScribbleFormatError) {
        guard count >= 0, count <= remaining else { throw shortage }
    }

    /// Reads one byte.
    mutating func uint8() throws(ScribbleFormatError) -> UInt8 {
        try require(1)
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads a little-endian UInt16.
    mutating func uint16() throws(ScribbleFormatError) -> UInt16 {
        try require(2)
        defer { offset += 2 }
        return UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// Reads a little-endian UInt32.
    mutating func uint32() throws(ScribbleFormatError) -> UInt32 {
        try require(4)
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Reads a little-endian UInt64.
    mutating func uint64() throws(ScribbleFormatError) -> UInt64 {
        try require(8)
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Reads a little-endian IEEE-754 single that must be finite (NaN and infinities are damage).
    mutating func finiteFloat(_ what: String) throws(ScribbleFormatError) -> Float {
        let value = Float(bitPattern: try uint32())
        guard value.isFinite else { throw .corrupt("\(what) is not a finite number") }
        return value
    }

    /// Reads an unsigned LEB128 varint (format version 2): seven bits a byte, least
    /// significant first, the top bit set on every byte but the last. Only the shortest form
    /// is accepted (a last byte of 0 after others would be a second spelling of the same
    /// number, which a re-encoding could not reproduce), and at most 10 bytes, the last
    /// holding only the 64th bit, so nothing overflows.
    mutating func varint() throws(ScribbleFormatError) -> UInt64 {
        try Self.varint(in: bytes, at: &offset, shortage: shortage)
    }

    /// `varint()` on bare bytes, for loops that read many numbers without a reader:
    /// reads at `position` and moves it past the number (only when the number is good).
    @inline(__always)
    static func varint(
        in bytes: UnsafeRawBufferPointer, at position: inout Int,
        shortage: @autoclosure () -> ScribbleFormatError
    ) throws(ScribbleFormatError) -> UInt64 {
        guard position < bytes.count else { throw shortage() }
        let first = bytes[position]
        if first < 0x80 { // one byte: most numbers
            position += 1
            return UInt64(first)
        }
        var value = UInt64(first & 0x7F)
        var next = position + 1
        for index in 1..<10 {
            guard next < bytes.count else { throw shortage() }
            let byte = bytes[next]
            next += 1
            value |= UInt64(byte & 0x7F) << UInt64(7 * index)
            if byte & 0x80 == 0 {
                guard byte != 0 else { throw .corrupt("a number is not in its shortest form") }
                guard index < 9 || byte == 1 else { throw .corrupt("a number is too large") }
                position = next
                return value
            }
        }
        throw .corrupt("a number is too large")
    }

    /// Reads a varint that counts something, as an `Int` no larger than `limit`.
    mutating func count(atMost limit: Int, _ tooMany: ScribbleFormatError) throws(ScribbleFormatError) -> Int {
        let value = try varint()
        guard value <= UInt64(max(limit, 0)) else { throw tooMany }
        return Int(value)
    }

    /// Moves past `count` bytes the caller has read through `bytes` itself.
    mutating func skip(_ count: Int) throws(ScribbleFormatError) {
        try require(count)
        offset += count
    }

    /// Takes the next `count` bytes as a view into the same memory.
    mutating func take(_ count: Int) throws(ScribbleFormatError) -> UnsafeRawBufferPointer {
        try require(count)
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }
}
