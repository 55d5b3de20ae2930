import GtkKit
import ScribbleKit

/// The canvas screen's widgets: the header bar's buttons, the bars of news over the drawing,
/// the tool strip (with the templates' popover) and the row the canvas view sits in beside
/// it. It lays them out and shows what it is told; what they do is the canvas controller's and the coordinator's.
@MainActor
final class CanvasPage {
    /// The buttons in the header bar while the canvas is on show.
    let toolbar: CanvasToolbar
    /// News about the document that needs no answer, above the drawing: made when first
    /// asked for, as most launches never show it (each bar made took half a millisecond of
    /// the start).
    private(set) lazy var infoBar: InfoBar = {
        hasInfoBar = true
        return place(InfoBar(), in: infoSlot)
    }()
    /// Up while unsaved work is not protected against a crash (the journal cannot be written);
    /// made when first needed.
    private lazy var protectionBar: InfoBar = {
        hasProtectionBar = true
        return place(InfoBar(warning: true, closable: false), in: protectionSlot)
    }()
    /// Find in a PDF's pages (Ctrl+F), under the news; made when first asked for.
    private(set) lazy var findBar: FindBar = {
        hasFindBar = true
        let bar = FindBar()
        findSlot.packStart(bar.view)
        return bar
    }()
    private var hasInfoBar = false, hasProtectionBar = false, hasFindBar = false
    /// Where the bars go once made, the protection warning above the news, Find under them.
    private let protectionSlot = Box(.vertical), infoSlot = Box(.vertical), findSlot = Box(.vertical)
    /// The page: the info bars over the tool strip and the drawing surface.
    let view = Box(.vertical)
    /// The tool strip and, beside it, the canvas view's widget.
    let canvasRow = Box(.horizontal)
    /// The tools down the canvas' side.
    let toolStrip: ToolStrip
    /// The kept pattern templates and their popover, in the tool strip.
    let templates: TemplatesController

    /// Lays the page out; the toolbar shows `style`, and its clicks go to `mediator`; the
    /// templates are `manager`'s, and `dialogs` hears what was kept.
    init(style: StrokeStyle, mediator: Navigator, manager: ScribbleManager, dialogs: Dialogs) {
        toolbar = CanvasToolbar(style: style, mediator: mediator)
        let strip = ToolStrip()
        toolStrip = strip
        templates = TemplatesController(manager: manager, dialogs: dialogs, button: strip.templatesButton)
        view.packStart(protectionSlot)
        view.packStart(infoSlot)
        view.packStart(findSlot)
        view.packStart(canvasRow, expand: true)
        canvasRow.packStart(toolStrip.view)
    }

    /// Puts the canvas view's widget beside the tool strip.
    func install(_ area: DrawingArea) {
        canvasRow.packStart(area, expand: true)
        area.showAll()
    }

    /// Takes the canvas view's widget off the page (a new view replaces it).
    func remove(_ area: DrawingArea) {
        canvasRow.remove(area)
    }

    /// Shows why unsaved work is not protected against a crash, or hides the warning when it is.
    func showUnprotected(because cause: String?) {
        if let cause {
            protectionBar.show(
                tr("Unsaved changes are not protected against a crash: %1$s. Save them to keep them; TouchPainter keeps trying.", cause))
        } else if hasProtectionBar, protectionBar.isVisible {
            protectionBar.dismiss()
        }
    }

    /// Takes the news bar down, if it was ever made.
    func dismissInfo() {
        if hasInfoBar { infoBar.dismiss() }
    }

    /// Closes Find, if it was ever opened.
    func closeFind() {
        if hasFindBar, findBar.isOpen { findBar.hide() }
    }

    /// `bar`, put in `slot` (it stays hidden until shown).
    private func place(_ bar: InfoBar, in slot: Box) -> InfoBar {
        slot.packStart(bar)
        return bar
    }
}
