import CCairo
import CairoKit

/// The Text tool (issue 55), headless: a click on the canvas opens a box with a caret there
/// (no wrap), a drag opens one as wide as the drag (its text wraps to it), a click in the
/// open box puts the caret, a drag in it selects; a click on another box edits it, a click
/// elsewhere ends the edit (an empty box goes). The app hands it the text its input method
/// commits (`type`) and the editing keys (`edit`).
///
/// **The document holds the box as it is typed**, so the canvas draws it and the journal has
/// it at once (a crash loses nothing typed); the overlay draws only the caret, the selection
/// and the box's frame. **Undo goes by typing burst:** the first change of a burst is a
/// command — the box drawn (`DrawScribbleCommand`) or the old box replaced by the new one
/// (a `CutMarksCommand` of one piece) — and each later change of the burst undoes that
/// command and does the burst's whole change again as one, so the history keeps one step a
/// burst. A burst ends after `burstPause` without typing, at a space or a line break typed,
/// and at any other action (a motion, a style, the edit's end).
@MainActor
public final class TextTool: CanvasTool {
    private unowned let host: CanvasToolHost
    /// The box being edited, if any.
    public private(set) var editor: TextEditor?
    /// The style a new box starts in (the app's font and the palette's colour).
    public var style: TextStyle
    /// The box on the document for the editor (`nil` while it is new and empty).
    private var shown: TextBox?
    /// The box as it was before the burst under way (`nil`: the burst made it), and whether
    /// a burst is under way.
    private var burstStart: TextBox?, inBurst = false
    private var burstTimer: ScheduledWork?
    /// Where the press went down, and whether it was in the open box (a drag selects).
    private var pressPoint: Point?, pressInBox = false

    /// A burst of typing ends after this long without a key.
    public static let burstPause: UInt32 = 1000
    /// The least drag, in pixels, that makes a box of its width.
    static let dragWidth: Float = 8

    public init(host: CanvasToolHost, style: TextStyle = .standard) {
        self.host = host
        self.style = style
        // The palette's colour applies to the open box's selection (or what is typed next).
        // (The observer is called at once with the colour as it is: nothing changes then.)
        host.strokeStyle.addObserver { [weak self] pen in
            let color = pen.color
            MainActor.assumeIsolated { self?.paletteChose(color) }
        }
    }

    /// The palette's colour `color` for the open box's selection, or for what is typed next.
    private func paletteChose(_ color: Color) {
        style.color = color
        guard let editor, editor.typingStyle.color != color || editor.styles[editor.selection].contains(where: { $0.color != color })
        else { return }
        if editor.selection.isEmpty { return move { $0.typingStyle.color = color } }
        edit { $0.restyle { $0.color = color } }
    }

    public var cursorName: String { "text" }

    public func press(at point: Point, modifiers: ToolModifiers) {
        pressPoint = point
        pressInBox = false
        if let editor, let box = shown ?? editor.box, box.isHit(at: point, radius: 4) {
            pressInBox = true
            endBurst()
            self.editor?.place(at: editor.index(at: point), extending: modifiers.contains(.shift))
            return refresh()
        }
        finishGesture()
        if let (mark, _) = host.document.scribble.topmostMark(at: point), let box = mark as? TextBox {
            var editor = TextEditor(editing: box)
            editor.place(at: editor.index(at: point))
            open(editor, showing: box)
            pressInBox = true
            return refresh()
        }
    }

    public func drag(to point: Point) {
        guard let start = pressPoint else { return }
        if pressInBox, let editor {
            self.editor?.place(at: editor.index(at: point), extending: true)
            return refresh()
        }
        _ = start // a new box's width is read on release
        host.overlayNeedsDisplay(in: Rect.null.union(start).union(point).outset(by: 4))
    }

    public func release(at point: Point) {
        defer { pressPoint = nil }
        guard let start = pressPoint, !pressInBox else { return }
        let width = abs(point.x - start.x)
        let origin = Point(x: min(start.x, point.x), y: start.y)
        open(
            TextEditor(origin: width >= Self.dragWidth ? origin : start, wrapWidth: width >= Self.dragWidth ? width : nil, style: style),
            showing: nil)
    }

    /// Ends the edit: the burst under way is one undo step, and an empty box goes.
    public func finishGesture() {
        endBurst()
        editor = nil
        shown = nil
        host.overlayNeedsDisplay(in: host.visibleRect.isNull ? Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6) : host.visibleRect)
    }

    /// Whether a box is open for typing (the app then sends it the keys).
    public var isEditing: Bool { editor != nil }

    /// Types `text` (an input method's commit, or a paste) at the caret; returns whether it all
    /// went in (false: cut at the box's limit).
    @discardableResult
    public func type(_ text: String) -> Bool {
        guard editor != nil else { return true }
        let all = editor!.insert(text)
        apply()
        if text.last?.isWhitespace == true { endBurst() }
        return all
    }

    /// An editing change that is not typing (Backspace, Delete, a style, Cut): one step of its own.
    public func edit(_ change: (inout TextEditor) -> Void) {
        guard editor != nil else { return }
        endBurst()
        change(&editor!)
        apply()
        endBurst()
    }

    /// A caret motion or a selection: no change to the drawing.
    public func move(_ change: (inout TextEditor) -> Void) {
        guard editor != nil else { return }
        endBurst()
        change(&editor!)
        refresh()
    }

    public func drawOverlay(on context: CairoContext) {
        guard let editor else { return }
        let cr = context.pointer
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let pixel = Double(host.viewPixel)
        if let box = shown {
            // The box's frame, dashed, in its own turn.
            cairo_translate(cr, Double(box.origin.x), Double(box.origin.y))
            cairo_rotate(cr, Double(box.angle))
            let extents = box.extents
            cairo_set_source_rgba(cr, 0.2, 0.4, 0.9, 0.6)
            cairo_set_line_width(cr, pixel)
            var dashes = [4 * pixel, 3 * pixel]
            cairo_set_dash(cr, &dashes, 2, 0)
            cairo_rectangle(
                cr, Double(extents.minX) - 2 * pixel, Double(extents.minY) - 2 * pixel, Double(extents.width) + 4 * pixel,
                Double(extents.height) + 4 * pixel)
            cairo_stroke(cr)
            cairo_identity_matrix(cr)
        }
        cairo_restore(cr)
        cairo_save(cr)
        if !editor.selection.isEmpty {
            // The selection: a band a line it reaches, as wide as what it holds there.
            cairo_set_source_rgba(cr, 0.2, 0.4, 0.9, 0.3)
            for band in editor.selectionBands {
                cairo_move_to(cr, Double(band[0].x), Double(band[0].y))
                for corner in band.dropFirst() { cairo_line_to(cr, Double(corner.x), Double(corner.y)) }
                cairo_close_path(cr)
            }
            cairo_fill(cr)
        }
        let caret = editor.caretLine
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1)
        cairo_set_line_width(cr, max(1.5 * pixel, Double(editor.typingStyle.size) / 24))
        cairo_move_to(cr, Double(caret.top.x), Double(caret.top.y))
        cairo_line_to(cr, Double(caret.bottom.x), Double(caret.bottom.y))
        cairo_stroke(cr)
    }

    /// Starts editing `editor`, whose box `box` is on the document (or none yet).
    private func open(_ editor: TextEditor, showing box: TextBox?) {
        self.editor = editor
        shown = box
        refresh()
    }

    /// Puts the editor's box on the document in place of the one shown, as the burst's one step.
    private func apply() {
        guard let editor else { return }
        let document = host.document
        if !inBurst {
            inBurst = true
            burstStart = shown
        } else if shown !== burstStart {
            document.undo() // the burst's step so far, done again whole below
        }
        let box = editor.box
        switch (burstStart, box) {
        case (nil, let box?):
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: box))
            document.markFinished(box)
        case (let old?, let box):
            if let index = document.scribble.index(of: old) {
                document.execute(
                    CutMarksCommand(scribble: document.scribble, indices: [index], pieceCounts: [box == nil ? 0 : 1], pieces: box.map { [$0] } ?? []))
            }
        case (nil, nil):
            break
        }
        shown = box
        burstTimer?.cancel()
        burstTimer = host.schedule(afterMilliseconds: Self.burstPause) { [weak self] in self?.endBurst() }
        refresh()
    }

    /// Ends the burst under way: its step stays in the history as it is.
    private func endBurst() {
        burstTimer?.cancel()
        burstTimer = nil
        inBurst = false
        burstStart = nil
    }

    /// Asks for the overlay around the box to be drawn again.
    private func refresh() {
        let area = (shown?.bounds ?? .null).union(editor.map { Rect.null.union($0.origin) } ?? .null)
        host.overlayNeedsDisplay(in: area.isNull ? .null : area.outset(by: 64 + (editor?.typingStyle.size ?? 0) * 2))
    }
}
