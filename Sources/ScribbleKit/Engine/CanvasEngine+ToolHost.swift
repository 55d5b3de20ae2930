/// The engine hosts the tools (book chapter 19's Strategy): what they work on and how they
/// ask for their overlay to be drawn again.
extension CanvasEngine: CanvasToolHost {
    /// The stylus' pressure of the event being handled.
    public var pressure: Float? { tools.pressure }

    /// How much the pen smooths the pointer's path (the preference).
    public var smoothing: Smoothing { preferences.smoothing }

    /// How long one pixel of the view is on the canvas (1 at 100 %).
    public var viewPixel: Float { Float(1 / session.viewport.zoom) }

    /// The canvas area in view.
    public var visibleRect: Rect { session.viewport.visibleRect }

    /// The canvas the document is on, where the select tool lifts a big selection for a drag.
    public var canvasSession: CanvasSession? { session }

    public func overlayNeedsDisplay(in rect: Rect) {
        guard let area = overlayArea(rect) else { return }
        var update = CanvasUpdate()
        update.redraw.append(area)
        take(update)
    }

    /// Runs `body` once after `milliseconds` on the app's clock, unless cancelled first; what
    /// it asks of the view goes to `onUpdate`.
    public func schedule(afterMilliseconds milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> ScheduledWork {
        let work = ScheduledWork()
        timers.after(milliseconds) { [weak self] in
            guard !work.isCancelled else { return }
            work.cancel() // done: a later cancel does nothing
            guard let self else { return body() }
            self.deliver(body)
        }
        return work
    }

    /// Ticks about every 16 ms (a frame at 60 Hz) until `tick` says stop; what each tick asks
    /// of the view goes to `onUpdate`.
    public func animate(_ tick: @escaping @MainActor () -> Bool) {
        timers.every(16) { [weak self] in
            guard let self else { return tick() }
            var goesOn = false
            self.deliver { goesOn = tick() }
            return goesOn
        }
    }
}
