import Foundation
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
                g_object_weak_ref(
                    label.gobject,
                    { data, _ in
                        data?.assumingMemoryBound(to: Bool.self).pointee = true
                    }, flag)
            }
        }
        #expect(finalised)
    }
}

/// The last reference to a wrapper may drop on another thread; GTK still finalises the
/// widget on the main thread, when the main loop runs next.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct OffMainThreadReleaseTests {
    init() { GtkTestSupport.initialise() }

    /// Whether the finalisation ran where main-actor code runs; written by GObject's
    /// weak-reference callback.
    final class Finalisation: @unchecked Sendable { // written once, read after, on the main actor
        var onMainActor: Bool?
    }

    /// Marks the main dispatch queue, where this test runner runs main-actor code.
    static let mainQueue = DispatchSpecificKey<Bool>()

    @Test func releasingAWrapperOffTheMainThreadFinalisesOnTheMainThread() async {
        DispatchQueue.main.setSpecific(key: Self.mainQueue, value: true)
        let finalisation = Finalisation()
        nonisolated(unsafe) var holder: Label? = Label("released elsewhere")
        g_object_weak_ref(
            holder?.gobject,
            { data, _ in
                Unmanaged<Finalisation>.fromOpaque(data!).takeUnretainedValue().onMainActor =
                    Thread.isMainThread || DispatchQueue.getSpecific(key: OffMainThreadReleaseTests.mainQueue) != nil
            }, Unmanaged.passUnretained(finalisation).toOpaque())
        await Task.detached { holder = nil }.value // the last Swift reference goes away off the main thread
        #expect(finalisation.onMainActor != false) // not finalised on the detached thread
        let deadline = ContinuousClock.now + .seconds(20) // generous: other tests share the threads
        while finalisation.onMainActor == nil, ContinuousClock.now < deadline {
            MainLoop.iterate()
            usleep(1000)
        }
        #expect(finalisation.onMainActor == true)
    }
}
