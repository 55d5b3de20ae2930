import CCairo

/// A Cairo drawing context (`cairo_t *`) as the app's modules hand it to each other: GtkKit
/// gets one from a draw signal or a print page, ScribbleKit draws the drawing on it, and the
/// app's small widgets paint their swatches and icons with it. A thin value over the pointer,
/// so passing it costs what passing the pointer costs; it does not own the context (whoever
/// made it destroys it, as GTK does after a draw signal).
///
/// It lives in a target of its own, under both GtkKit and ScribbleKit, because the two must
/// not see each other and both speak of contexts. Only the calls the app uses are here; the
/// renderers inside ScribbleKit use `pointer` with Cairo's C API on their hot paths.
public struct CairoContext: @unchecked Sendable {
    /// The `cairo_t *`, for code that calls Cairo directly (inside ScribbleKit and GtkKit).
    public let pointer: OpaquePointer

    /// Wraps a context someone else owns.
    public init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// The ends of stroked lines.
    public enum LineCap: Sendable {
        case butt, round, square
    }

    /// Pushes the graphics state (source, line, transform, clip) for a `restore()`.
    @inlinable public func save() { cairo_save(pointer) }
    /// Pops the graphics state the last `save()` pushed.
    @inlinable public func restore() { cairo_restore(pointer) }

    /// Runs `body` between a `save()` and a `restore()`.
    @inlinable public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        return try body()
    }

    /// Moves the origin by (`x`, `y`) user units.
    @inlinable public func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }
    /// Scales user units by `x` horizontally and `y` vertically.
    @inlinable public func scale(x: Double, y: Double) { cairo_scale(pointer, x, y) }
    /// Scales user units by `factor` both ways.
    @inlinable public func scale(_ factor: Double) { cairo_scale(pointer, factor, factor) }
    /// Rotates user space by `angle` radians (clockwise on screen).
    @inlinable public func rotate(_ angle: Double) { cairo_rotate(pointer, angle) }

    /// Adds a rectangle to the path.
    @inlinable public func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(pointer, x, y, width, height)
    }

    /// Adds a circular arc around (`centerX`, `centerY`) from angle `from` to `to` (radians).
    @inlinable public func arc(centerX: Double, centerY: Double, radius: Double, from: Double, to: Double) {
        cairo_arc(pointer, centerX, centerY, radius, from, to)
    }

    /// Starts a new sub-path at (`x`, `y`).
    @inlinable public func move(toX x: Double, y: Double) { cairo_move_to(pointer, x, y) }
    /// Adds a line to (`x`, `y`).
    @inlinable public func line(toX x: Double, y: Double) { cairo_line_to(pointer, x, y) }

    /// Adds a cubic Bézier curve through the control points (`x1`, `y1`), (`x2`, `y2`) to (`x3`, `y3`).
    @inlinable public func curve(x1: Double, y1: Double, x2: Double, y2: Double, toX x3: Double, y y3: Double) {
        cairo_curve_to(pointer, x1, y1, x2, y2, x3, y3)
    }

    /// Paints with a solid colour from now on (components 0…1).
    @inlinable public func setSource(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(pointer, red, green, blue, alpha)
    }

    /// The width of stroked lines, in user units.
    @inlinable public func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }

    /// How stroked lines end.
    @inlinable public func setLineCap(_ cap: LineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_SQUARE)
        }
    }

    /// Strokes dashed: on and off lengths in turn, starting `offset` into the pattern; an
    /// empty array strokes solid.
    public func setDash(_ dashes: [Double], offset: Double = 0) {
        dashes.withUnsafeBufferPointer { cairo_set_dash(pointer, $0.baseAddress, Int32($0.count), offset) }
    }

    /// Strokes the path and clears it.
    @inlinable public func stroke() { cairo_stroke(pointer) }
    /// Fills the path and clears it.
    @inlinable public func fill() { cairo_fill(pointer) }
    /// Fills the path and keeps it (to stroke its outline next).
    @inlinable public func fillPreserve() { cairo_fill_preserve(pointer) }
    /// Paints the source everywhere within the clip.
    @inlinable public func paint() { cairo_paint(pointer) }
    /// Paints the source everywhere within the clip at `alpha` strength.
    @inlinable public func paint(alpha: Double) { cairo_paint_with_alpha(pointer, alpha) }
    /// Narrows the clip to the path, and clears the path.
    @inlinable public func clip() { cairo_clip(pointer) }

    /// Draws into a group from here on, until `popGroupToSource()`.
    @inlinable public func pushGroup() { cairo_push_group(pointer) }
    /// Ends the group and makes it the source, to be painted in one piece.
    @inlinable public func popGroupToSource() { cairo_pop_group_to_source(pointer) }
}
