import GtkKit
import ScribbleKit

/// The kept pattern templates on the canvas (book chapter 3, the Prototype): the library on
/// disk and its list in the tool strip's Templates popover — loaded, previewed, kept,
/// deleted and chosen. A template chosen is handed to `onChoose`, which starts stamping it.
@MainActor
final class TemplatesController {
    /// The templates kept in the gallery's folder.
    let library: TemplateLibrary
    /// The list in the Templates popover, made when the popover first opens.
    private lazy var view = makeView()
    /// Whether `view` is made (the library's news is for the list only once it is).
    private var hasView = false
    /// The button that opens the list.
    private weak var button: PopoverButton?
    /// Told of the template chosen, once it is read.
    var onChoose: ((TemplateLibrary.Item) -> Void)?

    /// Lists `manager`'s templates in `button`'s popover; `dialogs` hears what was kept.
    init(manager: ScribbleManager, dialogs: Dialogs, button: PopoverButton) {
        library = TemplateLibrary(manager: manager, dialogs: dialogs)
        self.button = button
        button.setContent { [weak self] in self?.view.view ?? Box(.vertical, spacing: 0) }
        library.onChange = { [weak self] in
            guard let self, hasView else { return }
            view.show(library.entries)
        }
        library.onPreview = { [weak self] entry in
            guard let self, hasView else { return }
            view.previewDidLoad(entry)
        }
        library.onKept = { [weak dialogs] item in dialogs?.notify(tr("%1$s kept", item.name)) }
        library.load()
    }

    /// The list, showing the library's templates as they are now.
    private func makeView() -> TemplatesView {
        hasView = true
        let view = TemplatesView()
        view.preview = { [weak self] entry, width, height in
            self?.library.preview(of: entry, width: width, height: height)
        }
        view.onChoose = { [weak self] entry in
            self?.button?.isOpen = false
            self?.library.open(entry) { [weak self] item in self?.onChoose?(item) }
        }
        view.onDelete = { [weak self] entry in self?.library.delete(entry) }
        view.view.showAll()
        view.show(library.entries) // hides what an empty list or a single page does without
        return view
    }

    /// Keeps deep copies of `marks` as the newest template.
    func keep(_ marks: [Mark]) {
        library.keep(marks)
    }
}
