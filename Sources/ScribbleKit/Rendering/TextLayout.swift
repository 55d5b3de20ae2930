import Glibc
import CCairo
import CPango

/// A text box's Pango layout (issue 55): its runs as one text with an attribute a style
/// (family, absolute size in canvas pixels, weight, slant, colour), wrapped at words (or
/// within a word too long for a line) to the box's width. Pango shapes it through HarfBuzz
/// and orders it by the Unicode bidi algorithm, so right-to-left text, emoji and combining
/// marks come out right, and a family the system lacks falls back through fontconfig.
///
/// Each layout is made on its own Pango context from the calling thread's font map (Pango's
/// Cairo font map is per thread), so the main thread measuring a new box and a render thread
/// drawing a frame never share Pango state. Hinting of metrics and rounding of glyph
/// positions are off, so a layout measures the same at every zoom and on every surface:
/// the extents a box keeps hold what any renderer draws.
enum TextLayout {
    /// Pango units a pixel.
    static let scale = Float(PANGO_SCALE)

    /// Calls `body` with a new layout of `runs` wrapped to `wrapWidth`, freed after.
    static func with<Result>(_ runs: [TextRun], wrapWidth: Float?, _ body: (OpaquePointer) -> Result) -> Result {
        let fontMap = pango_cairo_font_map_get_default()
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        let layout = pango_layout_new(context)!
        g_object_unref(UnsafeMutableRawPointer(context))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let text = runs.map(\.text).joined()
        text.withCString { pango_layout_set_text(layout, $0, Int32(text.utf8.count)) }
        let first = runs.first?.style ?? .standard
        let description = fontDescription(first)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        let attributes = pango_attr_list_new()
        var start = 0
        for run in runs {
            let end = start + run.text.utf8.count
            for attribute in self.attributes(run.style) {
                attribute.pointee.start_index = UInt32(start)
                attribute.pointee.end_index = UInt32(end)
                pango_attr_list_insert(attributes, attribute)
            }
            start = end
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        if let wrapWidth {
            pango_layout_set_width(layout, Int32(wrapWidth * scale))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        return body(layout)
    }

    /// What the layout of `runs` covers, relative to its top-left corner: the lines' boxes
    /// and the glyphs' ink, united (an italic's overhang, a tall accent); for no text, the
    /// caret's line at the standard size.
    static func extents(of runs: [TextRun], wrapWidth: Float?) -> Rect {
        with(runs.isEmpty ? [TextRun(" ", style: .standard)] : runs, wrapWidth: wrapWidth) { layout in
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            let logicalRect = rect(logical)
            let box = runs.isEmpty ? Rect(x: 0, y: 0, width: 1, height: logicalRect.height) : logicalRect
            return ink.width > 0 && ink.height > 0 ? box.union(rect(ink)) : box
        }
    }

    /// A Pango rectangle in pixels.
    static func rect(_ r: PangoRectangle) -> Rect {
        Rect(x: Float(r.x) / scale, y: Float(r.y) / scale, width: Float(r.width) / scale, height: Float(r.height) / scale)
    }

    /// `style`'s font: its family, weight, slant and absolute size.
    static func fontDescription(_ style: TextStyle) -> OpaquePointer {
        let description = pango_font_description_new()!
        style.family.withCString { pango_font_description_set_family(description, $0) }
        pango_font_description_set_absolute_size(description, Double(style.size * scale))
        pango_font_description_set_weight(description, style.isBold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_style(description, style.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }

    /// The attributes that give a run `style`: its font and its colour (with its opacity).
    static func attributes(_ style: TextStyle) -> [UnsafeMutablePointer<PangoAttribute>] {
        let description = fontDescription(style)
        defer { pango_font_description_free(description) }
        let color = style.color
        func wide(_ value: UInt8) -> UInt16 { UInt16(value) * 257 }
        var list: [UnsafeMutablePointer<PangoAttribute>] = [
            pango_attr_font_desc_new(description), pango_attr_foreground_new(wide(color.red), wide(color.green), wide(color.blue)),
        ]
        if color.alpha < 255 { list.append(pango_attr_foreground_alpha_new(wide(color.alpha))) }
        return list
    }
}

extension TextLayout {
    /// Where the caret stands before the character at UTF-8 offset `byte` of the layout of
    /// `runs`: its top and bottom, relative to the layout's corner (unturned). For the Text
    /// tool's overlay.
    static func caret(in runs: [TextRun], wrapWidth: Float?, byte: Int) -> (top: Point, bottom: Point) {
        with(runs.isEmpty ? [TextRun(" ", style: .standard)] : runs, wrapWidth: wrapWidth) { layout in
            var strong = PangoRectangle(), weak = PangoRectangle()
            pango_layout_get_cursor_pos(layout, Int32(runs.isEmpty ? 0 : byte), &strong, &weak)
            let rect = rect(strong)
            return (Point(x: rect.minX, y: rect.minY), Point(x: rect.minX, y: rect.maxY))
        }
    }

    /// The rectangles the text between UTF-8 offsets `start` and `end` of the layout of `runs`
    /// covers, relative to the layout's corner (unturned): on each line it reaches, the runs
    /// of it that line shows, as tall as the line (a selection across wrapped lines is a band
    /// a line, and in mixed-direction text one a visual run). For the Text tool's overlay.
    static func rectangles(in runs: [TextRun], wrapWidth: Float?, from start: Int, to end: Int) -> [Rect] {
        guard !runs.isEmpty, start < end else { return [] }
        return with(runs, wrapWidth: wrapWidth) { layout in
            var rects: [Rect] = []
            let lines = pango_layout_get_line_count(layout)
            guard let iterator = pango_layout_get_iter(layout) else { return [] }
            defer { pango_layout_iter_free(iterator) }
            for _ in 0..<max(1, lines) {
                if let line = pango_layout_iter_get_line_readonly(iterator) {
                    let (lineStart, lineEnd) = (Int(line.pointee.start_index), Int(line.pointee.start_index + line.pointee.length))
                    // The line's break (a line feed) counts as the line's own, so an empty line selected shows.
                    if start <= lineEnd, end > lineStart || (lineStart == lineEnd && start <= lineStart) {
                        var logical = PangoRectangle()
                        pango_layout_iter_get_line_extents(iterator, nil, &logical)
                        let top = Float(logical.y) / scale, bottom = Float(logical.y + logical.height) / scale
                        var ranges: UnsafeMutablePointer<Int32>?
                        var count: Int32 = 0
                        pango_layout_line_get_x_ranges(
                            line, Int32(max(start, lineStart)), Int32(min(end, lineEnd)), &ranges, &count)
                        for index in 0..<Int(count) {
                            let x0 = Float(ranges![2 * index]) / scale, x1 = Float(ranges![2 * index + 1]) / scale
                            // A range as wide as nothing (the break alone): a sliver, so it shows.
                            rects.append(Rect(minX: x0, minY: top, maxX: max(x1, x0 + 4), maxY: bottom))
                        }
                        g_free(ranges)
                    }
                }
                if pango_layout_iter_next_line(iterator) == 0 { break }
            }
            return rects
        }
    }

    /// The UTF-8 offset nearest to `point` (relative to the layout's corner, unturned) in
    /// the layout of `runs`: where a click puts the caret.
    static func byteOffset(in runs: [TextRun], wrapWidth: Float?, at point: Point) -> Int {
        guard !runs.isEmpty else { return 0 }
        return with(runs, wrapWidth: wrapWidth) { layout in
            var index: Int32 = 0, trailing: Int32 = 0
            pango_layout_xy_to_index(layout, Int32(point.x * scale), Int32(point.y * scale), &index, &trailing)
            // `trailing` counts characters past the index: step over that many scalars.
            let bytes = Array(runs.map(\.text).joined().utf8)
            var offset = Int(index)
            for _ in 0..<trailing where offset < bytes.count {
                offset += 1
                while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            }
            return offset
        }
    }
}

extension TextEditor {
    /// The caret's line in the canvas (turned with the box).
    public var caretLine: (top: Point, bottom: Point) {
        let local = TextLayout.caret(in: runs, wrapWidth: wrapWidth, byte: byteOffset(of: caret))
        return (canvasPoint(local.top), canvasPoint(local.bottom))
    }

    /// The selection's bands in the canvas, one a line it reaches (turned with the box): each
    /// band's four corners.
    public var selectionBands: [[Point]] {
        let range = selectionBytes
        return TextLayout.rectangles(in: runs, wrapWidth: wrapWidth, from: range.lowerBound, to: range.upperBound).map { rect in
            [
                Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
                Point(x: rect.minX, y: rect.maxY),
            ].map(canvasPoint)
        }
    }

    /// The selection as UTF-8 offsets into the box's text.
    private var selectionBytes: Range<Int> {
        byteOffset(of: selection.lowerBound)..<byteOffset(of: selection.upperBound)
    }

    /// The character position nearest to the canvas point `point` (a click or a drag in the box).
    public func index(at point: Point) -> Int {
        let dx = Double(point.x - origin.x), dy = Double(point.y - origin.y)
        let c = cos(Double(-angle)), s = sin(Double(-angle))
        let local = Point(x: Float(c * dx - s * dy), y: Float(s * dx + c * dy))
        let byte = TextLayout.byteOffset(in: runs, wrapWidth: wrapWidth, at: local)
        var offset = 0
        for (index, character) in characters.enumerated() {
            if offset >= byte { return index }
            offset += character.utf8.count
        }
        return characters.count
    }

    /// A point of the box's own frame on the canvas.
    private func canvasPoint(_ local: Point) -> Point {
        let c = cos(Double(angle)), s = sin(Double(angle))
        let (x, y) = (Double(local.x), Double(local.y))
        return Point(x: origin.x + Float(c * x - s * y), y: origin.y + Float(s * x + c * y))
    }
}
