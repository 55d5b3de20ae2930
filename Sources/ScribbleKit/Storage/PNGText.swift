/// A PNG's `tEXt` chunks (keyword, NUL, Latin-1 text), which the freedesktop thumbnail cache
/// uses to say which file a thumbnail shows and which version of it (`Thumb::URI`,
/// `Thumb::MTime`). Cairo writes no text chunks, so they are put in after its IHDR.
enum PNGText {
    /// `png` with a `tEXt` chunk for each pair put right after the IHDR chunk; `nil` if `png`
    /// does not start with a PNG signature and an IHDR chunk.
    /// - Complexity: O(n) in the PNG's size.
    static func inserting(_ texts: [(keyword: String, text: String)], into png: [UInt8]) -> [UInt8]? {
        let afterHeader = PNGHeader.signature.count + 8 + 13 + 4
        guard png.count >= afterHeader, PNGHeader.size(of: png) != nil else { return nil }
        var result = Array(png[..<afterHeader])
        for (keyword, text) in texts {
            let data = Array(keyword.utf8) + [0] + Array(text.utf8)
            let typeAndData = Array("tEXt".utf8) + data
            result += bigEndian(UInt32(data.count)) + typeAndData
            result += bigEndian(typeAndData.withUnsafeBytes { CRC32.checksum($0) })
        }
        result += png[afterHeader...]
        return result
    }

    /// The `tEXt` chunks of `png` by keyword (the first of a keyword wins). Reading stops at
    /// a chunk whose length runs past the end, so damaged bytes cannot make it read out of bounds.
    /// - Complexity: O(number of chunks).
    static func texts(in png: [UInt8]) -> [String: String] {
        var texts: [String: String] = [:]
        var at = PNGHeader.signature.count
        guard png.count >= at, Array(png[..<at]) == PNGHeader.signature else { return texts }
        while at + 12 <= png.count {
            let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = png[(at + 4)..<(at + 8)]
            let start = at + 8
            guard length <= png.count - start - 4 else { break }
            if type.elementsEqual("IEND".utf8) { break }
            if type.elementsEqual("tEXt".utf8), let nul = png[start..<(start + length)].firstIndex(of: 0) {
                // The standard says Latin-1; every value the cache's keys hold is ASCII (a URI, digits).
                let keyword = String(decoding: png[start..<nul], as: UTF8.self)
                let text = String(decoding: png[(nul + 1)..<(start + length)], as: UTF8.self)
                if texts[keyword] == nil { texts[keyword] = text }
            }
            at = start + length + 4
        }
        return texts
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
