import Testing
@testable import ScribbleKit

/// The scribble's notifications: what observers hear, and which area each change dirtied.
@Suite(.timeLimit(.minutes(1))) struct ScribbleTests {
    let red = Color(red: 255, green: 0, blue: 0)

    @Test func newObserverIsToldTheCurrentState() throws {
        let scribble = Scribble()
        let dot = Dot(location: Point(x: 10, y: 10), color: red, size: 4)
        scribble.add(dot)
        let recorder = ChangeRecorder()

        scribble.addObserver(recorder)

        #expect(recorder.kinds == ["reset"])
        let change = try #require(recorder.changes.first)
        #expect(change.dirty == Rect(minX: 8, minY: 8, maxX: 12, maxY: 12))
    }

    @Test func addingTheSameObserverTwiceNotifiesItOnce() {
        let scribble = Scribble()
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        scribble.addObserver(recorder)
        recorder.changes.removeAll()

        scribble.add(Dot(location: .zero, color: red, size: 2))

        #expect(recorder.kinds == ["added"])
    }

    @Test func addedAndRemovedCarryTheMarkAndItsBounds() throws {
        let scribble = Scribble()
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        let stroke = Stroke(color: red, size: 6)
        stroke.append(Point(x: 10, y: 20))
        stroke.append(Point(x: 40, y: 25))

        scribble.add(stroke)
        scribble.remove(stroke)

        #expect(recorder.kinds == ["reset", "added", "removed"])
        let expected = Rect(minX: 7, minY: 17, maxX: 43, maxY: 28)
        let added = recorder.changes[1]
        guard case .added(let addedMark) = added.kind else { Issue.record("not added"); return }
        #expect(addedMark === stroke)
        #expect(added.dirty == expected)
        let removed = recorder.changes[2]
        guard case .removed(let removedMark) = removed.kind else { Issue.record("not removed"); return }
        #expect(removedMark === stroke)
        #expect(removed.dirty == expected)
    }

    @Test func insertPutsAMarkBackInPlace() {
        let scribble = Scribble()
        let a = Dot(location: Point(x: 1, y: 1), color: red, size: 2)
        let b = Dot(location: Point(x: 2, y: 2), color: red, size: 2)
        let c = Dot(location: Point(x: 3, y: 3), color: red, size: 2)
        scribble.add(a)
        scribble.add(c)
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)

        scribble.insert(b, at: 1)

        #expect(scribble.marks.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(recorder.kinds == ["reset", "added"])
        #expect(recorder.changes.last?.dirty == b.bounds)
    }

    @Test func extendedCoversOnlyTheNewSegment() throws {
        let scribble = Scribble()
        let stroke = Stroke(color: red, size: 6)
        scribble.add(stroke)
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        recorder.changes.removeAll()

        scribble.append(Point(x: 0, y: 0), to: stroke)
        scribble.append(Point(x: 100, y: 100), to: stroke)
        scribble.append(Point(x: 110, y: 104), to: stroke)

        #expect(recorder.kinds == ["extended", "extended", "extended"])
        for change in recorder.changes {
            guard case .extended(let extended) = change.kind else { continue }
            #expect(extended === stroke)
        }
        #expect(recorder.changes[0].dirty == Rect(minX: -3, minY: -3, maxX: 3, maxY: 3))
        #expect(recorder.changes[1].dirty == Rect(minX: -3, minY: -3, maxX: 103, maxY: 103))
        #expect(recorder.changes[2].dirty == Rect(minX: 97, minY: 97, maxX: 113, maxY: 107))
        #expect(stroke.count == 3)
    }

    @Test func appendingToARemovedStrokeAppendsSilently() {
        let scribble = Scribble()
        let stroke = Stroke(color: red, size: 4)
        stroke.append(Point(x: 1, y: 1))
        scribble.add(stroke)
        scribble.add(Dot(location: Point(x: 50, y: 50), color: red, size: 4)) // the stroke is no longer the top mark
        scribble.remove(stroke)
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)

        scribble.append(Point(x: 5, y: 5), to: stroke)
        scribble.append(Point(x: 9, y: 9), to: stroke)

        #expect(stroke.count == 3)
        #expect(stroke.lastChild?.location == Point(x: 9, y: 9))
        #expect(recorder.kinds == ["reset"])
        #expect(!scribble.isOnCanvas(stroke))
    }

    @Test func appendingToAStrokeBelowTheTopStillNotifies() {
        let scribble = Scribble()
        let stroke = Stroke(color: red, size: 4)
        scribble.add(stroke)
        scribble.add(Dot(location: Point(x: 50, y: 50), color: red, size: 4))
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)

        scribble.append(Point(x: 5, y: 5), to: stroke)

        #expect(recorder.kinds == ["reset", "extended"])
    }

    @Test func removeAllAndReplaceAllResetWithTheTouchedArea() {
        let scribble = Scribble()
        let a = Dot(location: Point(x: 10, y: 10), color: red, size: 4)
        let b = Dot(location: Point(x: 30, y: 30), color: red, size: 4)
        scribble.add(a)
        scribble.add(b)
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)

        let removed = scribble.removeAll()
        #expect(removed.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        #expect(scribble.isEmpty)
        #expect(scribble.removeAll().isEmpty)

        scribble.replaceAll(with: [b, a])
        #expect(scribble.marks.map(ObjectIdentifier.init) == [b, a].map(ObjectIdentifier.init))

        #expect(recorder.kinds == ["reset", "reset", "reset"])
        let bothBounds = Rect(minX: 8, minY: 8, maxX: 32, maxY: 32)
        #expect(recorder.changes[1].dirty == bothBounds)
        #expect(recorder.changes[2].dirty == bothBounds)
    }

    @Test func removedObserverIsNotCalled() {
        let scribble = Scribble()
        let recorder = ChangeRecorder()
        scribble.addObserver(recorder)
        scribble.removeObserver(recorder)

        scribble.add(Dot(location: .zero, color: red, size: 2))

        #expect(recorder.kinds == ["reset"])
    }

    @Test func observersAreHeldWeakly() {
        let scribble = Scribble()
        let calls = CallCounter()
        weak var released: CountingObserver?
        do {
            let observer = CountingObserver(counter: calls)
            released = observer
            scribble.addObserver(observer)
        }
        #expect(released == nil)
        #expect(calls.count == 1) // the registration's .reset

        scribble.add(Dot(location: .zero, color: red, size: 2))
        scribble.removeAll()

        #expect(calls.count == 1)
        let survivor = ChangeRecorder()
        scribble.addObserver(survivor)
        scribble.add(Dot(location: .zero, color: red, size: 2))
        #expect(survivor.kinds == ["reset", "added"])
        #expect(scribble.observers.count == 1)
    }
}

/// A count that outlives the observer that bumps it.
private final class CallCounter {
    var count = 0
}

/// An observer that only counts its calls.
private final class CountingObserver: ScribbleObserver {
    let counter: CallCounter
    init(counter: CallCounter) { self.counter = counter }
    func scribble(_ scribble: Scribble, didChange change: ScribbleChange) { counter.count += 1 }
}
