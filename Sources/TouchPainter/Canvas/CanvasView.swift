import CCairo
import Dispatch
import GtkKit
import ScribbleKit

/// The drawing surface: a `DrawingArea` that shows a scribble and repaints only what
/// changes. Finished marks live in an offscreen image (the backdrop); each change draws
/// just its own marks into it and invalidates just its rectangle, so the cost of one motion
/// event does not grow with the drawing. All drawing of marks goes through `MarkRenderer`.
///
/// Full frames — a new scribble on show, a new size, a reset — are rendered off the main
/// thread unless the drawing and the frame are small, so opening a million-vertex scribble
/// or resizing the window never stalls input; a frame is never bigger than the monitor:
///
/// 1. On the main thread, a `RenderSnapshot` freezes the tree (O(marks), no vertex copied).
/// 2. Background threads render it into a new backdrop, in tiles on every core, at a lower
///    priority than the main thread's, so input handling gets the cores first.
/// 3. Meanwhile the window keeps showing the old backdrop — or, for another scribble, a
///    blank one — and every change still goes into it at once, and into `PendingChanges`.
/// 4. Back on the main thread the new backdrop replays the pending changes and is swapped
///    in. A frame requested meanwhile (`generation` moved on), or made stale by an undo,
///    is dropped and rendered again from a fresh snapshot; at most one render runs at a time.
///
/// Taking a mark away repaints its area from scratch; when that area holds so much of a big
/// drawing that the repaint would stall input (`repaintVertexLimit`), a full frame is
/// rendered in the background instead, and the mark stays on show until it is ready.
@MainActor
final class CanvasView {
    /// Drawings with at most this many vertices get their full frames at once, on the main
    /// thread, which spares them a blank frame. Where nothing hides anything, a full frame
    /// costs about 1.7 µs a vertex on two cores (`touchpainter-bench`), so this stays within
    /// about 10 ms.
    static let synchronousVertexLimit = 6_000
    /// A removal whose area is likely to hold more vertices than this (judged by the share of
    /// the canvas it covers) is shown by a background full frame, not repainted in place: at
    /// the same 1.7 µs a vertex this keeps an undo within about 30 ms.
    static let repaintVertexLimit = 20_000
    /// Full frames bigger than this many device pixels are rendered in the background
    /// whatever the drawing: allocating and painting 64 MB (a 4K screen at scale 2) alone
    /// takes tens of milliseconds.
    static let synchronousPixelLimit = 4_000_000

    /// The widget.
    let drawingArea = DrawingArea()
    /// What lies under the marks: white, paper or cloth (see `CanvasViewGenerator`).
    let background: CanvasKind
    private(set) var scribble: Scribble?
    /// What the window shows: the last full frame plus every change since.
    private var backdrop: CanvasBackdrop?
    /// Counts full-frame requests; a render finishing for an older one is out of date.
    private var generation = 0
    /// The request the backdrop on show answers.
    private var shownGeneration = -1
    /// True while a background render runs.
    private var isRendering = false
    /// Changes since the snapshot of the background render under way.
    private var pending = PendingChanges()
    /// Told once the newest requested frame is shown (see `whenCurrentFrameIsShown`).
    private var waitingForCurrentFrame: [@MainActor () -> Void] = []
    /// Vertices in the drawing at the last full frame, for judging what a repaint costs.
    private var vertexCount = 0
    /// The size (and scale) the newest full frame was asked for: GTK allocates the same
    /// size again whenever the window relays out (a title change does it), which must not
    /// start a new frame.
    private var frameSize = (width: 0, height: 0, scale: 0)

    /// What the stroke in progress changed since it was last painted, and whether a paint of
    /// it is scheduled (`paintSoon`).
    private var unpaintedLiveArea = Rect.null
    private var isLivePaintScheduled = false
    /// When the stroke in progress was last painted (`DispatchTime` uptime ns).
    private var lastLivePaint: UInt64 = 0
    /// The shortest time between two paints of the stroke in progress: 8 ms, half a 60 Hz
    /// frame.
    private static let livePaintInterval: UInt64 = 8_000_000

    /// Draws above the drawing on every frame (the current tool's outline or preview);
    /// never part of the backdrop.
    var drawOverlay: ((OpaquePointer) -> Void)?

    /// An empty canvas showing `background` under the marks; `show(_:)` gives it a scribble.
    init(background: CanvasKind = .plain) {
        self.background = background
        drawingArea.accessibleName = tr("Canvas")
        drawingArea.setExpand(horizontal: true, vertical: true)
        drawingArea.onDraw { [weak self] cr in self?.draw(cr) }
        drawingArea.onResize { [weak self] width, height in self?.resize(width: width, height: height) }
        drawingArea.onRealize { [weak self] in self?.drawingArea.disableMotionCompression() }
    }

    /// Shows `scribble`, replacing any other.
    func show(_ scribble: Scribble) {
        self.scribble?.removeObserver(self)
        self.scribble = scribble
        // The old picture is of another drawing: until the new one is ready, show a blank canvas.
        backdrop = nil
        scribble.addObserver(self) // answers at once with a .reset, which requests the full frame
    }

    /// Brings the backdrop up to date with a change and repaints only what it touched.
    fileprivate func apply(_ change: ScribbleChange, of scribble: Scribble) {
        switch change.kind {
        case .reset:
            return requestFullFrame()
        case .removed where isTooSlowToRepaint(change.dirty), .replaced where isTooSlowToRepaint(change.dirty):
            return requestFullFrame()
        case .added(let mark) where mark.count > Self.repaintVertexLimit:
            // A stamp of a huge template: drawn with the rest in the background, never here.
            return requestFullFrame()
        default:
            break
        }
        if isRendering { pending.record(change) }
        guard let backdrop else { return }
        let changed = backdrop.apply(change, root: scribble.root, background: background)
        if case .extended = change.kind { paintSoon(changed) } else { invalidate(changed) }
    }

    /// Shows `rect` (canvas coordinates) of the stroke in progress as soon as the input
    /// events waiting are handled, ahead of GTK's frame cycle: a segment is on screen within
    /// `livePaintInterval` and a millisecond of its motion event, not one or two frames
    /// later. Events that queue up share one paint, and paints come at most every
    /// `livePaintInterval`, so a flood of events costs few more paints than GTK's frames.
    private func paintSoon(_ rect: Rect) {
        guard !rect.isNull else { return }
        unpaintedLiveArea = unpaintedLiveArea.union(rect)
        guard !isLivePaintScheduled else { return }
        isLivePaintScheduled = true
        let sinceLast = DispatchTime.now().uptimeNanoseconds &- lastLivePaint
        if sinceLast >= Self.livePaintInterval {
            MainLoop.performOnceEventsAreHandled { [weak self] in self?.paintLiveArea() }
        } else {
            let wait = (Self.livePaintInterval - sinceLast + 999_999) / 1_000_000
            MainLoop.after(milliseconds: UInt32(wait)) { [weak self] in self?.paintLiveArea() }
        }
    }

    private func paintLiveArea() {
        isLivePaintScheduled = false
        lastLivePaint = DispatchTime.now().uptimeNanoseconds
        let area = unpaintedLiveArea
        unpaintedLiveArea = .null
        let r = CanvasBackdrop.pixelArea(covering: area)
        let painted = drawingArea.paintNow(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height)) { cr in
            draw(cr)
        }
        if !painted { invalidate(area) }
    }

    /// Whether repainting `rect` in place would likely stall input: the share of the drawing's
    /// vertices it covers, supposing they are spread evenly, is over `repaintVertexLimit`.
    private func isTooSlowToRepaint(_ rect: Rect) -> Bool {
        guard let backdrop, vertexCount > Self.repaintVertexLimit else { return false }
        let width = max(0, min(rect.maxX, Float(backdrop.width)) - max(rect.minX, 0))
        let height = max(0, min(rect.maxY, Float(backdrop.height)) - max(rect.minY, 0))
        let share = Double(width * height) / Double(backdrop.width * backdrop.height)
        return share * Double(vertexCount) > Double(Self.repaintVertexLimit)
    }

    /// Asks for `rect` (canvas coordinates) to be drawn again: a change's area, or the tools' overlay.
    func invalidate(_ rect: Rect) {
        guard !rect.isNull else { return }
        let r = CanvasBackdrop.pixelArea(covering: rect)
        drawingArea.queueDraw(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }

    private func resize(width: Int, height: Int) {
        let size = (width: width, height: height, scale: drawingArea.scaleFactor)
        guard size != frameSize else { return }
        frameSize = size
        requestFullFrame()
    }

    /// Asks for a full frame of the scribble at the widget's size.
    private func requestFullFrame() {
        generation += 1
        startFullFrame()
    }

    /// Renders the newest requested frame: small drawings at once, big ones in the
    /// background (unless a render is under way: its end starts the next one).
    private func startFullFrame() {
        let (allocatedWidth, allocatedHeight) = drawingArea.allocatedSize
        guard let scribble, allocatedWidth > 0, allocatedHeight > 0, shownGeneration != generation else { return }
        let snapshot = RenderSnapshot(of: scribble.root)
        let scale = drawingArea.scaleFactor, background = background
        frameSize = (allocatedWidth, allocatedHeight, scale)
        vertexCount = snapshot.vertexCount
        // No bigger than the monitor: a window stretched past the screen (8000×8000 px) shows
        // no more of the drawing than the screen can, and its frame would cost 256 MB.
        let monitor = drawingArea.monitorSize ?? (allocatedWidth, allocatedHeight)
        let width = min(allocatedWidth, max(monitor.width, 1)), height = min(allocatedHeight, max(monitor.height, 1))
        if snapshot.vertexCount <= Self.synchronousVertexLimit, width * height * scale * scale <= Self.synchronousPixelLimit {
            swapIn(CanvasBackdrop(rendering: snapshot, width: width, height: height, scale: scale,
                                  background: background), generation: generation, vertices: snapshot.vertexCount)
            return
        }
        if backdrop == nil {
            backdrop = CanvasBackdrop(rendering: nil as RenderSnapshot?, width: width, height: height, scale: scale,
                                      background: background)
            drawingArea.queueDraw()
        }
        guard !isRendering else { return }
        isRendering = true
        pending = PendingChanges()
        let generation = generation
        DispatchQueue.global(qos: .userInitiated).async {
            let fresh = CanvasBackdrop(rendering: snapshot, width: width, height: height, scale: scale,
                                       background: background, yielding: true)
            MainLoop.perform { [weak self] in
                self?.finishFullFrame(fresh, generation: generation, vertices: snapshot.vertexCount)
            }
        }
    }

    /// A background render is done: catch it up and show it, or render again if it is out of date.
    private func finishFullFrame(_ fresh: CanvasBackdrop, generation: Int, vertices: Int) {
        isRendering = false
        let changes = pending
        pending = PendingChanges()
        if generation == self.generation, changes.replay(on: fresh) {
            swapIn(fresh, generation: generation, vertices: vertices)
        } else {
            if generation == self.generation { self.generation += 1 } // stale: an undo came in meanwhile
            startFullFrame()
        }
    }

    /// Runs `body` once the drawing as it is now is on screen: at once if it is, else when the
    /// full frame being rendered for it is shown (a big scribble just opened).
    func whenCurrentFrameIsShown(_ body: @escaping @MainActor () -> Void) {
        if shownGeneration == generation { return body() }
        waitingForCurrentFrame.append(body)
    }

    private func swapIn(_ fresh: CanvasBackdrop, generation: Int, vertices: Int) {
        backdrop = fresh
        shownGeneration = generation
        if generation == self.generation {
            let waiting = waitingForCurrentFrame
            waitingForCurrentFrame = []
            waiting.forEach { $0() }
        }
        // Only what the frame covers changes: beyond a monitor-sized frame lies bare background.
        drawingArea.queueDraw(x: 0, y: 0, width: fresh.width, height: fresh.height)
        TimingReport.canvasDidShowFullFrame(vertices: vertices)
    }

    private func draw(_ cr: OpaquePointer) {
        if shownGeneration != generation, !isRendering { startFullFrame() }
        let (width, height) = drawingArea.allocatedSize
        if backdrop.map({ $0.width < width || $0.height < height }) ?? true {
            // Uncovered while a bigger frame is on its way.
            background.paint(on: cr, scale: drawingArea.scaleFactor)
        }
        backdrop?.paint(on: cr)
        backdrop?.drawLive(on: cr) // the stroke in progress' newest, still provisional segment
        drawOverlay?(cr)
        TimingReport.canvasDidDraw()
    }
}

/// The canvas hears the scribble's changes on the main thread, where input changes it.
extension CanvasView: @MainActor ScribbleObserver {
    func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        apply(change, of: scribble)
    }
}
