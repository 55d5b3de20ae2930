/// What changed in a scribble; `dirty` is the area to repaint.
public struct ScribbleChange {
    /// The kind of change.
    public enum Kind {
        /// The whole drawing may have changed (registration, clear, restore, open).
        case reset
        /// A top-level mark appeared.
        case added(Mark)
        /// A top-level mark went away.
        case removed(Mark)
        /// The stroke in progress got a new last vertex; only its last two segments are new
        /// (the one before the vertex takes its final shape, see `CurveSegment`).
        case extended(Stroke)
        /// The stroke in progress is complete: its last segment is final as it stands.
        case finished(Stroke)
        /// Top-level marks were put in place of others, where those were: an edited copy of
        /// a mark (moved, recoloured), the pieces an eraser step left of the marks it cut, or
        /// the other way round on undo.
        case replaced([Mark], by: [Mark])
    }

    /// The kind of change.
    public let kind: Kind
    /// The area the change touched, pen width included.
    public let dirty: Rect
}

/// Told of every change to a scribble it observes.
public protocol ScribbleObserver: AnyObject {
    /// Called after `scribble` changed, on the thread that changed it.
    func scribble(_ scribble: Scribble, didChange change: ScribbleChange)
}

/// Observers are held weakly, so a view that goes away needs no unsubscribe.
struct WeakObserver {
    weak var observer: ScribbleObserver?
}

extension Scribble {
    /// Registers `observer` and tells it the current state at once, as a `.reset`.
    public func addObserver(_ observer: ScribbleObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        observers.append(WeakObserver(observer: observer))
        observer.scribble(self, didChange: ScribbleChange(kind: .reset, dirty: root.bounds))
    }

    /// Unregisters `observer`; unknown observers are ignored.
    public func removeObserver(_ observer: ScribbleObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    func notify(_ kind: ScribbleChange.Kind, dirty: Rect) {
        let change = ScribbleChange(kind: kind, dirty: dirty)
        for entry in observers { entry.observer?.scribble(self, didChange: change) }
    }
}
