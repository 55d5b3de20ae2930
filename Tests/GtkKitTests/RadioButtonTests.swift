import CGtk
@testable import GtkKit
import Testing

/// Radio buttons: owned once like every wrapper, exactly one of a group active, and
/// `onToggled` told of changes made by code and by activation alike.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct RadioButtonTests {
    init() { GtkTestSupport.initialise() }

    @Test func aNewRadioButtonIsSunkAndHeldOnce() {
        let first = RadioButton()
        let second = RadioButton(joining: first)
        for button in [first, second] {
            #expect(!button.isFloating)
            #expect(button.referenceCount == 1)
        }
    }

    @Test func exactlyOneButtonOfAGroupIsActive() {
        let first = RadioButton()
        let second = RadioButton(joining: first)
        let third = RadioButton(joining: first)
        #expect([first, second, third].map(\.isActive) == [true, false, false])
        third.isActive = true
        #expect([first, second, third].map(\.isActive) == [false, false, true])
        let other = RadioButton() // a group of its own
        #expect(other.isActive && third.isActive)
    }

    @Test func toggledHearsCodeAndActivation() {
        let first = RadioButton()
        let second = RadioButton(joining: first)
        var heard: [(String, Bool)] = []
        first.onToggled { heard.append(("first", $0.isActive)) }
        second.onToggled { heard.append(("second", $0.isActive)) }
        second.isActive = true
        #expect(heard.map(\.0) == ["first", "second"] && heard.map(\.1) == [false, true])
        heard = []
        // As a click or an accessibility action does.
        gtk_button_clicked(UnsafeMutableRawPointer(first.widget).assumingMemoryBound(to: GtkButton.self))
        #expect(first.isActive)
        #expect(heard.contains { $0 == ("first", true) })
    }
}
