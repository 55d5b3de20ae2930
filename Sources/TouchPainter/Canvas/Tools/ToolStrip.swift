import CairoKit
import GtkKit
import ScribbleKit

/// The canvas' tool bar, down its left edge (book chapter 19, the Strategy): the Pen, Eraser, Select,
/// Laser and shape tools' toggle buttons (one active at a time), the Eraser options (shown while the eraser is the tool),
/// the Templates list and Keep as Template. A side bar keeps the header bar short enough
/// for a narrow window and the tools next to the drawing.
@MainActor
final class ToolStrip {
    /// The bar itself.
    let view = Box(.vertical, spacing: 6)
    /// The tool buttons by tool (tests and key shortcuts reach them here).
    private(set) var buttons: [ToolKind: RadioButton] = [:]
    /// Opens the eraser's size and mode, beside the tool bar; shown only with the eraser.
    let eraserOptionsButton = PopoverButton(iconName: "emblem-system-symbolic")
    /// The eraser's size slider and mode buttons, in `eraserOptionsButton`'s popover: made
    /// when it first opens (or a test asks), and then set up by `setUpEraserOptions`.
    private(set) lazy var eraserOptions: EraserOptionsView = {
        let options = EraserOptionsView()
        setUpEraserOptions?(options)
        return options
    }()
    /// Gives the eraser's options, once made, their values and what they change.
    var setUpEraserOptions: ((EraserOptionsView) -> Void)?
    /// Opens the templates list.
    let templatesButton = PopoverButton(iconName: "folder-templates-symbolic")
    /// Stores the selection as a template; sensitive only with a selection.
    let keepButton = Button(iconName: "bookmark-new-symbolic")
    /// Told when the user picks a tool with a button.
    var onToolChosen: ((ToolKind) -> Void)?
    /// Told when Keep as Template is pressed.
    var onKeep: (() -> Void)?
    private var isSyncing = false
    /// The tool picked last (stamping returns to it; `show(nil)` keeps it).
    private(set) var chosenKind = ToolKind.pen
    /// The group's member for "no tool button": active while stamping, so no tool shows
    /// chosen and a click on the tool stamping left (the pen, say) chooses it again — a
    /// click on a radio button that is already active does nothing. Never shown.
    private let noTool = RadioButton()
    private let eraserIcon = DrawingArea()
    /// The shape tools' drawn icons, kept for as long as their buttons show them.
    var shapeIcons: [DrawingArea] = []
    private let laserIcon = DrawingArea()

    /// Makes the bar with the pen chosen.
    init() {
        view.addStyleClass(.toolbar)
        view.setMargins(6)
        // Two columns, the drawing tools and the shapes, so the bar stays short enough for a
        // window 300 px high.
        let group = Grid()
        group.addStyleClass(.linked)
        var rows = [0, 0]
        for tool in ToolKind.allCases {
            let button = RadioButton(joining: noTool)
            button.showsIndicator = false
            button.focusOnClick = false // the canvas keeps its keys (see `CanvasToolbar`)
            button.add(icon(for: tool))
            button.accessibleName = tool.name
            button.tooltip = tool.tooltip
            button.onToggled { [weak self] button in
                guard let self, button.isActive, !self.isSyncing else { return }
                self.onToolChosen?(tool)
            }
            buttons[tool] = button
            let column = tool.shape == nil ? 0 : 1
            group.attach(button, column: column, row: rows[column])
            rows[column] += 1
        }
        view.packStart(group)
        eraserOptionsButton.accessibleName = tr("Eraser options")
        eraserOptionsButton.tooltip = tr("Eraser options: size, and whether to cut marks or remove them whole")
        eraserOptionsButton.setContent { [weak self] in
            guard let self else { return Box(.vertical, spacing: 0) } // the strip is gone: nothing to show
            eraserOptions.view.showAll()
            return eraserOptions.view
        }
        eraserOptionsButton.isLeftOutOfShowAll = true // shown with the eraser only
        eraserOptionsButton.isVisible = false
        view.packStart(eraserOptionsButton)
        templatesButton.accessibleName = tr("Templates")
        templatesButton.tooltip = tr("Templates: stamp a kept pattern")
        keepButton.accessibleName = tr("Keep as template")
        keepButton.tooltip = tr("Keep the selection as a template (T)")
        keepButton.isSensitive = false
        keepButton.focusOnClick = false
        templatesButton.focusOnClick = false
        keepButton.onClicked { [weak self] _ in self?.onKeep?() }
        let templateRow = Box(.horizontal)
        templateRow.addStyleClass(.linked)
        templateRow.packStart(templatesButton, expand: true)
        templateRow.packStart(keepButton, expand: true)
        view.packStart(templateRow)
        show(.pen)
    }

    /// Shows `tool` as the chosen one (a key picked it, or stamping ended; `nil`: stamping
    /// started) without telling `onToolChosen`, and the options of the tool that has them.
    func show(_ tool: ToolKind?) {
        if let tool { chosenKind = tool }
        isSyncing = true
        defer { isSyncing = false }
        (tool.flatMap { buttons[$0] } ?? noTool).isActive = true
        showOptions(for: tool)
    }

    /// Shows the Eraser options button while `tool` is the eraser, and hides it (closing its
    /// popover) otherwise.
    private func showOptions(for tool: ToolKind?) {
        eraserOptionsButton.isVisible = tool == .eraser
        if tool != .eraser { eraserOptionsButton.isOpen = false }
    }

    private func icon(for tool: ToolKind) -> Widget {
        switch tool {
        case .pen: return Image(iconName: "document-edit-symbolic")
        case .text: return Image(iconName: "insert-text-symbolic")
        case .select: return Image(iconName: "edit-select-all-symbolic")
        case .line, .rectangle, .ellipse, .arrow: return shapeIcon(for: tool)
        case .eraser:
            // The icon theme has no eraser: draw one in the theme's colour, as symbolic icons are.
            eraserIcon.setSizeRequest(width: 16, height: 16)
            eraserIcon.onDraw { [weak self] cr in
                guard let self else { return }
                Self.drawEraser(on: cr, color: self.eraserIcon.foregroundColor)
            }
            return eraserIcon
        case .laser:
            // Nor a laser pointer: a dot in the theme's colour with rays, as the tool's ink glows.
            laserIcon.setSizeRequest(width: 16, height: 16)
            laserIcon.onDraw { [weak self] cr in
                guard let self else { return }
                Self.drawLaser(on: cr, color: self.laserIcon.foregroundColor)
            }
            return laserIcon
        }
    }

    /// A laser's spot, 16 px square: a solid dot, a faint halo and four short rays.
    private static func drawLaser(on cr: CairoContext, color: (red: Double, green: Double, blue: Double, alpha: Double)) {
        cr.setSource(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        cr.arc(centerX: 8, centerY: 8, radius: 3, from: 0, to: 2 * .pi)
        cr.fill()
        cr.setSource(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * 0.35)
        cr.arc(centerX: 8, centerY: 8, radius: 5.5, from: 0, to: 2 * .pi)
        cr.fill()
        cr.setSource(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        cr.setLineWidth(1.5)
        cr.setLineCap(.round)
        for (dx, dy) in [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)] {
            cr.move(toX: 8 + dx * 6.5, y: 8 + dy * 6.5)
            cr.line(toX: 8 + dx * 7.5, y: 8 + dy * 7.5)
        }
        cr.stroke()
    }

    /// A tilted block eraser, 16 px square: an outlined sleeve and a solid rubber tip.
    private static func drawEraser(on cr: CairoContext, color: (red: Double, green: Double, blue: Double, alpha: Double)) {
        cr.setSource(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        cr.save()
        cr.translate(x: 8, y: 8)
        cr.rotate(-.pi / 4)
        cr.setLineWidth(1.5)
        cr.rectangle(x: -2.5, y: -4, width: 9, height: 8) // the sleeve
        cr.stroke()
        cr.rectangle(x: -7.5, y: -4, width: 5, height: 8) // the rubber
        cr.fill()
        cr.restore()
        cr.rectangle(x: 2, y: 14, width: 12, height: 1.5) // the line it leaves clean
        cr.fill()
    }
}
