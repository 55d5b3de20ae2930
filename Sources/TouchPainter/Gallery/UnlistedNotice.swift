import GtkKit
import ScribbleKit

/// The line above the gallery's grid that says how many scribble files could not be shown
/// ("2 files could not be shown": a name that is not UTF-8 text, a symbolic link that loops)
/// instead of leaving them out with no word. The reasons are on demand, as GNOME apps give
/// details: in the line's tooltip, and in a popover from its Details button, one file a line.
@MainActor
final class UnlistedNotice {
    /// The line; hidden while every file is shown.
    let view = Box(.horizontal, spacing: 8)
    private let label = Label()
    private let details = PopoverButton(iconName: "dialog-information-symbolic")
    private let list = Label()

    /// A hidden line.
    init() {
        view.setMargins(6)
        view.packStart(Image(iconName: "dialog-warning-symbolic"))
        view.packStart(label)
        view.packStart(details)
        details.accessibleName = tr("Details")
        details.tooltip = tr("Why these files could not be shown")
        list.setMargins(10)
        list.xAlign = 0
        details.setContent { [list] in list }
    }

    /// Says how many of the folder's scribble files could not be shown, and why; hides the
    /// line when there are none.
    func show(_ unlisted: [GalleryListing.Unlisted]) {
        view.isVisible = !unlisted.isEmpty
        guard !unlisted.isEmpty else { return }
        label.text =
            unlisted.count == 1
            ? tr("1 file could not be shown")
            : tr("%1$s files could not be shown", unlisted.count)
        let lines = unlisted.map { tr("%1$s: %2$s", $0.name, $0.reason) }.joined(separator: "\n")
        label.tooltip = lines
        list.text = lines
    }
}
