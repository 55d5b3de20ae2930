import CairoKit
import GtkKit
import ScribbleKit

/// Stamps a pattern template (book chapter 3, the Prototype): each click adds a fresh
/// deep copy of the template centred on the click point, one undo step per stamp. A faint
/// preview of the whole stamp, centred on the pointer, shows where it will land. The stamp
/// just made is selected (book §3.6: clones that can be transformed): its box's handles
/// scale and turn it at once, through a select tool this tool hands such presses to, and
/// "Keep as template" keeps it, transformed, as a new template.
///
/// A huge template (a million strokes) is copied off the main thread: the copy, and the
/// journal's memento of it, are made on the stamp queue, and the stamp goes on the canvas as
/// one command when they are done (the canvas then renders it in the background too). Its
/// preview is a picture drawn once when it was chosen, not the marks drawn at every motion.
@MainActor
final class StampTool: CanvasTool {
    private unowned let host: CanvasToolHost
    /// The prototype; it never goes on the canvas itself.
    let template: Mark
    /// Whether the template is too big to copy and draw on the main thread.
    private let isHuge: Bool
    /// The huge template's preview picture, if one was drawn.
    private let picture: StampPicture?
    /// Where the preview is drawn; `nil` when the pointer is off the canvas.
    private var previewPoint: Point?
    /// Scales and turns the stamp just made, when a press lands on its handles.
    private let handles: SelectTool
    /// Whether the press under way went to `handles`.
    private var isEditingStamp = false

    /// Stamps copies of `template` on `host`'s document. `size` is its marks and vertices
    /// (counted off the main thread by the library; counted here if not given).
    init(host: CanvasToolHost, template: Mark, size: Int? = nil, picture: StampPicture? = nil) {
        self.host = host
        self.template = template
        isHuge = (size ?? Self.size(of: template)) > TemplateLibrary.hugeSize
        self.picture = picture
        handles = SelectTool(host: host)
    }

    var cursorName: String { "copy" }

    func press(at point: Point, modifiers: ToolModifiers) {
        if handles.isOnHandle(point) {
            isEditingStamp = true
            hover(at: nil)
            return handles.press(at: point, modifiers: modifiers)
        }
        let document = host.document
        let selection = host.selection
        guard isHuge else {
            let stamp = copy(placedAt: point)
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stamp))
            document.markFinished(stamp)
            selection.set([stamp])
            return
        }
        let (dx, dy) = offset(centringOn: point)
        let prototype = Handoff(mark: template)
        // Copied on the stamp lane, one after another in the order clicked.
        WorkLanes.run(
            on: .stamp,
            {
                let stamp = Handoff(mark: prototype.mark.translated(dx: dx, dy: dy))
                return (stamp, Scribble.incrementalMemento(of: stamp.mark))
            },
            then: { stamp, memento in
                document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stamp.mark))
                document.markFinished(stamp.mark, journaledAs: memento)
                selection.set([stamp.mark])
            })
    }

    /// The marks and vertices in `mark`, counted up to one past `TemplateLibrary.hugeSize`.
    private static func size(of mark: Mark) -> Int {
        var count = 0
        mark.enumerateMarks { _, stop in
            count += 1
            stop = count > TemplateLibrary.hugeSize
        }
        return count
    }

    func drag(to point: Point) { drag(to: point, modifiers: []) }

    func drag(to point: Point, modifiers: ToolModifiers) {
        if isEditingStamp { handles.drag(to: point, modifiers: modifiers) } else { hover(at: point) }
    }

    func release(at point: Point) {
        guard isEditingStamp else { return }
        isEditingStamp = false
        handles.release(at: point)
    }

    func finishGesture() {
        isEditingStamp = false
        handles.finishGesture()
    }

    func hover(at point: Point?) {
        let point = point.flatMap { handles.isOnHandle($0) ? nil : $0 } // a handle shows, not the preview
        for location in [previewPoint, point].compactMap({ $0 }) { host.overlayNeedsDisplay(in: previewArea(at: location)) }
        previewPoint = point
    }

    /// A deep copy of the template centred on `point`.
    func copy(placedAt point: Point) -> Mark {
        let (dx, dy) = offset(centringOn: point)
        return template.translated(dx: dx, dy: dy)
    }

    /// How far the template moves to have the middle of its bounds at `point`.
    private func offset(centringOn point: Point) -> (dx: Float, dy: Float) {
        let box = template.bounds
        return (point.x - (box.minX + box.maxX) / 2, point.y - (box.minY + box.maxY) / 2)
    }

    private func previewArea(at point: Point) -> Rect {
        let box = template.bounds, (dx, dy) = offset(centringOn: point)
        return Rect(minX: box.minX + dx, minY: box.minY + dy, maxX: box.maxX + dx, maxY: box.maxY + dy).outset(by: 2)
    }

    /// The template where a click would put it, at a third of its strength.
    func drawOverlay(on cr: CairoContext) {
        handles.drawOverlay(on: cr)
        guard let point = previewPoint, !isEditingStamp else { return }
        let (dx, dy) = offset(centringOn: point)
        if isHuge {
            if let picture { picture.draw(on: cr, dx: Double(dx), dy: Double(dy)) }
            return
        }
        cr.save()
        cr.pushGroup()
        cr.translate(x: Double(dx), y: Double(dy))
        MarkRenderer(context: cr).render(template)
        cr.popGroupToSource()
        cr.paint(alpha: 0.35)
        cr.restore()
    }
}

/// A mark handed from one thread to another: the prototype (never changed) to the stamp
/// queue, and the new copy, untouched there once made, back to the main thread.
private struct Handoff: @unchecked Sendable {
    let mark: Mark
}

/// A huge template drawn once (at most 2048 pixels on its longer side), the preview the
/// stamp tool moves with the pointer instead of drawing a million marks at every motion.
struct StampPicture: @unchecked Sendable {
    /// The picture; only read once made.
    let image: CairoImage
    /// Canvas pixels per picture pixel.
    let scale: Double
    /// Where the picture's top-left corner lies on the canvas, before a stamp's offset.
    let origin: (x: Double, y: Double)

    /// Draws `mark` (call it off the main thread); `nil` for an empty mark.
    init?(_ mark: Mark) {
        let box = mark.bounds
        guard !box.isNull else { return nil }
        let margin = 8.0 // round caps and joins past the bounds of the points
        let width = Double(box.width) + 2 * margin, height = Double(box.height) + 2 * margin
        let scale = max(1, max(width, height) / 2048)
        let origin = (x: Double(box.minX) - margin, y: Double(box.minY) - margin)
        guard
            let image = CairoImage(
                width: Int((width / scale).rounded(.up)), height: Int((height / scale).rounded(.up)),
                format: .argb32,
                draw: { cr in
                    cr.scale(1 / scale)
                    cr.translate(x: -origin.x, y: -origin.y)
                    MarkRenderer(context: cr).render(mark)
                })
        else { return nil }
        (self.image, self.scale, self.origin) = (image, scale, origin)
    }

    /// Paints the picture moved by (`dx`, `dy`) canvas pixels, at a third of its strength.
    func draw(on cr: CairoContext, dx: Double, dy: Double) {
        cr.save()
        cr.translate(x: origin.x + dx, y: origin.y + dy)
        cr.scale(scale)
        image.paint(on: cr, alpha: 0.35)
        cr.restore()
    }
}
