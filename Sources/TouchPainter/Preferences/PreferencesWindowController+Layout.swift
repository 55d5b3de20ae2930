import GtkKit
import ScribbleKit

extension PreferencesWindowController {
    /// The window's width, and the gap between groups and around them, in pixels.
    static let width = 520
    static let spacing = 18

    /// A header bar titled Preferences with the close button, over two groups of rows:
    /// Drawing (smoothing, canvas kind) and Touchscreen and Stylus (what a finger does, palm
    /// rejection, the two barrel buttons).
    func layOut() {
        let header = HeaderBar()
        header.title = tr("Preferences")
        window.setTitlebar(header)
        window.title = header.title // after the title bar, which would clear it
        window.setDefaultSize(width: Self.width, height: -1)
        let content = Box(.vertical, spacing: Self.spacing)
        content.setMargins(Self.spacing)
        content.packStart(
            group(
                tr("Drawing"),
                [
                    row(tr("Smoothing"), tr("How much strokes are smoothed as you draw"), smoothing),
                    row(tr("Canvas kind"), tr("What new canvases show under the drawing"), canvasKind),
                ]))
        content.packStart(
            group(
                tr("Touchscreen and Stylus"),
                [
                    row(tr("Touchscreen"), tr("Two fingers always pan and zoom"), touch),
                    row(tr("Palm rejection"), tr("Ignore touch while a stylus is near or was just used"), palmRejection),
                    row(tr("First stylus button"), tr("While held as the tip touches"), stylusButtons[0]),
                    row(tr("Second stylus button"), tr("While held as the tip touches"), stylusButtons[1]),
                ]))
        window.add(content)
    }

    /// A bold heading over a framed list of rows with lines between them.
    private func group(_ title: String, _ rows: [Widget]) -> Widget {
        let box = Box(.vertical, spacing: 6)
        let heading = Label(title)
        heading.addStyleClass(.heading)
        heading.xAlign = 0
        box.packStart(heading)
        let frame = Frame()
        let list = Box(.vertical)
        for (index, row) in rows.enumerated() {
            if index > 0 { list.packStart(Separator(.horizontal)) }
            list.packStart(row)
        }
        frame.add(list)
        box.packStart(frame)
        return box
    }

    /// One row: the label (and a dimmer line under it saying more), the control at its end,
    /// its accessible name the label.
    private func row(_ label: String, _ detail: String, _ control: Widget) -> Widget {
        let row = Box(.horizontal, spacing: 12)
        row.setMargins(12)
        let texts = Box(.vertical, spacing: 2)
        let title = Label(label)
        title.xAlign = 0
        let subtitle = Label(detail)
        subtitle.xAlign = 0
        subtitle.addStyleClass(.dimLabel)
        texts.packStart(title)
        texts.packStart(subtitle)
        row.packStart(texts, expand: true)
        control.accessibleName = label
        control.accessibleDescription = detail
        control.verticalAlignment = .center
        row.packEnd(control)
        return row
    }

    /// The name the smoothing list shows for `level`.
    static func title(of level: Smoothing) -> String {
        switch level {
        case .off: tr("Off")
        case .light: tr("Light")
        case .medium: tr("Medium")
        case .strong: tr("Strong")
        }
    }

    /// The name the touchscreen list shows for `mode`.
    static func title(of mode: InputPreferences.TouchMode) -> String {
        switch mode {
        case .draw: tr("Fingers draw")
        case .navigate: tr("Fingers pan and zoom")
        }
    }

    /// The name the stylus button lists show for `action`.
    static func title(of action: StylusButtonAction) -> String {
        switch action {
        case .eraser: tr("Eraser")
        case .select: tr("Select")
        case .pan: tr("Pan")
        case .nothing: tr("Nothing")
        }
    }
}
