import Dispatch
import GtkKit
import ScribbleKit

/// The pattern templates kept so far (SPEC §7): read from the `ScribbleManager` at start,
/// added by Keep as Template, deleted from the list. Files are read and written on a queue of
/// its own, never on the main thread; the list changes when a write has succeeded.
@MainActor
final class TemplateLibrary {
    /// One template: its file's id, its name ("Template N") and the prototype mark.
    struct Item {
        /// The stored file's id.
        let id: String
        /// "Template N", N fixed when it was kept.
        let name: String
        /// The prototype; only ever copied, never put on a canvas.
        let mark: Mark
    }

    /// The templates, oldest first.
    private(set) var items: [Item] = []
    /// Told after the list changed.
    var onChange: (() -> Void)?
    /// Told when a template was kept, after the list changed.
    var onKept: ((Item) -> Void)?
    /// Told when a file could not be written or deleted: what failed, and why.
    var onError: ((String, String) -> Void)?
    private let manager: ScribbleManager
    private static let queue = DispatchQueue(label: "touchpainter.templates", qos: .userInitiated)

    /// The templates stored beside `manager`'s gallery; call `load()` to read them.
    init(manager: ScribbleManager) {
        self.manager = manager
    }

    /// Reads the stored templates in the background and shows them when read.
    func load() {
        let manager = manager
        Self.queue.async {
            let stored = manager.templates()
            MainLoop.perform { [weak self] in
                self?.items = stored.map(Self.item)
                self?.onChange?()
            }
        }
    }

    /// Keeps a deep copy of `marks` (one mark, or several grouped in drawing order) as the newest template.
    func keep(_ marks: [Mark]) {
        guard !marks.isEmpty else { return }
        let memento = Scribble.templateMemento(of: marks) // the copy is made now, before anything moves
        let manager = manager
        Self.queue.async {
            let result = Result { () throws(StorageError) in try manager.saveTemplate(memento) }
            MainLoop.perform { [weak self] in
                switch result {
                case .success(let template):
                    let item = Self.item(template)
                    self?.items.append(item)
                    self?.onChange?()
                    self?.onKept?(item)
                case .failure(let error):
                    self?.onError?(tr("Could not keep the template"), "\(error)")
                }
            }
        }
    }

    /// Deletes `item`'s file, then takes it off the list.
    func delete(_ item: Item) {
        let manager = manager, id = item.id, name = item.name
        Self.queue.async {
            let result = Result { () throws(StorageError) in try manager.deleteTemplate(id: id) }
            MainLoop.perform { [weak self] in
                switch result {
                case .success:
                    self?.items.removeAll { $0.id == id }
                    self?.onChange?()
                case .failure(let error):
                    self?.onError?(tr("Could not delete “%1$s”", name), "\(error)")
                }
            }
        }
    }

    private static func item(_ template: ScribbleManager.Template) -> Item {
        let mark = Scribble(memento: template.memento).marks.first ?? Stroke()
        return Item(id: template.id, name: tr("Template %1$s", template.number), mark: mark)
    }
}
