import FoundationEssentials

/// Writes a drawing as a Xournal++ notebook (`.xopp`, gzip XML): one page, the export's (the
/// drawing's bounds plus `Exporter.margin` all round), on a plain white background. Each
/// stroke becomes a pen stroke with its colour, alpha and width — a pressure stroke with one
/// width a segment, as Xournal++ keeps them — and each dot a two-point round stroke of its
/// size, which Xournal++ draws as a dot; each picture an `<image>`. Groups are flattened in
/// drawing order.
struct XoppWriter {
    /// Points per pixel: 72 over 96 dpi.
    static let pointsPerPixel: Float = 72.0 / 96.0

    private var xml: [UInt8] = []
    /// Where the page's top-left corner lies on the canvas.
    private let origin: Point

    /// The notebook's gzip-compressed bytes for the drawing under `root`, titled `title`, on
    /// the page `page` (canvas pixels).
    static func notebook(of root: Stroke, title: String?, page: Rect) -> [UInt8] {
        var writer = XoppWriter(origin: Point(x: page.minX, y: page.minY))
        writer.write(root, title: title, width: page.width, height: page.height)
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
            if let picture = mark as? Picture { return image(picture) }
            guard mark !== root, let color = mark.color else { return } // vertices and groups paint nothing themselves
            if let stroke = mark as? Stroke {
                self.stroke(stroke, color: color)
            } else if mark is Dot {
                dot(mark.location, color: color, size: mark.size)
            }
        }
        append("</layer>\n</page>\n</xournal>\n")
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
