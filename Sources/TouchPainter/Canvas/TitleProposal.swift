import ScribbleKit

/// The name the first save of a new scribble proposes ("Scribble N", one past the gallery's
/// highest), kept ready for the unsaved-changes question, which cannot wait for the gallery
/// to be listed: it is looked up off the main thread (it lists the gallery).
@MainActor
final class TitleProposal {
    /// The last name found, if any yet.
    private(set) var current: String?
    /// Whether a look-up is under way.
    private var isLookingUp = false
    private let manager: ScribbleManager

    /// Proposes names for scribbles saved to `manager`'s gallery.
    init(manager: ScribbleManager) {
        self.manager = manager
    }

    /// Finds the next "Scribble N" off the main thread and hands it to `body` on the main
    /// thread; it is kept as `current` too.
    func lookUp(_ body: @escaping @MainActor @Sendable (String) -> Void) {
        let manager = manager
        WorkLanes.run(
            on: .files, { manager.nextDefaultTitle() },
            then: { [weak self] proposal in
                self?.current = proposal
                body(proposal)
            })
    }

    /// Looks `current` up again unless a look-up is under way.
    func refresh() {
        guard !isLookingUp else { return }
        isLookingUp = true
        lookUp { [weak self] _ in self?.isLookingUp = false }
    }
}
