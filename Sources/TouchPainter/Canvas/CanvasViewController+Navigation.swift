import GtkKit
import ScribbleKit

/// The camera over the canvas: the zoom commands, and the pointer, wheel, key and
/// finger input that moves it (`CanvasNavigation`). Every move goes through `changeView`, and
/// what the engine returns keeps the zoom button's label current (`applyToWindow`).
extension CanvasViewController {
    /// Zoom In, Zoom Out (√2 steps about the view's centre), 100 % (about the centre), Fit
    /// Drawing (the whole drawing, or for an empty one 100 % at the origin), and Fit Page and
    /// Fit Width (the page the view is on, in a drawing with pages).
    func perform(_ action: ZoomAction) {
        if action == .fitPage || action == .fitWidth { return fitPage(width: action == .fitWidth) }
        let view = canvasView.viewport
        let (x, y) = (Double(view.width) / 2, Double(view.height) / 2)
        changeView { viewport in
            switch action {
            case .zoomIn: viewport.zoom(steps: 1, aboutViewX: x, y: y)
            case .zoomOut: viewport.zoom(steps: -1, aboutViewX: x, y: y)
            case .actualSize: viewport.zoom(to: 1, aboutViewX: x, y: y)
            case .fitDrawing: viewport.fit(drawingBounds)
            case .fitPage, .fitWidth: break
            }
        }
    }

    /// Where the drawing's marks lie, canvas pixels (null when there are none).
    var drawingBounds: Rect {
        let scribble = document.scribble
        return scribble.isEmpty ? .null : scribble.root.bounds.outset(by: Stroke.smoothingReach)
    }

    /// Moves the camera as navigation asks.
    func apply(_ move: CameraMove) {
        changeView { viewport in
            switch move {
            case .pan(let dx, let dy): viewport.pan(byViewX: dx, y: dy)
            case .zoomSteps(let steps, let x, let y): viewport.zoom(steps: steps, aboutViewX: x, y: y)
            case .zoomBy(let factor, let x, let y): viewport.zoom(to: viewport.zoom * factor, aboutViewX: x, y: y)
            case .zoomTo(let zoom, let x, let y): viewport.zoom(to: zoom, aboutViewX: x, y: y)
            }
        }
    }

    /// Moves the camera with `body`; the scribble keeps the view for its next save.
    func changeView(_ body: (inout Viewport) -> Void) {
        canvasView.apply(engine.changeView(body))
    }

    /// What an update changes beside the canvas: the zoom button shows the camera's zoom, the
    /// page button its page, and the Keep button is there for a selection.
    func applyToWindow(_ update: CanvasUpdate) {
        if let viewport = update.view {
            toolbar.showZoom(of: viewport)
            showCurrentPage()
        }
        if let isEmpty = update.selectionIsEmpty { toolStrip.keepButton.isSensitive = !isEmpty }
    }

    /// Connects the wheel, the pinch and Space's release on the canvas view's widget.
    func installNavigation(on area: DrawingArea) {
        area.onScroll { [weak self] scroll in
            guard let self else { return }
            self.navigation.handle(scroll, viewHeight: self.canvasView.viewport.height) { self.apply($0) }
        }
        area.onPinch { [weak self] pinch in
            guard let self else { return }
            if pinch.phase == .begin { self.endGesture() } // two fingers navigate: the strokes they began end
            self.navigation.handle(pinch, zoom: self.canvasView.viewport.zoom) { self.apply($0) }
        }
        area.onKeyRelease { [weak self] key in
            guard let self, key.key == .space else { return false }
            self.holdSpace(false)
            return true
        }
    }

    /// Space held over the canvas: a primary drag pans, and the pointer says so.
    func holdSpace(_ held: Bool) {
        guard held != navigation.isSpaceHeld else { return }
        navigation.spaceChanged(held: held)
        canvasView.drawingArea.setCursor(named: held ? "grab" : tool.cursorName)
    }
}
