import FoundationEssentials

/// Builds a scribble from a Xournal++ document's XML as the `XMLScanner` reads it (the
/// mapping is in `docs/FORMAT.md`, "Xournal++ notebooks"): pages stacked top to bottom
/// `pageGap` apart, their outlines and backgrounds in one group at the bottom, then every
/// layer's strokes in order. Points are in PostScript points; the canvas is in pixels.
struct XoppReader: XMLScannerDelegate {
    /// Pixels per point: 96 dpi over 72.
    static let pixelsPerPoint: Float = 96.0 / 72.0
    /// The space between two pages, in pixels.
    static let pageGap: Float = 20

    /// Builds the page outlines and backgrounds into the bottom group, `backgrounds`.
    private let backgroundBuilder = MarkBuilder()
    /// The page outlines and backgrounds: the bottom group, open in `backgroundBuilder`.
    let backgrounds: Stroke
    /// Builds the strokes, in drawing order.
    let builder = MarkBuilder()
    /// The strokes, in drawing order.
    var marks: [Mark] { builder.marks }
    /// What the canvas cannot show, counted for the notice.
    var leftOut = XoppLeftOut()
    /// The pages whose background is a page of a PDF, in order (`XoppImporter` finds the PDF).
    private(set) var pdfPages: [XoppPdfPage] = []
    /// Vertices read so far, and the most the import may take (memory is bounded by the file).
    private(set) var vertexCount = 0
    let vertexLimit: Int
    /// Pages read.
    private(set) var pageCount = 0
    /// Background marks made so far (colour rows, ruling lines, dots), and the most the file
    /// may ask for (as many again for the pages' outlines): a page's pattern past the budget
    /// is drawn plain (counted), a page past it refuses the file, so a few hundred bytes
    /// asking for a million pages or a dotted page the size of a field cost neither memory
    /// nor an export's time.
    private(set) var backgroundCount = 0
    let backgroundLimit: Int
    /// The most ruling lines or dots one page may have (a dotted A2 sheet has 9,500): a
    /// bigger page is drawn plain, as each of its lines would be drawn the page's length.
    static let patternLimit = 10_000

    /// Where the current page's top lies on the canvas, and its size in pixels.
    var pageTop: Float = 0
    private var pageWidth: Float = 0, pageHeight: Float = 0
    private var nextPageTop: Float = 0
    private var pageColor = Color(red: 255, green: 255, blue: 255)
    /// The stroke being read: its style from the tag, and its numbers as the text comes.
    private var stroke: StrokeTag?
    /// The text box being read (issue 55): its tag, and its text's bytes as they come.
    private var textTag: XoppTextTag?
    var textBytes: [UInt8] = []
    private var numbers: [Float] = []
    /// The image being read: its box on the canvas, and its base64 text as it comes.
    private var image: Rect?
    private var imageText: [UInt8] = []
    /// The most base64 an image may hold: 256 MB of picture, as a picture file may be.
    static let imageTextLimit = PictureImport.maximumFileSize / 3 * 4
    /// The elements open, outermost first: a tag counts only where Xournal++ puts it (a
    /// stroke in a layer, a layer in a page).
    private var depth: [String] = []

    init(vertexLimit: Int, backgroundLimit: Int) {
        (self.vertexLimit, self.backgroundLimit) = (vertexLimit, backgroundLimit)
        backgrounds = backgroundBuilder.beginStroke(color: nil, size: 1)
    }

    mutating func start(_ name: String, attributes: [String: String]) throws(ImportFailure) {
        defer { depth.append(name) }
        if depth.isEmpty {
            guard name == "xournal" || name == "MrWriter" else {
                throw ImportFailure(tr("it is not a Xournal++ notebook (its XML is of another kind)"))
            }
            return
        }
        switch (depth.last ?? "", name) {
        case ("xournal", "page"):
            try startPage(attributes)
        case ("page", "background"):
            background(attributes)
        case ("layer", "stroke"):
            stroke = try StrokeTag(attributes, pageColor: pageColor)
            numbers.removeAll(keepingCapacity: true)
        case ("layer", "text"):
            textTag = XoppTextTag(attributes)
            textBytes.removeAll(keepingCapacity: true)
        case ("layer", "image"):
            startImage(attributes)
        case ("layer", "teximage"):
            leftOut.formulas += 1
        default:
            break
        }
    }

    mutating func end(_ name: String) throws(ImportFailure) {
        depth.removeLast()
        if name == "stroke", depth.last == "layer", let tag = stroke {
            stroke = nil
            try finishStroke(tag)
        }
        if name == "image", depth.last == "layer", let box = image {
            image = nil
            finishImage(box)
        }
        if name == "text", depth.last == "layer", let tag = textTag {
            textTag = nil
            finishText(tag)
        }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportFailure) {
        if image != nil {
            guard imageText.count + bytes.count <= Self.imageTextLimit else { throw ImportFailure(tr("an image is too large")) }
            imageText.append(contentsOf: bytes)
            return
        }
        if textTag != nil {
            // Bounded: what passes a box's limit (with room for entities) is not kept.
            textBytes.append(contentsOf: bytes.prefix(max(0, 2 * TextBox.maximumTextBytes - textBytes.count)))
            return
        }
        guard stroke != nil else { return }
        var reader = NumberReader(bytes)
        while let number = reader.next() {
            numbers.append(number)
            guard numbers.count / 2 + vertexCount <= vertexLimit else { throw tooMany }
        }
        guard !reader.failed else { throw ImportFailure(tr("a stroke holds something that is not a number")) }
    }

    private var tooMany: ImportFailure {
        ImportFailure(tr("it holds more than %1$s points, too many for a file of its size", vertexLimit))
    }

    // Pages

    private mutating func startPage(_ attributes: [String: String]) throws(ImportFailure) {
        guard let width = attributes["width"].flatMap(Float.init), let height = attributes["height"].flatMap(Float.init),
            width.isFinite, height.isFinite, width > 0, height > 0
        else {
            throw ImportFailure(tr("a page has no size"))
        }
        let limit = 2 * MarkLimits.maximumCoordinate
        pageTop = nextPageTop
        pageWidth = min(width * Self.pixelsPerPoint, limit)
        pageHeight = min(height * Self.pixelsPerPoint, limit)
        nextPageTop = min(pageTop + pageHeight + Self.pageGap, MarkLimits.maximumCoordinate)
        pageColor = Color(red: 255, green: 255, blue: 255)
        pageCount += 1
        guard pageCount <= backgroundLimit else {
            throw ImportFailure(tr("it holds more than %1$s pages, too many for a file of its size", String(backgroundLimit)))
        }
        addOutline()
    }

    /// Whether `cells` more background marks fit the page's and the file's budgets; counts
    /// them in if so.
    private mutating func budget(_ cells: Double) -> Bool {
        guard cells <= Double(Self.patternLimit), backgroundCount + Int(cells) <= backgroundLimit else { return false }
        backgroundCount += Int(cells)
        return true
    }

    /// A thin grey rectangle around the page.
    private func addOutline() {
        let corners = [(0, 0), (pageWidth, 0), (pageWidth, pageHeight), (0, pageHeight), (0, 0)]
        backgroundBuilder.addStroke(
            color: Color(red: 0x9A, green: 0x9A, blue: 0x9A), size: 1,
            through: corners.map { x, y in Point(x: x, y: pageTop + y) })
    }

    /// The page's background: its colour, then its ruling, as Xournal++ draws them.
    private mutating func background(_ attributes: [String: String]) {
        switch attributes["type"] {
        case "solid":
            if let color = attributes["color"].flatMap(XoppColor.background) { pageColor = color }
            fill(with: pageColor)
            rule(attributes["style"] ?? "plain")
        case "pdf":
            // Xournal++ names the file on the first PDF page only; "1ll" is page 1 (Xournal's spelling).
            let number = attributes["pageno"].map { Int($0.prefix { $0.isASCII && $0.isNumber }) ?? 0 } ?? 0
            pdfPages.append(
                XoppPdfPage(
                    file: attributes["filename"].map { (name: $0, isAttached: attributes["domain"] == "attach") },
                    index: number - 1, frame: Rect(x: 0, y: pageTop, width: pageWidth, height: pageHeight)))
        case "pixmap":
            leftOut.images += 1
        default:
            break
        }
    }

    /// Fills the page with `color` (unless white) in rows of round-capped strokes, kept
    /// within the page: 8 px apart, or on a page over 2,048 px high, 256 rows (as wide as
    /// a pen may be, 1,024 px, at most), so the rows stay few on any page.
    private mutating func fill(with color: Color) {
        guard color != Color(red: 255, green: 255, blue: 255) else { return }
        let band = min(MarkLimits.maximumSize / 1.5, max(8, pageHeight / 256))
        guard budget(Double((pageHeight / band).rounded(.up))) else {
            leftOut.plainBackgrounds += 1
            return
        }
        var y = band / 2
        while y < pageHeight {
            let inset = min(band * 0.75, pageWidth / 2)
            let rowY = pageTop + min(y, pageHeight - band * 0.75)
            backgroundBuilder.addStroke(
                color: color, size: band * 1.5, through: [Point(x: inset, y: rowY), Point(x: pageWidth - inset, y: rowY)])
            y += band
        }
    }

    /// Xournal++'s rulings, in its sizes (points): lines 24 apart from 80 down to 60 above
    /// the bottom; a margin line 72 from the left; a 14.17 grid (5 mm).
    private mutating func rule(_ style: String) {
        let scale = Self.pixelsPerPoint
        let thin: Float = 0.5 * scale
        let blue = Color(red: 0x40, green: 0xA0, blue: 0xFF), grey = Color(red: 0xBD, green: 0xBD, blue: 0xBD)
        // The pattern's marks counted before any is made.
        let (width, height) = (Double(pageWidth), Double(pageHeight))
        let step = 14.17 * Double(scale)
        let cells: Double =
            switch style {
            case "ruled", "lined": height / (24 * Double(scale)) + 1
            case "graph": width / step + height / step
            case "dotted": (width / step) * (height / step)
            default: 0
            }
        guard budget(cells) else {
            leftOut.plainBackgrounds += 1
            return
        }
        switch style {
        case "plain":
            return
        case "ruled", "lined":
            var y = 80 * scale
            while y < pageHeight - 60 * scale {
                line(from: Point(x: 0, y: y), to: Point(x: pageWidth, y: y), color: blue, size: thin)
                y += 24 * scale
            }
            if style == "lined" {
                line(
                    from: Point(x: 72 * scale, y: 0), to: Point(x: 72 * scale, y: pageHeight),
                    color: Color(red: 0xFF, green: 0x00, blue: 0x80), size: thin)
            }
        case "graph":
            let step = 14.17 * scale
            var x = step
            while x < pageWidth { line(from: Point(x: x, y: 0), to: Point(x: x, y: pageHeight), color: grey, size: thin); x += step }
            var y = step
            while y < pageHeight { line(from: Point(x: 0, y: y), to: Point(x: pageWidth, y: y), color: grey, size: thin); y += step }
        case "dotted":
            let step = 14.17 * scale
            var y = step
            while y < pageHeight {
                var x = step
                while x < pageWidth {
                    backgroundBuilder.addDot(at: Point(x: x, y: pageTop + y), color: grey, size: 1.5 * scale)
                    x += step
                }
                y += step
            }
        default:
            leftOut.plainBackgrounds += 1 // isometric, staves…: drawn plain
        }
    }

    private func line(from start: Point, to end: Point, color: Color, size: Float) {
        backgroundBuilder.addStroke(
            color: color, size: size, through: [Point(x: start.x, y: pageTop + start.y), Point(x: end.x, y: pageTop + end.y)])
    }

    // Strokes

    private mutating func finishStroke(_ tag: StrokeTag) throws(ImportFailure) {
        var count = numbers.count / 2
        guard count > 0 else { return }
        if tag.isDashed { leftOut.dashed += 1 }
        if tag.isFilled { leftOut.fills += 1 }
        let scale = Self.pixelsPerPoint
        if count == 1 {
            builder.addDot(at: Point(x: numbers[0] * scale, y: pageTop + numbers[1] * scale), color: tag.color, size: tag.width * scale)
            vertexCount += 1
            return
        }
        let widths = tag.segmentWidths(atMost: count - 1)
        guard !widths.isEmpty else { return addStroke(tag, points: 0..<count, widths: []) }
        // Segment k runs from point k to k + 1 at width k, as Xournal++ draws it. More
        // points than widths: the points past the last width's segment are dropped, and a
        // zero, negative or NaN width leaves its segment out, splitting the stroke — what
        // Xournal++'s reader does (such segments were never visible) — so a stroke with
        // no valid width is left out whole.
        count = min(count, widths.count + 1)
        var first = 0
        while first < count - 1 {
            guard widths[first].isValidWidth else { first += 1; continue }
            var last = first
            while last + 1 < count - 1, widths[last + 1].isValidWidth { last += 1 }
            addStroke(tag, points: first..<(last + 2), widths: widths[first...last])
            first = last + 1
        }
    }

    /// Adds the stroke through the points `points` of `numbers` with the segment widths
    /// `widths` (none: no pressure, all valid otherwise). Its size is the widest segment
    /// (the nominal width without pressure); each vertex's pressure level comes from the
    /// segment starting there (the last vertex takes the last segment's), under this app's
    /// model, width = size × (0.1 + 0.9 p), a width under a tenth of the size raised to it.
    private mutating func addStroke(_ tag: StrokeTag, points range: Range<Int>, widths: ArraySlice<Float>) {
        let scale = Self.pixelsPerPoint
        let size = (widths.max() ?? tag.width) * scale
        var points: [Point] = []
        points.reserveCapacity(range.count)
        var levels: [UInt8] = []
        if !widths.isEmpty { levels.reserveCapacity(range.count) }
        let top = pageTop
        numbers.withUnsafeBufferPointer { numbers in
            for index in range {
                let x = numbers[2 * index], y = numbers[2 * index + 1]
                guard x.isFinite, y.isFinite else { leftOut.clampedPoints += 1; continue }
                let point = Point(x: x * scale, y: top + y * scale)
                if abs(point.x) > MarkLimits.maximumCoordinate || abs(point.y) > MarkLimits.maximumCoordinate { leftOut.clampedPoints += 1 }
                points.append(point)
                if !widths.isEmpty {
                    let width = widths[min(widths.startIndex + index - range.lowerBound, widths.endIndex - 1)] * scale
                    let pressure = (width / size - 0.1) / 0.9
                    if pressure < 0 { leftOut.clampedWidths += 1 }
                    levels.append(Stroke.level(pressure))
                }
            }
        }
        guard !points.isEmpty else { return }
        builder.beginStroke(color: tag.color, size: size)
        builder.reserveCapacity(points.count)
        builder.addVertices(points)
        if !levels.isEmpty, levels.count == points.count { builder.setPressures(levels) }
        vertexCount += builder.endStroke().count
    }
}

extension Float {
    /// Whether a Xournal++ segment width can be drawn: finite and above zero.
    fileprivate var isValidWidth: Bool { isFinite && self > 0 }
}

/// A `<stroke>` tag's attributes, read.
private struct StrokeTag {
    let color: Color
    /// The nominal width, in points.
    let width: Float
    /// The `width` attribute as written: the nominal width, then one a segment (pressure).
    private let widthText: String
    let isDashed: Bool
    let isFilled: Bool

    init(_ attributes: [String: String], pageColor: Color) throws(ImportFailure) {
        widthText = attributes["width"] ?? ""
        guard let first = Self.numbers(in: widthText, atMost: 1).first, first.isFinite, first > 0 else {
            throw ImportFailure(tr("a stroke has no width"))
        }
        width = first
        let tool = attributes["tool"] ?? "pen"
        var color = attributes["color"].flatMap(XoppColor.stroke) ?? Color(red: 0, green: 0, blue: 0)
        if tool == "highlighter", color.alpha == 255 { color.alpha = 128 } // Xournal's highlighters are half see-through
        if tool == "eraser" { color = pageColor } // Xournal's whiteout
        self.color = color
        isDashed = (attributes["style"].map { $0 != "plain" && !$0.isEmpty } ?? false)
        isFilled = (attributes["fill"].flatMap(Int.init) ?? -1) > 0
    }

    /// One width a segment (pressure), in points, as written (zero, negative or NaN
    /// included), at most `count` — read once the points are known, so a `width` of
    /// megabytes costs the points' widths, not its own; empty without pressure.
    func segmentWidths(atMost count: Int) -> [Float] {
        Array(Self.numbers(in: widthText, atMost: count + 1).dropFirst())
    }

    /// The first `count` numbers of `text`, read where they lie.
    private static func numbers(in text: String, atMost count: Int) -> [Float] {
        var text = text, numbers: [Float] = []
        text.withUTF8 { buffer in
            var reader = NumberReader(buffer)
            while numbers.count < count, let number = reader.next() { numbers.append(number) }
        }
        return numbers
    }
}

/// Reads decimal numbers separated by whitespace (or commas), fast: the points of a stroke.
struct NumberReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Whether something that is not a number was met.
    private(set) var failed = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The next number, or `nil` at the end (or at something that is not a number).
    mutating func next() -> Float? {
        let count = bytes.count
        while index < count, XMLScanner<XoppReader>.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
        guard index < count else { return nil }
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { negative = bytes[index] == UInt8(ascii: "-"); index += 1 }
        var mantissa: UInt64 = 0, exponent = 0, digits = 0
        while index < count, bytes[index] &- 48 < 10 {
            if mantissa < 100_000_000_000_000_000 { mantissa = mantissa * 10 + UInt64(bytes[index] &- 48) } else { exponent += 1 }
            index += 1; digits += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, bytes[index] &- 48 < 10 {
                if mantissa < 100_000_000_000_000_000 { mantissa = mantissa * 10 + UInt64(bytes[index] &- 48); exponent -= 1 }
                index += 1; digits += 1
            }
        }
        if digits > 0, index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var negativeExponent = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negativeExponent = bytes[index] == UInt8(ascii: "-"); index += 1
            }
            var value = 0
            while index < count, bytes[index] &- 48 < 10 { value = min(value * 10 + Int(bytes[index] &- 48), 10_000); index += 1 }
            exponent += negativeExponent ? -value : value
        }
        guard digits > 0, index == count || XMLScanner<XoppReader>.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") else {
            // nan, inf or junk: Xournal++ never writes them.
            index = start
            while index < count, !XMLScanner<XoppReader>.isSpace(bytes[index]) { index += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self).lowercased()
            if ["nan", "-nan", "inf", "-inf", "+inf", "infinity", "-infinity"].contains(word) { return .nan }
            failed = true
            return nil
        }
        var value = Double(mantissa)
        if exponent != 0 { value *= Self.power(exponent) }
        return Float(negative ? -value : value)
    }

    private static func power(_ exponent: Int) -> Double {
        if exponent < -30 || exponent > 30 {
            var result = 1.0
            for _ in 0..<min(abs(exponent), 400) { result *= exponent < 0 ? 0.1 : 10 }
            return result
        }
        return exponent < 0 ? 1 / table[-exponent] : table[exponent]
    }

    private static let table: [Double] = (0...30).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}

/// Xournal++'s `<image>` elements (issue 54): a picture in base64 (PNG or JPEG, as
/// gdk-pixbuf reads them) in a box given in points, read as a `Picture` stretched over the box.
extension XoppReader {
    /// Starts an image: its box, in points from the page's corner.
    fileprivate mutating func startImage(_ attributes: [String: String]) {
        imageText.removeAll(keepingCapacity: true)
        let numbers = ["left", "top", "right", "bottom"].compactMap { attributes[$0].flatMap(Float.init) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > numbers[0], numbers[3] > numbers[1] else {
            leftOut.images += 1
            return
        }
        let scale = Self.pixelsPerPoint
        image = Rect(minX: numbers[0] * scale, minY: pageTop + numbers[1] * scale, maxX: numbers[2] * scale, maxY: pageTop + numbers[3] * scale)
    }

    /// Ends an image: its picture read and laid over its box, or counted as left out.
    fileprivate mutating func finishImage(_ box: Rect) {
        defer { imageText.removeAll() }
        guard let data = Data(base64Encoded: Data(imageText), options: .ignoreUnknownCharacters),
            let imported = try? PictureImport(bytes: [UInt8](data))
        else {
            leftOut.images += 1
            return
        }
        let placement = AffineTransform(
            a: Double(box.width / imported.width), b: 0, c: 0, d: Double(box.height / imported.height), tx: Double(box.minX), ty: Double(box.minY))
        builder.addPicture(Picture(content: imported.content, width: imported.width, height: imported.height, placement: placement))
    }
}
