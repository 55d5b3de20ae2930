import FoundationEssentials

/// Writes a drawing as a Xournal++ notebook (`.xopp`, gzip XML): one page, the export's (the
/// drawing's bounds plus `Exporter.margin` all round), on a plain white background. Each
/// stroke becomes a pen stroke with its colour, alpha and width — a pressure stroke with one
/// width a segment, as Xournal++ keeps them — and each dot a two-point round stroke of its
/// size, which Xournal++ draws as a dot; each picture an `<image>`. Groups are flattened in
/// drawing order.
///
/// A drawing on a PDF's pages (issue 53) is written as Xournal++ writes an annotated PDF: a
/// page for each PDF page, of its size, with a `pdf` background naming the PDF attached
/// beside the notebook (`domain="attach"`: the file `<notebook>.bg.pdf`, which
/// `Exporter.write` puts there) and the ink on that page in its coordinates; ink on no page
/// goes on one more, plain page at the end.
struct XoppWriter {
    /// Points per pixel: 72 over 96 dpi.
    static let pointsPerPixel: Float = 72.0 / 96.0

    private var xml: [UInt8] = []
    /// Where the page being written has its top-left corner on the canvas.
    private var origin: Point

    /// The notebook's gzip-compressed bytes for the drawing under `root`, titled `title`, on
    /// the page `page` (canvas pixels).
    static func notebook(of root: Stroke, title: String?, page: Rect) -> [UInt8] {
        var writer = XoppWriter(origin: Point(x: page.minX, y: page.minY))
        writer.write(root, title: title, width: page.width, height: page.height)
        return Inflater.gzip(writer.xml)
    }

    /// The name a notebook on a PDF's pages gives its PDF: attached, so the file is the
    /// notebook's path with `.bg.pdf` after it, as Xournal++ names the PDFs it attaches.
    static let attachedPdfName = "bg.pdf"

    /// The notebook of the drawing under `root` laid on the pages `plan` gives (see the type).
    static func notebook(of root: Stroke, title: String?, plan: PagePlan) -> [UInt8] {
        var writer = XoppWriter(origin: Point(x: 0, y: 0))
        writer.write(root, title: title, plan: plan)
        return Inflater.gzip(writer.xml)
    }

    private init(origin: Point) {
        self.origin = origin
        xml.reserveCapacity(1 << 20)
    }

    private mutating func write(_ root: Stroke, title: String?, width: Float, height: Float) {
        append("<?xml version=\"1.0\" standalone=\"no\"?>\n<xournal creator=\"TouchPainter\" fileversion=\"4\">\n<title>")
        append(Self.escaped(title ?? "TouchPainter drawing"))
        append("</title>\n<page width=\"")
        number(width * Self.pointsPerPixel)
        append("\" height=\"")
        number(height * Self.pointsPerPixel)
        append("\">\n<background type=\"solid\" color=\"#ffffffff\" style=\"plain\"/>\n<layer>\n")
        root.enumerateMarks { mark, _ in
            guard mark !== root else { return }
            self.mark(mark)
        }
        append("</layer>\n</page>\n</xournal>\n")
    }

    /// One mark of the drawing, as what Xournal++ has for it; vertices, groups and PDF pages
    /// paint nothing themselves.
    private mutating func mark(_ mark: Mark) {
        if let picture = mark as? Picture { return image(picture) }
        guard let color = mark.color else { return }
        if let stroke = mark as? Stroke {
            self.stroke(stroke, color: color)
        } else if mark is Dot {
            dot(mark.location, color: color, size: mark.size)
        } else if let text = mark as? TextBox {
            self.text(text)
        }
    }

    /// The notebook on the PDF's pages: each page of `plan` at its size with its PDF
    /// background and the ink that overlaps it most, then a plain page for the ink on none.
    private mutating func write(_ root: Stroke, title: String?, plan: PagePlan) {
        var inkByPage = [[Int]](repeating: [], count: plan.frames.count)
        var inkOnNoPage: [Int] = []
        for (index, position) in zip(plan.ink, plan.pagesOfInk(in: root)) {
            if let position { inkByPage[position].append(index) } else { inkOnNoPage.append(index) }
        }
        append("<?xml version=\"1.0\" standalone=\"no\"?>\n<xournal creator=\"TouchPainter\" fileversion=\"4\">\n<title>")
        append(Self.escaped(title ?? "TouchPainter drawing"))
        append("</title>\n")
        for (position, frame) in plan.frames.enumerated() {
            // Every page names the file, as Xournal++ itself reads the first name it meets.
            let background =
                "<background type=\"pdf\" domain=\"attach\" filename=\"\(Self.attachedPdfName)\" pageno=\"\(plan.pageIndices[position] + 1)ll\"/>\n"
            page(frame, background: background, marks: inkByPage[position], of: root)
        }
        if !inkOnNoPage.isEmpty {
            let area = inkOnNoPage.reduce(Rect.null) { $0.union(root.child(at: $1)?.bounds ?? .null) }
            page(
                area.outset(by: Exporter.margin).integral,
                background: "<background type=\"solid\" color=\"#ffffffff\" style=\"plain\"/>\n", marks: inkOnNoPage, of: root)
        }
        append("</xournal>\n")
    }

    /// A page over `frame` (canvas pixels) with `background` and the top-level marks of `root`
    /// at `marks`, in the page's coordinates.
    private mutating func page(_ frame: Rect, background: String, marks: [Int], of root: Stroke) {
        origin = Point(x: frame.minX, y: frame.minY)
        append("<page width=\"")
        number(frame.width * Self.pointsPerPixel)
        append("\" height=\"")
        number(frame.height * Self.pointsPerPixel)
        append("\">\n")
        append(background)
        append("<layer>\n")
        for index in marks {
            root.child(at: index)?.enumerateMarks { mark, _ in self.mark(mark) }
        }
        append("</layer>\n</page>\n")
    }

    private mutating func stroke(_ stroke: Stroke, color: Color) {
        var points: [Point] = []
        points.reserveCapacity(stroke.count)
        var levels: [UInt8] = []
        for (index, element) in stroke.elements.enumerated() {
            guard case .vertex(let point) = element else { continue }
            points.append(point)
            if stroke.hasPressure { levels.append(stroke.pressures[index]) }
        }
        guard points.count > 1 else {
            if let point = points.first { dot(point, color: color, size: stroke.size) }
            return
        }
        open(color: color)
        number(stroke.size * Self.pointsPerPixel)
        if !levels.isEmpty {
            // Segment i takes the width between its two ends' pressures.
            for index in 0..<(points.count - 1) {
                let level = (Float(levels[index]) + Float(levels[index + 1])) / 2
                append(" ")
                number(stroke.size * (0.1 + 0.9 * level / 255) * Self.pointsPerPixel)
            }
        }
        append("\" capStyle=\"round\">")
        coordinates(points)
        append("</stroke>\n")
    }

    /// A text box as Xournal++'s `<text>`: one font, size and colour (the first run's), at
    /// the box's corner, unturned and unwrapped (Xournal++ has neither a turn nor, before
    /// 1.3, a wrap).
    private mutating func text(_ text: TextBox) {
        guard let style = text.runs.first?.style else { return }
        var font = style.family
        if style.isBold { font += " Bold" }
        if style.isItalic { font += " Italic" }
        append("<text font=\"\(Self.escaped(font))\" size=\"")
        number(style.size * Self.pointsPerPixel)
        append("\" x=\"")
        number((text.origin.x - origin.x) * Self.pointsPerPixel)
        append("\" y=\"")
        number((text.origin.y - origin.y) * Self.pointsPerPixel)
        append("\" color=\"#")
        for byte in [style.color.red, style.color.green, style.color.blue, style.color.alpha] {
            xml.append(Self.hexDigits[Int(byte >> 4)])
            xml.append(Self.hexDigits[Int(byte & 0xF)])
        }
        append("\">\(Self.escaped(text.text))</text>\n")
    }

    private mutating func dot(_ location: Point, color: Color, size: Float) {
        open(color: color)
        number(size * Self.pointsPerPixel)
        append("\" capStyle=\"round\">")
        coordinates([location, location])
        append("</stroke>\n")
    }

    /// A stroke's start tag up to its width. A see-through colour is a highlighter's: Xournal++
    /// draws a pen opaque whatever its alpha, and a highlighter see-through.
    private mutating func open(color: Color) {
        append(color.alpha < 255 ? "<stroke tool=\"highlighter\" color=\"#" : "<stroke tool=\"pen\" color=\"#")
        for byte in [color.red, color.green, color.blue, color.alpha] {
            xml.append(Self.hexDigits[Int(byte >> 4)])
            xml.append(Self.hexDigits[Int(byte & 0xF)])
        }
        append("\" width=\"")
    }

    private mutating func coordinates(_ points: [Point]) {
        for (index, point) in points.enumerated() {
            if index > 0 { xml.append(0x20) }
            number((point.x - origin.x) * Self.pointsPerPixel)
            xml.append(0x20)
            number((point.y - origin.y) * Self.pointsPerPixel)
        }
    }

    /// `value` in decimal with up to four places (a 1/256-pixel grid is 0.003 points).
    private mutating func number(_ value: Float) {
        var scaled = (Double(value) * 10_000).rounded()
        if scaled < 0 { xml.append(UInt8(ascii: "-")); scaled = -scaled }
        let whole = UInt64(scaled) / 10_000, fraction = UInt64(scaled) % 10_000
        append(String(whole))
        guard fraction > 0 else { return }
        xml.append(UInt8(ascii: "."))
        var digits = fraction, divisor: UInt64 = 1000
        while digits > 0 {
            xml.append(UInt8(ascii: "0") + UInt8(digits / divisor))
            digits %= divisor
            divisor /= 10
        }
    }

    private mutating func append(_ text: String) { xml.append(contentsOf: text.utf8) }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A picture as Xournal++'s `<image>`: its box in points and its bytes in base64 — the
    /// original PNG or JPEG where the picture lies upright and unflipped (Xournal++ reads them
    /// with gdk-pixbuf too), else a PNG of the picture as placed, transparent round it, as
    /// `<image>` has no rotation.
    private mutating func image(_ picture: Picture) {
        let p = picture.placement, bytes = picture.content.bytes
        let upright = p.b == 0 && p.c == 0 && p.a > 0 && p.d > 0
        let data =
            upright && (PictureDecoder.isJPEG(bytes) || PictureDecoder.isPNG(bytes))
            ? bytes : PictureDrawing.png(of: picture)
        guard let data else { return }
        let box = picture.bounds
        append("<image left=\"")
        number((box.minX - origin.x) * Self.pointsPerPixel)
        append("\" top=\"")
        number((box.minY - origin.y) * Self.pointsPerPixel)
        append("\" right=\"")
        number((box.maxX - origin.x) * Self.pointsPerPixel)
        append("\" bottom=\"")
        number((box.maxY - origin.y) * Self.pointsPerPixel)
        append("\">")
        append(Data(data).base64EncodedString())
        append("</image>\n")
    }
}
