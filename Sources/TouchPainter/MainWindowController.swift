import CGtk
import GtkKit

/// Owns the app's one window: a header bar that carries the active view's toolbar, and a
/// stack with one page per view controller. The coordinator decides what to show; this
/// class only knows how.
final class MainWindowController: ViewPresenter {
    /// The app's one window.
    let window: ApplicationWindow
    private let headerBar = HeaderBar()
    private let stack = Stack()
    /// Every controller that has been shown, so its page and toolbar exist once.
    private var installed: [ObjectIdentifier: ViewController] = [:]

    /// Builds the window, its header bar and page stack; Escape anywhere means Done.
    init(application: Application) {
        window = ApplicationWindow(application: application)
        window.title = "TouchPainter"
        window.setIconName(AppInfo.iconName)
        window.setDefaultSize(width: 1024, height: 768)
        headerBar.title = "TouchPainter"
        window.setTitlebar(headerBar)
        window.add(stack)
        window.onKeyPress { event in
            // Escape is "Done" on every page but the canvas.
            guard event.keyval == UInt32(GDK_KEY_Escape) else { return false }
            CoordinatingController.shared.requestViewChange(tag: ButtonTag.done.rawValue)
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
        stack.visiblePageName = controller.pageName
        updateTitle(controller.title)
    }

    /// Shows `title` in the header bar, and as the window's name with the app's after it.
    /// Skips an unchanged title: setting it relays the header bar out, and the canvas reports
    /// its title after every change, motion events included.
    func updateTitle(_ title: String) {
        guard title != headerBar.title else { return }
        headerBar.title = title
        window.title = title == "TouchPainter" ? title : "\(title) — TouchPainter"
    }

    var dialogParent: ApplicationWindow? { window }

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
        stack.addPage(controller.view, name: controller.pageName)
        controller.view.showAll()
    }
}
