import Dispatch
import GtkKit

/// The one way the app works off the main thread, which never opens a file (ScribbleKit's
/// `Document` and `CanvasSession` have their own threads and hand back through the same
/// `MainLoop.perform`). Each kind of work has a lane, a queue owned here; results come back
/// on the main thread; and a failure the user must hear of is shown in one place
/// (`run(on:_:failing:dialogs:then:)`): a dialog titled for what failed, the error as its
/// detail. A read that may hang (a dead network mount) is a `FileRequest` instead, on a
/// thread of its own with a time limit.
enum WorkLanes {
    /// Where a piece of work runs.
    enum Lane: Sendable, CaseIterable {
        /// The gallery's and the journal's small file operations — listing, naming, rename,
        /// delete, recovery — one at a time, in the order asked.
        case files
        /// Exports and the clipboard's image, one at a time.
        case export
        /// The template library's reads and writes, in order.
        case templates
        /// Template previews, drawn at a lower priority than what the user waits for.
        case previews
        /// Gallery thumbnails, decoded several at once (`ThumbnailImageProxy` bounds how many).
        case thumbnails
        /// Copies of templates being stamped (a huge one takes a while).
        case stamp
        /// Preferences, written one after another.
        case settings
        /// The rest of a big scribble being opened (`ScribbleRest.read`, which itself reads
        /// its parts on every core), one scribble at a time.
        case opening

        /// The queue of the lane.
        var queue: DispatchQueue {
            switch self {
            case .files: WorkLanes.files
            case .export: WorkLanes.export
            case .templates: WorkLanes.templates
            case .previews: WorkLanes.previews
            case .thumbnails: WorkLanes.thumbnails
            case .stamp: WorkLanes.stamp
            case .settings: WorkLanes.settings
            case .opening: WorkLanes.opening
            }
        }
    }

    private static let files = DispatchQueue(label: "touchpainter.files", qos: .userInitiated)
    private static let export = DispatchQueue(label: "touchpainter.export", qos: .userInitiated)
    private static let templates = DispatchQueue(label: "touchpainter.templates", qos: .userInitiated)
    private static let previews = DispatchQueue(label: "touchpainter.template-previews", qos: .utility)
    private static let thumbnails = DispatchQueue(
        label: "touchpainter.thumbnails", qos: .userInitiated,
        attributes: .concurrent)
    private static let stamp = DispatchQueue(label: "touchpainter.stamp", qos: .userInitiated)
    private static let settings = DispatchQueue(label: "touchpainter.settings", qos: .utility)
    private static let opening = DispatchQueue(label: "touchpainter.opening", qos: .userInitiated)

    /// Runs `work` on `lane`, with nothing to hand back.
    static func run(on lane: Lane, _ work: @escaping @Sendable () -> Void) {
        lane.queue.async(execute: work)
    }

    /// Runs `work` on `lane`, then hands what it made (a `Result`, when it can fail) to
    /// `completion` on the main thread.
    static func run<Value: Sendable>(
        on lane: Lane, _ work: @escaping @Sendable () -> Value,
        then completion: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        lane.queue.async {
            let value = work()
            MainLoop.perform { completion(value) }
        }
    }

    /// Runs `work` on `lane`; on the main thread, hands its value to `success`, or, if it
    /// threw, tells the user on `dialogs` — `failure` as the title, the error as the detail —
    /// and then calls `after` (either way, if given).
    static func run<Value: Sendable>(
        on lane: Lane, _ work: @escaping @Sendable () throws -> Value,
        failing failure: String, dialogs: Dialogs?,
        then success: @escaping @MainActor @Sendable (Value) -> Void,
        after: (@MainActor @Sendable () -> Void)? = nil
    ) {
        run(
            on: lane, { Result { try work() } },
            then: { [weak dialogs] result in
                switch result {
                case .success(let value): success(value)
                case .failure(let error): dialogs?.showError(failure, detail: String(describing: error))
                }
                after?()
            })
    }

    /// Calls `then` on the main thread once the work asked of every lane so far is done
    /// and its results handed back are queued before it (a test driver's settle).
    static func afterWorkAskedSoFar(then: @escaping @MainActor @Sendable () -> Void) {
        let group = DispatchGroup()
        for lane in Lane.allCases { lane.queue.async(group: group, flags: .barrier) {} }
        group.notify(queue: .global()) { MainLoop.perform(then) }
    }

    /// Waits until the work asked of `lane` so far is done (at exit, for the preferences;
    /// in tests).
    static func wait(for lane: Lane) {
        lane.queue.sync(flags: .barrier) {}
    }
}
