import CairoKit

/// The canvas apart from any toolkit, Rnote's engine: it owns the document, the session (the
/// viewport, the backdrop, the frames), tool dispatch, the selection and the pen's style. It
/// is the tools' host (`CanvasToolHost`) and the drawing's only canvas-side observer (book
/// chapter 12: the role the book gives the canvas view controller).
///
/// One call down, one value up: an input event goes in as a value (`handle(_:)`), and what
/// the view must do comes back as a `CanvasUpdate` (what to redraw, the stroke in progress to
/// paint, the cursor, the camera, what the window shows beside the canvas), which the app's
/// `CanvasView` applies in one place. What happens outside such a call — a full frame
/// rendered in the background, a tool's timer, an undo from the toolbar — comes as the same
/// value through `onUpdate`, on the main actor.
@MainActor
public final class CanvasEngine {
    /// The user's scribble, its history and its save state.
    public let document: Document
    /// The pen for the next marks; the palette's commands set it.
    public let strokeStyle = StrokeStyle()
    /// The marks the select tool picked.
    public let selection = Selection()
    /// The canvas on show: viewport, backdrop, frames. A new view (another canvas kind) gets
    /// a new one (`startSession(background:)`).
    public private(set) var session: CanvasSession
    /// Where input goes: the current tool, the gesture under way, a tool a finger.
    public private(set) lazy var tools = ToolDispatcher(host: self)
    /// The input preferences (smoothing, the stylus buttons), as the app's settings have them
    /// at each event: the tools' dispatch keeps them.
    public var preferences: InputPreferences {
        get { tools.preferences }
        set { tools.preferences = newValue }
    }
    /// The eraser's size and mode, as the app's settings have them at each event.
    public var eraserOptions = EraserOptions()
    /// Told what the view must do when it comes outside a call that returns it.
    public var onUpdate: ((CanvasUpdate) -> Void)?
    /// Whether the view's frame clock is carrying the stroke in progress, where the view
    /// cannot paint ahead of it (Wayland): kept here so the view holds only its widget.
    public var isTickingLive = false

    /// The clock the tools wait on.
    let timers: CanvasTimers
    /// How background renders report back to the main thread.
    let hop: MainThreadHop
    /// The scribble on show and observed: the document's, or the replay's.
    private(set) var shown: Scribble?
    /// What the call under way will return; `collecting` counts the calls nested in it.
    private var pending = CanvasUpdate()
    private var collecting = 0
    /// Where the selection's outlines were last drawn, canvas pixels.
    private var shownOutline = Rect.null
    /// Find's hits, drawn over everything (`show(_:)`, CanvasEngine+Find).
    var highlights = FindHighlights()

    /// An engine showing `document`'s drawing, on a plain canvas until a view starts its own session;
    /// background renders come back through `hop`, the tools wait on `timers`.
    public init(document: Document, hop: @escaping MainThreadHop, timers: CanvasTimers = .none) {
        self.document = document
        self.hop = hop
        self.timers = timers
        session = CanvasSession(background: .plain, hop: hop)
        listen(to: session)
        selection.observe { [weak self] in self?.selectionDidChange() }
        show(document.scribble)
    }

    /// An engine that only shows drawings (the replay's canvas): its document is never
    /// edited, saved or journaled, and no input reaches it.
    public static func viewer() -> CanvasEngine {
        CanvasEngine(document: Document(manager: ScribbleManager(directory: "/nonexistent"), hop: { _ in }), hop: { _ in })
    }

    /// Starts a new session showing `background` under the marks (a new view), showing the
    /// scribble on show; the old session gets no more changes.
    public func startSession(background: CanvasKind, hop: @escaping MainThreadHop) {
        session.stopShowing()
        session = CanvasSession(background: background, hop: hop)
        listen(to: session)
        if let shown { show(shown) }
    }

    private func listen(to session: CanvasSession) {
        session.onUpdate = { [weak self, weak session] request in
            guard let self, let session, session === self.session else { return } // a replaced view's late frame
            self.take(request)
        }
    }

    /// Shows `scribble` and observes it; its `.reset` has the session render it whole.
    public func show(_ scribble: Scribble) {
        shown?.removeObserver(self)
        shown = scribble
        session.show(scribble, observing: false)
        scribble.addObserver(self)
    }

    // MARK: Updates

    /// Runs `body` and returns what the view must do for what it did.
    public func collect(_ body: () -> Void) -> CanvasUpdate {
        collecting += 1
        body()
        collecting -= 1
        guard collecting == 0 else { return CanvasUpdate() }
        defer { pending = CanvasUpdate() }
        return pending
    }

    /// Runs `body` outside any call that returns an update (a timer, a background frame), and
    /// hands what it asks of the view to `onUpdate`.
    func deliver(_ body: () -> Void) {
        let update = collect(body)
        if !update.isEmpty { onUpdate?(update) }
    }

    /// Adds `update` to the call under way's value, or hands it to `onUpdate` outside one.
    func take(_ update: CanvasUpdate) {
        if collecting > 0 { pending.merge(update) } else { onUpdate?(update) }
    }

    /// Adds what the session asked for.
    private func take(_ request: CanvasSession.Request) {
        if collecting > 0 { return pending.merge(request) }
        var update = CanvasUpdate()
        update.merge(request)
        onUpdate?(update)
    }

    // MARK: Input and the camera

    /// Hands `event` (canvas coordinates) to the tool it belongs to; returns what the view
    /// must do.
    public func handle(_ event: ToolEvent) -> CanvasUpdate {
        collect { tools.handle(event) }
    }

    /// The camera over the canvas.
    public var viewport: Viewport { session.viewport }

    /// Moves the camera with `body` (see `CanvasSession.changeView`); the scribble keeps the
    /// view for its next save (which a view change alone does not ask for).
    public func changeView(_ body: (inout Viewport) -> Void) -> CanvasUpdate {
        collect {
            let before = session.viewport
            session.changeView(body)
            if session.viewport != before { viewDidChange() }
        }
    }

    /// Shows the scribble as `view` saw it, or as a new one (`nil`), once the view has a size.
    public func show(view: SavedCamera?) -> CanvasUpdate {
        collect {
            session.show(view: view)
            if session.viewport.width > 0 { viewDidChange() } // else when it has a size
        }
    }

    /// The view's size changed (see `CanvasSession.resize`).
    public func resize(to size: CanvasViewSize) -> CanvasUpdate {
        collect {
            let before = session.viewport
            session.resize(to: size)
            if session.viewport != before { viewDidChange() }
        }
    }

    private func viewDidChange() {
        if shown === document.scribble { document.scribble.view = SavedCamera(session.viewport) }
        var update = CanvasUpdate()
        update.view = session.viewport
        take(update)
    }

    /// The canvas point under the view point (`x`, `y`): where input becomes canvas
    /// coordinates, once.
    public func canvasPoint(x: Double, y: Double) -> Point {
        session.viewport.canvasPoint(viewX: x, viewY: y)
    }

    /// Runs `body` once the drawing as it is now is on screen (see `CanvasSession`).
    public func whenCurrentFrameIsShown(_ body: @escaping @MainActor () -> Void) {
        session.whenCurrentFrameIsShown(body)
    }

    /// The area (view) of the stroke in progress to paint now, as `paintLive` asked.
    public func takeLiveArea() -> Rect {
        session.takeLiveArea()
    }

    /// Draws the canvas as it is now on `context`, a context of the view's size, and above it
    /// what belongs to the current tool and Find's hits (in canvas coordinates; never part of
    /// the backdrop).
    public func draw(on context: CairoContext) {
        session.draw(on: context)
        context.withSavedState {
            session.viewport.transform(context) // the tools draw in canvas coordinates
            tools.tool.drawOverlay(on: context)
            drawHighlights(on: context)
        }
    }

    // MARK: Tools

    /// The tool pointer input goes to.
    public var tool: CanvasTool { tools.tool }

    /// Makes `tool` current (the gesture under way ends first): the pointer takes its look,
    /// and the overlay of the one before goes.
    public func install(_ tool: CanvasTool) -> CanvasUpdate {
        collect {
            tools.install(tool)
            var update = CanvasUpdate()
            (update.cursor, update.redrawsAll) = (tool.cursorName, true)
            take(update)
        }
    }

    /// Ends the gesture under way, keeping what it did, and hides what follows the pointer.
    public func endGesture() -> CanvasUpdate {
        collect { tools.endGesture() }
    }

    /// The pointer left the canvas: what followed it goes.
    public func pointerLeft() -> CanvasUpdate {
        collect { tools.tool.hover(at: nil) }
    }

    /// The selection changed: its outlines are redrawn where they were and where they are.
    private func selectionDidChange() {
        let outline = selection.outlineBounds(viewPixel: viewPixel)
        var update = CanvasUpdate()
        if let area = overlayArea(shownOutline.union(outline)) { update.redraw.append(area) }
        shownOutline = outline
        update.selectionIsEmpty = selection.isEmpty
        take(update)
    }

    /// `rect` (canvas) as the view area to redraw for an overlay: zoomed out, the overlays'
    /// lines (a few view pixels thick) reach further than the canvas margins their tools
    /// allow for, so two view pixels more are redrawn. `nil` for nothing.
    func overlayArea(_ rect: Rect) -> Rect? {
        guard !rect.isNull else { return nil }
        let area = session.viewport.viewRect(rect)
        return session.viewport.zoom < 1 ? area.outset(by: 2) : area
    }
}

/// The engine hears the scribble's changes on the main thread, where input changes it, and
/// hands them to its session.
extension CanvasEngine: @MainActor ScribbleObserver {
    public func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        guard scribble === shown else { return scribble.removeObserver(self) } // one replaced
        session.scribble(scribble, didChange: change)
    }
}
