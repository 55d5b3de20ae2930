import CairoKit
import GtkKit
import ScribbleKit
import Synchronization

/// The pattern templates kept so far (book chapter 3, the Prototype), loaded lazily: at start only the folder's
/// names are listed (ten thousand templates list in milliseconds); a template's preview is
/// drawn when its tile is on show, and its mark is read when it is chosen for stamping.
/// Files are read and written on queues of their own, never on the main thread; the list
/// changes when a write has succeeded.
@MainActor
final class TemplateLibrary {
    /// One template in the list: its file and its name, nothing read yet.
    struct Entry: Hashable {
        /// The stored file.
        let file: ScribbleManager.TemplateFile
        /// "Template N", N fixed when it was kept.
        var name: String { tr("Template %1$s", file.number) }
    }

    /// One template read for stamping: its file's id, its name and the prototype mark.
    struct Item {
        /// The stored file's id.
        let id: String
        /// "Template N", N fixed when it was kept.
        let name: String
        /// The prototype; only ever copied, never put on a canvas.
        let mark: Mark
        /// The prototype's marks and vertices, counted off the main thread up to one past
        /// `hugeSize` (`nil`: not counted).
        var size: Int? = nil
        /// The prototype drawn once, for a huge template's preview (`nil`: none).
        var picture: StampPicture? = nil
    }

    /// The templates, oldest first.
    private(set) var entries: [Entry] = []
    /// Told after the list changed.
    var onChange: (() -> Void)?
    /// Told when a template was kept, after the list changed.
    var onKept: ((Entry) -> Void)?
    /// Told when the preview of an entry is ready.
    var onPreview: ((Entry) -> Void)?
    private let manager: ScribbleManager
    /// Told when a file could not be read, written or deleted.
    private weak var dialogs: Dialogs?
    /// Previews drawn, and the entries whose preview is being drawn.
    private var previews: [Entry: CairoImage] = [:]
    private var previewOrder: [Entry] = []
    private var drawing: Set<Entry> = []
    /// The most previews kept (each ~20 KB at twice the tile's size).
    static let previewLimit = 240
    /// A template with more marks and vertices than this is stamped off the main thread.
    nonisolated static let hugeSize = 20_000
    /// Held while a template is read and worked on (its preview drawn, or its picture and
    /// size for stamping): one at a time, so that a huge template chosen while its preview
    /// is still being drawn is not held twice at once (issue 39's rule for any file: twice
    /// its size and 64 MB).
    nonisolated static let reading = Mutex(())

    /// The templates stored beside `manager`'s gallery, saying on `dialogs` when a file could
    /// not be read, written or deleted; call `load()` to list them.
    init(manager: ScribbleManager, dialogs: Dialogs?) {
        self.manager = manager
        self.dialogs = dialogs
    }

    /// Lists the stored templates in the background, reading none, and shows them.
    func load() {
        let manager = manager
        WorkLanes.run(
            on: .templates, { manager.templateFiles() },
            then: { [weak self] files in
                self?.entries = files.map(Entry.init)
                self?.onChange?()
            })
    }

    /// The preview of `entry` at `width`×`height` device pixels if drawn, else `nil` — and
    /// then it is drawn in the background (`onPreview` tells when).
    func preview(of entry: Entry, width: Int, height: Int) -> CairoImage? {
        if let image = previews[entry] { return image }
        guard !drawing.contains(entry) else { return nil }
        drawing.insert(entry)
        let manager = manager
        WorkLanes.run(
            on: .previews,
            {
                Self.reading.withLock { _ in
                    (try? manager.loadTemplate(entry.file)).flatMap {
                        Self.drawPreview(Scribble(adopting: $0.memento).marks.first, width: width, height: height)
                    }
                }
            },
            then: { [weak self] image in
                guard let self else { return }
                self.drawing.remove(entry)
                guard let image else { return }
                self.previews[entry] = image
                self.previewOrder.append(entry)
                if self.previewOrder.count > Self.previewLimit { self.previews[self.previewOrder.removeFirst()] = nil }
                self.onPreview?(entry)
            })
        return nil
    }

    /// Reads `entry`'s template in the background and hands it to `body` on the main
    /// thread, counted and — when huge — drawn once, so that stamping it never waits.
    func open(_ entry: Entry, _ body: @escaping @MainActor (Item) -> Void) {
        let manager = manager
        WorkLanes.run(
            on: .templates, { try Self.reading.withLock { _ in PreparedItem(template: try manager.loadTemplate(entry.file)) } },
            failing: tr("Could not open “%1$s”", entry.name), dialogs: dialogs,
            then: { prepared in body(prepared.item(named: entry.name)) })
    }

    /// Keeps a deep copy of `marks` (one mark, or several grouped in drawing order) as the newest template.
    func keep(_ marks: [Mark]) {
        guard !marks.isEmpty else { return }
        let memento = Scribble.templateMemento(of: marks) // the copy is made now, before anything moves
        let manager = manager
        WorkLanes.run(
            on: .templates, { try manager.saveTemplate(memento) },
            failing: tr("Could not keep the template"), dialogs: dialogs,
            then: { [weak self] template in
                let entry = Entry(file: .init(id: template.id, number: template.number))
                self?.entries.append(entry)
                self?.onChange?()
                self?.onKept?(entry)
            })
    }

    /// Deletes `entry`'s file, then takes it off the list.
    func delete(_ entry: Entry) {
        let manager = manager, id = entry.file.id, name = entry.name
        WorkLanes.run(
            on: .templates, { try manager.deleteTemplate(id: id) },
            failing: tr("Could not delete “%1$s”", name), dialogs: dialogs,
            then: { [weak self] in
                self?.entries.removeAll { $0 == entry }
                self?.previews[entry] = nil
                self?.onChange?()
            })
    }

    /// `mark` scaled to fit `width`×`height` (never enlarged past twice its size) and
    /// centred, on a transparent image; `nil` for no mark or an empty one.
    nonisolated static func drawPreview(_ mark: Mark?, width: Int, height: Int) -> CairoImage? {
        guard let mark else { return nil }
        return CairoImage(width: width, height: height, format: .argb32) { cr in
            let box = mark.bounds
            guard !box.isNull, box.width > 0 || box.height > 0 else { return }
            let inset = Double(min(width, height)) / 10
            let scale = min(
                (Double(width) - 2 * inset) / Double(max(box.width, 1)),
                (Double(height) - 2 * inset) / Double(max(box.height, 1)), 2 * Double(width) / 80)
            cr.translate(x: Double(width) / 2, y: Double(height) / 2)
            cr.scale(scale)
            cr.translate(x: -Double(box.minX + box.maxX) / 2, y: -Double(box.minY + box.maxY) / 2)
            MarkRenderer(context: cr).render(mark)
        }
    }
}

/// A template read on the library's queue, with what stamping it needs worked out there: its
/// size and, when huge, a picture of it. Made and read once, on one thread after the other.
private struct PreparedItem: @unchecked Sendable {
    let id: String
    let mark: Mark
    let size: Int
    let picture: StampPicture?

    init(template: ScribbleManager.Template) {
        id = template.id
        mark = Scribble(adopting: template.memento).marks.first ?? Stroke()
        // Counted only as far as telling a huge one: a million ticks are kept packed, and
        // each walked would be made a mark for the walk.
        var count = 0
        mark.enumerateMarks { _, stop in
            count += 1
            stop = count > TemplateLibrary.hugeSize
        }
        size = count
        picture = count > TemplateLibrary.hugeSize ? StampPicture(mark) : nil
    }

    /// The item the main thread stamps.
    func item(named name: String) -> TemplateLibrary.Item {
        TemplateLibrary.Item(id: id, name: name, mark: mark, size: size, picture: picture)
    }
}
