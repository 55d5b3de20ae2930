import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// Records what the coordinator asks to show, in place of the window, and answers questions
/// from a script instead of running a modal dialog (which would hang a broken test).
@MainActor
final class RecordingPresenter: ViewPresenter {
    var shown: [String] = []
    var titles: [String] = []
    /// The questions asked, in order.
    var questions: [String] = []
    /// The errors shown, in order.
    var errors: [String] = []
    /// What the next questions are answered (choice indexes); `nil` once it runs out.
    var answers: [Int] = []

    func present(_ controller: ViewController) { shown.append(controller.destination.rawValue) }
    /// The controller in the side pane, `nil` while it is closed.
    var sidePane: ViewController?
    func showSidePane(_ controller: ViewController?) { sidePane = controller }
    func updateTitle(_ title: String) { titles.append(title) }
    func ask(_ text: String, detail: String, choices: [MessageDialog.Choice], defaultChoice: Int) -> Int? {
        questions.append(text)
        return answers.isEmpty ? nil : answers.removeFirst()
    }
    func showError(_ text: String, detail: String) { errors.append(text) }
    /// The notifications shown, in order.
    var notifications: [String] = []
    /// The progress notifications put up, in order, and how many were taken down.
    var progress: [String] = []
    var progressEnded = 0
    func notify(_ message: String, actionLabel: String?, action: (@MainActor () -> Void)?) { notifications.append(message) }
    func showProgress(_ message: String) { progress.append(message) }
    func endProgress() { progressEnded += 1 }
    var dialogParent: ApplicationWindow? { nil }
    /// The names asked for: the question and the name proposed.
    var nameQuestions: [(text: String, initial: String)] = []
    /// What name questions are answered: `nil` accepts the proposal.
    var nameAnswer: String?
    /// Whether name questions are cancelled.
    var refusesNames = false
    func askText(_ title: String, text: String, initial: String, accept: String, kind: TextQuestion) -> String? {
        nameQuestions.append((text, initial))
        return refusesNames ? nil : nameAnswer ?? initial
    }
}

/// A coordinator of its own over a fresh temporary gallery, with a recording presenter: no
/// test sees the user's files or another test's state. The one coordinator fixture of the
/// app's tests: a suite that needs a coordinator holds one (`let fixture = CoordinatorFixture()`).
@MainActor
final class CoordinatorFixture {
    /// The temporary folder: the gallery, and with `keepingSettings` the preferences under
    /// `config/`; removed with everything in it when the fixture goes.
    let folder: String
    /// The preferences file a fixture `keepingSettings` reads and writes.
    let settingsPath: String
    let presenter = RecordingPresenter()
    let coordinator: CoordinatingController

    /// Makes the coordinator and shows its canvas. With `keepingSettings` its preferences
    /// live in a file in the folder (`settingsPath`), else in memory only.
    init(keepingSettings: Bool = false) {
        #expect(Gtk.initialise(), "GTK needs a display; run through `make test`")
        let folder = NSTemporaryDirectory() + "touchpainter-test-\(UUID().uuidString)"
        self.folder = folder
        settingsPath = folder + "/config/touchpainter/settings.ini"
        coordinator = CoordinatingController.makeForTesting(
            document: Document(manager: ScribbleManager(directory: folder), hop: { MainLoop.perform($0) }),
            settings: SettingsStore(path: keepingSettings ? settingsPath : nil))
        coordinator.attach(presenter: presenter)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The `.scribble` files in the gallery folder.
    var savedFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".scribble") }
    }
}
