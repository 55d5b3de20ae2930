import GtkKit

/// The running application: its `GtkApplication`, its window and its keyboard actions.
final class TouchPainterApp {
    let application = Application(id: AppInfo.applicationID)
    private var mainWindow: MainWindowController?
    private var actions: [String: Action] = [:]

    init() {
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
        windowController.window.present()
    }

    /// Keyboard shortcuts, as application actions with accelerators (SPEC §1). Canvas
    /// actions only act while the canvas is on show, so Delete in another view does not
    /// wipe the drawing behind it.
    private func installActions() {
        let coordinator = CoordinatingController.shared
        let canvas = coordinator.canvasViewController
        func onCanvas(_ action: CanvasToolbar.Action) -> () -> Void {
            { if coordinator.activeViewController === canvas { canvas.perform(action) } }
        }
        application.addAction("undo", accelerators: ["<Primary>z"], handler: onCanvas(.undo))
        application.addAction("redo", accelerators: ["<Primary><Shift>z", "<Primary>y"], handler: onCanvas(.redo))
        application.addAction("clear", accelerators: ["<Primary>n", "Delete"], handler: onCanvas(.delete))
        application.addAction("quit", accelerators: ["<Primary>q"]) { [weak self] in
            self?.mainWindow?.window.destroy()
        }
    }
}
