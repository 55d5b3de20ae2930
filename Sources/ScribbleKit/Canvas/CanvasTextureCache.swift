import Dispatch
import Glibc
import Synchronization

/// Makes each canvas texture once and hands the same one to every canvas that asks: the
/// Flyweight factory of book chapter 21. Canvases ask on the main thread, full-frame renders on
/// background threads. Each kind and scale has a slot with a lock of its own: the first
/// request generates the texture while others for it wait, so it is never made twice, and
/// a question about one texture never waits for another being made.
public final class CanvasTextureCache: Sendable {
    /// The cache every canvas of the app uses.
    public static let shared = CanvasTextureCache()
    /// The largest scale a texture is made for: a tile at scale 4 already takes 16 MB, and a
    /// larger (hostile) `GDK_SCALE` gets the scale-4 tile, painted scaled up.
    public static let maximumScale = 4

    /// The most a texture is halved: a 16-pixel tile, for views at 5 %.
    static let maximumHalvings = 5

    private struct Key: Hashable {
        let kind: CanvasKind
        let scale: Int
        var halvings = 0
    }

    /// Where one texture is kept once made; its lock is held while it is being made.
    private final class Slot: Sendable {
        let texture = Mutex<CanvasTexture?>(nil)
    }

    private let slots = Mutex<[Key: Slot]>([:])
    private let generated = Atomic<Int>(0)

    /// An empty cache (the app uses `shared`; a test makes its own to count what it makes).
    public init() {}

    /// The one texture of `kind` for surfaces of `scale`, made now if this is the first
    /// request (or waited for, if another thread is making it); `nil` for plain.
    /// - Complexity: O(1) once made; making it takes a few tens of milliseconds
    ///   (`touchpainter-bench`, texture_ms).
    public func texture(for kind: CanvasKind, scale: Int) -> CanvasTexture? {
        guard let (key, slot) = slot(for: kind, scale: scale) else { return nil }
        return slot.texture.withLock { texture in
            if let texture { return texture }
            let made = CanvasTexture(kind: kind, scale: key.scale)
            texture = made
            generated.add(1, ordering: .relaxed)
            return made
        }
    }

    /// The texture of `kind` for a view showing `devicePixelsPerUnit` device pixels a canvas
    /// pixel (its zoom times its device scale): the tile made for the next whole scale up to
    /// `maximumScale`, or below 1, the scale-1 tile halved until it is at most twice as fine
    /// as the view. Made now if this is the first request; `nil` for plain.
    public func texture(for kind: CanvasKind, devicePixelsPerUnit density: Double) -> CanvasTexture? {
        guard density < 1, density > 0 else {
            return texture(for: kind, scale: density.isFinite ? Int((density - 1e-9).rounded(.up)) : 1)
        }
        let halvings = min(Self.maximumHalvings, Int((log2(1 / density) + 1e-9).rounded(.down)))
        guard halvings > 0, let original = texture(for: kind, scale: 1) else { return texture(for: kind, scale: 1) }
        let key = Key(kind: kind, scale: 1, halvings: halvings)
        let slot = slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        return slot.texture.withLock { texture in
            if let texture { return texture }
            let made = CanvasTexture(reducing: original, halvings: halvings)
            texture = made
            generated.add(1, ordering: .relaxed)
            return made
        }
    }

    /// The texture of `kind` at `scale` if it is ready; never makes one nor waits for one
    /// being made, so the main thread can ask while it draws.
    public func readyTexture(for kind: CanvasKind, scale: Int) -> CanvasTexture? {
        slot(for: kind, scale: scale)?.1.texture.withLockIfAvailable { $0 } ?? nil
    }

    /// Makes the texture of `kind` at `scale` on a background thread, if it is not made yet,
    /// then calls `completion` there: so that a canvas or a preview about to need it does
    /// not have to make it on the main thread.
    public func prepare(_ kind: CanvasKind, scale: Int, then completion: (@Sendable () -> Void)? = nil) {
        DispatchQueue.global(qos: .userInitiated).async {
            _ = self.texture(for: kind, scale: scale)
            completion?()
        }
    }

    /// How many textures this cache has generated: one per kind and scale asked for,
    /// however many canvases and threads asked.
    public var generatedCount: Int { generated.load(ordering: .relaxed) }

    /// The slot of `kind` at `scale` (scale clamped to 1…`maximumScale`), made if new; `nil`
    /// for plain, which has no texture.
    private func slot(for kind: CanvasKind, scale: Int) -> (Key, Slot)? {
        guard kind != .plain else { return nil }
        let key = Key(kind: kind, scale: min(max(1, scale), Self.maximumScale))
        return slots.withLock { slots in
            if let slot = slots[key] { return (key, slot) }
            let slot = Slot()
            slots[key] = slot
            return (key, slot)
        }
    }
}
