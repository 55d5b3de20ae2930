@testable import ScribbleKit

/// A scribble observer that keeps every change it is told of, for tests to inspect.
final class ChangeRecorder: ScribbleObserver {
    /// The changes received, oldest first.
    var changes: [ScribbleChange] = []

    /// Records `change`.
    func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        changes.append(change)
    }

    /// The kinds received, as short names, oldest first.
    var kinds: [String] {
        changes.map { change in
            switch change.kind {
            case .reset: "reset"
            case .added: "added"
            case .removed: "removed"
            case .extended: "extended"
            case .finished: "finished"
            case .replaced: "replaced"
            }
        }
    }
}
