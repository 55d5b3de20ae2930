@testable import ScribbleKit

/// Passes a scribble's changes on to closures, as the canvas view hears them.
final class ChangeForwarder: ScribbleObserver {
    private let handler: (ScribbleChange) -> Void
    /// A second listener, added later.
    var also: ((ScribbleChange) -> Void)?
    private var isRegistering = true

    /// Calls `handler` with every change but the `.reset` that registering answers with.
    init(_ handler: @escaping (ScribbleChange) -> Void) {
        self.handler = handler
    }

    /// Forwards `change`.
    func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        if isRegistering, case .reset = change.kind {
            isRegistering = false
            return
        }
        handler(change)
        also?(change)
    }
}
