/// What an `XMLScanner` hands on as it reads.
protocol XMLScannerDelegate {
    /// An element opens (`<name a="v">`, or `<name/>`, which is followed by its `end`).
    mutating func start(_ name: String, attributes: [String: String]) throws(ImportFailure)
    /// An element closes.
    mutating func end(_ name: String) throws(ImportFailure)
    /// Character data, as it is in the file (entities left as they are), in pieces cut only
    /// at whitespace, so a number is never split between two calls.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportFailure)
}

/// A small XML reader for the documents Xournal++ writes, fed a chunk at a time.
///
/// Why not libxml2 or Foundation's `XMLParser`: a notebook is untrusted input, and it needs
/// only elements, attributes and text. This reader has no document type (a `<!DOCTYPE` is
/// refused, so no entity is ever declared, let alone expanded a billion times), knows only
/// the five predefined entities and character references, and keeps at most one
/// unfinished tag or word in memory — whatever the size of the document.
struct XMLScanner<Delegate: XMLScannerDelegate> {
    var delegate: Delegate
    /// Bytes fed but not yet handed on: the start of a tag or word cut by the chunk's end.
    private var pending: [UInt8] = []
    /// Elements open, innermost last (names, to check each end tag).
    private var open: [String] = []
    /// Whether the root element was closed.
    private var isDone = false
    /// How many bytes at the start of `pending` (the unfinished piece) were already looked
    /// through without finding its end, and the quote open there in a tag: the next chunk's
    /// scan goes on from there, so a piece growing over many chunks (a gzip bomb of one
    /// comment, a huge `width`) is read once, not once a chunk — linear, not quadratic.
    private var resume = 0, resumeQuote: UInt8 = 0

    /// The longest unfinished piece kept: a tag (the longest is a pressure stroke's, whose
    /// `width` holds a number a point) or a word.
    static var tagLimit: Int { 64 << 20 }

    /// The most attributes a tag may have: Xournal++ writes at most a dozen, and each costs
    /// two strings and a dictionary slot (a million in 11 MB took 141 MB).
    static var attributeLimit: Int { 256 }

    init(delegate: Delegate) { self.delegate = delegate }

    /// Reads the next chunk of the document.
    /// With nothing waiting, the chunk is read where it lies and only its unfinished end is
    /// copied (a plain XML file is fed whole: it is not copied whole); a piece finished frees
    /// the room it grew to.
    mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(ImportFailure) {
        if pending.isEmpty {
            let used = try scan(chunk.assumingMemoryBound(to: UInt8.self), isLast: false)
            pending.append(contentsOf: chunk[used...])
        } else {
            pending.append(contentsOf: chunk)
            let used: Int = try pending.withUnsafeBufferPointer { (buffer) throws(ImportFailure) -> Int in
                try scan(buffer, isLast: false)
            }
            if used > 0 { pending = Array(pending[used...]) }
        }
        guard pending.count <= Self.tagLimit else { throw ImportFailure(tr("it holds a tag too long for a notebook")) }
    }

    /// Reads what is left once the whole document was fed.
    mutating func finish() throws(ImportFailure) {
        _ = try pending.withUnsafeBufferPointer { (buffer) throws(ImportFailure) -> Int in try scan(buffer, isLast: true) }
        pending = []
        guard isDone else { throw ImportFailure(tr("the file is cut short")) }
    }

    /// Hands on every complete piece of `buffer`; returns how many bytes it used.
    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, isLast: Bool) throws(ImportFailure) -> Int {
        var index = 0
        let count = buffer.count
        var hint = min(resume, count) // for the piece at 0 only
        resume = 0
        while index < count {
            defer { hint = 0 }
            if buffer[index] != UInt8(ascii: "<") {
                // Text up to the next tag; without one in sight, up to the last whitespace.
                var end = index + hint
                while end < count, buffer[end] != UInt8(ascii: "<") { end += 1 }
                if end == count, !isLast {
                    var cut = end
                    while cut > index + hint, !Self.isSpace(buffer[cut - 1]) { cut -= 1 }
                    if cut == index + hint {
                        resume = count - index
                        return index
                    }
                    end = cut
                }
                if !open.isEmpty {
                    try delegate.text(UnsafeBufferPointer(rebasing: buffer[index..<end]))
                } else if buffer[index..<end].contains(where: { !Self.isSpace($0) }) {
                    throw ImportFailure(tr("it is not a Xournal++ notebook (text outside any element)"))
                }
                index = end
                continue
            }
            guard let next = try tag(in: buffer, at: index, isLast: isLast, from: hint) else {
                resume = count - index
                return index
            }
            index = next
        }
        return index
    }

    /// Handles the markup at `start` (a `<`); returns where it ends, or `nil` if it is not
    /// all in `buffer` yet.
    /// `searched` bytes from `start` were looked through by an earlier call (0: none).
    private mutating func tag(
        in buffer: UnsafeBufferPointer<UInt8>, at start: Int, isLast: Bool, from searched: Int
    ) throws(ImportFailure) -> Int? {
        let count = buffer.count
        func has(_ text: StaticString, at offset: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard offset + length <= count else { return false }
            for k in 0..<length where buffer[offset + k] != text.utf8Start[k] { return false }
            return true
        }
        func find(_ text: StaticString, from offset: Int) -> Int? {
            var k = offset
            while k + text.utf8CodeUnitCount <= count {
                if has(text, at: k) { return k }
                k += 1
            }
            return nil
        }
        let cutShort = ImportFailure(tr("the file is cut short"))
        if has("<!--", at: start) {
            guard let close = find("-->", from: max(start + 4, start + searched - 2)) else { if isLast { throw cutShort }; return nil }
            return close + 3
        }
        if has("<![CDATA[", at: start) {
            guard let close = find("]]>", from: max(start + 9, start + searched - 2)) else { if isLast { throw cutShort }; return nil }
            if !open.isEmpty { try delegate.text(UnsafeBufferPointer(rebasing: buffer[(start + 9)..<close])) }
            return close + 3
        }
        if !isLast, count - start < 9, has("<!", at: start),
            "<![CDATA[".utf8.starts(with: buffer[start..<count]) || "<!--".utf8.starts(with: buffer[start..<count])
        {
            resumeQuote = 0
            return nil // a comment or CDATA section cut before its opening was all read
        }
        if has("<!", at: start) {
            throw ImportFailure(tr("it declares a document type, which a Xournal++ notebook never does"))
        }
        if has("<?", at: start) {
            guard let close = find("?>", from: max(start + 2, start + searched - 1)) else { if isLast { throw cutShort }; return nil }
            return close + 2
        }
        // An element's start or end tag: up to the `>` outside quotes.
        var end = start + 1, quote: UInt8 = 0
        if searched > 1 { (end, quote) = (start + searched, resumeQuote) }
        while end < count {
            let byte = buffer[end]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            end += 1
        }
        guard end < count else {
            if isLast { throw cutShort }
            resumeQuote = quote
            return nil
        }
        try element(UnsafeBufferPointer(rebasing: buffer[(start + 1)..<end]))
        return end + 1
    }

    /// One tag's insides: `name a="v" …`, `/name`, or `name …/`.
    private mutating func element(_ tag: UnsafeBufferPointer<UInt8>) throws(ImportFailure) {
        let malformed = ImportFailure(tr("it is not a Xournal++ notebook (its XML is malformed)"))
        guard !isDone else { throw malformed }
        var index = 0
        let isEnd = tag.first == UInt8(ascii: "/")
        if isEnd { index = 1 }
        var last = tag.count
        while last > index, Self.isSpace(tag[last - 1]) { last -= 1 }
        let isEmpty = !isEnd && last > index && tag[last - 1] == UInt8(ascii: "/")
        if isEmpty { last -= 1 }
        let nameStart = index
        while index < last, !Self.isSpace(tag[index]) { index += 1 }
        guard index > nameStart else { throw malformed }
        let name = String(decoding: UnsafeBufferPointer(rebasing: tag[nameStart..<index]), as: UTF8.self)
        if isEnd {
            guard open.last == name else { throw malformed }
            open.removeLast()
            isDone = open.isEmpty
            return try delegate.end(name)
        }
        var attributes: [String: String] = [:]
        while true {
            while index < last, Self.isSpace(tag[index]) { index += 1 }
            guard index < last else { break }
            guard attributes.count < Self.attributeLimit else {
                throw ImportFailure(tr("it holds a tag of more than %1$s attributes", String(Self.attributeLimit)))
            }
            let keyStart = index
            while index < last, tag[index] != UInt8(ascii: "="), !Self.isSpace(tag[index]) { index += 1 }
            let key = String(decoding: UnsafeBufferPointer(rebasing: tag[keyStart..<index]), as: UTF8.self)
            while index < last, Self.isSpace(tag[index]) { index += 1 }
            guard index < last, tag[index] == UInt8(ascii: "=") else { throw malformed }
            index += 1
            while index < last, Self.isSpace(tag[index]) { index += 1 }
            guard index < last, tag[index] == UInt8(ascii: "\"") || tag[index] == UInt8(ascii: "'") else { throw malformed }
            let quote = tag[index]
            index += 1
            let valueStart = index
            while index < last, tag[index] != quote { index += 1 }
            guard index < last else { throw malformed }
            attributes[key] = try Self.decodingEntities(UnsafeBufferPointer(rebasing: tag[valueStart..<index]))
            index += 1
        }
        if open.isEmpty, isDone { throw malformed }
        open.append(name)
        try delegate.start(name, attributes: attributes)
        if isEmpty {
            open.removeLast()
            isDone = open.isEmpty
            try delegate.end(name)
        }
    }

    /// `text` with the predefined entities and character references replaced; any other
    /// entity is refused (no document type declares one).
    static func decodingEntities(_ text: UnsafeBufferPointer<UInt8>) throws(ImportFailure) -> String {
        guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
        var result = "", index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "&") else {
                var end = index
                while end < text.count, text[end] != UInt8(ascii: "&") { end += 1 }
                result += String(decoding: UnsafeBufferPointer(rebasing: text[index..<end]), as: UTF8.self)
                index = end
                continue
            }
            var end = index + 1
            while end < text.count, text[end] != UInt8(ascii: ";"), end - index < 12 { end += 1 }
            guard end < text.count, text[end] == UInt8(ascii: ";") else {
                throw ImportFailure(tr("it is not a Xournal++ notebook (its XML is malformed)"))
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: text[(index + 1)..<end]), as: UTF8.self)
            switch name {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
                guard let number, let scalar = Unicode.Scalar(number) else {
                    throw ImportFailure(tr("it uses an entity “%1$s” that no notebook declares", String(name.prefix(12))))
                }
                result.unicodeScalars.append(scalar)
            }
            index = end + 1
        }
        return result
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
