import GtkKit
import ScribbleKit

/// The canvas screen (book chapter 2): the GTK side of the canvas engine. It keeps the GTK
/// wiring (the page's widgets, the input chain's route to the engine, navigation), the dialogs
/// and the moves to other pages; the drawing, the tools, the selection, the pen and the
/// observing of the scribble are the engine's (`CanvasEngine`, ScribbleKit), and what the
/// engine asks of the screen its view applies (`CanvasView.apply`). What a toolbar button asks
/// for is the coordinator's to decide, from the button's tag (chapter 11). Its parts have
/// types of their own: the widgets (`CanvasPage`, with the templates), the input's route to
/// the engine (`InputChain`) and the name a first save proposes (`TitleProposal`).
@MainActor
final class CanvasViewController: ViewController {
    /// The drawing surface, made by a `CanvasViewGenerator` (see `loadCanvasView(with:)`); it
    /// holds the engine, which a new view takes over.
    var canvasView: CanvasView
    /// The widgets: the header bar's buttons, the info bars, the tool strip, the templates.
    let canvasPage: CanvasPage
    /// Questions and notices to the user.
    unowned let dialogs: Dialogs
    /// Other pages, and the window's title.
    unowned let navigator: Navigator
    /// Where pointer input goes: palm rejection, navigation, the opening gate, then the engine.
    let inputChain: InputChain
    /// The name the unsaved-changes question proposes for a new scribble ("Scribble N").
    let titleProposal: TitleProposal

    /// Makes the canvas for `document` on a canvas view from `generator`; `navigator`
    /// switches views (and hears the toolbar's clicks), `dialogs` asks questions.
    init(
        document: Document, settings: SettingsStore, dialogs: Dialogs, navigator: Navigator,
        instrumentation: Instrumentation? = nil, generator: CanvasViewGenerator = CanvasViewGenerator()
    ) {
        self.dialogs = dialogs
        self.navigator = navigator
        let engine = CanvasEngine(document: document, hop: { MainLoop.perform($0) }, timers: .mainLoop)
        canvasPage = CanvasPage(style: engine.strokeStyle, mediator: navigator, manager: document.manager, dialogs: dialogs)
        canvasView = generator.canvasView(engine: engine)
        canvasView.instrumentation = instrumentation // each later view takes it over
        titleProposal = TitleProposal(manager: document.manager)
        let gate = OpeningGate(isOpening: { document.isOpening })
        inputChain = InputChain(engine: engine, openingGate: gate, settings: settings)
        gate.tellWhy = { [weak self] in _ = self?.refusesWhileOpening() }
        document.onScribbleReplaced = { [weak self] scribble in
            guard let self else { return }
            self.endGesture()
            self.selection.clear()
            self.canvasPage.dismissInfo()
            self.canvasPage.closeFind()
            self.awaitsWholeDrawing = false // the coordinator says so again for a drawing opening
            self.engine.show(scribble)
            self.canvasView.apply(self.engine.show(view: scribble.view)) // as it was last seen
            self.unlockPages(of: scribble)
        }
        document.onStateChange = { [weak self] state in self?.apply(state) }
        document.onSaved = { [weak self] name in self?.dialogs.notify(tr("Saved “%1$s”", name)) }
        document.onConflict = { [weak self] copy, other in
            self?.notify(
                tr(
                    "“%1$s” had changed on disk since you opened it (another computer or window saved it), so it was left as it is. Your version is saved beside it as “%2$s”.",
                    other, copy))
        }
        document.onSaveFailure = { [weak self] name, error in
            self?.dialogs.showError(
                tr("Could not save “%1$s”", name),
                detail: tr("%1$s Your drawing is still here; try saving again.", error))
        }
        apply(document.state)
        installCanvasView()
        setUpTools(settings: settings)
        toolbar.pageButton.onClicked { [weak self] _ in self?.goToPageDialog() }
    }

    /// The canvas engine: the document, the session, the tools, the selection, the pen.
    var engine: CanvasEngine { canvasView.engine }
    /// The user's scribble, its history and its save state.
    var document: Document { engine.document }
    /// The pen for the next marks; the palette's commands set it.
    var strokeStyle: StrokeStyle { engine.strokeStyle }
    /// Preferences the canvas reads and keeps: input, the eraser's options.
    var settings: SettingsStore { inputChain.settings }
    /// The tool picked in the tool bar (stamping returns to it).
    var toolKind: ToolKind { toolStrip.chosenKind }
    /// The kept pattern templates and their popover.
    var templates: TemplatesController { canvasPage.templates }
    /// Whether a drawing opened in two steps is not all on screen yet, though it may be whole:
    /// until its whole frame is shown the canvas takes no edit, as while it is opening
    /// (`refusesWhileOpening`), since a user must not erase or move marks not drawn yet. The
    /// coordinator sets it; another drawing put on the canvas clears it. Kept by the input
    /// chain's `OpeningGate`.
    var awaitsWholeDrawing: Bool {
        get { inputChain.openingGate.awaitsWholeDrawing }
        set { inputChain.openingGate.awaitsWholeDrawing = newValue }
    }

    /// Connects the tool bar and the templates, and picks the pen; the eraser's options are
    /// kept in `settings`.
    private func setUpTools(settings: SettingsStore) {
        toolStrip.onToolChosen = { [weak self] kind in self?.choose(kind) }
        toolStrip.onKeep = { [weak self] in self?.keepSelectionAsTemplate() }
        templates.onChoose = { [weak self] item in self?.startStamping(item) }
        toolStrip.setUpEraserOptions = { [weak settings] view in
            guard let settings else { return }
            view.show(settings.eraser)
            view.onChange = { [weak settings] options in settings?.eraser = options }
        }
        choose(.pen)
    }

    /// The buttons in the header bar while the canvas is on show.
    var toolbar: CanvasToolbar { canvasPage.toolbar }
    /// News about the document that needs no answer, above the drawing.
    var infoBar: InfoBar { canvasPage.infoBar }
    /// The tools down the canvas' side.
    var toolStrip: ToolStrip { canvasPage.toolStrip }
    /// The tool strip and the canvas view's widget.
    var canvasRow: Box { canvasPage.canvasRow }
    /// The marks the select tool picked.
    var selection: Selection { engine.selection }
    /// The drag, wheel or pinch moving the camera, ahead of the tools.
    var navigation: CanvasNavigation { inputChain.navigation }

    var view: Widget { canvasPage.view }
    var destination: Destination { .canvas }
    var title: String { document.state.title }
    var toolbarStart: [Widget] { toolbar.startItems }
    var toolbarEnd: [Widget] { toolbar.endItems }

    /// Undo (the button tagged 4, Ctrl+Z): the gesture under way ends first.
    func undo() {
        endGesture()
        document.undo()
        selection.prune(on: document.scribble) // an undone move or stamp leaves no outline behind
    }

    /// Redo (the button tagged 5, Ctrl+Shift+Z).
    func redo() {
        endGesture()
        document.redo()
        selection.prune(on: document.scribble)
    }

    /// Saves; the first save of a new scribble asks for its name first, proposing the next
    /// "Scribble N" (found off the main thread: it lists the gallery).
    func save() {
        guard !refusesWhileOpening() else { return }
        guard needsName else {
            return document.save(canvasWidth: canvasSize.width, canvasHeight: canvasSize.height)
        }
        titleProposal.lookUp { [weak self] proposal in
            guard let self, self.needsName, self.askName(proposing: proposal) else { return }
            self.document.save(canvasWidth: self.canvasSize.width, canvasHeight: self.canvasSize.height)
        }
    }

    /// New Scribble (Ctrl+N, the New button, Delete with nothing selected): asks about unsaved
    /// work first, as GNOME apps do, then starts an empty scribble; Undo still brings the old
    /// marks back.
    func startNewScribble() {
        guard confirmDiscardingChanges() else { return }
        endGesture()
        selection.clear()
        document.startNewScribble()
        canvasView.apply(engine.show(view: nil)) // a new scribble: 100 % with the origin at the top-left
    }

    /// Asks what to do with unsaved changes before they would be lost: Save (which asks for a
    /// name first, like any first save), Discard or Cancel. Returns true when it is fine to go
    /// on (saved, discarded, or nothing to lose).
    func confirmDiscardingChanges() -> Bool {
        document.finishSaveInProgress() // a Save just pressed may be what makes the work safe
        guard document.hasUnsavedWork else { return true }
        let answer = dialogs.ask(
            tr("Save changes to “%1$s”?", document.displayName),
            detail: tr("If you don’t save, your changes will be lost."),
            choices: [.init(tr("_Cancel")), .init(tr("_Discard"), style: .destructiveAction), .init(tr("_Save"), style: .suggestedAction)],
            defaultChoice: 2)
        switch answer {
        case 2:
            if needsName, !askName(proposing: titleProposal.current ?? tr("Untitled")) { return false }
            return document.saveAndWait(canvasWidth: canvasSize.width, canvasHeight: canvasSize.height)
        case 1: return true
        default: return false
        }
    }

    /// Whether a save must ask for a name first: a new scribble that has none.
    private var needsName: Bool { document.origin == .new && document.scribble.title == nil }

    /// Asks for the scribble's name, proposing `proposal`, and gives it; false if cancelled.
    private func askName(proposing proposal: String) -> Bool {
        guard let name = dialogs.askName(tr("Save Scribble"), text: tr("Name the scribble"), initial: proposal, accept: tr("_Save"))
        else { return false }
        document.scribble.title = name
        return true
    }

    /// Keeps the proposed title ready for the unsaved-changes question, which cannot wait for
    /// the gallery to be listed: looked up off the main thread when new work appears.
    private func refreshProposedTitle() {
        guard needsName, document.hasUnsavedWork else { return }
        titleProposal.refresh()
    }

    func viewWillDisappear() {
        endGesture()
    }

    /// Whether the drawing is still opening (`Document.isOpening`), or whole but not yet all
    /// on screen (`awaitsWholeDrawing`): then an edit, a save or a replay is refused, and the
    /// opening's progress notification (which goes when the whole drawing is shown) says why.
    /// Returns true when it refused.
    func refusesWhileOpening() -> Bool {
        guard inputChain.openingGate.isClosed else { return false }
        dialogs.showProgress(Self.stillOpening(document.displayName))
        return true
    }

    /// Why nothing happens while the drawing named `name` is still opening.
    static func stillOpening(_ name: String) -> String {
        tr("“%1$s” is still opening. Wait until all of it is on the canvas.", name)
    }

    /// Shows `message` above the drawing until the user closes it or picks one of `actions`.
    func notify(_ message: String, actions: [(label: String, perform: @MainActor () -> Void)] = []) {
        infoBar.show(message, actions: actions)
    }

    /// The area the thumbnail of a save shows: the canvas as it is on screen.
    private var canvasSize: (width: Int, height: Int) { canvasView.drawingArea.allocatedSize }

    /// The one place the document's state reaches the screen: Undo/Redo and the title.
    /// Called only when the state changed, never per motion event.
    private func apply(_ state: DocumentState) {
        toolbar.setUndoAvailable(state.canUndo, redoAvailable: state.canRedo)
        navigator.titleDidChange(for: self)
        canvasPage.showUnprotected(because: state.unprotectedBecause)
        refreshProposedTitle()
    }
}
