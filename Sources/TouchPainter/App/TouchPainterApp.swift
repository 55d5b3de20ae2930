import FoundationEssentials
import Glibc
import GtkKit
import ScribbleKit

/// The running application: its `GtkApplication`, its window and its keyboard actions.
///
/// One instance per session: GApplication registers the app id on the session bus, and a
/// second `touchpainter` — with or without a FILE — hands its command line to the running
/// instance (which brings its window forward, or opens the file after the unsaved-changes
/// question) and exits. A launch never blocks on that: when the name's owner does
/// not answer within `uniquenessTimeout` (a frozen first instance) or is not this app, the
/// launch runs as an instance of its own, opens its file, and says so in one line on stderr.
@MainActor
final class TouchPainterApp {
    /// The GTK application.
    let application: Application
    private let coordinator: CoordinatingController
    private var mainWindow: MainWindowController?
    /// The benchmark's timing lines, when the environment asks for them.
    private var timingReport: TimingReport?

    /// How long a launch waits for each answer about a running instance, in milliseconds:
    /// two questions, so at most 1.6 s in all.
    static let uniquenessTimeout: Int32 = 800

    /// Prepares the app around `coordinator`; `unique` says whether it hands over to, or
    /// becomes, the session's one instance.
    init(coordinator: CoordinatingController, unique: Bool = true) {
        application = Application(id: AppInfo.applicationID, unique: unique)
        self.coordinator = coordinator
        application.onActivate { [unowned self] in self.showWindow() }
        application.onOpen { [unowned self] paths in
            self.showWindow()
            // After the window is on screen, so a question or an error has a parent to sit on.
            MainLoop.perform { [weak self] in
                if let path = paths.first { self?.coordinator.openFile(at: path) }
            }
        }
    }

    /// The entry point: runs the app with the book's Singleton coordinator until the window
    /// closes, reporting its timing to `timingReport` if given; returns the exit status.
    static func run(opening file: String?, brand: Brand?, timingReport: TimingReport?) -> Int32 {
        Gtk.doWithoutOpenGL() // every drawing is Cairo's: the GL probe would only slow the start
        Gtk.startLoadingFonts()
        // The session bus is asked about a running instance on a thread of its own while GTK
        // opens the display here: each waits on a server (6–10 ms and ~7 ms of a launch),
        // and they no longer come one after the other. (`Application.run` finds GTK
        // started; a launch that hands its command line over has opened the display for
        // nothing, and one without a display still hands it over.)
        let runningInstance = RunningInstanceQuery(id: AppInfo.applicationID, timeout: uniquenessTimeout)
        Localization.setUp()
        Gtk.initialise()
        let app = TouchPainterApp(coordinator: .shared, unique: mayBeUnique(runningInstance.answer()))
        app.coordinator.branding = brand?.factory ?? GnomeBrandingFactory()
        app.coordinator.instrumentation = timingReport
        app.timingReport = timingReport
        let status = app.application.run(opening: file.map { [$0] } ?? [], activationToken: Application.takeActivationToken())
        // A clean exit: the user saved, discarded or had nothing to lose. (A second launch
        // that handed its command line over never started a journal.)
        app.coordinator.document.closeJournal()
        app.coordinator.settings.waitForSaves()
        return status
    }

    /// Whether this launch can take part in the one-instance scheme without blocking, given
    /// who holds the app's bus name: false, with one line on stderr, when that is a frozen
    /// instance or another program.
    private static func mayBeUnique(_ owner: Application.NameOwner) -> Bool {
        let message: String
        switch owner {
        case .none, .answeringInstance: return true
        case .notAnswering: message = tr("the running TouchPainter does not answer; starting a separate instance")
        case .somethingElse: message = tr("another program holds TouchPainter’s name on the session bus; starting a separate instance")
        }
        StandardError.write("touchpainter: \(message)")
        return false
    }

    private func showWindow() {
        if let mainWindow {
            mainWindow.window.present()
            return
        }
        coordinator.branding.installStyle()
        let windowController = MainWindowController(application: application, coordinator: coordinator)
        mainWindow = windowController
        windowController.window.showAll()
        timingReport?.answerSettleRequests(on: windowController.window)
        coordinator.attach(presenter: windowController)
        coordinator.recoverThenStartJournal(in: Journal.defaultDirectory())
        // A logout, `kill` or Ctrl+C in the terminal: keep every finished change in the
        // journal and end at once, without a question; the next launch offers it back.
        UnixSignals.handle([UnixSignals.terminate, UnixSignals.interrupt, UnixSignals.hangUp]) { [weak self] _ in
            self?.coordinator.document.flushJournal()
            exit(0)
        }
        timingReport?.openGallery = { [weak coordinator] in
            coordinator?.requestViewChange(to: .gallery)
        }
        timingReport?.closeGallery = { [weak coordinator] in
            coordinator?.requestViewChange(to: .canvas)
        }
        timingReport?.whenCanvasIsCurrent = { [weak coordinator] body in
            guard let coordinator else { return body() }
            coordinator.canvasViewController.canvasView.whenShowingCurrentFrame(body)
        }
        timingReport?.isSaving = { [weak coordinator] in coordinator?.document.isSaving ?? false }
        timingReport?.stampTemplate = { [weak coordinator] report in
            coordinator?.canvasViewController.stampFirstTemplate(report: report)
        }
        installActions()
        windowController.window.onCloseRequest { [unowned self] in
            // true keeps the window open: the user chose Cancel, or saving failed.
            !self.coordinator.canvasViewController.confirmDiscardingChanges()
        }
        windowController.window.present()
    }

    /// The application's actions (`AppAction`), with their accelerators. Canvas actions only
    /// act while the canvas is on show, so a shortcut in another view does not change the
    /// drawing hidden behind it.
    private func installActions() {
        var pageActions: [Action] = []
        for action in AppAction.allCases {
            let added = application.addAction(action.name, accelerators: action.accelerators, handler: handler(for: action))
            if [.fitPage, .fitWidth, .goToPage].contains(action) { pageActions.append(added) }
        }
        // The page actions only in a drawing with pages (a PDF's): greyed out in the menus else.
        // (Find works in every drawing: it finds text boxes' words too, issue 55.)
        let toolbar = coordinator.canvasViewController.toolbar
        toolbar.onPagesAvailable = { available in pageActions.forEach { $0.isEnabled = available } }
        pageActions.forEach { $0.isEnabled = toolbar.pageButton.isVisible }
    }

    /// What `action` does.
    private func handler(for action: AppAction) -> @MainActor () -> Void {
        let coordinator = coordinator
        let canvas = coordinator.canvasViewController
        func onCanvas(_ body: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
            { if coordinator.activeViewController === canvas { body() } }
        }
        switch action {
        case .undo: return onCanvas { coordinator.perform(ButtonTag.undo) }
        case .redo: return onCanvas { coordinator.perform(ButtonTag.redo) }
        case .newScribble:
            return {
                coordinator.requestViewChange(to: .canvas)
                canvas.startNewScribble()
            }
        case .palette: return onCanvas { coordinator.perform(ButtonTag.openPalette) }
        case .zoomIn: return onCanvas { canvas.perform(ZoomAction.zoomIn) }
        case .zoomOut: return onCanvas { canvas.perform(ZoomAction.zoomOut) }
        case .zoom100: return onCanvas { canvas.perform(ZoomAction.actualSize) }
        case .zoomFit: return onCanvas { canvas.perform(ZoomAction.fitDrawing) }
        case .fitPage: return onCanvas { canvas.perform(ZoomAction.fitPage) }
        case .fitWidth: return onCanvas { canvas.perform(ZoomAction.fitWidth) }
        case .goToPage: return onCanvas { canvas.goToPageDialog() }
        case .find: return onCanvas { canvas.find() }
        case .save: return onCanvas { coordinator.perform(ButtonTag.save) }
        case .openGallery: return { coordinator.requestViewChange(to: .gallery) }
        case .importNotebook: return { canvas.importFileChooser() }
        case .insertPicture: return onCanvas { canvas.insertPictureChooser() }
        case .export: return { coordinator.exportController.exportDrawing() }
        case .copy:
            return onCanvas {
                canvas.selection.prune(on: canvas.document.scribble)
                if canvas.selection.isEmpty { coordinator.exportController.copyDrawing() } else { canvas.copySelection() }
            }
        case .print: return { coordinator.exportController.printDrawing() }
        case .replay: return onCanvas { coordinator.requestViewChange(to: .replay) }
        case .rename: return { coordinator.renameRequested() }
        case .delete: return { coordinator.deleteRequested() }
        case .menu: return { [weak self] in self?.mainWindow?.primaryMenu.toggle() }
        case .shortcuts:
            return { [weak self] in
                ShortcutsWindow.show(
                    AppInfo.shortcuts, title: AppInfo.shortcutsTitle, parent: self?.mainWindow?.window,
                    linesPerColumn: AppInfo.shortcutLinesPerColumn)
            }
        case .preferences: return { [weak self] in coordinator.showPreferences(parent: self?.mainWindow?.window) }
        case .quit:
            return { [weak self] in
                guard canvas.confirmDiscardingChanges() else { return }
                self?.mainWindow?.window.destroy()
            }
        case .openFile: return { canvas.openFileChooser() }
        case .saveAs: return { canvas.saveAs() }
        case .about: return { [weak self] in AboutDialog.show(AppInfo.about, parent: self?.mainWindow?.window) }
        }
    }
}
