import CCairo
import CLinux
import CairoKit
import Dispatch

/// The canvas' picture, a part of the `CanvasEngine`: which scribble is on show, the
/// offscreen image of its finished marks (the backdrop), the camera over it (the viewport),
/// and the policy that keeps that image up to date and the window responsive. The engine
/// feeds it its view's size and the scribble's changes, and draws what it holds; everything
/// the view must do in return (redraw an area, paint the stroke in progress soon, a new full
/// frame is up) it asks of the engine as a `Request` through `onUpdate`, which the engine
/// folds into the `CanvasUpdate` it hands the view.
///
/// Each change to the scribble draws just its own marks into the backdrop and asks for just
/// its rectangle, so the cost of one motion event does not grow with the drawing. Full
/// frames — a new scribble on show, a new size, a reset — are rendered off the main thread
/// unless the drawing and the frame are small, so opening a million-vertex scribble or
/// resizing the window never stalls input; a frame is never bigger than the monitor:
///
/// 1. On the main thread, a `RenderSnapshot` freezes the tree (O(marks), no vertex copied).
/// 2. Background threads render it into a new backdrop, in tiles on every core, at a lower
///    priority than the main thread's, so input handling gets the cores first.
/// 3. Meanwhile the window keeps showing the old backdrop — or, for another scribble, a
///    blank one — and every change still goes into it at once, and into `PendingChanges`.
/// 4. Back on the main thread (`hop`) the new backdrop replays the pending changes and is
///    swapped in. A frame requested meanwhile (`generation` moved on), or made stale by an
///    undo, is dropped and rendered again from a fresh snapshot; at most one render runs at
///    a time.
///
/// Taking a mark away repaints its area from scratch; when that area holds so much of a big
/// drawing that the repaint would stall input (`repaintVertexLimit`), a full frame is
/// rendered in the background instead, and the mark stays on show until it is ready. For
/// the same reason a big selection is lifted off the backdrop while a drag moves it
/// (`CanvasSession+Lift`).
@MainActor
public final class CanvasSession {
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
    /// The shortest time between two paints of the stroke in progress: 8 ms, half a 60 Hz
    /// frame.
    static let livePaintInterval: UInt64 = 8_000_000

    /// What lies under the marks: white, paper or cloth.
    public let background: CanvasKind
    /// The scribble on show.
    public private(set) var scribble: Scribble?
    /// Told what the view must do, as the session learns it.
    public var onUpdate: ((Request) -> Void)?

    /// How background renders report back to the main thread.
    let hop: MainThreadHop
    /// What the view shows: its size and scale, as it last said, and the camera (zoom and
    /// origin) over the canvas. Input becomes canvas points through it, at the view.
    public private(set) var viewport = Viewport(width: 0, height: 0)
    /// The size of the monitor the view is on, if known: a frame is never bigger.
    private var monitorSize: (width: Int, height: Int)?
    /// A saved view to show once the view has a size (a scribble opened before its window was
    /// laid out): its centre means nothing until then.
    private var pendingView: SavedCamera??
    /// What the window shows: the last full frame plus every change since.
    private var backdrop: CanvasBackdrop?
    /// Whether `backdrop` shows the whole drawing for its view (a full frame), not a blank
    /// stand-in while the first one renders: only then can a pan reuse its pixels.
    private var isBackdropComplete = false
    /// Counts full-frame requests; a render finishing for an older one is out of date.
    private(set) var generation = 0
    /// The request the backdrop on show answers.
    private var shownGeneration = -1
    /// True while a background render runs.
    private var isRendering = false
    /// Gives up the background render under way when another frame is asked for.
    private var renderCancellation: RenderCancellation?
    /// Changes since the snapshot of the background render under way.
    private var pending = PendingChanges()
    /// Told once the newest requested frame is shown (see `whenCurrentFrameIsShown`).
    private var waitingForCurrentFrame: [@MainActor () -> Void] = []
    /// Whether the next background full frame is the first of a drawing just put on show
    /// (shown, or its rest put on): the heap is trimmed around it.
    private var isNewDrawing = false
    /// Vertices in the drawing at the last full frame, for judging what a repaint costs.
    private var vertexCount = 0
    /// A big selection lifted off the backdrop while a drag moves it (`CanvasSession+Lift`).
    var lift: SelectionLift?
    /// What the stroke in progress changed since it was last painted, whether a paint of it
    /// is asked for, and when it was last painted (`DispatchTime` uptime ns).
    private var unpaintedLiveArea = Rect.null
    private var isLivePaintAsked = false
    private var lastLivePaint: UInt64 = 0

    /// An empty canvas showing `background` under the marks; background renders come back
    /// through `hop`.
    public init(background: CanvasKind = .plain, hop: @escaping MainThreadHop) {
        self.background = background
        self.hop = hop
        PictureLevels.shared.observe { [weak self, hop] in hop { self?.requestFullFrame() } } // a picture's level decoded: draw it (issue 54)
    }

    /// Shows `scribble`, replacing any other. The session observes it itself unless
    /// `observing` is false: then the scribble's observer — the `CanvasEngine`, in the role
    /// book chapter 12 gives the canvas view controller — hands each change on
    /// (`scribble(_:didChange:)`), starting with the `.reset` it hears when it starts observing.
    public func show(_ scribble: Scribble, observing: Bool = true) {
        self.scribble?.removeObserver(self)
        self.scribble = scribble
        // The old picture is of another drawing: until the new one is ready, show a blank canvas.
        backdrop = nil
        lift = nil
        if observing { scribble.addObserver(self) } // answers at once with a .reset, which requests the full frame
    }

    /// Stops following the scribble on show (its view is being replaced): a frame still being
    /// rendered may finish, but no change reaches the session any more.
    public func stopShowing() {
        scribble?.removeObserver(self)
    }

    /// The view's size changed (or its scale, or the monitor it is on). GTK allocates the same
    /// size again whenever the window relays out (a title change does it), which must not
    /// start a new frame. The camera stays where it is: the canvas point at the top-left
    /// corner stays there.
    public func resize(to size: CanvasViewSize) {
        let monitor = size.monitorWidth.flatMap { w in size.monitorHeight.map { (width: w, height: $0) } }
        guard
            size.width != viewport.width || size.height != viewport.height || size.scale != viewport.deviceScale
                || monitor?.width != monitorSize?.width || monitor?.height != monitorSize?.height
        else { return }
        monitorSize = monitor
        viewport = Viewport(
            width: size.width, height: size.height, deviceScale: size.scale, zoom: viewport.zoom,
            originX: viewport.originX, originY: viewport.originY)
        if let pending = pendingView, size.width > 0, size.height > 0 {
            pendingView = nil
            viewport.show(pending)
        }
        requestFullFrame()
    }

    /// Shows the scribble as `view` saw it (`nil`: as a new scribble, 100 % from the origin):
    /// now, or once the view has a size.
    public func show(view: SavedCamera?) {
        guard viewport.width > 0, viewport.height > 0 else {
            pendingView = .some(view)
            return
        }
        changeView { $0.show(view) }
    }

    /// Moves the camera: a zoom, a pan, a fit (`body` changes the viewport; its size and
    /// device scale are the view's and stay). What is on show at once is the last frame,
    /// moved and scaled; the sharp one follows, rendered as any full frame is.
    public func changeView(_ body: (inout Viewport) -> Void) {
        var view = viewport
        body(&view)
        (view.width, view.height, view.deviceScale) = (viewport.width, viewport.height, viewport.deviceScale)
        guard view != viewport else { return }
        viewport = view
        onUpdate?(.redrawAll)
        requestFullFrame()
    }

    /// Brings the backdrop up to date with a change and asks for only what it touched.
    private func apply(_ change: ScribbleChange, of scribble: Scribble) {
        switch change.kind {
        case .reset:
            isBackdropComplete = false // it shows another drawing until the new frame is up
            isNewDrawing = true
            lift = nil
            return requestFullFrame()
        case .removed where isTooSlowToRepaint(change.dirty), .replaced where isTooSlowToRepaint(change.dirty):
            isBackdropComplete = false // it keeps the old marks until the new frame is up
            return requestFullFrame()
        case .added(let mark) where mark.count > Self.repaintVertexLimit:
            // A stamp of a huge template: drawn with the rest in the background, never here.
            isBackdropComplete = false
            return requestFullFrame()
        default:
            break
        }
        if isRendering { pending.record(change) }
        guard let backdrop else { return }
        let changed = viewport.viewRect(backdrop.apply(change, root: scribble.root, background: background))
        if case .extended = change.kind { paintLiveSoon(changed) } else { onUpdate?(.redraw(changed)) }
    }

    /// Asks for `rect` (view) of the stroke in progress to be painted as soon as the input events
    /// waiting are handled, ahead of the toolkit's frame cycle: a segment is on screen within
    /// `livePaintInterval` and a millisecond of its motion event, not a frame or two later.
    /// Events that queue up share one paint, and paints come at most every
    /// `livePaintInterval`, so a flood of events costs few more paints than the frames.
    private func paintLiveSoon(_ rect: Rect) {
        guard !rect.isNull else { return }
        unpaintedLiveArea = unpaintedLiveArea.union(rect)
        guard !isLivePaintAsked else { return }
        isLivePaintAsked = true
        let sinceLast = DispatchTime.now().uptimeNanoseconds &- lastLivePaint
        let wait = sinceLast >= Self.livePaintInterval ? 0 : (Self.livePaintInterval - sinceLast + 999_999) / 1_000_000
        onUpdate?(.paintLive(afterMilliseconds: UInt32(wait)))
    }

    /// The area (view) of the stroke in progress to paint now, as `.paintLive` asked: the view
    /// paints it (with `draw`) at once.
    public func takeLiveArea() -> Rect {
        isLivePaintAsked = false
        lastLivePaint = DispatchTime.now().uptimeNanoseconds
        defer { unpaintedLiveArea = .null }
        return unpaintedLiveArea
    }

    /// Whether repainting `rect` (canvas) in place would likely stall input: the share of the
    /// drawing's vertices it covers in the backdrop, supposing they are spread evenly, is over
    /// `repaintVertexLimit`.
    func isTooSlowToRepaint(_ rect: Rect) -> Bool {
        // The last frame's count, or the packed marks' now (a vertex at least each), whichever
        // is more: the undo of a clear puts a million packed ticks back on an empty frame.
        let vertices = max(vertexCount, scribble?.packedMarkCount ?? 0)
        guard let backdrop, vertices > Self.repaintVertexLimit else { return false }
        let shown = backdrop.view.viewRect(rect).intersection(backdrop.bounds)
        let share = Double(shown.width * shown.height) / Double(backdrop.width * backdrop.height)
        return share * Double(vertices) > Double(Self.repaintVertexLimit)
    }

    /// Asks for a full frame of the scribble at the view's size.
    func requestFullFrame() {
        generation += 1
        renderCancellation?.cancel() // its frame would be dropped: the next one starts sooner
        startFullFrame()
    }

    /// What a full frame shows: the view, no bigger than the monitor (a window stretched past
    /// the screen, 8000×8000 px, shows no more of the drawing than the screen can, and its
    /// frame would cost 256 MB).
    var frameView: Viewport {
        var frame = viewport
        frame.width = min(viewport.width, max(monitorSize?.width ?? viewport.width, 1))
        frame.height = min(viewport.height, max(monitorSize?.height ?? viewport.height, 1))
        return frame
    }

    /// Renders the newest requested frame: small drawings at once, big ones in the
    /// background (unless a render is under way: its end starts the next one).
    private func startFullFrame() {
        guard let scribble, viewport.width > 0, viewport.height > 0, shownGeneration != generation else { return }
        let hidden = lift?.hiddenFromFrames ?? [], hidesPacked = lift?.hidesPackedFromFrames ?? false
        let snapshot = RenderSnapshot(of: scribble.root, hiding: hidden, hidingPacked: hidesPacked)
        let background = background
        vertexCount = snapshot.vertexCount + (hidden.isEmpty && !hidesPacked ? 0 : lift?.vertexCount ?? 0)
        let frame = frameView
        let scale = frame.deviceScale
        // (Never a frame showing a PDF page: poppler's renders stay off the main thread.)
        if snapshot.vertexCount <= Self.synchronousVertexLimit, snapshot.pageCount == 0,
            frame.width * frame.height * scale * scale <= Self.synchronousPixelLimit
        {
            swapIn(
                CanvasBackdrop(rendering: snapshot, view: frame, background: background),
                generation: generation, vertices: snapshot.vertexCount)
            return
        }
        if backdrop == nil {
            backdrop = CanvasBackdrop(rendering: nil as RenderSnapshot?, view: frame, background: background)
            isBackdropComplete = false
            onUpdate?(.redrawAll)
        }
        guard !isRendering else { return }
        isRendering = true
        pending = PendingChanges()
        // A pan: the frame on show, moved, and only the strips it uncovers to render.
        let reused = isBackdropComplete ? backdrop?.moved(to: frame) : nil
        let cancellation = RenderCancellation()
        renderCancellation = cancellation
        let (generation, hop, view) = (generation, hop, frame)
        let trims = isNewDrawing
        isNewDrawing = false
        // Pages from their tiles, rendering what the frame shows of them that is not cached yet;
        // a page slower than the cache's deadline shows its paper, and a new frame is asked for
        // once its tiles are made.
        let pages = MarkRenderer.PageDrawing.tiled(
            .shared, frame: frame.visibleRect, late: { [hop] in hop { [weak self] in self?.requestFullFrame() } })
        DispatchQueue.global(qos: .userInitiated).async {
            // The first frame of a drawing just read: what the reading freed goes back to the
            // system first (`malloc_trim`) — it lies in other threads' malloc arenas, which the
            // render's threads do not take from, so it would add to the frame's own — and the
            // frame's scratch after, or it would stay while the drawing is on show. (Not on
            // every frame: a trim holds each arena's lock while it walks it, and a pan's or a
            // zoom's frames come while the main thread allocates.)
            if trims { tp_trim_heap() }
            defer { if trims { tp_trim_heap() } }
            // The pictures' levels this frame draws, decoded on every core first, rather than
            // one after another by the tile that meets each (fifty photos' first frame).
            PictureLevels.shared.decodeLevels(
                of: snapshot.pictures, in: view.visibleRect, scale: view.zoom * Double(view.deviceScale))
            let fresh: CanvasBackdrop
            if let reused {
                reused.backdrop.render(
                    snapshot, in: reused.exposed, background: background, yielding: true,
                    cancellation: cancellation, pages: pages)
                fresh = reused.backdrop
            } else {
                fresh = CanvasBackdrop(
                    rendering: snapshot, view: view, background: background, yielding: true,
                    cancellation: cancellation, pages: pages)
            }
            hop { [weak self] in self?.finishFullFrame(fresh, generation: generation, vertices: snapshot.vertexCount) }
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

    /// Whether the drawing as it is now is on screen, with no frame being rendered.
    var isShowingCurrentFrame: Bool { shownGeneration == generation && !isRendering }

    /// Runs `body` once the drawing as it is now is on screen: at once if it is, else when the
    /// full frame being rendered for it is shown (a big scribble just opened).
    public func whenCurrentFrameIsShown(_ body: @escaping @MainActor () -> Void) {
        if shownGeneration == generation { return body() }
        waitingForCurrentFrame.append(body)
    }

    private func swapIn(_ fresh: CanvasBackdrop, generation: Int, vertices: Int) {
        backdrop = fresh
        isBackdropComplete = true
        shownGeneration = generation
        if let dropped = lift?.dropped, generation >= dropped { lift = nil } // the marks are in the frame now
        if generation == self.generation {
            let waiting = waitingForCurrentFrame
            waitingForCurrentFrame = []
            waiting.forEach { $0() }
        }
        // Only what the frame covers changes: beyond a monitor-sized frame lies bare background.
        onUpdate?(.frameShown(Rect(x: 0, y: 0, width: Float(fresh.width), height: Float(fresh.height)), vertices: vertices))
    }

    /// Draws the canvas as it is now on `cr`, a context of the view's size: the backdrop, the
    /// stroke in progress' newest, still provisional segment, and the background where a
    /// bigger frame is still on its way. After a zoom or a pan the backdrop is the last frame
    /// moved and scaled into place until the new one is ready.
    public func draw(on context: CairoContext) {
        let cr = context.pointer
        if shownGeneration != generation, !isRendering { startFullFrame() }
        guard let backdrop else { return background.paint(on: context, view: viewport) }
        if viewport.isIdentity, backdrop.view.isIdentity {
            // 100 % from the origin, as the canvas was before it had no edge: as it drew then.
            if backdrop.width < viewport.width || backdrop.height < viewport.height {
                background.paint(on: context, scale: viewport.deviceScale)
            }
            backdrop.paint(on: context)
            backdrop.drawLive(on: context)
            lift?.draw(on: cr, viewport: viewport)
            return
        }
        let shown = viewport.viewRect(backdrop.bounds, from: backdrop.view)
        if shown.minX > 0 || shown.minY > 0 || shown.maxX < Float(viewport.width) || shown.maxY < Float(viewport.height) {
            background.paint(on: context, view: viewport)
        }
        cairo_save(cr)
        viewport.transform(cr, from: backdrop.view)
        backdrop.paint(on: context, filter: viewport.showsSameCanvas(as: backdrop.view) ? nil : CAIRO_FILTER_BILINEAR)
        backdrop.drawLive(on: context)
        cairo_restore(cr)
        lift?.draw(on: cr, viewport: viewport)
    }
}

/// The session hears the scribble's changes on the main thread, where input changes it.
extension CanvasSession: @MainActor ScribbleObserver {
    public func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        apply(change, of: scribble)
    }
}

/// The view's size, as the toolkit gives it.
public struct CanvasViewSize: Equatable, Sendable {
    /// The view's size in logical pixels, and its scale factor (2 on a HiDPI screen).
    public var width: Int, height: Int, scale: Int
    /// The size of the monitor the view is on, if known: a frame is never bigger.
    public var monitorWidth: Int?, monitorHeight: Int?

    public init(width: Int, height: Int, scale: Int, monitorWidth: Int? = nil, monitorHeight: Int? = nil) {
        (self.width, self.height, self.scale) = (width, height, scale)
        (self.monitorWidth, self.monitorHeight) = (monitorWidth, monitorHeight)
    }
}

extension CanvasSession {
    /// What the session asks of its view after it changed what it shows. The engine
    /// (`CanvasEngine`) folds these into the one `CanvasUpdate` it returns to the view.
    public enum Request: Equatable, Sendable {
        /// Redraw this area (view coordinates) at the next frame.
        case redraw(Rect)
        /// Redraw everything at the next frame.
        case redrawAll
        /// The stroke in progress grew: after this many milliseconds (0: once the input events
        /// waiting are handled), paint `takeLiveArea()` at once, ahead of the frame cycle.
        case paintLive(afterMilliseconds: UInt32)
        /// A new full frame of `vertices` vertices is up: redraw the area it covers.
        case frameShown(Rect, vertices: Int)
    }
}
