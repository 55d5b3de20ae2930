import PdfKit

/// Opens Xournal++ notebooks (`.xopp`: gzip XML, or since 2019 a zip holding `content.xml`;
/// `.xoj`: Xournal's gzip XML) as scribbles. A notebook is untrusted input: it is
/// read whole only up to `FileSystem.maximumFileSize`, unpacked and parsed a chunk at a time,
/// and the points it may hold are bounded by its size (twice the file plus 64 MB of memory,
/// as for any file), so neither a zip bomb nor a billion-point stroke costs more. Call it
/// off the main thread.
public enum XoppImporter {
    /// A notebook read: made on the reading thread, handed whole to the main thread, and
    /// not touched again where it was made.
    public struct Notebook: @unchecked Sendable {
        /// The drawing: the pages of a PDF the notebook's pages show, if any, at the bottom;
        /// page outlines and backgrounds in one group over them; then the strokes; titled
        /// after the file.
        public let scribble: Scribble
        /// What was left out or changed.
        public let leftOut: XoppLeftOut
        /// How many pages it had.
        public let pageCount: Int
    }

    /// The file name extensions of the notebooks it opens.
    public static let fileExtensions: Set<String> = ["xopp", "xoj"]

    /// Whether `path` names a notebook, by its extension.
    public static func opens(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return fileExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Reads the notebook at `path`.
    /// - Throws: `StorageError` (opening) naming the real cause: not a regular file, not a
    ///   notebook, damaged, cut short, or too big for its size.
    public static func read(_ path: String) throws(StorageError) -> Notebook {
        let bytes = try FileSystem.readFile(path)
        do throws(ImportFailure) {
            var reader = try bytes.withUnsafeBytes { file in Result { () throws(ImportFailure) in try parse(file) } }.get()
            let scribble = Scribble()
            for page in pdfPages(of: &reader, notebook: path) { scribble.root.add(page) }
            if reader.backgrounds.count > 0 {
                reader.backgrounds.isSealed = true
                reader.backgrounds.isLocked = true // the pages stay put under the user's tools
                scribble.root.add(reader.backgrounds)
            }
            for mark in reader.marks { scribble.root.add(mark) }
            let name = String(path.split(separator: "/").last ?? "")
            scribble.title = String(name.prefix(upTo: name.lastIndex(of: ".") ?? name.endIndex))
            return Notebook(scribble: scribble, leftOut: reader.leftOut, pageCount: reader.pageCount)
        } catch {
            throw StorageError(.open, path: path, cause: error.cause)
        }
    }

    /// The pages of the PDF the notebook's PDF backgrounds show, as `Page`s at the notebook's
    /// pages' places. The PDF is the file the first of them names: for `domain="attach"`
    /// the notebook's path, a dot and the name (Xournal++'s gzip notebooks); else the path
    /// given, or, when no file is there (a notebook moved with its PDF), the name in the
    /// notebook's folder. A PDF that cannot be found or opened (encrypted, damaged), and a
    /// page it does not have, leave those backgrounds out, counted for the notice.
    /// - Complexity: reads and opens the PDF once; O(pages) after.
    private static func pdfPages(of reader: inout XoppReader, notebook: String) -> [Page] {
        guard let named = reader.pdfPages.compactMap(\.file).first else {
            reader.leftOut.pdfBackgrounds += reader.pdfPages.count
            return []
        }
        let folder = notebook.contains("/") ? String(notebook[..<(notebook.lastIndex(of: "/") ?? notebook.endIndex)]) : "."
        let base = String(named.name.split(separator: "/").last ?? "")
        let candidates =
            named.isAttached
            ? [notebook + "." + named.name] : [named.name.hasPrefix("/") ? named.name : folder + "/" + named.name, folder + "/" + base]
        guard let bytes = candidates.lazy.compactMap({ try? FileSystem.readFile($0) }).first,
            let document = try? PdfDocument(bytes: bytes)
        else {
            reader.leftOut.pdfBackgrounds += reader.pdfPages.count
            return []
        }
        let content = StoredContent(pdf: bytes, document: document, password: nil)
        var pages: [Page] = []
        for page in reader.pdfPages {
            guard page.index >= 0, page.index < document.pageCount else {
                reader.leftOut.pdfBackgrounds += 1
                continue
            }
            pages.append(Page(content: content, pageIndex: page.index, frame: page.frame))
        }
        return pages
    }

    /// The refusal of a notebook that would unpack past `limit` bytes.
    static func tooBig(_ limit: Int) -> ImportFailure {
        ImportFailure(tr("it unpacks to more than %1$s MB, too much for a notebook of its size", limit >> 20))
    }

    /// Unpacks and reads `file` (any of the three containers).
    static func parse(_ file: UnsafeRawBufferPointer) throws(ImportFailure) -> XoppReader {
        // The memory budget of any file, 2 × its size + 64 MB, at about 24 bytes a point
        // kept; the XML may unpack to 32 times the file (Xournal++'s own compress 3–5 times).
        let vertexLimit = (2 * file.count + (64 << 20)) / 24
        let textLimit = 32 * file.count + (64 << 20)
        // A quarter of that budget for the pages' outlines and a quarter for their
        // backgrounds, at about 400 bytes a mark (a two-point stroke, its box and its place
        // in the group).
        let backgroundLimit = (2 * file.count + (64 << 20)) / 4 / 400
        var scanner = XMLScanner(delegate: XoppReader(vertexLimit: vertexLimit, backgroundLimit: backgroundLimit))
        if file.count >= 2, file[0] == 0x1F, file[1] == 0x8B {
            try Inflater.inflate(file, wrapping: .gzip, limit: textLimit) { (chunk) throws(ImportFailure) in try scanner.feed(chunk) }
        } else if ZipArchive.isZip(file) {
            let entry = try ZipArchive(file).entry(named: "content.xml")
            let data = UnsafeRawBufferPointer(rebasing: file[entry.data])
            // The entry is held to what the directory says of it: no more bytes than its
            // size (checked as they unpack), then exactly its size and its CRC.
            guard entry.size <= textLimit else { throw tooBig(textLimit) }
            let mismatch = ImportFailure(tr("its content.xml does not match the size and checksum its zip archive gives"))
            var crc: UInt32 = 0
            var produced = 0
            if entry.method == 8 {
                produced = try Inflater.inflate(data, wrapping: .raw, limit: entry.size, refusal: mismatch) { (chunk) throws(ImportFailure) in
                    crc = CRC32.checksum(chunk, continuing: crc)
                    try scanner.feed(chunk)
                }
            } else {
                while produced < data.count {
                    let end = min(produced + Inflater.chunkSize, data.count)
                    let chunk = UnsafeRawBufferPointer(rebasing: data[produced..<end])
                    crc = CRC32.checksum(chunk, continuing: crc)
                    try scanner.feed(chunk)
                    produced = end
                }
            }
            guard produced == entry.size, crc == entry.crc else { throw mismatch }
        } else if file.starts(with: Array("<?xml".utf8)) || file.starts(with: Array("<xournal".utf8)) {
            try scanner.feed(file)
        } else {
            throw ImportFailure(tr("it is not a Xournal++ notebook"))
        }
        try scanner.finish()
        guard scanner.delegate.pageCount > 0 else { throw ImportFailure(tr("the notebook has no page")) }
        return scanner.delegate
    }
}
