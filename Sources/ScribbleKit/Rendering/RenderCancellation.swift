import Synchronization

/// Lets a background full frame be given up once it is no longer wanted (a newer view or a
/// change asked for another): the render stops at its next mark, and its picture, which the
/// session would drop anyway, is never shown. Without it, a zoom or a fit waited for the
/// frame of the step before to finish first.
public final class RenderCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A render not given up.
    public init() {}

    /// Gives the render up.
    public func cancel() {
        flag.store(true, ordering: .relaxed)
    }

    /// Whether the render was given up.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
