import GtkKit

/// The running application: its `GtkApplication`, its window and its keyboard actions.
final class TouchPainterApp {
    /// The GTK application.
    let application = Application(id: AppInfo.applicationID)
    private var mainWindow: MainWindowController?
    private let fileToOpen: String?

    /// Prepares the app; `file` is a scribble to open once the window is up.
    init(opening file: String?) {
        fileToOpen = file
        application.onActivate { [unowned self] in self.activate() }
    }

    /// Runs until the window closes; returns the exit status.
    func run() -> Int32 { application.run() }

    private func activate() {
        if let mainWindow {
            mainWindow.window.present()
            return
        }
        let windowController = MainWindowController(application: application)
        mainWindow = windowController
        windowController.window.showAll()
        CoordinatingController.shared.attach(presenter: windowController)
        installActions()
        windowController.window.onCloseRequest {
            // true keeps the window open: the user chose Cancel, or saving failed.
            !CoordinatingController.shared.canvasViewController.confirmDiscardingChanges()
        }
        windowController.window.present()
        if let fileToOpen {
            // After the window is on screen, so an error dialog has a parent to sit on.
            MainLoop.perform { CoordinatingController.shared.canvasViewController.openFile(at: fileToOpen) }
        }
    }

    /// Keyboard shortcuts, as application actions with accelerators (SPEC §1). Canvas
    /// actions only act while the canvas is on show, so a shortcut in another view does not
    /// change the drawing hidden behind it.
    private func installActions() {
        let coordinator = CoordinatingController.shared
        let canvas = coordinator.canvasViewController
        func onCanvas(_ action: CanvasToolbar.Action) -> () -> Void {
            { if coordinator.activeViewController === canvas { canvas.perform(action) } }
        }
        application.addAction("undo", accelerators: ["<Primary>z"], handler: onCanvas(.undo))
        application.addAction("redo", accelerators: ["<Primary><Shift>z", "<Primary>y"], handler: onCanvas(.redo))
        application.addAction("clear", accelerators: ["<Primary>n"], handler: onCanvas(.delete))
        application.addAction("delete", accelerators: ["Delete"]) { coordinator.deleteRequested() }
        application.addAction("save", accelerators: ["<Primary>s"], handler: onCanvas(.save))
        application.addAction("open", accelerators: ["<Primary>o"]) {
            coordinator.requestViewChange(tag: ButtonTag.openGallery.rawValue)
        }
        application.addAction("quit", accelerators: ["<Primary>q"]) { [weak self] in
            guard canvas.confirmDiscardingChanges() else { return }
            self?.mainWindow?.window.destroy()
        }
    }
}
