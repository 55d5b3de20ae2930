import Glibc

/// A PNG's dimensions read from its header (the IHDR chunk, bytes 16–23), without decoding
/// it: how the gallery refuses a picture too large to decode before it costs any memory.
enum PNGHeader {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from a file's first 24 bytes.
    /// - Throws: `StorageError` if the file cannot be read or is not a PNG.
    static func size(ofFileAt path: String) throws(StorageError) -> (width: Int, height: Int) {
        let bytes = try FileSystem.readPrefix(path, count: 24)
        guard let size = size(of: bytes) else { throw StorageError(.open, path: path, cause: tr("it is not a PNG image")) }
        return size
    }

    /// Width and height from a PNG's first 24 bytes, or `nil` if they are not a PNG's.
    static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}
