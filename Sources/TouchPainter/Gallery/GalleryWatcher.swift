import GtkKit
import ScribbleKit

/// Watches the gallery's folder, so the gallery shows what arrives, changes or goes while it
/// is open — a scribble saved by another computer into a synced folder, or by another
/// TouchPainter. A burst of changes (a sync tool writing many files) becomes one
/// `onChange`; what changed is read by the gallery's listing, off the main thread.
@MainActor
final class GalleryWatcher {
    /// How long changes are gathered before `onChange`, in ms.
    static let gatherTime: UInt32 = 50

    private var monitor: FileMonitor?
    private var isGathering = false
    /// Told, after a burst of changes to the folder's scribbles.
    var onChange: (() -> Void)?

    /// Watches `manager`'s folder, which is made first if there is none yet; both off the
    /// main thread.
    init(manager: ScribbleManager) {
        let directory = manager.directory
        WorkLanes.run(
            on: .files, { (try? manager.makeFolder()).flatMap { FileMonitor.start(folder: directory) } },
            then: { [weak self] started in
                guard let started else { return }
                let monitor = FileMonitor(started: started) { [weak self] _, path, other in
                    guard Self.isScribble(path) || other.map(Self.isScribble) == true else { return }
                    self?.changed()
                }
                self?.monitor = monitor // gone with it, if the gallery went meanwhile
            })
    }

    /// Whether `path` names a file the gallery lists (not a sync tool's temporary).
    private static func isScribble(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.hasSuffix(".scribble") && !name.hasPrefix(".")
    }

    private func changed() {
        guard !isGathering else { return }
        isGathering = true
        MainLoop.after(milliseconds: Self.gatherTime) { [weak self] in
            guard let self else { return }
            self.isGathering = false
            self.onChange?()
        }
    }
}
