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
            Button(label: "OK"), Button(iconName: "edit-undo-symbolic"), DrawingArea(), Box(.vertical),
            Scale(minimum: 0, maximum: 255, step: 1), Label("x"), Stack(), HeaderBar(), Frame(), Grid(), Image(iconName: "edit-undo-symbolic"),
        ]
        for widget in widgets {
            #expect(!widget.isFloating, "\(type(of: widget)) still floating")
            #expect(widget.referenceCount == 1, "\(type(of: widget)) has \(widget.referenceCount) references")
        }
    }

    @Test func containerTakesItsOwnReferenceAndGivesItBack() {
        let box = Box(.horizontal)
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

/// The last reference to a wrapper may drop on another thread; GTK still sees its unref on
/// the main thread, when the main loop runs next.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct OffMainThreadReleaseTests {
    init() { GtkTestSupport.initialise() }

    @Test func releasingAWrapperOffTheMainThreadUnrefsOnTheMainLoop() async {
        let label = Label("released elsewhere")
        let object = label.pointer
        g_object_ref(object) // the test's own reference, to watch the count
        defer { g_object_unref(object) }
        nonisolated(unsafe) var holder: Label? = label
        _ = consume label
        await Task.detached { holder = nil }.value
        #expect(holder == nil)
        #expect(UnsafeMutablePointer<GObject>(OpaquePointer(object)).pointee.ref_count == 2) // not yet
        MainLoop.iterate()
        #expect(UnsafeMutablePointer<GObject>(OpaquePointer(object)).pointee.ref_count == 1) // dropped on the main loop
    }
}
