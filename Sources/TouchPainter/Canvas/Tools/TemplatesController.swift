import GtkKit
import ScribbleKit

/// The kept pattern templates on the canvas (book chapter 3, the Prototype): the library on
/// disk and its list in the tool strip's Templates popover — loaded, previewed, kept,
/// deleted and chosen. A template chosen is handed to `onChoose`, which starts stamping it.
@MainActor
final class TemplatesController {
    /// The templates kept in the gallery's folder.
    let library: TemplateLibrary
    /// The list in the Templates popover.
    let view = TemplatesView()
    /// Told of the template chosen, once it is read.
    var onChoose: ((TemplateLibrary.Item) -> Void)?

    /// Lists `manager`'s templates in `button`'s popover; `dialogs` hears what was kept.
    init(manager: ScribbleManager, dialogs: Dialogs, button: PopoverButton) {
        library = TemplateLibrary(manager: manager, dialogs: dialogs)
        button.setContent(view.view)
        library.onChange = { [weak self] in
            guard let self else { return }
            self.view.show(self.library.entries)
        }
        library.onPreview = { [weak self] entry in self?.view.previewDidLoad(entry) }
        view.preview = { [weak self] entry, width, height in
            self?.library.preview(of: entry, width: width, height: height)
        }
        library.onKept = { [weak dialogs] item in dialogs?.notify(tr("%1$s kept", item.name)) }
        view.onChoose = { [weak self, weak button] entry in
            button?.isOpen = false
            self?.library.open(entry) { [weak self] item in self?.onChoose?(item) }
        }
        view.onDelete = { [weak self] entry in self?.library.delete(entry) }
        view.show([])
        library.load()
    }

    /// Keeps deep copies of `marks` as the newest template.
    func keep(_ marks: [Mark]) {
        library.keep(marks)
    }
}
