import CairoKit
import Glibc
import GtkKit
import ScribbleKit

/// The palette's "Canvas" group (book chapter 4, canvas kinds): three radio buttons, `Plain`, `Paper` and
/// `Cloth`, each a small preview of its canvas under a sample stroke above its name, side by
/// side as one linked control that fits the palette's pane. Choosing one tells `onChoose`
/// at once; the coordinator loads the canvas and saves the preference.
///
/// The previews paint the very textures the canvases share; one not made yet is made in the
/// background (the main thread never waits for it), and its preview is drawn when it is ready.
@MainActor
final class CanvasKindChooser {
    /// Size of a preview, in widget pixels.
    static let previewSize = (width: 56, height: 32)

    /// The row of buttons, for the palette to place.
    let view = Box(.horizontal)
    /// Called with the kind the user chose (not when `selected` is set in code).
    var onChoose: ((CanvasKind) -> Void)?
    private var buttons: [(kind: CanvasKind, button: RadioButton, preview: DrawingArea)] = []
    private var isSelecting = false

    /// Makes the buttons, plain chosen.
    init() {
        view.addStyleClass(.linked)
        for kind in CanvasKind.allCases {
            let button = RadioButton(joining: buttons.first?.button)
            let preview = DrawingArea()
            preview.setSizeRequest(width: Self.previewSize.width, height: Self.previewSize.height)
            preview.onDraw { [weak preview] cr in
                guard let preview else { return }
                Self.drawPreview(of: kind, on: cr, in: preview)
            }
            let content = Box(.vertical, spacing: 2)
            content.packStart(preview)
            content.packStart(Label(Self.title(of: kind)))
            button.add(content)
            button.showsIndicator = false // pressed while chosen: no round indicator to make room for
            button.setExpand(horizontal: true, vertical: false)
            button.accessibleName = Self.title(of: kind)
            button.tooltip = tr("%1$s canvas", Self.title(of: kind))
            button.onToggled { [weak self] button in
                guard let self, button.isActive, !self.isSelecting else { return }
                self.onChoose?(kind)
            }
            view.packStart(button, expand: true)
            buttons.append((kind, button, preview))
        }
    }

    /// The kind whose button is on; setting it turns that button on without calling `onChoose`.
    var selected: CanvasKind {
        get { buttons.first { $0.button.isActive }?.kind ?? .plain }
        set {
            isSelecting = true
            defer { isSelecting = false }
            buttons.first { $0.kind == newValue }?.button.isActive = true
        }
    }

    /// The button of `kind`.
    func button(for kind: CanvasKind) -> RadioButton {
        buttons[CanvasKind.allCases.firstIndex(of: kind) ?? 0].button
    }

    /// The button's name, as the user and screen readers know it.
    static func title(of kind: CanvasKind) -> String {
        switch kind {
        case .plain: tr("Plain")
        case .paper: tr("Paper")
        case .cloth: tr("Cloth")
        }
    }

    /// The canvas of `kind` (light grey while its texture is being made), a sample stroke,
    /// and a thin border so white shows against the window.
    private static func drawPreview(of kind: CanvasKind, on cr: CairoContext, in preview: DrawingArea) {
        let (width, height) = preview.allocatedSize
        let scale = preview.scaleFactor
        if kind == .plain {
            kind.paint(on: cr, scale: scale)
        } else if let texture = CanvasTextureCache.shared.readyTexture(for: kind, scale: scale) {
            texture.paint(on: cr)
        } else {
            cr.setSource(red: 0.9, green: 0.9, blue: 0.9)
            cr.paint()
            CanvasTextureCache.shared.prepare(kind, scale: scale) { [weak preview] in
                MainLoop.perform { [preview] in preview?.queueDraw() }
            }
        }
        let sample = Stroke(color: .black, size: 2)
        for step in 0...8 {
            let x = Float(width) * (0.15 + 0.7 * Float(step) / 8)
            sample.append(Point(x: x, y: Float(height) * (0.5 + 0.2 * sinf(Float(step) * 0.8))))
        }
        MarkRenderer(context: cr).render(sample)
        cr.setSource(red: 0, green: 0, blue: 0, alpha: 0.25)
        cr.setLineWidth(1)
        cr.rectangle(x: 0.5, y: 0.5, width: Double(width) - 1, height: Double(height) - 1)
        cr.stroke()
    }
}
