import CGtk
@testable import GtkKit
import Testing

/// ARCHITECTURE.md's ownership recipe: each wrapper owns exactly one reference.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct OwnershipTests {
    init() { GtkTestSupport.initialise() }

    @Test func newWidgetsAreSunkAndHeldOnce() {
        let widgets: [Widget] = [
            Button(label: "OK"), Button(iconName: "edit-undo-symbolic"), DrawingArea(), Box(GTK_ORIENTATION_VERTICAL),
            Scale(minimum: 0, maximum: 255, step: 1), Label("x"), Stack(), HeaderBar(), Frame(), Grid(), Image(iconName: "edit-undo-symbolic"),
        ]
        for widget in widgets {
            #expect(!widget.isFloating, "\(type(of: widget)) still floating")
            #expect(widget.referenceCount == 1, "\(type(of: widget)) has \(widget.referenceCount) references")
        }
    }

    @Test func containerTakesItsOwnReferenceAndGivesItBack() {
        let box = Box(GTK_ORIENTATION_HORIZONTAL)
        let button = Button(label: "child")
        box.add(button)
        #expect(button.referenceCount == 2)
        box.remove(button)
        #expect(button.referenceCount == 1)
    }

    @Test func retainingAddsOneReferenceAndDeinitDropsIt() {
        let owner = Label("owned")
        do {
            let second = Widget(retaining: owner.pointer)
            #expect(second.referenceCount == 2)
        }
        #expect(owner.referenceCount == 1)
    }

    @Test func droppingTheLastWrapperFinalisesTheWidget() {
        var finalised = false
        withUnsafeMutablePointer(to: &finalised) { flag in
            do {
                let label = Label("gone")
                g_object_weak_ref(label.gobject, { data, _ in
                    data?.assumingMemoryBound(to: Bool.self).pointee = true
                }, flag)
            }
        }
        #expect(finalised)
    }
}
