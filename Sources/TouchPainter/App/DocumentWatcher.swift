import Glibc
import GtkKit
import ScribbleKit

/// Watches the file the open drawing is kept in, for versions saved by someone else: another
/// computer through a synced folder, or another TouchPainter window. Once the file has been
/// quiet for a moment it is compared with the version the document holds (`Document.basis`),
/// off the main thread; a different, whole version is read and handed to
/// `onChangedElsewhere`, a file that went to `onDeletedElsewhere`. The document's own saves
/// are recognised by their version and say nothing.
@MainActor
final class DocumentWatcher {
    /// What the check found.
    enum Finding: Sendable {
        /// The version the document holds, or one still arriving (it is looked at again
        /// when it changes).
        case nothingNew
        /// Another version, read whole.
        case changed(ScribbleMemento, FileIdentity)
        /// No file there any more.
        case deleted
    }

    /// How long the file must be quiet before it is looked at, in ms: a sync tool's writes
    /// come in bursts, and a version is whole only once they stop.
    static let quietTime: UInt32 = 550

    private let document: Document
    private var monitor: FileMonitor?
    /// The file watched: where the document is kept.
    private(set) var path: String?
    /// Counts changes, so only the last of a burst leads to a check.
    private var generation = 0
    /// Told of another version of the drawing's file, read whole.
    var onChangedElsewhere: ((ScribbleMemento, FileIdentity) -> Void)?
    /// Told when the drawing's file went.
    var onDeletedElsewhere: (() -> Void)?

    /// Watches where `document` is kept, and follows it when it moves.
    init(document: Document) {
        self.document = document
        follow()
    }

    /// Watches the file the document is kept in now (none for a new drawing); the watch
    /// starts off the main thread.
    func follow() {
        let path = document.manager.path(of: document.origin)
        guard path != self.path else { return }
        monitor?.cancel()
        monitor = nil
        self.path = path
        generation += 1
        guard let path else { return }
        WorkLanes.run(
            on: .files, { FileMonitor.start(file: path) },
            then: { [weak self] started in
                guard let started else { return }
                let monitor = FileMonitor(started: started) { [weak self] _, _, _ in self?.fileChanged() }
                guard let self, self.path == path else { return } // followed elsewhere meanwhile: it stops
                self.monitor = monitor
            })
    }

    /// Something happened to the file: it is looked at once it has been quiet for `quietTime`.
    private func fileChanged() {
        generation += 1
        let current = generation
        MainLoop.after(milliseconds: Self.quietTime) { [weak self] in
            guard let self, self.generation == current else { return }
            self.check()
        }
    }

    /// Compares the file with the document's version off the main thread, and reports what
    /// is new if the document still holds the same version (and is not saving) by then.
    private func check() {
        guard let path else { return }
        guard !document.isSaving else { return fileChanged() } // its own save: look once it is done
        let (basis, current) = (document.basis, generation)
        WorkLanes.run(
            on: .files, { Self.look(at: path, holding: basis) },
            then: { [weak self] finding in
                guard let self, self.generation == current, self.path == path, self.document.basis == basis,
                    !self.document.isSaving
                else { return }
                switch finding {
                case .nothingNew: break
                case .changed(let memento, let identity): self.onChangedElsewhere?(memento, identity)
                case .deleted: self.onDeletedElsewhere?()
                }
            })
    }

    /// What the file at `path` holds compared with version `basis`.
    nonisolated static func look(at path: String, holding basis: FileIdentity?) -> Finding {
        guard let identity = FileIdentity.of(path) else {
            var status = stat()
            return lstat(path, &status) != 0 && errno == ENOENT ? .deleted : .nothingNew
        }
        guard identity != basis, let version = try? ScribbleManager.loadVersion(path: path) else { return .nothingNew }
        return .changed(version.memento, version.identity)
    }
}
