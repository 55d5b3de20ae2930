import CCairo
import CairoKit
import Glibc

/// Picks and edits marks (book chapter 19): a click selects the topmost mark under the
/// pointer, Shift+click adds or removes one; a drag from empty canvas draws a lasso that
/// selects the marks wholly inside it (with Alt, every mark it touches; with Shift, added to
/// the selection). The selection shows a box with eight scale handles and a rotate handle:
/// dragging a handle scales (Shift keeps the aspect ratio) or rotates (Shift: 15° steps)
/// about the box's centre, dragging inside it moves. Each drag shows live and is one undo
/// step on release, its copies made by the `TransformVisitor` (book §15.4).
@MainActor
public final class SelectTool: CanvasTool {
    /// What a drag on the selection does.
    private enum Edit {
        case move(start: Point)
        case scale(handle: SelectionBox.Handle, start: Point)
        case rotate(start: Point)
    }

    /// A drag editing the selection: the marks as they were, where they are in the drawing,
    /// the copies on show and the transform that made them.
    private struct EditGesture {
        let edit: Edit
        let box: SelectionBox
        let originals: [Mark]
        let indices: [Int]
        /// Whether the packed top-level marks are selected whole, and edited so
        /// (`Scribble+PackedMarks`): lifted for the drag, changed once at its end.
        let editsPacked: Bool
        var shown: [Mark]
        var transform = AffineTransform.identity
        /// Whether the canvas lifted the marks off for the drag (too many to change at every
        /// step): they change once, at the end; `nil` until the first step asks.
        var isLifted: Bool?

        /// Copies of the originals moved by `transform`.
        /// - Complexity: O(their vertices).
        func copies(through transform: AffineTransform) -> [Mark] {
            transform.isTranslation
                ? originals.map { $0.translated(dx: Float(transform.tx), dy: Float(transform.ty)) }
                : originals.map { $0.transformed(by: transform) }
        }
    }

    private unowned let host: CanvasToolHost
    private var editing: EditGesture?
    /// The lasso being drawn and the modifiers held at its start.
    private var lasso: (points: [Point], modifiers: ToolModifiers)?

    /// A select tool over `host`'s document and selection.
    public init(host: CanvasToolHost) {
        self.host = host
    }

    public var cursorName: String { "default" }

    /// The selection's box as it stands now; `nil` with nothing selected.
    public var box: SelectionBox? {
        let bounds = host.selection.bounds
        return bounds.isNull ? nil : SelectionBox(around: bounds, viewPixel: host.viewPixel, visible: host.visibleRect)
    }

    /// Whether `point` is on one of the selection's handles (the stamp tool hands such a
    /// press to the select tool, so a fresh stamp can be scaled or turned at once).
    public func isOnHandle(_ point: Point) -> Bool {
        host.selection.prune(on: host.document.scribble)
        return box?.handle(at: point) != nil
    }

    public func press(at point: Point, modifiers: ToolModifiers) {
        let scribble = host.document.scribble
        let selection = host.selection
        selection.prune(on: scribble)
        let hit = scribble.topmostMark(at: point)?.mark
        // A handle wins, but for Shift+click on a mark at the box's edge, which toggles the mark.
        if let box, let handle = box.handle(at: point), !(modifiers.contains(.shift) && hit != nil) {
            return beginEdit(handle == .rotate ? .rotate(start: point) : .scale(handle: handle, start: point), box: box)
        }
        if modifiers.contains(.shift) {
            if let hit { selection.toggle(hit) } else { lasso = ([point], modifiers) }
            return
        }
        if let hit {
            if !selection.contains(hit) { selection.set([hit]) }
        } else if box.map({ Self.contains($0.rect, point) }) != true {
            selection.clear()
            lasso = ([point], modifiers)
            return
        }
        if let box { beginEdit(.move(start: point), box: box) }
    }

    public func drag(to point: Point) { drag(to: point, modifiers: []) }

    public func drag(to point: Point, modifiers: ToolModifiers) {
        if var lasso {
            guard let last = lasso.points.last, last.distance(to: point) >= host.viewPixel else { return }
            lasso.points.append(point)
            self.lasso = lasso
            host.overlayNeedsDisplay(in: Rect.null.union(last).union(point).outset(by: 3 * host.viewPixel))
            return
        }
        guard var editing, let transform = transform(for: editing, at: point, modifiers: modifiers),
            transform != editing.transform
        else { return }
        let before = editing.box.area(through: editing.transform)
        if editing.isLifted == nil {
            editing.isLifted = host.canvasSession?.lift(editing.originals, withPacked: editing.editsPacked) ?? false
        }
        if editing.isLifted == true {
            host.canvasSession?.moveLift(transform)
        } else {
            show(editing.copies(through: transform), for: &editing)
        }
        editing.transform = transform
        self.editing = editing
        host.overlayNeedsDisplay(in: before.union(editing.box.area(through: transform)))
    }

    /// Puts `copies` in the originals' places, selected.
    private func show(_ copies: [Mark], for editing: inout EditGesture) {
        host.document.scribble.replaceMarks(at: editing.indices, with: copies)
        editing.shown = copies
        host.selection.set(copies, keepingPackedOf: host.document.scribble)
    }

    public func release(at point: Point) {
        if lasso != nil { return finishLasso() }
        finishGesture()
    }

    public func finishGesture() {
        if lasso != nil { return finishLasso() }
        defer {
            if editing?.isLifted == true { host.canvasSession?.dropLift() }
            editing = nil
        }
        guard var editing, editing.transform != .identity else { return }
        host.overlayNeedsDisplay(in: editing.box.area(through: editing.transform))
        let t = editing.transform
        let edit: ReplaceMarksCommand.Edit = t.isTranslation ? .move(dx: Float(t.tx), dy: Float(t.ty)) : .transform(t)
        let scribble = host.document.scribble
        // The packed marks selected whole change here, once, to their values moved by the drag.
        let packedOriginals = editing.editsPacked ? scribble.showPacked(editedBy: edit, from: nil) : nil
        if editing.isLifted == true || editing.editsPacked { show(editing.copies(through: editing.transform), for: &editing) }
        host.document.commit(
            ReplaceMarksCommand(
                scribble: scribble, originals: editing.originals, edited: editing.shown, edit: edit, packedOriginals: packedOriginals))
    }

    /// Draws the lasso, or the selection's box with its handles (turned and scaled with a
    /// drag under way) and a faint outline around each selected mark.
    public func drawOverlay(on context: CairoContext) {
        let cr = context.pointer
        let pixel = Viewport.viewPixel(on: cr)
        if let lasso, let first = lasso.points.first {
            cairo_new_path(cr)
            cairo_move_to(cr, Double(first.x), Double(first.y))
            for point in lasso.points.dropFirst() { cairo_line_to(cr, Double(point.x), Double(point.y)) }
            SelectionBox.strokeOutline(cr, pixel: pixel)
            return
        }
        // Lifted marks move as a picture: their outlines would stay behind. (Counted first: a
        // walk of the marks would make an object for each packed mark selected whole.)
        let count = host.selection.count
        if count > 1, count <= Self.outlinedMarks, editing?.isLifted != true {
            for mark in host.selection.pickedMarks {
                let outline = mark.bounds.outset(by: 2 * Float(pixel))
                guard !outline.isNull else { continue }
                cairo_rectangle(cr, Double(outline.minX), Double(outline.minY), Double(outline.width), Double(outline.height))
            }
            cairo_set_line_width(cr, pixel)
            cairo_set_source_rgba(cr, 0.1, 0.35, 0.85, 0.45)
            cairo_stroke(cr)
        }
        if let editing, !editing.transform.isTranslation || editing.isLifted == true {
            editing.box.draw(on: context, through: editing.transform)
        } else {
            box?.draw(on: context)
        }
    }

    /// The most marks that get an outline each; more show only the box (thousands of
    /// rectangles every frame would slow a drag).
    static let outlinedMarks = 200

    /// Starts a drag that edits the selection.
    private func beginEdit(_ edit: Edit, box: SelectionBox) {
        let scribble = host.document.scribble
        let known = scribble.indicesByIdentity()
        // Packed marks selected whole stay so: they are not among the marks (`pickedMarks`).
        let marks = host.selection.pickedMarks.filter { known[ObjectIdentifier($0)] != nil }
        editing = EditGesture(
            edit: edit, box: box, originals: marks, indices: marks.compactMap { known[ObjectIdentifier($0)] },
            editsPacked: host.selection.selectsPacked, shown: marks)
    }

    /// The transform a drag to `point` makes.
    private func transform(for gesture: EditGesture, at point: Point, modifiers: ToolModifiers) -> AffineTransform? {
        let center = gesture.box.center
        switch gesture.edit {
        case .move(let start):
            return .translation(dx: Double(point.x - start.x), dy: Double(point.y - start.y))
        case .rotate(let start):
            var angle = atan2(Double(point.y - center.y), Double(point.x - center.x))
            angle -= atan2(Double(start.y - center.y), Double(start.x - center.x))
            if modifiers.contains(.shift) { angle = (angle / (Double.pi / 12)).rounded() * (Double.pi / 12) }
            return .rotation(angle, about: center)
        case .scale(let handle, _):
            let side = handle.side
            let halfWidth = Double(gesture.box.rect.width) / 2, halfHeight = Double(gesture.box.rect.height) / 2
            let dx = Double(point.x - center.x), dy = Double(point.y - center.y)
            var sx = side.x != 0 && halfWidth > 0 ? dx / (Double(side.x) * halfWidth) : 1
            var sy = side.y != 0 && halfHeight > 0 ? dy / (Double(side.y) * halfHeight) : 1
            // A selection holding a picture keeps its proportions unless Shift is held (a
            // photo stretched is rarely meant); ink scales freely unless Shift is held.
            let keepsProportions = gesture.originals.contains { $0 is Picture }
            if modifiers.contains(.shift) != keepsProportions {
                let uniform: Double
                if side.x != 0, side.y != 0 {
                    // The pointer's reach along the diagonal through the handle.
                    let hx = Double(side.x) * halfWidth, hy = Double(side.y) * halfHeight
                    uniform = (dx * hx + dy * hy) / max(hx * hx + hy * hy, .leastNormalMagnitude)
                } else {
                    uniform = side.x != 0 ? sx : sy
                }
                (sx, sy) = (uniform, uniform)
            }
            return .scale(sx: Self.bounded(sx), sy: Self.bounded(sy), about: center)
        }
    }

    /// A scale factor kept off zero (which would flatten the marks for good), keeping its sign.
    private static func bounded(_ factor: Double) -> Double {
        guard factor.isFinite else { return 1 }
        return abs(factor) < 0.01 ? (factor < 0 ? -0.01 : 0.01) : min(max(factor, -1000), 1000)
    }

    private static func contains(_ rect: Rect, _ point: Point) -> Bool {
        point.x >= rect.minX && point.x <= rect.maxX && point.y >= rect.minY && point.y <= rect.maxY
    }

    /// Selects what the lasso closed around and forgets the lasso.
    private func finishLasso() {
        guard let lasso else { return }
        self.lasso = nil
        let drawn = lasso.points.reduce(Rect.null) { $0.union($1) }
        host.overlayNeedsDisplay(in: drawn.outset(by: 3 * host.viewPixel))
        let loop = Lasso(lasso.points)
        guard loop.isClosed else { return }
        let picked = host.document.scribble.marks(in: loop, touching: lasso.modifiers.contains(.alt))
        if lasso.modifiers.contains(.shift) {
            let selection = host.selection
            selection.set(selection.marks + picked.filter { !selection.contains($0) })
        } else {
            host.selection.set(picked)
        }
    }
}
