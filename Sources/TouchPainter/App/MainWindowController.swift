import GtkKit
import ScribbleKit

/// Owns the app's one window: a header bar that carries the active view's toolbar, and a
/// stack with one page per view controller. The coordinator decides what to show; this
/// class only knows how, and how to ask the user a question over the window.
@MainActor
final class MainWindowController: ViewPresenter {
    /// The app's one window.
    let window: ApplicationWindow
    let headerBar: HeaderBar
    private let stack = Stack()
    /// Brief notifications, over the pages: made for the first one (a launch that shows none
    /// is spared making it, most of a millisecond).
    private lazy var toast: Toast = {
        let toast = Toast()
        overlay.addOverlay(toast)
        return toast
    }()
    /// The pages and the side pane, under the notifications.
    private let overlay: Overlay
    /// Whether the notification on show is a progress one (`endProgress` takes only that down).
    private var isShowingProgress = false
    /// The pane beside the pages (the palette beside the drawing), closed at first.
    private let sidePane = Revealer()
    /// The primary menu (GNOME's "hamburger" menu), at the header bar's right end; F10 opens it.
    let primaryMenu = MenuButton(
        iconName: "open-menu-symbolic",
        sections: [
            [
                item(tr("_New Scribble"), .newScribble), item(tr("Open _Gallery"), .openGallery),
                item(tr("_Open File…"), .openFile), item(tr("_Import…"), .importNotebook),
                item(tr("Insert _Picture…"), .insertPicture), item(tr("Save _As…"), .saveAs),
            ],
            [item(tr("_Export…"), .export), item(tr("_Print…"), .print), item(tr("_Replay"), .replay)],
            [item(tr("Pre_ferences"), .preferences), item(tr("_Keyboard Shortcuts"), .shortcuts), item(tr("_About TouchPainter"), .about)],
            [item(tr("_Quit"), .quit)],
        ])

    /// A menu item labelled `label` that runs `action`, showing its first accelerator.
    private static func item(_ label: String, _ action: AppAction) -> MenuButton.Item {
        .init(label, action: action.detailedName, accelerator: action.accelerators.first)
    }
    /// Every controller that has been shown, so its page and toolbar exist once.
    private var installed: [ObjectIdentifier: ViewController] = [:]
    /// The title last put up. Compared with this, not with the header bar's own title:
    /// GTK 3 sets a titlebar header bar's title to the window's (`gtk_window_set_title`),
    /// which here has " — TouchPainter" after it, so that comparison would never match.
    private var shownTitle: String?

    /// Builds the window, its header bar and page stack — branded by `coordinator.branding`'s
    /// products; Escape anywhere but on the canvas means Done.
    init(application: Application, coordinator: CoordinatingController) {
        window = ApplicationWindow(application: application)
        headerBar = coordinator.branding.makeToolbar().headerBar
        window.setIconName(AppInfo.iconName, fallback: AppInfo.windowIcon)
        window.setDefaultSize(fitting: 1024, height: 768)
        window.doubleBufferOnlyWhileNearTheMonitorsSize()
        // A scribble, a PDF or a Xournal++ notebook dropped from the file manager opens, as from
        // the command line (asking about unsaved work first).
        // Picture files dropped on the drawing go on it (issue 54).
        // Picture files, or a browser's image, dropped on the drawing go on it (issue 54).
        window.acceptDrops(pictureTypes: CanvasViewController.droppedPictureTypes) { [weak coordinator, window] drop, x, y in
            guard let coordinator else { return false }
            let canvas = coordinator.canvasViewController
            let onCanvas = coordinator.activeViewController === canvas
            switch drop {
            case .picture(let bytes, _):
                guard onCanvas else { return false }
                MainLoop.perform { canvas.insertPicture(pasted: bytes, at: canvas.canvasPoint(ofWindowPoint: (x, y), in: window)) }
            case .files(let paths):
                MainLoop.perform { // after the drop is finished
                    if let pictures = CanvasViewController.pictureFiles(paths), onCanvas {
                        canvas.insertPictures(fromFiles: pictures, at: canvas.canvasPoint(ofWindowPoint: (x, y), in: window))
                    } else {
                        coordinator.openFile(at: paths[0])
                    }
                }
            }
            return true
        }
        window.setTitlebar(headerBar)
        primaryMenu.accessibleName = tr("Main menu")
        primaryMenu.tooltip = tr("Main menu (F10)")
        primaryMenu.focusOnClick = false
        headerBar.packEnd(primaryMenu)
        let content = Box(.horizontal)
        content.packStart(stack, expand: true)
        // As wide as the pane asks, however much room there is: without this, the sliders'
        // wish to expand would pass up to the pane and it would take half of the window.
        sidePane.setExpand(horizontal: false, vertical: true)
        content.packStart(sidePane)
        overlay = Overlay(over: content)
        window.add(coordinator.branding.makeMainView(content: overlay).widget)
        updateTitle(DocumentState.appName)
        window.onKeyPress { [weak self, weak coordinator] event in
            guard let self, let coordinator else { return false }
            if self.stack.visiblePageName == Destination.canvas.rawValue {
                // The canvas' single-key shortcuts work whatever has the focus (a button just
                // clicked, the palette), but never while the user types into an entry. The
                // window hears a key before the focused widget does.
                return !self.window.focusIsTextEntry && coordinator.canvasViewController.handleShortcutKey(event)
            }
            if self.stack.visiblePageName == Destination.replay.rawValue, !self.window.focusIsTextEntry,
                coordinator.replayViewController.handleKey(event.key)
            {
                return true
            }
            // Escape is "Done" on every page but the canvas, whose tools use it.
            guard event.key == .escape else { return false }
            coordinator.requestViewChange(to: .canvas)
            return true
        }
        // The Text tool's typing: the keys the shortcuts passed on, through the input method.
        coordinator.canvasViewController.attachTextInput(to: window)
        // Heard after the handler above, which leaves Escape on the canvas page alone: with
        // the side pane open, Escape closes it, wherever the focus is (on the canvas too:
        // a second Escape then goes to the canvas' tools).
        window.onKeyPress { [weak self, weak coordinator] event in
            guard event.key == .escape, self?.sidePane.revealsChild == true else { return false }
            coordinator?.requestViewChange(to: .canvas)
            return true
        }
    }

    /// Shows `controller`'s page and its toolbar items; hides every other toolbar item.
    func present(_ controller: ViewController) {
        install(controller)
        for other in installed.values {
            let isActive = other === controller
            (other.toolbarStart + other.toolbarEnd).forEach { $0.isVisible = isActive }
        }
        stack.visiblePageName = controller.destination.rawValue
        updateTitle(controller.title)
    }

    /// Puts `controller`'s view in the pane beside the pages and slides it in; `nil` slides
    /// the pane out. The view is added the first time and stays in the pane.
    func showSidePane(_ controller: ViewController?) {
        guard let controller else {
            sidePane.revealsChild = false
            return
        }
        let key = ObjectIdentifier(controller)
        if installed[key] == nil {
            installed[key] = controller
            let pane = Box(.horizontal)
            pane.packStart(Separator(.vertical))
            pane.packStart(controller.view, expand: true)
            sidePane.add(pane)
            pane.showAll()
        }
        sidePane.revealsChild = true
    }

    /// Shows `title` in the header bar, and as the window's name with the app's after it.
    /// An unchanged title is skipped: setting one relays the header bar out and converts the
    /// text for X11.
    func updateTitle(_ title: String) {
        guard title != shownTitle else { return }
        shownTitle = title
        titleUpdates += 1
        headerBar.title = title
        window.title = title == DocumentState.appName ? title : "\(title) — \(DocumentState.appName)"
    }

    /// How many times the title was put up (tests check that a drag does not do it per event).
    private(set) var titleUpdates = 0

    func ask(_ text: String, detail: String, choices: [MessageDialog.Choice], defaultChoice: Int) -> Int? {
        MessageDialog.ask(parent: window, text: text, detail: detail, choices: choices, defaultChoice: defaultChoice)
    }

    func showError(_ text: String, detail: String) {
        MessageDialog.showError(parent: window, text: text, detail: detail)
    }

    var dialogParent: ApplicationWindow? { window }

    func notify(_ message: String, actionLabel: String?, action: (@MainActor () -> Void)?) {
        isShowingProgress = false
        toast.show(message, actionLabel: actionLabel, action: action)
    }

    func showProgress(_ message: String) {
        isShowingProgress = true
        toast.show(message, busy: true)
    }

    func endProgress() {
        guard isShowingProgress else { return }
        isShowingProgress = false
        toast.dismiss()
    }

    func askText(_ title: String, text: String, initial: String, accept: String, kind: TextQuestion) -> String? {
        let refusal =
            switch kind {
            case .name: tr("A name cannot be empty. Type one, or press Cancel.")
            case .pageNumber: tr("Type a page number, or press Cancel.")
            case .password: tr("Type the password, or press Cancel.")
            }
        let entryName =
            switch kind {
            case .name: tr("Name")
            case .pageNumber: tr("Page number")
            case .password: tr("Password")
            }
        return MessageDialog.askText(
            parent: window, title: title, text: text, initial: initial, accept: accept, emptyRefusal: refusal,
            entryName: entryName, secret: kind == .password)
    }

    private func install(_ controller: ViewController) {
        let key = ObjectIdentifier(controller)
        guard installed[key] == nil else { return }
        installed[key] = controller
        controller.toolbarStart.forEach { item in
            headerBar.packStart(item)
            item.showAll()
        }
        controller.toolbarEnd.forEach { item in
            headerBar.packEnd(item)
            item.showAll()
        }
        stack.addPage(controller.view, name: controller.destination.rawValue)
        controller.view.showAll()
    }
}
