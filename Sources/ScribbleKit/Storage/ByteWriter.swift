/// A little-endian cursor over a buffer sized in advance by the encoder; each write checks
/// that it fits, so a sizing mistake stops the program instead of writing past the buffer.
struct ByteWriter {
    /// The buffer being filled.
    let bytes: UnsafeMutableRawBufferPointer
    /// Where the next write starts; equals the buffer's length when the encoder is done.
    private(set) var offset = 0

    /// Writes into `bytes` from its start.
    init(_ bytes: UnsafeMutableRawBufferPointer) {
        self.bytes = bytes
    }

    /// Stops the program unless `count` more bytes fit: an encoder bug, never a user error.
    private func reserve(_ count: Int) {
        precondition(count <= bytes.count - offset, "ScribbleEncoder sized its buffer wrongly")
    }

    /// Writes one byte.
    mutating func uint8(_ value: UInt8) {
        reserve(1)
        bytes[offset] = value
        offset += 1
    }

    /// Writes a little-endian UInt16.
    mutating func uint16(_ value: UInt16) {
        reserve(2)
        bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt16.self)
        offset += 2
    }

    /// Writes a little-endian UInt32.
    mutating func uint32(_ value: UInt32) {
        reserve(4)
        bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
        offset += 4
    }

    /// Writes a little-endian UInt64.
    mutating func uint64(_ value: UInt64) {
        reserve(8)
        bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
        offset += 8
    }

    /// Writes an IEEE-754 single, little-endian.
    mutating func float(_ value: Float) {
        uint32(value.bitPattern)
    }

    /// Writes an unsigned LEB128 varint (format version 2): seven bits a byte, least
    /// significant first, the top bit set on every byte but the last; always the shortest form.
    mutating func varint(_ value: UInt64) {
        reserve(Self.varintLength(value))
        var value = value
        while value >= 0x80 {
            bytes[offset] = UInt8(truncatingIfNeeded: value) | 0x80
            offset += 1
            value >>= 7
        }
        bytes[offset] = UInt8(value)
        offset += 1
    }

    /// The bytes `varint(value)` writes: 1 to 10.
    @inline(__always)
    static func varintLength(_ value: UInt64) -> Int {
        (64 - (value | 1).leadingZeroBitCount + 6) / 7
    }

    /// Writes raw bytes as they are.
    mutating func append(_ raw: some Collection<UInt8>) {
        reserve(raw.count)
        // One copy where the bytes are contiguous (a stored PDF or picture: megabytes); byte
        // by byte through the collection only where they are not.
        let copied: Void? = raw.withContiguousStorageIfAvailable { from in
            UnsafeMutableRawBufferPointer(rebasing: bytes[offset..<(offset + from.count)]).copyMemory(from: UnsafeRawBufferPointer(from))
        }
        if copied != nil {
            offset += raw.count
            return
        }
        for byte in raw {
            bytes[offset] = byte
            offset += 1
        }
    }
}
