/// Version 6's content store and pages (`docs/FORMAT.md`): each PDF the drawing's pages
/// show, once, in the order the pages first show it, before the root; each page names its
/// PDF by SHA-256.
extension ScribbleEncoder {
    /// The bytes of the content store's node; 0 for an empty store, which is not written.
    static func encodedLength(of contents: ContentStore) -> Int {
        guard !contents.isEmpty else { return 0 }
        return contents.entries.reduce(1 + ByteWriter.varintLength(UInt64(contents.count))) { length, entry in
            length + 1 + ContentDigest.length + ByteWriter.varintLength(UInt64(entry.bytes.count)) + entry.bytes.count
        }
    }

    /// Writes the content store's node, unless the store is empty.
    static func write(_ contents: ContentStore, to writer: inout ByteWriter) {
        guard !contents.isEmpty else { return }
        writer.uint8(ScribbleFormat.Tag.contents.rawValue)
        writer.varint(UInt64(contents.count))
        for entry in contents.entries {
            writer.uint8(entry.kind.rawValue)
            writer.append(entry.digest.bytes)
            writer.varint(UInt64(entry.bytes.count))
            writer.append(entry.bytes)
        }
    }

    /// The bytes of a page's node.
    static func encodedLength(of page: Page) -> Int {
        let corner = gridNumbers(page.location)
        return 1 + ContentDigest.length + ByteWriter.varintLength(UInt64(page.pageIndex))
            + ByteWriter.varintLength(zigzag(corner.x)) + ByteWriter.varintLength(zigzag(corner.y)) + 4 + 4
    }

    /// Writes a page's node: its content's digest, its page index, its corner and size.
    static func write(_ page: Page, to writer: inout ByteWriter) {
        let corner = gridNumbers(page.location)
        writer.uint8(ScribbleFormat.Tag.page.rawValue)
        writer.append(page.content.digest.bytes)
        writer.varint(UInt64(page.pageIndex))
        writer.varint(zigzag(corner.x))
        writer.varint(zigzag(corner.y))
        writer.float(page.frame.width)
        writer.float(page.frame.height)
    }
}

/// Version 7's pictures (`docs/FORMAT.md`).
extension ScribbleEncoder {
    /// The bytes of a picture's node.
    static func encodedLength(of picture: Picture) -> Int {
        let corner = gridNumbers(picture.location)
        return 1 + 1 + ContentDigest.length + 4 + 4 + 4 * 8 + ByteWriter.varintLength(zigzag(corner.x))
            + ByteWriter.varintLength(zigzag(corner.y)) + (picture.time.map { ByteWriter.varintLength(UInt64($0)) } ?? 0)
    }

    /// Writes a picture's node: flags, its content's digest, its natural size, its placement
    /// and its time.
    static func write(_ picture: Picture, to writer: inout ByteWriter) {
        let corner = gridNumbers(picture.location)
        writer.uint8(ScribbleFormat.Tag.picture.rawValue)
        writer.uint8(picture.time == nil ? 0 : 1)
        writer.append(picture.content.digest.bytes)
        writer.float(picture.width)
        writer.float(picture.height)
        for value in [picture.placement.a, picture.placement.b, picture.placement.c, picture.placement.d] {
            writer.uint64(value.bitPattern)
        }
        writer.varint(zigzag(corner.x))
        writer.varint(zigzag(corner.y))
        if let time = picture.time { writer.varint(UInt64(time)) }
    }
}
