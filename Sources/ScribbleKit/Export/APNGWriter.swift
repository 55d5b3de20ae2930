import CCairo
import Glibc

/// Writes a time-lapse as an animated PNG (APNG): every browser and most chat apps play it,
/// and it needs no codec — the dependency-free choice for short replays.
///
/// A frame holds only the rectangle that changed since the one before (blended over it), and
/// frames that change nothing lengthen the one before, so a drawing a stroke at a time costs
/// little more than its strokes. Each piece is a PNG Cairo encodes (`cairo_surface_write_to_png_stream`),
/// its image data moved into the APNG's frame chunks. The frame count is written last, into
/// the `acTL` chunk near the start, so the file must be seekable (a temporary file is).
public final class APNGWriter: TimelapseSink {
    private let descriptor: Int32
    /// The file written, for errors.
    private let path: String
    private let width: Int, height: Int
    private let framesPerSecond: Int
    /// The last frame's pixels (also where the changed rectangle is encoded from).
    private var previous: [UInt8] = []
    /// The frame waiting for its length: its rectangle and how many frames it lasts.
    private var pending: (x: Int, y: Int, width: Int, height: Int, frames: Int)?
    /// The chunks' sequence number (`fcTL` and `fdAT` share it).
    private var sequence: UInt32 = 0
    /// How many frames are in the file.
    private var written: UInt32 = 0
    /// Where the `acTL` chunk lies.
    private var animationControlOffset: Int = 0
    private var offset = 0

    /// A writer of `width`×`height` frames shown `framesPerSecond` a second to `descriptor`
    /// (open, seekable and empty; it stays the caller's to close), the file `path` names.
    public init(descriptor: Int32, path: String, width: Int, height: Int, framesPerSecond: Int) {
        (self.descriptor, self.path) = (descriptor, path)
        (self.width, self.height, self.framesPerSecond) = (width, height, framesPerSecond)
    }

    public func append(_ pixels: UnsafeRawBufferPointer) throws {
        precondition(pixels.count == width * height * 4)
        guard pending != nil else {
            previous = Array(pixels)
            pending = (0, 0, width, height, 1)
            return
        }
        guard let changed = changedRectangle(pixels) else {
            pending?.frames += 1
            return
        }
        try flush()
        previous.withUnsafeMutableBytes { $0.copyMemory(from: pixels) }
        pending = (changed.x, changed.y, changed.width, changed.height, 1)
    }

    public func finish() throws {
        if pending == nil { return }
        try flush()
        try writeChunk("IEND", [])
        // The number of frames, now known, into the `acTL` chunk (its data and checksum).
        var control: [UInt8] = []
        Self.append(written, to: &control)
        Self.append(UInt32(0), to: &control) // loop forever
        var tail = control
        Self.append(Self.checksum("acTL", control), to: &tail)
        try write(tail, at: animationControlOffset + 8)
    }

    public func cancel() {}

    /// The smallest rectangle of `pixels` that differs from `previous` (colour only), or `nil`.
    private func changedRectangle(_ pixels: UnsafeRawBufferPointer) -> (x: Int, y: Int, width: Int, height: Int)? {
        previous.withUnsafeBytes { old in
            let stride = width * 4
            let rowDiffers = { (row: Int) in memcmp(old.baseAddress! + row * stride, pixels.baseAddress! + row * stride, stride) != 0 }
            guard var top = (0..<height).first(where: rowDiffers) else { return nil }
            var bottom = (top..<height).last(where: rowDiffers)!
            var left = width, right = -1
            let pixel = { (buffer: UnsafeRawBufferPointer, row: Int, column: Int) in
                buffer.load(fromByteOffset: row * stride + column * 4, as: UInt32.self) & 0x00FF_FFFF
            }
            var rows: [Int] = []
            for row in top...bottom {
                var column = 0
                while column < left, pixel(old, row, column) == pixel(pixels, row, column) { column += 1 }
                guard column < width else { continue } // only the unused byte differs
                left = min(left, column)
                column = width - 1
                while column > right, pixel(old, row, column) == pixel(pixels, row, column) { column -= 1 }
                right = max(right, column)
                rows.append(row)
            }
            guard let first = rows.first, let last = rows.last, right >= left else { return nil }
            (top, bottom) = (first, last)
            return (left, top, right - left + 1, bottom - top + 1)
        }
    }

    /// Writes the pending frame: its control chunk, then its image data.
    private func flush() throws {
        guard let frame = pending else { return }
        let png = try encode(frame)
        if written == 0 {
            try write(Array(Self.signature))
            try writeChunk("IHDR", png.header)
            animationControlOffset = offset
            try writeChunk("acTL", [UInt8](repeating: 0, count: 8)) // filled in by `finish`
        }
        var control: [UInt8] = []
        Self.append(sequence, to: &control)
        for value in [frame.width, frame.height, frame.x, frame.y] { Self.append(UInt32(value), to: &control) }
        // The delay as a fraction of a second; a very long still, in whole seconds.
        let (numerator, denominator) =
            frame.frames <= Int(UInt16.max)
            ? (frame.frames, framesPerSecond) : (min(Int(UInt16.max), frame.frames / framesPerSecond), 1)
        Self.append(UInt16(numerator), to: &control)
        Self.append(UInt16(denominator), to: &control)
        control += [0, 0] // dispose: none; blend: source (the rectangle replaces what was there)
        try writeChunk("fcTL", control)
        sequence += 1
        if written == 0 {
            try writeChunk("IDAT", png.data)
        } else {
            var data: [UInt8] = []
            data.reserveCapacity(png.data.count + 4)
            Self.append(sequence, to: &data)
            data += png.data
            try writeChunk("fdAT", data)
            sequence += 1
        }
        written += 1
        pending = nil
    }

    /// The rectangle `frame` of `previous` as a PNG's header and image data.
    private func encode(_ frame: (x: Int, y: Int, width: Int, height: Int, frames: Int)) throws -> (header: [UInt8], data: [UInt8]) {
        let bytes = try previous.withUnsafeMutableBytes { buffer throws(ExportError) in
            let stride = width * 4
            guard
                let surface = cairo_image_surface_create_for_data(
                    buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + frame.y * stride + frame.x * 4,
                    CAIRO_FORMAT_RGB24, Int32(frame.width), Int32(frame.height), Int32(stride))
            else { throw .cairo("no memory for a frame") }
            defer { cairo_surface_destroy(surface) }
            return try StreamSink.collect { sink in cairo_surface_write_to_png_stream(surface, StreamSink.write, sink) }
        }
        var header: [UInt8] = [], data: [UInt8] = []
        var index = Self.signature.count
        while index + 12 <= bytes.count {
            let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
            let body = bytes[(index + 8)..<min(bytes.count, index + 8 + length)]
            if type == "IHDR" { header = Array(body) } else if type == "IDAT" { data += body }
            index += 12 + length
        }
        guard header.count == 13, !data.isEmpty else { throw ExportError.cairo("Cairo made a PNG with no image") }
        return (header, data)
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Writes one chunk: length, type, data, checksum of type and data.
    private func writeChunk(_ type: String, _ data: [UInt8]) throws {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(data.count + 12)
        Self.append(UInt32(data.count), to: &chunk)
        chunk += Array(type.utf8)
        chunk += data
        Self.append(Self.checksum(type, data), to: &chunk)
        try write(chunk)
    }

    private static func checksum(_ type: String, _ data: [UInt8]) -> UInt32 {
        let head = Array(type.utf8).withUnsafeBytes { CRC32.checksum($0) }
        return data.withUnsafeBytes { CRC32.checksum($0, continuing: head) }
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
    }

    /// Writes `bytes` at the end of the file so far.
    private func write(_ bytes: [UInt8]) throws {
        try write(bytes, at: offset)
        offset += bytes.count
    }

    /// Writes all of `bytes` at `position`, going on after partial writes.
    private func write(_ bytes: [UInt8], at position: Int) throws {
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(position + done)) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw StorageError(.save, path: path, code: result == 0 ? EIO : errno) }
            done += result
        }
    }
}
