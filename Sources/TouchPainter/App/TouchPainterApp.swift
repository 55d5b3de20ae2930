import Foundation
import Glibc
import GtkKit
import ScribbleKit

/// The running application: its `GtkApplication`, its window and its keyboard actions.
///
/// One instance per session: GApplication registers the app id on the session bus, and a
/// second `touchpainter` — with or without a FILE — hands its command line to the running
/// instance (which brings its window forward, or opens the file after the unsaved-changes
/// question) and exits. A launch never blocks on that (SPEC §16): when the name's owner does
/// not answer within `uniquenessTimeout` (a frozen first instance) or is not this app, the
/// launch runs as an instance of its own, opens its file, and says so in one line on stderr.
@MainActor
final class TouchPainterApp {
    /// The GTK application.
    let application: Application
    private let coordinator: CoordinatingController
    private var mainWindow: MainWindowController?

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
    /// closes; returns the exit status.
    static func run(opening file: String?, brand: Brand?) -> Int32 {
        Localization.setUp()
        Gtk.doWithoutOpenGL() // every drawing is Cairo's: the GL probe would only slow the start
        let app = TouchPainterApp(coordinator: .shared, unique: mayBeUnique())
        app.coordinator.branding = BrandingFactory.factory(for: brand)
        let status = app.application.run(opening: file.map { [$0] } ?? [])
        // A clean exit: the user saved, discarded or had nothing to lose. (A second launch
        // that handed its command line over never started a journal.)
        app.coordinator.document.closeJournal()
        app.coordinator.settings.waitForSaves()
        return status
    }

    /// Whether this launch can take part in the one-instance scheme without blocking: false,
    /// with one line on stderr, when the app's bus name is held by a frozen instance or by
    /// another program.
    private static func mayBeUnique() -> Bool {
        let message: String
        switch Application.nameOwner(of: AppInfo.applicationID, timeout: uniquenessTimeout) {
        case .none, .answeringInstance: return true
        case .notAnswering: message = tr("the running TouchPainter does not answer; starting a separate instance")
        case .somethingElse: message = tr("another program holds TouchPainter’s name on the session bus; starting a separate instance")
        }
        FileHandle.standardError.write(Data("touchpainter: \(message)\n".utf8))
        return false
    }

    private func showWindow() {
        if let mainWindow {
            mainWindow.window.present()
            return
        }
        coordinator.branding?.installStyle()
        let windowController = MainWindowController(application: application, coordinator: coordinator)
        mainWindow = windowController
        windowController.window.showAll()
        coordinator.attach(presenter: windowController)
        coordinator.recoverThenStartJournal(in: Journal.defaultDirectory())
        // A logout, `kill` or Ctrl+C in the terminal: keep every finished change in the
        // journal and end at once, without a question; the next launch offers it back.
        UnixSignals.handle([UnixSignals.terminate, UnixSignals.interrupt, UnixSignals.hangUp]) { [weak self] _ in
            self?.coordinator.document.flushJournal()
            exit(0)
        }
        TimingReport.openGallery = { [weak coordinator] in
            coordinator?.requestViewChange(to: .gallery)
        }
        TimingReport.closeGallery = { [weak coordinator] in
            coordinator?.requestViewChange(to: .canvas)
        }
        installActions()
        windowController.window.onCloseRequest { [unowned self] in
            // true keeps the window open: the user chose Cancel, or saving failed.
            !self.coordinator.canvasViewController.confirmDiscardingChanges()
        }
        windowController.window.present()
    }

    /// Keyboard shortcuts, as application actions with accelerators (SPEC §1). Canvas
    /// actions only act while the canvas is on show, so a shortcut in another view does not
    /// change the drawing hidden behind it.
    private func installActions() {
        let coordinator = coordinator
        let canvas = coordinator.canvasViewController
        func onCanvas(_ action: CanvasToolbar.Action) -> @MainActor () -> Void {
            { if coordinator.activeViewController === canvas { canvas.perform(action) } }
        }
        application.addAction("undo", accelerators: ["<Primary>z"], handler: onCanvas(.undo))
        application.addAction("redo", accelerators: ["<Primary><Shift>z", "<Primary>y"], handler: onCanvas(.redo))
        application.addAction("new", accelerators: ["<Primary>n"]) {
            coordinator.requestViewChange(to: .canvas)
            canvas.startNewScribble()
        }
        application.addAction("delete", accelerators: ["Delete"]) { coordinator.deleteRequested() }
        application.addAction("rename", accelerators: ["F2"]) { coordinator.renameRequested() }
        application.addAction("save", accelerators: ["<Primary>s"], handler: onCanvas(.save))
        application.addAction("open", accelerators: ["<Primary>o"]) {
            coordinator.requestViewChange(to: .gallery)
        }
        application.addAction("open-file", accelerators: ["<Primary><Shift>o"]) { canvas.openFileChooser() }
        application.addAction("save-as", accelerators: ["<Primary><Shift>s"]) { canvas.saveAs() }
        application.addAction("palette", accelerators: ["<Primary>k"], handler: onCanvas(.palette))
        application.addAction("export", accelerators: ["<Primary>e"]) { canvas.exportDrawing() }
        application.addAction("copy", accelerators: ["<Primary>c"]) {
            if coordinator.activeViewController === canvas { canvas.copyDrawing() }
        }
        application.addAction("print", accelerators: ["<Primary>p"]) { canvas.printDrawing() }
        application.addAction("quit", accelerators: ["<Primary>q"]) { [weak self] in
            guard canvas.confirmDiscardingChanges() else { return }
            self?.mainWindow?.window.destroy()
        }
        for zoom in ZoomAction.allCases {
            application.addAction(zoom.actionName, accelerators: zoom.accelerators) {
                if coordinator.activeViewController === canvas { canvas.perform(zoom) }
            }
        }
        application.addAction("menu", accelerators: ["F10"]) { [weak self] in self?.mainWindow?.primaryMenu.toggle() }
        application.addAction("shortcuts", accelerators: ["<Primary>question"]) { [weak self] in
            ShortcutsWindow.show(AppInfo.shortcuts, title: AppInfo.shortcutsTitle, parent: self?.mainWindow?.window)
        }
        application.addAction("about") { [weak self] in
            AboutDialog.show(AppInfo.about, parent: self?.mainWindow?.window)
        }
    }
}
