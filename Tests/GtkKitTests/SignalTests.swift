import CGtk
@testable import GtkKit
import Testing

/// Handlers are boxed closures that GLib owns and releases; they capture weakly.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SignalTests {
    init() { GtkTestSupport.initialise() }

    @Test func handlerRunsWhenTheSignalIsEmitted() {
        let button = Button(label: "go")
        var clicks = 0
        button.onClicked { _ in clicks += 1 }
        gtk_button_clicked(cast(button.pointer))
        gtk_button_clicked(cast(button.pointer))
        #expect(clicks == 2)
    }

    /// Something a handler captures: once nothing holds it, every box that captured it is
    /// gone. Each test watches only its own tokens, so handlers that other tests create and
    /// free at the same time cannot change the result.
    private final class Token {}

    @Test func disconnectingFreesTheHandlerBox() {
        let button = Button(label: "go")
        var calls = 0
        weak var weakToken: Token?
        let connection: SignalConnection
        do {
            let token = Token()
            weakToken = token
            connection = button.connect("clicked") {
                _ = token; calls += 1
            }
        }
        #expect(weakToken != nil) // GLib holds the box, the box holds the token
        connection.disconnect()
        #expect(weakToken == nil) // disconnecting released the box
        gtk_button_clicked(cast(button.pointer))
        #expect(calls == 0)
    }

    @Test func destroyingTheWidgetFreesItsHandlerBoxes() {
        weak var weakToken: Token?
        weak var weakArea: DrawingArea?
        do {
            let token = Token()
            weakToken = token
            let area = DrawingArea()
            weakArea = area
            // Five boxes: draw, size-allocate, and three pointer signals.
            area.onDraw { _ in _ = token }
            area.onResize { _, _ in _ = token }
            area.onPointer { _ in _ = token }
            #expect(weakToken != nil)
        }
        #expect(weakArea == nil)
        #expect(weakToken == nil) // every box that captured it was released with the widget
    }

    @Test func handlersDoNotKeepTheirWrapperAlive() {
        weak var weakButton: Button?
        do {
            let button = Button(label: "weak")
            button.onClicked { _ in }
            weakButton = button
        }
        #expect(weakButton == nil)
    }

    @Test func idleWorkRunsOnceAndIsReleased() {
        final class Token { var runs = 0 }
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            MainLoop.perform { token.runs += 1 }
        }
        #expect(weakToken != nil) // the pending source holds it
        MainLoop.iterate()
        #expect(weakToken == nil) // ran, then GLib's destroy notify released it
    }

    @Test func accessibleNameAndTooltipRoundTrip() {
        let button = Button(iconName: "edit-undo-symbolic")
        button.accessibleName = "Undo"
        button.tooltip = "Undo (Ctrl+Z)"
        #expect(button.accessibleName == "Undo")
        #expect(button.tooltip == "Undo (Ctrl+Z)")
    }
}
