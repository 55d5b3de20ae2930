import CGtk
@testable import GtkKit
import Testing

/// Handlers are boxed closures that GLib owns and releases; they capture weakly.
@MainActor
@Suite(.serialized)
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

    @Test func disconnectingFreesTheHandlerBox() {
        let button = Button(label: "go")
        let before = SignalHandlerCount.live
        var calls = 0
        let connection = button.connect("clicked") { calls += 1 }
        #expect(SignalHandlerCount.live == before + 1)
        connection.disconnect()
        #expect(SignalHandlerCount.live == before)
        gtk_button_clicked(cast(button.pointer))
        #expect(calls == 0)
    }

    @Test func destroyingTheWidgetFreesItsHandlerBoxes() {
        let before = SignalHandlerCount.live
        do {
            let area = DrawingArea()
            area.onDraw { _ in }
            area.onResize { _, _ in }
            area.onPointer { _ in }
            #expect(SignalHandlerCount.live == before + 5)
        }
        #expect(SignalHandlerCount.live == before)
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
