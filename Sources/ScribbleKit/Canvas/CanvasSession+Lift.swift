import Dispatch

/// A big selection dragged by the select tool's handles (see `SelectionLift`): lifted off the
/// backdrop when the drag starts, moved as a picture while it goes on, dropped when it ends.
extension CanvasSession {
    /// Lifts `marks` (top-level marks of the scribble on show) off the canvas for a drag, if
    /// they are too heavy to repaint at every step: their picture is rendered in the
    /// background, then the backdrop without them. Returns whether it lifted them; if not,
    /// the tool shows each step by changing the marks, as for any edit.
    /// With `withPacked`, the scribble's packed top-level marks go too, all of them, without
    /// an object each (Select All on a drawing of many: `Scribble+PackedMarks`).
    /// - Complexity: O(the marks), on the main thread.
    public func lift(_ marks: [Mark], withPacked: Bool = false) -> Bool {
        guard lift == nil, let scribble, !marks.isEmpty || withPacked else { return false }
        let group = Stroke()
        // (Shared, not copied: values, copied on a change.)
        if withPacked { group.adoptPacked(scribble.root.storedElements.packed) }
        for mark in marks { group.add(mark) }
        let snapshot = RenderSnapshot(of: group)
        let bounds = marks.reduce(withPacked ? scribble.packedBounds : .null) { $0.union($1.bounds) }
        guard snapshot.vertexCount > Self.repaintVertexLimit || isTooSlowToRepaint(bounds) else { return false }
        let lift = SelectionLift(
            hidden: Set(marks.map { ObjectIdentifier($0) }), hidesPacked: withPacked, bounds: bounds, vertexCount: snapshot.vertexCount)
        self.lift = lift
        let (view, hop) = (frameView, self.hop)
        DispatchQueue.global(qos: .userInitiated).async {
            let layer = LiftLayer(rendering: snapshot, view: view, area: bounds)
            hop { [weak self] in self?.show(layer, of: lift) }
        }
        return true
    }

    /// Whether a lifted selection's picture is on show.
    public var isLiftShown: Bool { lift?.layer != nil }

    /// Moves the lifted marks' picture by `transform` (canvas), from where they lie.
    public func moveLift(_ transform: AffineTransform) {
        guard let lift, lift.dropped == nil else { return }
        let before = lift.area(through: lift.transform)
        lift.transform = transform
        guard lift.layer != nil else { return }
        redraw(before.union(lift.area(through: transform)))
    }

    /// The drag is over and the marks are where it left them (or back, if it moved nothing):
    /// the picture stays on show until a frame that draws the marks is up.
    public func dropLift() {
        guard let lift else { return }
        guard lift.layer != nil else {
            self.lift = nil // never shown: the backdrop still holds the marks
            return
        }
        lift.dropped = generation + 1
        requestFullFrame()
    }

    /// The lifted picture is ready: show it, and render the backdrop without the marks.
    private func show(_ layer: LiftLayer, of lift: SelectionLift) {
        guard self.lift === lift, lift.dropped == nil else { return }
        lift.layer = layer
        redraw(lift.area(through: lift.transform))
        requestFullFrame()
    }

    /// Asks for `area` (canvas) to be redrawn.
    private func redraw(_ area: Rect) {
        guard !area.isNull else { return }
        onUpdate?(.redraw(viewport.viewRect(area).outset(by: 2)))
    }
}
