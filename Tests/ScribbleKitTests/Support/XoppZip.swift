import CZlib

/// A zip holding `content.xml` (as `name`), stored or deflated, as Xournal++ 1.1 writes.
func xoppZip(content: [UInt8], deflated: Bool, name: String = "content.xml") -> [UInt8] {
    var data = content
    if deflated {
        var stream = z_stream()
        _ = deflateInit2_(&stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(content.count))) + 64)
        let count = content.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
                return output.count - Int(stream.avail_out)
            }
        }
        deflateEnd(&stream)
        data = Array(out.prefix(count))
    }
    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    let crc = Int(content.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
    let nameBytes = Array(name.utf8), method = deflated ? 8 : 0
    let mimetype = Array("application/xournal++".utf8)
    var archive: [UInt8] = []
    var directory: [UInt8] = []
    for (entryName, entryData, entryMethod, size, entryCRC) in [
        (Array("mimetype".utf8), mimetype, 0, mimetype.count, Int(mimetype.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })),
        (nameBytes, data, method, content.count, crc),
    ] {
        let offset = archive.count
        archive += le32(0x0403_4B50) + le16(20) + le16(0) + le16(entryMethod) + le16(0) + le16(0) + le32(entryCRC)
        archive += le32(entryData.count) + le32(size) + le16(entryName.count) + le16(0) + entryName + entryData
        directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(entryMethod) + le16(0) + le16(0)
        directory += le32(entryCRC) + le32(entryData.count) + le32(size) + le16(entryName.count) + le16(0) + le16(0)
        directory += le16(0) + le16(0) + le32(0) + le32(offset) + entryName
    }
    let start = archive.count
    archive += directory
    archive += le32(0x0605_4B50) + le16(0) + le16(0) + le16(2) + le16(2) + le32(directory.count) + le32(start) + le16(0)
    return archive
}
