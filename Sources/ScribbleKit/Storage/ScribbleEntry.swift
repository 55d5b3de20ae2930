import FoundationEssentials
import Glibc

/// One saved scribble in the gallery, as the gallery lists it: enough to show a tile and to
/// open, update or delete the scribble, without reading its drawing.
public struct ScribbleEntry: Hashable, Sendable {
    /// The unique name of the entry's files (a UUID for entries the app makes).
    public let id: String
    /// The scribble's name, or a stand-in ("Untitled", "Unreadable scribble").
    public let title: String
    /// When it was last saved (the file's modification time, to the nanosecond).
    public let savedAt: Date
    /// The encoded memento, the entry's source of truth.
    public let scribblePath: String
    /// Where its thumbnail is kept in the desktop's thumbnail cache; it may be missing or
    /// stale there (the gallery then draws it again).
    public let thumbnailPath: String
    /// Why the entry cannot be a scribble at all — "it is a folder, not a file", "it is a
    /// named pipe (FIFO)…" — so the gallery says what it is rather than "damaged"; `nil`
    /// for a regular file (which may still be damaged inside).
    public var problem: String? = nil

    /// Whether a sync tool made this file as a copy of another version it could not merge:
    /// Syncthing's `name.sync-conflict-20261127-210512-ABCDEFG.scribble`, Nextcloud's
    /// `name (conflicted copy 2026-11-27 210512).scribble`, Dropbox's
    /// `name (Ann's conflicted copy 2026-11-27).scribble`. The gallery marks its tile.
    public var isConflictCopy: Bool {
        id.contains(".sync-conflict-") || id.contains("conflicted copy")
    }
}
