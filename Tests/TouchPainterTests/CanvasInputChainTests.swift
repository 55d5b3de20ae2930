@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The canvas' input chain (book chapter 17) on a real canvas controller: events pass
/// along the links in order, each takes the event or passes it on, and a link added to the
/// chain gets its turn before the ones after it.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct CanvasInputChainTests {
    let fixture = CoordinatorFixture()
    var canvas: CanvasViewController { fixture.coordinator.canvasViewController }
    var scribble: Scribble { fixture.coordinator.document.scribble }

    /// A link that counts what reaches it and takes it when `takes` says so.
    final class CountingHandler: InputChainLink {
        var seen: [PointerEvent.Kind] = []
        var takes = true
        func handle(_ input: InputChainEvent) -> Bool {
            seen.append(input.pointer.kind)
            return takes
        }
    }

    private func drag(button: UInt32 = 1, from x0: Double, to x1: Double) {
        let held: PointerButtons = button == 2 ? .middle : []
        func event(_ kind: PointerEvent.Kind, _ x: Double) -> PointerEvent {
            PointerEvent(
                kind: kind, x: x, y: 40, button: kind == .motion ? 0 : button, pressure: nil, isPrimaryDown: kind == .motion && button == 1,
                isDoubleClick: false, modifiers: [], time: 0, source: .mouse, touchSequence: nil, heldButtons: held)
        }
        canvas.handle(event(.press, x0))
        for step in 1...4 { canvas.handle(event(.motion, x0 + (x1 - x0) * Double(step) / 4)) }
        canvas.handle(event(.release, x1))
    }

    @Test func theLinksArePalmRejectionNavigationTheOpeningGateAndTheToolsInThatOrder() {
        let links = canvas.inputChain.handlers
        #expect(links.count == 4)
        #expect(links.first is PalmRejectionHandler)
        #expect(links.dropFirst().first === canvas.navigation)
        #expect(links.dropFirst(2).first === canvas.inputChain.openingGate)
        #expect(links.last === canvas.engine)
    }

    @Test func aLinkAheadOfTheToolsTakesTheEventsItHandles() {
        let link = CountingHandler()
        canvas.inputChain.handlers.insert(link, at: canvas.inputChain.handlers.count - 1)
        drag(from: 10, to: 200)
        #expect(link.seen == [.press, .motion, .motion, .motion, .motion, .release])
        #expect(scribble.isEmpty) // the tools never saw the drag
        link.takes = false
        drag(from: 10, to: 200)
        #expect(scribble.marks.count == 1) // passed on, the pen drew it
    }

    @Test func whileTheDrawingIsNotAllOnScreenTheGateStopsWhatTheToolsWouldTake() {
        canvas.awaitsWholeDrawing = true
        drag(from: 10, to: 200)
        #expect(scribble.isEmpty)
        drag(button: 2, from: 100, to: 160) // the camera still moves: navigation is ahead of the gate
        canvas.awaitsWholeDrawing = false
        drag(from: 10, to: 200)
        #expect(scribble.marks.count == 1)
    }

    @Test func whatNavigationTakesNeverReachesTheLinksAfterIt() {
        let link = CountingHandler()
        link.takes = false
        canvas.inputChain.handlers.append(link)
        drag(button: 2, from: 100, to: 160) // a middle drag pans
        #expect(link.seen.isEmpty)
        #expect(scribble.isEmpty)
        drag(from: 10, to: 200) // the tools take this one, so it does not go past them either
        #expect(link.seen.isEmpty)
        #expect(scribble.marks.count == 1)
    }
}
