import GtkKit
import ScribbleKit

/// The canvas screen (book chapter 2): shows the document's drawing, the current pen and
/// the stroke in progress; turns pointer input into marks and commands, and toolbar actions
/// into document operations. It never draws (`CanvasView` repaints from the scribble's
/// notifications) and keeps no document state of its own: the `Document` does.
@MainActor
final class CanvasViewController: ViewController {
    /// The pen for the next marks; the palette's commands set it.
    let strokeStyle = StrokeStyle()
    /// The user's scribble, its history and its save state.
    let document: Document
    /// The drawing surface, made by a `CanvasViewGenerator` (see `loadCanvasView(with:)`).
    var canvasView: CanvasView
    /// The buttons in the header bar while the canvas is on show.
    let toolbar: CanvasToolbar
    /// News about the document that needs no answer, above the drawing.
    let infoBar = InfoBar()
    /// Up while unsaved work is not protected against a crash (the journal cannot be written).
    let protectionBar = InfoBar(warning: true, closable: false)
    /// The page: the info bar over the tool bar and the drawing surface.
    let page = Box(.vertical)
    /// The tool bar beside the drawing surface.
    let canvasRow = Box(.horizontal)
    /// Preferences the canvas reads and keeps: the eraser's options.
    let settings: SettingsStore
    /// Questions and notices to the user.
    unowned let dialogs: Dialogs
    /// Other pages, and the window's title.
    unowned let navigator: Navigator
    /// Who watches the canvas' timing, if anyone.
    let instrumentation: Instrumentation?
    /// The tools down the canvas' side.
    let toolStrip = ToolStrip()
    /// Where pointer input goes: the current tool, the gesture under way, a tool a finger
    /// (ScribbleKit); the pen at launch.
    lazy var input = CanvasInput(host: self)
    /// The tool picked in the tool bar (stamping returns to it).
    var toolKind = ToolKind.pen
    /// The marks the select tool picked.
    let selection = Selection()
    /// Where the selection's outlines were last drawn, to clear them when it changes.
    var shownSelectionOutline = Rect.null
    /// The drag, wheel or pinch moving the camera, ahead of the tools.
    let navigation = CanvasNavigation()
    /// Drops touches while a stylus is near or was just used (when the preference is on).
    var palmRejection = PalmRejection()
    /// The kept pattern templates.
    let templates: TemplateLibrary
    /// The templates list in the Templates popover.
    let templatesView = TemplatesView()
    /// The name the unsaved-changes question proposes for a new scribble ("Scribble N").
    private var proposedTitle: String?
    private var isProposingTitle = false

    /// Makes the canvas for `document` on a canvas view from `generator`; `navigator`
    /// switches views, `dialogs` asks questions.
    init(
        document: Document, settings: SettingsStore, dialogs: Dialogs, navigator: Navigator,
        instrumentation: Instrumentation? = nil, generator: CanvasViewGenerator = CanvasViewGenerator()
    ) {
        self.document = document
        self.settings = settings
        self.dialogs = dialogs
        self.navigator = navigator
        self.instrumentation = instrumentation
        toolbar = CanvasToolbar(style: strokeStyle)
        canvasView = generator.canvasView()
        templates = TemplateLibrary(manager: document.manager, dialogs: dialogs)
        toolbar.onAction = { [weak self] action in self?.perform(action) }
        document.onScribbleReplaced = { [weak self] scribble in
            guard let self else { return }
            self.endGesture()
            self.selection.clear()
            self.infoBar.dismiss()
            self.canvasView.show(scribble)
            self.canvasView.show(view: scribble.view) // as it was last seen
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
        page.packStart(protectionBar)
        page.packStart(infoBar)
        page.packStart(canvasRow, expand: true)
        canvasRow.packStart(toolStrip.view)
        installCanvasView()
        setUpTools()
    }

    /// Connects the tool bar, the selection and the templates, and picks the pen.
    private func setUpTools() {
        toolStrip.onToolChosen = { [weak self] kind in self?.choose(kind) }
        toolStrip.onKeep = { [weak self] in self?.keepSelectionAsTemplate() }
        toolStrip.templatesButton.setContent(templatesView.view)
        selection.observe { [weak self] in self?.selectionDidChange() }
        templates.onChange = { [weak self] in
            guard let self else { return }
            self.templatesView.show(self.templates.entries)
        }
        templates.onPreview = { [weak self] entry in self?.templatesView.previewDidLoad(entry) }
        templatesView.preview = { [weak self] entry, width, height in
            self?.templates.preview(of: entry, width: width, height: height)
        }
        templates.onKept = { [weak self] item in self?.dialogs.notify(tr("%1$s kept", item.name)) }
        toolStrip.eraserOptions.show(settings.eraser)
        toolStrip.eraserOptions.onChange = { [weak self] options in self?.settings.eraser = options }
        templatesView.onChoose = { [weak self] entry in
            self?.toolStrip.templatesButton.isOpen = false
            self?.templates.open(entry) { [weak self] item in self?.startStamping(item) }
        }
        templatesView.onDelete = { [weak self] entry in self?.templates.delete(entry) }
        templatesView.show([])
        templates.load()
        choose(.pen)
    }

    var view: Widget { page }
    var destination: Destination { .canvas }
    var title: String { document.state.title }
    var toolbarStart: [Widget] { toolbar.startItems }
    var toolbarEnd: [Widget] { toolbar.endItems }

    /// Runs a toolbar or keyboard action.
    func perform(_ action: CanvasToolbar.Action) {
        switch action {
        case .newScribble: startNewScribble()
        case .undo:
            endGesture()
            document.undo()
            selection.prune(on: document.scribble) // an undone move or stamp leaves no outline behind
        case .redo:
            endGesture()
            document.redo()
            selection.prune(on: document.scribble)
        case .palette: navigator.requestViewChange(to: .palette)
        case .openGallery: navigator.requestViewChange(to: .gallery)
        case .save: save()
        }
    }

    /// Saves; the first save of a new scribble asks for its name first, proposing the next
    /// "Scribble N" (found off the main thread: it lists the gallery).
    func save() {
        guard needsName else {
            return document.save(canvasWidth: canvasSize.width, canvasHeight: canvasSize.height)
        }
        lookUpProposedTitle { [weak self] proposal in
            guard let self, self.needsName, self.askName(proposing: proposal) else { return }
            self.document.save(canvasWidth: self.canvasSize.width, canvasHeight: self.canvasSize.height)
        }
    }

    /// Finds the next "Scribble N" off the main thread (it lists the gallery) and hands it to
    /// `body` on the main thread.
    private func lookUpProposedTitle(_ body: @escaping @MainActor @Sendable (String) -> Void) {
        let manager = document.manager
        Background.run(on: .files, { manager.nextDefaultTitle() }, then: body)
    }

    /// New Scribble (Ctrl+N, the New button, Delete with nothing selected): asks about unsaved
    /// work first, as GNOME apps do, then starts an empty scribble; Undo still brings the old
    /// marks back.
    func startNewScribble() {
        guard confirmDiscardingChanges() else { return }
        endGesture()
        selection.clear()
        document.startNewScribble()
        canvasView.show(view: nil) // a new scribble: 100 % with the origin at the top-left
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
            if needsName, !askName(proposing: proposedTitle ?? tr("Untitled")) { return false }
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

    /// Keeps `proposedTitle` ready for the unsaved-changes question, which cannot wait for the
    /// gallery to be listed: looked up off the main thread when new work appears.
    private func refreshProposedTitle() {
        guard needsName, document.hasUnsavedWork, !isProposingTitle else { return }
        isProposingTitle = true
        lookUpProposedTitle { [weak self] proposal in
            self?.proposedTitle = proposal
            self?.isProposingTitle = false
        }
    }

    func viewWillDisappear() {
        endGesture()
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
        if let cause = state.unprotectedBecause {
            protectionBar.show(
                tr("Unsaved changes are not protected against a crash: %1$s. Save them to keep them; TouchPainter keeps trying.", cause))
        } else if protectionBar.isVisible {
            protectionBar.dismiss()
        }
        refreshProposedTitle()
    }
}
