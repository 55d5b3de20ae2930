import FoundationEssentials
import GtkKit
import ScribbleKit
import Synchronization

/// The player's `Export Video…`: asks where (a WebM video, or an animated PNG), then renders
/// and encodes the replay at the speed and pace on show on the export lane, while a small
/// window over the main one shows how far it has got, with a Cancel button that stops it
/// and leaves no file behind. The window is modal: the drawing waits until the video is made.
@MainActor
final class VideoExportController {
    private unowned let dialogs: Dialogs
    private let settings: SettingsStore
    /// The export under way, if any: its window and what the export lane reports.
    private var running: (window: Window, bar: ProgressBar, progress: TimelapseProgress)?

    /// Exports through `dialogs`, remembering the folder in `settings` (shared with Export…).
    init(settings: SettingsStore, dialogs: Dialogs) {
        self.settings = settings
        self.dialogs = dialogs
    }

    /// Whether an export is under way (tests).
    var isExporting: Bool { running != nil }

    /// Asks where to write `job`'s time-lapse of the drawing called `name` (kept in `input`,
    /// which it never writes over), then makes it.
    func export(_ job: TimelapseJob, name: String, input: String?) {
        guard running == nil else { return }
        let remembered = settings.exportFolder
        WorkLanes.run(
            on: .files, { ExportController.startingFolder(remembered: remembered) },
            then: { [weak self] folder in self?.export(job, name: name, input: input, startingIn: folder) })
    }

    private func export(_ job: TimelapseJob, name: String, input: String?, startingIn folder: String?) {
        guard
            let answer = FileChooser.save(
                parent: dialogs.dialogParent, title: tr("Export Video"), accept: tr("_Export"),
                suggestedName: name + ".webm", folder: folder,
                filters: TimelapseFormat.allCases.map { .init($0.typeName, pattern: "*." + $0.rawValue) })
        else { return }
        let typed = TimelapseFormat(path: answer.path)
        let format = typed ?? answer.filter.map { TimelapseFormat.allCases[$0] } ?? .webm
        let path = typed == nil ? answer.path + "." + format.rawValue : answer.path
        start(job, format: format, to: path, input: input)
    }

    /// Makes the file at `path` on the export lane, showing its progress.
    func start(_ job: TimelapseJob, format: TimelapseFormat, to path: String, input: String?) {
        let progress = TimelapseProgress()
        let (window, bar) = makeWindow(for: path, progress: progress)
        running = (window, bar, progress)
        _ = MainLoop.every(milliseconds: 100) { [weak self] in
            guard let self, let running = self.running, running.progress === progress else { return false }
            let (done, total) = progress.counts
            running.bar.fraction = total > 0 ? Double(done) / Double(total) : 0
            running.bar.text = total > 0 ? tr("Frame %1$s of %2$s", done, total) : nil
            return true
        }
        WorkLanes.run(
            on: .export,
            { () throws -> Bool in
                do {
                    try job.write(format, to: path, input: input) { done, total in progress.report(done, of: total) }
                    return true
                } catch is TimelapseCancelled {
                    return false
                }
            }, failing: tr("Could not export the video to “%1$s”", path), dialogs: dialogs,
            then: { [weak self] finished in
                guard finished, let self else { return }
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                self.settings.exportFolder = folder
                self.exported(to: path, in: folder)
            },
            after: { [weak self] in
                window.destroy()
                self?.running = nil
            })
    }

    /// The progress window: what is made, the bar, and Cancel (Escape, too).
    private func makeWindow(for path: String, progress: TimelapseProgress) -> (Window, ProgressBar) {
        let window = Window(title: tr("Exporting Video"), parent: dialogs.dialogParent)
        window.isModal = true
        window.isDeletable = false
        let box = Box(.vertical, spacing: 12)
        box.setMargins(18)
        let label = Label(tr("Exporting the video to “%1$s”…", path.split(separator: "/").last.map(String.init) ?? path))
        label.accessibleName = tr("Video export")
        box.packStart(label)
        let bar = ProgressBar()
        bar.accessibleName = tr("Video export progress")
        bar.setSizeRequest(width: 360, height: -1)
        box.packStart(bar)
        let cancel = Button(label: tr("Cancel"))
        cancel.onClicked { _ in progress.cancel() }
        let buttons = Box(.horizontal)
        buttons.packEnd(cancel)
        box.packStart(buttons)
        window.add(box)
        window.onKey { event in
            guard event.key == .escape else { return false }
            progress.cancel()
            return true
        }
        window.present()
        return (window, bar)
    }

    /// Says where the video went, with a button that opens its folder.
    private func exported(to path: String, in folder: String) {
        let shown = (folder.split(separator: "/").last.map { $0 + "/" } ?? "") + (path.split(separator: "/").last ?? "")
        dialogs.notify(tr("Exported to %1$s", shown), actionLabel: tr("Open Folder")) { [weak self] in
            guard let window = self?.dialogs.dialogParent, let failure = window.showInDesktop(path: folder) else { return }
            self?.dialogs.showError(tr("Could not open the folder “%1$s”", folder), detail: failure)
        }
    }
}

/// What the export lane and the progress window share: frames done, of how many, and
/// whether the user cancelled.
final class TimelapseProgress: Sendable {
    private let state = Mutex((done: 0, total: 0, isCancelled: false))

    /// The frames done and in all.
    var counts: (done: Int, total: Int) { state.withLock { ($0.done, $0.total) } }

    /// The export lane: `done` of `total` frames made. Returns whether to go on.
    func report(_ done: Int, of total: Int) -> Bool {
        state.withLock { state in
            (state.done, state.total) = (done, total)
            return !state.isCancelled
        }
    }

    /// The user: stop at the next frame.
    func cancel() { state.withLock { $0.isCancelled = true } }
}
