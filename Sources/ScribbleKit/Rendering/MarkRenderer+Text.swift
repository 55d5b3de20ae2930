import CCairo
import CPango

extension MarkRenderer {
    /// A text box: its layout (`TextLayout`, made on this thread) drawn by Pango through
    /// Cairo at the box's corner and turn. On an image surface its glyphs are rasterised; on
    /// a PDF or print surface Cairo writes them as real text with the fonts embedded, so the
    /// text can be selected and searched (`pdftotext` finds it).
    /// - Complexity: O(1) when it misses the clip; else Pango's layout of its text.
    public func visit(text: TextBox) {
        guard !text.runs.isEmpty, text.bounds.outset(by: pixel).intersects(clip) else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_new_path(context)
        cairo_translate(context, Double(text.origin.x), Double(text.origin.y))
        if text.angle != 0 { cairo_rotate(context, Double(text.angle)) }
        TextLayout.with(text.runs, wrapWidth: text.wrapWidth) { layout in
            pango_cairo_show_layout(context, layout)
        }
    }
}
