import GtkKit
import ScribbleKit

/// The link ahead of the tools while a drawing opens in two steps (issue 35): until the whole
/// drawing is on screen, what would reach the tools stops here (the camera, ahead of it, still
/// moves), and a press says why — a user must not erase or move marks not drawn yet.
@MainActor
final class OpeningGate: InputChainLink {
    /// Whether a drawing opened in two steps is whole but not all on screen yet. The
    /// coordinator sets it; another drawing put on the canvas clears it.
    var awaitsWholeDrawing = false
    /// Whether the document is still being read.
    private let isOpening: () -> Bool
    /// Tells the user why nothing happens.
    var tellWhy: () -> Void

    init(isOpening: @escaping () -> Bool, tellWhy: @escaping () -> Void = {}) {
        self.isOpening = isOpening
        self.tellWhy = tellWhy
    }

    /// Whether the canvas takes no edit now.
    var isClosed: Bool { awaitsWholeDrawing || isOpening() }

    /// Takes every event while closed, telling why at a press.
    func handle(_ input: InputChainEvent) -> Bool {
        guard isClosed else { return false }
        if input.pointer.kind == .press { tellWhy() }
        return true
    }
}
