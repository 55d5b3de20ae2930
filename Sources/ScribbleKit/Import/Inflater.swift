import CZlib

/// Unpacks deflate data (zlib) a chunk at a time, never holding more than one chunk of the
/// output: a notebook's XML goes to the parser as it is unpacked, so a file that unpacks to
/// gigabytes costs a chunk of memory, and `limit` stops a zip bomb after that many bytes.
enum Inflater {
    /// How the deflate data is wrapped.
    enum Wrapping {
        /// A gzip file (`.xopp`, `.xoj`), one member or several in a row.
        case gzip
        /// Bare deflate data (a zip entry).
        case raw
    }

    /// The size of one chunk handed to `body`.
    static let chunkSize = 256 << 10

    /// Unpacks `input` and hands the output to `body` chunk by chunk; returns how many bytes
    /// came out.
    /// - Throws: `ImportFailure` when the data is damaged or cut short, or unpacks to more
    ///   than `limit` bytes (a zip bomb; `refusal` if given), or whatever `body` throws.
    @discardableResult
    static func inflate(
        _ input: UnsafeRawBufferPointer, wrapping: Wrapping, limit: Int, refusal: ImportFailure? = nil,
        into body: (UnsafeRawBufferPointer) throws(ImportFailure) -> Void
    ) throws(ImportFailure) -> Int {
        var stream = z_stream()
        let windowBits: Int32 = wrapping == .gzip ? 15 + 16 : -15
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ImportFailure(tr("there is not enough memory to unpack it"))
        }
        defer { inflateEnd(&stream) }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { output.deallocate() }
        var consumed = 0, produced = 0
        while true {
            let remaining = input.count - consumed
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.advanced(by: consumed).assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(min(remaining, Int(Int32.max)))
            stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(chunkSize)
            let before = Int(stream.avail_in)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            consumed += before - Int(stream.avail_in)
            let count = chunkSize - Int(stream.avail_out)
            produced += count
            guard produced <= limit else { throw refusal ?? XoppImporter.tooBig(limit) }
            if count > 0 { try body(UnsafeRawBufferPointer(rebasing: output[0..<count])) }
            switch status {
            case Z_OK:
                continue
            case Z_BUF_ERROR where count > 0:
                continue
            case Z_STREAM_END:
                // gzip allows members one after another; zip entries hold one stream.
                guard wrapping == .gzip, consumed < input.count, inflateReset(&stream) == Z_OK else { return produced }
            case Z_BUF_ERROR:
                throw ImportFailure(tr("the file is cut short"))
            default:
                throw ImportFailure(tr("its compressed data is damaged"))
            }
        }
    }

    /// `bytes` packed as a gzip file (the `.xopp` export), at zlib's fastest level: on a
    /// million points with pressure, level 6 took 1.4 s more for a file 13 % smaller.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return [] }
        defer { deflateEnd(&stream) }
        var result = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let written: Int = bytes.withUnsafeBufferPointer { input in
            result.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return -1 }
                return output.count - Int(stream.avail_out)
            }
        }
        guard written >= 0 else { return [] }
        result.removeLast(result.count - written)
        return result
    }
}

/// Why a foreign file could not be imported, in plain words ("it is not a Xournal++ notebook").
struct ImportFailure: Error {
    let cause: String

    init(_ cause: String) { self.cause = cause }
}
