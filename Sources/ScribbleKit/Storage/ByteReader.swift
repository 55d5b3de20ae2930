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

    /// Takes the next `count` bytes as a view into the same memory.
    mutating func take(_ count: Int) throws(ScribbleFormatError) -> UnsafeRawBufferPointer {
        try require(count)
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }
}
