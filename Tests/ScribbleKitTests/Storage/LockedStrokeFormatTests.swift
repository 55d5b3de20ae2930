import Testing
@testable import ScribbleKit

/// Locked strokes (an imported notebook's pages) keep their lock in the file: version 3's
/// stroke flag 4. A drawing with none stays the version-2 file it was; a version-2 file with
/// the flag, or a version-3 file that uses nothing of version 3, is refused.
@Suite(.timeLimit(.minutes(1)))
struct LockedStrokeFormatTests {
    private func drawing(locked: Bool, nested: Bool = false) -> Scribble {
        let scribble = Scribble()
        let line = Stroke(color: .black, size: 2)
        line.append(contentsOf: [Point(x: 0, y: 0), Point(x: 100, y: 0)])
        line.isSealed = true
        let group = Stroke()
        group.add(line)
        group.isSealed = true
        (nested ? line : group).isLocked = locked
        scribble.add(group)
        return scribble
    }

    @Test(arguments: [false, true])
    func theLockSurvivesTheFileAndTheJournal(nested: Bool) throws {
        for complete in [true, false] {
            let bytes = drawing(locked: true, nested: nested).makeMemento(complete: complete).data
            #expect(bytes[8] == 3)
            let memento = try ScribbleMemento(data: bytes)
            let group = try #require(Scribble.drawing(of: memento).child(at: 0) as? Stroke)
            let line = try #require(group.child(at: 0) as? Stroke)
            #expect((nested ? line : group).isLocked && !(nested ? group : line).isLocked)
            #expect(memento.data == bytes) // one spelling
        }
    }

    @Test func aDrawingWithNoLockIsVersion2AndAFlagThereIsRefused() throws {
        let bytes = drawing(locked: false).makeMemento().data
        #expect(bytes[8] == 2)
        let locked = drawing(locked: true).makeMemento().data
        // The same bytes labelled version 2: the flag is unknown there.
        let payloadStart = 16 + 8
        let relabelled = CraftedFile.make(version: 2, flags: 1, title: [], payload: Array(locked[payloadStart..<(locked.count - 4)]))
        #expect { try ScribbleMemento(data: relabelled) } throws: { "\($0)".contains("unknown flags") }
        // And a version-3 file with neither a lock nor a view is version 2 spelled otherwise.
        let unlocked = CraftedFile.make(version: 3, flags: 1, title: [], payload: Array(bytes[payloadStart..<(bytes.count - 4)]))
        #expect { try ScribbleMemento(data: unlocked) } throws: { "\($0)".contains("view is missing") }
    }
}
