import ScribbleKit

/// The chain's first link: drops a touch while a stylus is near or was just used, when the
/// preference is on (`PalmRejection` keeps the times).
@MainActor
final class PalmRejectionHandler: InputChainLink {
    private var palmRejection = PalmRejection()

    /// Takes (and so drops) the touches that are a palm.
    func handle(_ input: InputChainEvent) -> Bool {
        palmRejection.isEnabled = input.preferences.palmRejection
        return !palmRejection.admits(input.tool.device, time: input.pointer.time)
    }

    /// A stylus came near the canvas or left it (`time`: the event's).
    func stylus(near: Bool, time: UInt32) {
        palmRejection.stylus(near: near, time: time)
    }
}
